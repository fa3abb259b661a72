"""The game page on the two-section Chancellorsville board, driven in headless Chromium: both
sections drawn (1,400 hexes, F and H numbers), the victory hexes starred, leaders' counters on
the map. The server, browser and helpers are those of test_browser."""

from .test_browser import api, browser, open_page, server, shot, wait_page_seq  # noqa: F401


def test_the_two_section_board_draws_with_both_sections_numbers(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "chancellorsville", "seed": 1, "union": "me", "confederate": "me"})
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.hex-map .counter.hexunit", timeout=60_000)
    wait_page_seq(page, 0)
    assert page.locator("svg.hex-map polygon.hex").count() == 1400
    numbers = set(page.locator("svg.hex-map text.hex-number").all_text_contents())
    assert {"F2501", "F1326", "H1616", "H1928"} <= numbers
    assert page.locator("svg.hex-map .victory-star").count() == 6
    assert page.locator("svg.hex-map .counter[data-unit='cs-ldr-lee']").count() == 1
    page.screenshot(path=shot("chancellorsville-board.png"))


def test_at_fit_no_minimap_nor_hex_numbers_and_the_enemy_turn_by_formation(server, browser):  # noqa: F811
    """Issue 27, point 15: at "fit" the minimap does not cover the map and the hex numbers (too
    small to read) are dropped; the Confederate turn is listed division by division, a long
    march as its two ends and the places the map names on the way."""
    import re
    g = api(server, "POST", "/api/games", {"game": "chancellorsville", "seed": 2, "union": "me",
                                           "confederate": "bot:heuristic"})
    page = open_page(browser, server + g["links"]["union"], width=1280, height=800)
    page.wait_for_selector("#follow-list li.step", timeout=60000)
    page.click("#zoom-fit")
    assert page.locator(".minimap").is_hidden()
    assert page.locator("svg.hex-map .layer-hex-numbers").is_hidden()
    groups = page.locator("#follow-list li.group").all_inner_texts()
    assert "Anderson's Division" in groups and len(groups) == len(set(groups))
    for text in page.locator("#follow-list li.step").all_inner_texts():
        assert len(re.findall(r"\b[FH]\d{4}\b", text)) <= 2, text
    assert any(" via " in t for t in page.locator("#follow-list li.step").all_inner_texts())
    page.click("#zoom-in")
    assert page.locator(".minimap").is_visible()
    page.screenshot(path=shot("chancellorsville-enemy-turn-by-formation.png"))
    assert not page.errors, page.errors
