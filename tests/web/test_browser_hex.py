"""The game page on a hex map (Champion Hill), driven in headless Chromium: hexes drawn with their
numbers, counters with their factors, a unit moved by clicking it and then hexes, and its
position changed on the server. The server, browser and helpers are those of test_browser."""

import re

from .test_browser import (ARTIFACTS, api, browser, open_page, server, shot, view_of, wait_page_seq,  # noqa: F401
                           wait_view)


def test_hex_map_draws_and_a_unit_moves_by_clicking(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "champion-hill", "seed": 1, "union": "me", "confederate": "me"})
    gid, token = g["id"], g["tokens"]["both"]
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    wait_page_seq(page, 0)

    # Every hex is drawn with its printed number; the victory hexes are starred.
    assert page.locator("svg.hex-map polygon.hex").count() == 19 * 24
    numbers = page.locator("svg.hex-map text.hex-number").all_text_contents()
    assert len(numbers) == 19 * 24 and "1309" in numbers and "0124" in numbers
    assert page.locator("svg.hex-map .victory-star").count() == 10
    assert "woods" in page.locator("#legend-body").text_content()      # in the closed "Map key"

    # McGinnis' brigade (8-6) stands in 1404 with a battery (3-4-6): two counters and a count of 2.
    counter = page.locator("svg.hex-map .counter[data-unit='us-12-1']")
    assert counter.get_attribute("data-hex") == "1404"
    assert counter.locator("text.factors").text_content() == "8-6"
    assert page.locator("svg.hex-map .counter[data-unit='us-12-a1mo'] text.factors").text_content() == "3-4-6"
    assert page.locator("svg.hex-map .hex-stack[data-hex='1404'] .stack-count text").text_content() == "2"
    counter.hover()
    tip = page.locator("#tooltip")
    assert tip.is_visible() and "Hex 1404" in tip.inner_text() and "McGinnis" in tip.inner_text()

    # Forty choices read as a handful: "end the Movement Phase" first, then a group per unit.
    first = page.locator("#actions button.action").first
    assert "end" in first.get_attribute("class") and "end the Movement Phase" in first.inner_text()
    assert page.locator("#actions details.unit-group").count() >= 10
    page.locator("#actions details.unit-group").first.click()
    page.locator(".actions-panel").screenshot(path=shot("champion-hill-actions-grouped.png"))

    # Reinforcements due now are brought on by clicking their entry hex, marked on the map.
    assert page.locator("svg.hex-map .zone-highlight.enter[data-hex='1911']").count() == 1

    # A click on the stack offers its units' moves; choosing McGinnis' normal move picks him:
    # nothing is sent yet, the hexes he can reach are marked.
    counter.click()
    page.locator("#chooser button", has_text=re.compile(r"^move 1st Brigade, 12th Division \(McGinnis\)$")).click()
    page.wait_for_function("() => window.cwbattles.picked?.unit === 'us-12-1' && window.cwbattles.picked.options")
    page.wait_for_selector("svg.hex-map .zone-highlight.reach")
    assert view_of(server, gid, token)["seq"] == 0 and "McGinnis" in page.locator("#status").inner_text()

    # One step with Shift: he starts his move, enters the next hex and goes on moving (6 MP, 1 spent).
    page.locator("svg.hex-map .zone-tag[data-hex='1403']").click(modifiers=["Shift"])
    v = wait_view(server, gid, token, lambda w: w["seq"] == 2)
    assert v["moving"] == "us-12-1"
    assert next(u for u in v["position"]["units"] if u["id"] == "us-12-1")["hex"] == "1403"
    page.wait_for_function("() => document.querySelector(\"svg.hex-map .counter[data-unit='us-12-1']\")?.dataset.hex === '1403'")
    assert "5 MP" in page.locator("#status").inner_text()

    # Farther, with Shift: a hex two steps away, reached by the cheapest path (one step action each).
    reach = api(server, "GET", f"/api/games/{gid}/reach?unit=us-12-1&token={token}")["zones"]
    farther = sorted(h for h, mp in reach.items() if mp == 2)[0]
    page.wait_for_selector(f"svg.hex-map .zone-tag[data-hex='{farther}']")
    page.locator(f"svg.hex-map .zone-tag[data-hex='{farther}']").click(modifiers=["Shift"])
    v = wait_view(server, gid, token, lambda w: w["seq"] == 4)
    assert next(u for u in v["position"]["units"] if u["id"] == "us-12-1")["hex"] == farther
    wait_page_seq(page, 4)
    assert view_of(server, gid, token)["position"]["scalars"]["mv_mp"] == 3

    # A plain click ends the move there: the unit steps in and stops (no further choice for it).
    reach = api(server, "GET", f"/api/games/{gid}/reach?unit=us-12-1&token={token}")["zones"]
    last = sorted(h for h, mp in reach.items() if mp == 1)[0]
    page.locator(f"svg.hex-map .zone-tag[data-hex='{last}']").click()
    v = wait_view(server, gid, token, lambda w: w["seq"] == 6)
    assert v["moving"] is None and next(u for u in v["position"]["units"] if u["id"] == "us-12-1")["hex"] == last
    # The page shows what was taken by default once the answer to its own request arrives (the
    # WebSocket may bring the same position first).
    page.wait_for_function("() => /ends its move|stops/.test(document.querySelector('#defaulted')?.innerText || '')")
    assert not page.errors, page.errors

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "hex-map.png"))
    page.context.close()


def test_the_tooltip_does_not_cover_the_attack_preview(server, browser):  # noqa: F811
    """Issue 27, point 15: with an attack's preview open, pointing at a hex beside it puts the
    details on the other side of the pointer, never over the preview."""
    g = api(server, "POST", "/api/games", {"game": "champion-hill", "seed": 1, "union": "me", "confederate": "me"})
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    wait_page_seq(page, 0)
    page.evaluate("""() => { const p = document.getElementById('preview');
        document.getElementById('preview-body').innerHTML = '<h3>Attack</h3>'.repeat(6); p.hidden = false; }""")
    d = page.locator("#preview").bounding_box()
    spot = page.evaluate("""(d) => { for (const h of document.querySelectorAll('svg.hex-map polygon.hex')) {
        const b = h.getBoundingClientRect();
        if (b.right < d.x - 4 && b.right > d.x - 60 && b.top > d.y + 10 && b.bottom < d.y + d.height - 10)
          return [b.x + b.width / 2, b.y + b.height / 2]; } return null; }""", d)
    assert spot
    page.mouse.move(spot[0] - 3, spot[1] - 3)
    page.mouse.move(*spot)
    page.wait_for_timeout(200)
    tip = page.locator("#tooltip")
    assert tip.is_visible()                                # moved beside the pointer, not hidden
    t = tip.bounding_box()
    assert not (t["x"] < d["x"] + d["width"] and d["x"] < t["x"] + t["width"]
                    and t["y"] < d["y"] + d["height"] and d["y"] < t["y"] + t["height"])
    assert not page.errors, page.errors
