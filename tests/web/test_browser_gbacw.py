"""The game page on a GBACW map (Cedar Mountain), in headless Chromium: every hex with its
ground, counters turned to their facing with their formation, the key, a leader's radius shown
when the pointer rests on him. The server, browser and helpers are those of test_browser."""

from .test_browser import api, browser, open_page, server, wait_page_seq  # noqa: F401


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
    assert counter.get_attribute("data-hex") == "2110"
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


def test_the_set_up_by_hand_names_the_unit_and_takes_history_on_enter(server, browser):  # noqa: F811
    """Issue 27, point 3: the status names the unit being placed; Enter takes its historical hex,
    facing and formation; E places the rest as history has them."""
    g = api(server, "POST", "/api/games", {"game": "cedar-mountain", "seed": 1, "union": "me", "confederate": "me",
                                           "options": {"union_setup": "choose"}})
    page = open_page(browser, server + g["links"]["both"])
    wait_page_seq(page, 0)
    assert "5th Connecticut" in page.locator("#status").inner_text()
    for seq in (1, 2, 3):
        page.keyboard.press("Enter")
        wait_page_seq(page, seq)
    assert page.locator("svg.hex-map .counter[data-unit='us-5ct']").get_attribute("data-hex") == "2110"
    assert "10th Maine" in page.locator("#status").inner_text()
    page.keyboard.press("e")
    wait_page_seq(page, 4)
    assert "Movement" in page.locator("#status").inner_text()
    assert not page.errors, page.errors
