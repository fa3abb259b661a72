"""The lobby on a phone (390x844): nothing wider than the screen, the bots named by what they are,
and the button to one's game brought into view after "Create game". The server, browser and
helpers are those of test_browser."""

from .test_browser import browser, open_page, server, shot  # noqa: F401


def test_the_lobby_fits_a_phone_and_shows_the_way_to_ones_game(server, browser):  # noqa: F811
    phone = open_page(browser, server + "/", width=390, height=844)
    phone.wait_for_selector("#player-confederate option[value='bot:heuristic']", state="attached")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Every bot offered is a named strength with a sentence on what it is (no bare "bot: mcts").
    labels = phone.locator("#player-confederate option").all_inner_texts()
    assert "bot: mcts" not in labels and any(t.startswith("bot: Search") for t in labels)
    phone.select_option("#player-confederate", "remote")
    phone.click("#create-button")
    phone.wait_for_selector("#go-to-game")
    phone.wait_for_function("""() => { const b = document.getElementById('go-to-game').getBoundingClientRect();
                                       return b.top >= 0 && b.bottom <= window.innerHeight; }""")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=shot("lobby-phone.png"))
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=shot("lobby-phone-top.png"))
    assert not phone.errors, phone.errors
    phone.context.close()
