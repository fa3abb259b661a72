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
