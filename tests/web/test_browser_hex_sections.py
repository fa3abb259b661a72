"""A board of two map sections (Chancellorsville's F and H sheets, 1,400 hexes) in headless
Chromium: both sheets drawn with their seams and names, the overview's section buttons and a click
on the overview scroll the map there, and a unit found there is clicked. The server, browser and
helpers are those of test_browser."""

import re

from .test_browser import api, browser, open_page, server, shot, wait_page_seq  # noqa: F401

IN_VIEW = """sel => {
  const el = document.querySelector(sel);
  const pane = document.getElementById('map-scroll').getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  return x >= pane.left && x <= pane.right && y >= pane.top && y <= pane.bottom;
}"""


def in_view(page, selector):
    return page.evaluate(IN_VIEW, selector)


def test_two_sections_a_minimap_that_scrolls_to_each_and_a_unit_clicked_there(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "chancellorsville", "seed": 1, "union": "me", "confederate": "me"})
    page = open_page(browser, server + g["links"]["both"], width=1400, height=900)
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    wait_page_seq(page, 0)

    # Both sheets, every hex with its prefixed printed number, each sheet outlined and named.
    assert page.locator("svg.hex-map polygon.hex").count() == 1400
    numbers = page.locator("svg.hex-map text.hex-number").all_text_contents()
    assert "F2501" in numbers and "H1928" in numbers and "1309" not in numbers
    assert page.locator("svg.hex-map .section-outline").count() == 2
    labels = page.locator("svg.hex-map text.section-label").all_text_contents()
    assert labels == ["F: Fredericksburg", "H: Hooker and Lee"]
    assert page.locator("svg.hex-map .hexside.river").count() > 100
    assert page.locator("svg.hex-map .hex-crossing.pontoon").count() >= 5

    # The overview: a button per sheet; the map opens on F (the sheet at the top of the board).
    minimap = page.locator(".minimap")
    assert minimap.is_visible()
    assert minimap.locator("button.section-jump").all_text_contents() == ["F Fredericksburg", "H Hooker and Lee"]
    mahone = "svg.hex-map .counter[data-unit='cs-a-mahone']"
    wilcox = "svg.hex-map .counter[data-unit='cs-a-wilcox']"
    assert page.locator(mahone).get_attribute("data-hex") == "H2004"
    assert page.locator(wilcox).get_attribute("data-hex") == "F0522"
    assert not in_view(page, mahone)

    # Jump to H: Mahone's brigade, at Zoan Church (H2004), comes into view and the H button is marked.
    minimap.locator("button[data-section='H']").click()
    page.wait_for_function(f"() => ({IN_VIEW})(\"{mahone}\")")
    assert "current" in minimap.locator("button[data-section='H']").get_attribute("class")
    page.locator(".map-pane").screenshot(path=shot("chancellorsville-minimap-h.png"))

    # Click Mahone's stack: its units' moves are offered, nothing is sent yet.
    page.locator(mahone).click()
    page.locator("#chooser button", has_text=re.compile(r"^move Mahone's brigade$")).click()
    page.wait_for_function("() => window.cwbattles.picked?.unit === 'cs-a-mahone' && window.cwbattles.picked.options")
    page.wait_for_selector("svg.hex-map .zone-highlight.reach")

    # A click on the overview's top-right part (F, Fredericksburg's river front) scrolls back to F.
    box = minimap.locator("svg.minimap-map").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.75, box["y"] + box["height"] * 0.12)
    page.wait_for_function("() => document.querySelector(\".minimap button[data-section='F']\").classList.contains('current')")
    assert not in_view(page, mahone)

    # The overview folds away (its section buttons stay) and comes back.
    minimap.locator("button.minimap-fold").click()
    assert not minimap.locator("svg.minimap-map").is_visible() and minimap.locator("button[data-section='H']").is_visible()
    minimap.locator("button.minimap-fold").click()
    assert minimap.locator("svg.minimap-map").is_visible()
    assert page.errors == []


def test_a_narrow_window_starts_with_the_overview_folded(server, browser):  # noqa: F811
    g = api(server, "POST", "/api/games", {"game": "chancellorsville", "seed": 2, "union": "me", "confederate": "me"})
    page = open_page(browser, server + g["links"]["both"], width=640, height=900)
    page.wait_for_selector("svg.hex-map .counter.hexunit")
    minimap = page.locator(".minimap")
    assert "folded" in minimap.get_attribute("class")
    assert minimap.locator("button[data-section='F']").is_visible()
    assert not minimap.locator("svg.minimap-map").is_visible()
    minimap.locator("button[data-section='H']").click()
    page.wait_for_function("() => document.querySelector(\".minimap button[data-section='H']\").classList.contains('current')")
    assert page.errors == []
