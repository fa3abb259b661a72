"""The game page on a GBACW map (Cedar Mountain), in headless Chromium: every hex with its
ground, counters turned to their facing with their formation, the key, a leader's radius shown
when the pointer rests on him. The server, browser and helpers are those of test_browser."""

from .test_browser import api, browser, open_page, server, shot, wait_page_seq  # noqa: F401


def test_the_gbacw_map_draws_facing_formation_ground_and_radii(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "cedar-mountain", "seed": 1, "union": "me", "confederate": "me",
                                           "options": {"union_setup": "printed"}})
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.gbacw")
    wait_page_seq(page, 0)
    assert page.locator("svg.hex-map polygon.hex").count() == 40 * 34
    assert page.locator("svg.hex-map .layer-ground polygon.elevation").count() == 40 * 34
    assert page.locator("svg.hex-map line.gbacw-crest").count() > 100
    counter = page.locator("svg.hex-map .counter[data-unit='us-5ct']")
    assert counter.get_attribute("data-hex") == "2008"                             # the calibrated set-up
    assert "line" in counter.get_attribute("class")
    assert counter.locator("g.facing").get_attribute("transform") == "rotate(180)"     # west: printed south
    assert counter.locator("text.factors").text_content() == "5-4"
    assert "crests" in page.locator("#legend-body").text_content()
    page.locator("svg.hex-map .counter[data-unit='crawford']").hover(force=True)
    page.wait_for_selector("svg.hex-map .layer-radius polygon.radius-hex")
    assert page.locator("svg.hex-map .layer-radius polygon.radius-hex").count() == 37       # radius 3
    assert not page.errors, page.errors


def test_the_confederate_turn_is_listed_and_drawn_for_the_union_player(server, browser):  # noqa: F811
    """Issue 27, point 2: the bot's Game-Turn 1 (the Confederates enter and march) appears under
    "Since your last decision" with arrows on the map, and again after a reload."""
    g = api(server, "POST", "/api/games", {"game": "cedar-mountain", "seed": 2, "union": "me",
                                           "confederate": "bot:heuristic", "options": {"union_setup": "printed"}})
    page = open_page(browser, server + g["links"]["union"])
    for attempt in range(2):
        page.wait_for_selector("#follow-list li", timeout=60000)
        assert "Confederate" in page.locator("#follow-title").inner_text()
        assert page.locator("#follow-list li.move").count() >= 1
        assert page.locator("svg.hex-map .layer-overlay polyline.step-arrow").count() >= 1
        if attempt == 0:
            page.reload()
    # point 5: the Command Phase ends with E, as every phase of the other games
    assert "Command Phase" in page.locator("#status").inner_text()
    assert page.locator("button.kind-end_command").get_attribute("data-key") == "E"
    page.keyboard.press("e")
    page.wait_for_function("() => !document.querySelector('#status').innerText.includes('Command Phase')")
    assert not page.errors, page.errors


def wait_until_keys_are_taken(page):
    """Until the page takes a key again: the live view can show the new action count before the
    answer to the page's own request lands, and a key pressed while that request is out is
    ignored (its buttons are disabled); under load that gap was long enough to lose the key."""
    page.wait_for_selector("button.default:not([disabled])")


def test_the_set_up_by_hand_names_the_unit_and_takes_history_on_enter(server, browser):  # noqa: F811
    """Issue 27, point 3: the status names the unit being placed; Enter takes its historical hex,
    facing and formation; E places the rest as history has them."""
    g = api(server, "POST", "/api/games", {"game": "cedar-mountain", "seed": 1, "union": "me", "confederate": "me",
                                           "options": {"union_setup": "choose"}})
    page = open_page(browser, server + g["links"]["both"])
    wait_page_seq(page, 0)
    assert "5th Connecticut" in page.locator("#status").inner_text()
    for seq in (1, 2, 3):
        wait_until_keys_are_taken(page)
        page.keyboard.press("Enter")
        wait_page_seq(page, seq)
    assert page.locator("svg.hex-map .counter[data-unit='us-5ct']").get_attribute("data-hex") == "2008"
    assert "10th Maine" in page.locator("#status").inner_text()
    wait_until_keys_are_taken(page)
    page.keyboard.press("e")
    wait_page_seq(page, 4)
    assert "Movement" in page.locator("#status").inner_text()
    assert not page.errors, page.errors


def _box(locator):
    b = locator.bounding_box()
    return b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_counters_read_at_the_default_zoom_and_leaders_hide_no_unit(server, browser):  # noqa: F811
    """Issue 27, point 4: at the default zoom a regiment's strength-morale and name are drawn at
    least 11 and 8 pixels high in white on a strong side colour; the formation tag sits beside
    the type symbol, not over the strength; a leader's disc stands beside the pile, over no
    regiment's name or strength."""
    g = api(server, "POST", "/api/games", {"game": "cedar-mountain", "seed": 1, "union": "me", "confederate": "me",
                                           "options": {"union_setup": "printed"}})
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.gbacw")
    wait_page_seq(page, 0)
    counter = page.locator("svg.hex-map .counter[data-unit='us-5ct']")
    assert counter.locator("text.factors").bounding_box()["height"] >= 11
    assert counter.locator("text.designation").bounding_box()["height"] >= 8
    fill = counter.locator("rect.body").evaluate("e => getComputedStyle(e).fill")
    r, g_, b = (int(x) for x in fill[fill.index("(") + 1:-1].split(",")[:3])
    assert max(r, g_, b) - min(r, g_, b) > 80 and b > r           # a strong Union blue, not a pale one
    cavalry = page.locator("svg.hex-map .counter.mounted").first
    assert not _overlap(_box(cavalry.locator("rect.march-band")), _box(cavalry.locator("text.factors")))
    for hex_id in ("2008", "0805", "2509", "2408", "2507"):   # Crawford and Williams, Gordon, Geary, Augur, Banks with regiments
        stack = page.locator(f"svg.hex-map .hex-stack[data-hex='{hex_id}']")
        texts = [_box(t) for t in stack.locator(".counter:not(.leader) text.designation, .counter:not(.leader) text.factors").all()]
        leaders = stack.locator(".counter.leader circle.body").all()
        assert leaders and texts
        for disc in leaders:
            assert not any(_overlap(_box(disc), t) for t in texts)
    page.screenshot(path=shot("cedar-mountain-counters.png"))
    assert not page.errors, page.errors


def test_on_a_phone_the_decision_is_a_bottom_sheet_over_the_map_without_key_hints(server, browser):  # noqa: F811
    """Issue 27, point 14: at 390x844 with a touch screen the decision's buttons stand over the
    map, both on the first screen; no hint mentions keys or Shift+click."""
    g = api(server, "POST", "/api/games", {"game": "cedar-mountain", "seed": 1, "union": "me", "confederate": "me",
                                           "options": {"union_setup": "printed"}})
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server + g["links"]["both"])
    page.wait_for_selector("#actions button.action")
    first = page.locator("#actions button.action").first.bounding_box()
    assert first["y"] + first["height"] <= 844                      # on the first screen
    map_box = page.locator("#map-scroll").bounding_box()
    assert map_box["y"] < first["y"] < map_box["y"] + map_box["height"]      # over the map
    assert page.evaluate("window.scrollY") == 0
    assert "Movement" in page.locator("#sheet-phase").inner_text()
    visible = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((e) => e.offsetParent !== null
        && e.children.length === 0 && /Shift\\+click|⏎|1-9/.test(e.textContent)).map((e) => e.textContent)""")
    assert visible == []
    page.locator("#actions-head").click()
    assert "folded" in page.locator("#actions-panel").get_attribute("class")
    page.screenshot(path=shot("cedar-mountain-phone.png"))
    assert not page.errors, page.errors
    context.close()
