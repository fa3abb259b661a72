"""The bots' intentions and the commander in the pages (issue 29 points 4 and 5): the lobby offers
the commander with its time; a spectator of a game between bots sees their intentions and that
a bot is thinking; a bot's human opponent sees neither intentions nor a panel for them until the
game is over, then the replay shows each intent in the log at the action it came with. The
server, browser and helpers are those of test_browser."""

from .test_browser import api, browser, open_page, server, shot, wait_view  # noqa: F401

BOT = "bot:commander:4p"       # 4 plan evaluations a decision: no clock read


def champion_hill(base, union, confederate):
    return api(base, "POST", "/api/games", {"game": "champion-hill", "union": union, "confederate": confederate, "seed": 5})


def test_the_lobby_offers_the_commander_with_its_time(server, browser):  # noqa: F811
    phone = open_page(browser, server + "/", width=390, height=844)
    phone.wait_for_selector("#player-confederate option[value='bot:commander']", state="attached")
    phone.select_option("#player-confederate", "bot:commander")
    note = phone.locator("#note-confederate").inner_text()
    assert "thinks up to 5 minutes a game, at most 10 s a decision" in note
    labels = phone.locator("#player-confederate option").all_inner_texts()
    assert labels[-1] == "bot: Commander" and "bot: commander" not in labels
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.locator("#create-card").screenshot(path=shot("lobby-commander-phone.png"))
    assert not phone.errors, phone.errors
    phone.context.close()


def test_intentions_live_for_spectators_of_bots_hidden_from_a_human_until_the_end(server, browser):  # noqa: F811
    # between bots: the spectator's page shows both sides' intentions, and who is thinking
    g = champion_hill(server, BOT, BOT)
    wait_view(server, g["id"], g["tokens"]["spectator"], lambda v: len(v["intents"] or ()) == 2, timeout=60)
    watch = open_page(browser, server + g["links"]["spectator"])
    # (the bots play faster than the page draws: it is polled, not waited on element by element)
    watch.wait_for_function("""() => document.querySelectorAll('#intents .intent-confederate li').length > 0
        && document.querySelectorAll('#intents .intent-union .intent-plan').length === 1
        && / bot \\(commander:4p\\) is thinking/.test(document.getElementById('actions').textContent)""", timeout=60000)
    api(server, "DELETE", f"/api/games/{g['id']}", {"token": g["tokens"]["creator"]})    # the page settles
    watch.screenshot(path=shot("intents-spectator.png"), timeout=60000)
    assert not watch.errors, watch.errors
    watch.context.close()
    # against a person: nothing of them on the person's page while the game runs
    g = champion_hill(server, BOT, "me")
    me = g["tokens"]["confederate"]
    page = open_page(browser, server + g["links"]["confederate"])
    wait_view(server, g["id"], me, lambda v: v["legal"], timeout=180)   # the bot's first Union turn: slow on a loaded machine
    page.wait_for_selector("#actions button.action")
    assert page.locator("#intents-panel").is_hidden() and page.locator("#intents li").count() == 0
    page.once("dialog", lambda d: d.accept())
    page.click("#resign")
    page.wait_for_selector("#intents .intent-union li")         # over: now the panel shows them
    page.click("#gameover-close")
    page.click("#replay-start")
    page.click("#replay-forward")
    page.wait_for_selector("#log li.intent-entry.intent-union")
    entry = page.locator("#log li.intent-entry").first
    assert "Union bot intends" in entry.inner_text()
    entry.locator("summary").click()
    assert entry.locator("li").count() == 8                     # one line per Union division
    assert "after action 1" in page.locator("#intents-when").text_content()
    page.locator(".side-panel").evaluate("p => p.scrollTo(0, 0)")
    page.locator("#log").scroll_into_view_if_needed()
    page.screenshot(path=shot("intents-replay.png"))
    phone = open_page(browser, page.url, width=390, height=844)
    phone.wait_for_selector("#intents .intent-union li")
    phone.locator("#intents-panel").scroll_into_view_if_needed()
    phone.screenshot(path=shot("intents-phone.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.errors and not phone.errors, page.errors + phone.errors
    page.context.close()
    phone.context.close()
