"""An invite link in the browser: the creator hands out a claim link, the first browser to open
it takes the side with a token of its own, nobody else can use the link again, the creator
cannot act for the invited side, and an undo between the two needs the other's consent.
The server, browser and helpers are those of test_browser."""

import json
import urllib.error

import pytest

from .test_browser import (api, browser, gid_of, open_page, server, shot, sync_api, token_of,  # noqa: F401
                           view_of, wait_page_seq, wait_view)


def test_an_invite_is_claimed_by_the_first_browser_only(server, browser):  # noqa: F811
    creator = open_page(browser, server + "/")
    creator.wait_for_selector("#player-confederate option[value='remote']", state="attached")
    creator.select_option("#player-union", "me")
    creator.select_option("#player-confederate", "remote")
    # With a remote player the seed is the server's secret: the creator cannot choose one.
    assert creator.locator("input[name=seedmode][value=fixed]").is_disabled()
    creator.click("#create-button")
    creator.wait_for_selector("#go-to-game")
    assert "secret seed" in creator.locator("#created h3").inner_text()
    invite = creator.locator(".invite-confederate input").input_value()
    assert "?invite=" in invite and "token=" not in invite
    gid = gid_of(invite)
    creator.click("#go-to-game")
    creator.wait_for_selector("svg.map .counter.brigade")
    assert "You play: Union" in creator.locator("#status").inner_text()
    assert "invite" in creator.locator("#actions").inner_text()       # waiting for the invited player

    # The invited player opens the link: the Confederate side is theirs, with a token of their own.
    guest = open_page(browser, invite)
    guest.wait_for_selector("#actions button.action")
    assert "You play: Confederate" in guest.locator("#status").inner_text()
    guest_token = token_of(guest.url)
    # Their personal link, shown once with a copy button and a warning to keep it.
    assert guest.locator("#personal-link").input_value().endswith(f"token={guest_token}")
    assert "shown only now" in guest.locator("#seat-box").inner_text()
    guest.screenshot(path=shot("personal-link.png"))
    guest.click("#personal-close")
    assert guest.locator("#seat-box").is_hidden()
    v = view_of(server, gid, guest_token)
    assert v["you"] == ["confederate"] and v["seats"] == {"confederate": "taken"}
    assert set(v["position"]["dice"]) == {"calls"}                   # nothing that predicts a roll

    # Anyone else opening the same link is refused; the guest opening it again gets back in.
    # A third opening: no red banner on an empty page, but an offer to watch and the way back.
    intruder = open_page(browser, invite)
    intruder.locator("#seat-box").wait_for(state="visible")
    assert "used already" in intruder.locator("#seat-box").inner_text()
    assert intruder.locator("#error-banner").is_hidden()
    assert intruder.locator("#seat-box a[href='/']").count() == 1
    assert intruder.locator("#actions button.action").count() == 0
    intruder.screenshot(path=shot("used-invite.png"))
    intruder.click("#watch-game")
    intruder.wait_for_url("**token=*")
    intruder.wait_for_selector("svg.map .counter.brigade")
    assert view_of(server, gid, token_of(intruder.url))["you"] == []            # a spectator
    again = guest.context.new_page()
    again.goto(invite)
    again.wait_for_selector("#actions button.action")
    assert token_of(again.url) == guest_token
    again.close()

    # Nothing the creator's browser holds can act for the Confederates.
    saved = json.loads(creator.evaluate("localStorage.getItem('cwbattles.games')"))[gid]
    action = v["legal"][0]["action"]
    for token in saved["tokens"].values():
        with pytest.raises(urllib.error.HTTPError) as refused:
            api(server, "POST", f"/api/games/{gid}/actions", {"token": token, "seq": v["seq"], "action": action})
        assert refused.value.code == 403

    # The guest plays until an action can be taken back, asks for an undo, and the creator's
    # page must answer it: refused, the action stays.
    for _ in range(30):
        v = view_of(server, gid, guest_token)
        if v["undo"]["possible"]:
            break
        wait_page_seq(guest, v["seq"])
        pick = next((i for i in v["legal"] if i["action"]["kind"] in ("activate", "brigade")), v["legal"][0])
        guest.locator(f"#actions button.action[data-index='{pick['index']}']").click()
        wait_view(server, gid, guest_token, lambda w, s=v["seq"]: w["seq"] > s)
    assert v["undo"]["possible"]
    wait_page_seq(guest, v["seq"])
    guest.locator("#undo-button").click()
    sync_api.expect(guest.locator("#undo")).to_contain_text("waiting")
    creator.locator("#undo-refuse").wait_for()
    sync_api.expect(creator.locator("#undo")).to_contain_text("asks to take back")
    creator.locator("#undo-refuse").click()
    sync_api.expect(guest.locator("#undo")).to_contain_text("refused your undo")     # the asker is told
    assert view_of(server, gid, guest_token)["seq"] == v["seq"]
    assert not creator.errors and not guest.errors and not intruder.errors, creator.errors + guest.errors
    for page in (creator, guest, intruder):
        page.context.close()
