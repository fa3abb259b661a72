"""Remote play two strangers can trust (issue 19, points 1-3): nothing the server sends predicts
a die, the seed is committed to at creation and revealed at the end, an invite is a claim link
that only its first opener can use, an undo between two people needs the other's consent, and
watching or deleting needs the right link."""

import hashlib
import json
import random

import pytest

from cwbattles.bots import RandomBot
from cwbattles.engine.dice import Dice
from cwbattles import replay
from cwbattles.engine.records import position_checksum
from cwbattles.web.sessions import summary_of

from .conftest import claim, new_game, play, play_until, view


def secrets_of(client, gid):
    """What only the server knows: the seed, the salt and the dice generator's state."""
    s = client.app.state.manager.sessions[gid]
    return s.seed, s.salt, s.state.dice.state


def assert_tells_nothing(text, client, gid):
    seed, salt, state = secrets_of(client, gid)
    assert str(seed) not in text and salt not in text and str(state) not in text
    assert '"state"' not in text and '"script"' not in text


# -- 1. the dice are secret ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["cedar-creek", "champion-hill", "cedar-mountain"])
def test_nothing_a_client_receives_predicts_a_roll(client, game):
    g = new_game(client, union="me", confederate="remote", game=game)
    gid, ut, ct = g["id"], g["tokens"]["union"], g["tokens"]["confederate"]
    assert "seed" not in g and g["fairness"]["commitment"]          # the creator is not told the seed
    first = view(client, gid, ut).json()
    mover = ut if first["to_act"] == "union" else ct
    v = play(client, gid, mover, view(client, gid, mover).json())
    with client.websocket_connect(f"/ws/games/{gid}?token={ut}") as ws:
        pushed = json.dumps(ws.receive_json())
    answers = [json.dumps(g), pushed, json.dumps(v), client.get("/api/games").text,
               client.get(f"/api/games/{gid}/meta").text,
               client.get(f"/api/games/{gid}/history/1", params={"token": g["tokens"]["spectator"]}).text,
               client.get(f"/api/games/{gid}/record", params={"token": ut}).text]
    for text in answers:
        assert_tells_nothing(text, client, gid)
    assert v["position"]["dice"] == {"calls": client.app.state.manager.sessions[gid].state.dice.calls}
    # The attack of the report: copy the generator from the view and roll ahead. There is no generator.
    assert "state" not in v["position"]["dice"]
    record = client.get(f"/api/games/{gid}/record", params={"token": ut}).json()
    assert "seed" not in record and all(set(a) == {"action"} for a in record["actions"])


def test_a_remote_game_gets_a_secret_seed_and_a_chosen_seed_is_refused(client):
    r = client.post("/api/games", json={"seed": 7, "union": "me", "confederate": "remote"})
    assert r.status_code == 400 and "secret seed" in r.json()["detail"]
    r = client.post("/api/games", json={"seed": 7, "union": "me", "confederate": "bot:random"})
    assert r.status_code == 200 and r.json()["seed"] == "7"               # against a bot: the creator's choice, as text


def test_a_bot_never_sees_the_real_dice(client):
    g = new_game(client, union="me", confederate="remote")
    session = client.app.state.manager.sessions[g["id"]]
    seen = []

    class Spy(RandomBot):
        def choose(self, state):
            seen.append(state.dice.state)
            return super().choose(state)

    session.players = {**session.players, "union": "bot:random"}
    session.bots["union"] = Spy(1)
    ct = g["tokens"]["confederate"]
    v = view(client, g["id"], ct).json()
    while v["to_act"] == "confederate":
        v = play(client, g["id"], ct, v)
    client.portal.call(session.run_bots)
    assert seen and session.state.dice.state not in seen


def finish_offline(client, gid, seed=1):
    """Play a game to its end with random choices straight into the database (quicker than
    through the API), and let the server forget it so that it reloads it."""
    manager = client.app.state.manager
    s = manager.sessions.pop(gid)
    state, rng, entries = s.state.clone(), random.Random(seed), []
    while not state.is_over:
        side = state.to_act
        action = rng.choice(state.legal_actions())
        state.apply(action)
        entries.append((len(s.actions) + len(entries), side, s.game.action_to_json(action), position_checksum(state)))
    manager.store.append(gid, entries, summary_of(state))


def test_the_seed_is_revealed_at_the_end_and_opens_the_commitment(client):
    g = new_game(client, union="remote", confederate="remote")
    gid, tok = g["id"], g["tokens"]["union"]
    seed, salt, _ = secrets_of(client, gid)
    commitment = g["fairness"]["commitment"]
    assert commitment == hashlib.sha256(f"cwbattles-seed-v1:cedar-creek:{seed}:{salt}".encode()).hexdigest()
    finish_offline(client, gid)
    v = view(client, gid, tok).json()
    assert v["over"] and v["fairness"]["seed"] == str(seed) and v["fairness"]["salt"] == salt
    opened = hashlib.sha256(f"cwbattles-seed-v1:cedar-creek:{v['fairness']['seed']}:{v['fairness']['salt']}".encode())
    assert opened.hexdigest() == commitment
    lobby = next(x for x in client.get("/api/games").json()["games"] if x["id"] == gid)
    assert lobby["fairness"]["seed"] == str(seed)
    record = client.get(f"/api/games/{gid}/record", params={"token": g["tokens"]["spectator"]}).json()
    final = replay(record, verify=True)                     # anyone can check every roll now
    assert final.is_over and final.result == record["result"] == v["result"]


# -- 2. invites are claim links; undo needs the other human's consent --------------------------------------
def test_the_first_to_open_an_invite_takes_the_side_and_nobody_else_can(client):
    r = client.post("/api/games", json={"union": "me", "confederate": "remote"}).json()
    gid = r["id"]
    assert "confederate" not in r["tokens"] and set(r["invites"]) == {"confederate"}
    assert view(client, gid, r["tokens"]["union"]).json()["seats"] == {"confederate": "open"}
    first = claim(client, r["invites"]["confederate"])
    assert first["side"] == "confederate"
    code = r["invites"]["confederate"].split("invite=")[1]
    again = client.post(f"/api/games/{gid}/claim", json={"invite": code})
    assert again.status_code == 409 and "used already" in again.json()["detail"]
    v = view(client, gid, first["token"]).json()
    assert v["you"] == ["confederate"] and v["seats"] == {"confederate": "taken"}
    for token in r["tokens"].values():                       # nothing the creator holds acts for the invited side
        refused = client.post(f"/api/games/{gid}/actions", json={"token": token, "seq": v["seq"],
                                                                 "action": v["legal"][0]["action"]})
        assert refused.status_code == 403


def test_an_undo_between_two_people_needs_the_others_consent_both_ways(client):
    g = new_game(client, union="me", confederate="remote")
    gid, ut, ct = g["id"], g["tokens"]["union"], g["tokens"]["confederate"]
    v = play_until(client, gid, ct, view(client, gid, ct).json(), {"brigade"})
    seq = v["seq"]
    v = play(client, gid, ct, v, next(i for i, a in enumerate(v["legal"]) if a["action"]["kind"] == "brigade"))
    # The invited player asks: nothing is taken back until the creator agrees.
    v = client.post(f"/api/games/{gid}/undo", json={"token": ct}).json()
    assert v["seq"] == seq + 1 and v["undo"]["requested_by"] == "confederate"
    for token in (ct, g["tokens"]["creator"], g["tokens"]["spectator"]):
        assert client.post(f"/api/games/{gid}/undo/answer", json={"token": token, "accept": True}).status_code in (403, 409)
    assert view(client, gid, ut).json()["seq"] == seq + 1
    v = client.post(f"/api/games/{gid}/undo/answer", json={"token": ut, "accept": False}).json()
    assert v["seq"] == seq + 1 and v["undo"]["requested_by"] is None
    # The player who asked is told of the refusal (until play goes on).
    assert view(client, gid, ct).json()["undo"]["refused_for"] == "confederate"
    # Playing on cancels a request; asking again and agreeing takes the action back.
    client.post(f"/api/games/{gid}/undo", json={"token": ct})
    v = client.post(f"/api/games/{gid}/undo/answer", json={"token": ut, "accept": True}).json()
    assert v["seq"] == seq
    # The creator's own undo needs the invited player's consent too.
    v = play(client, gid, ct, view(client, gid, ct).json())
    g2 = new_game(client, union="me", confederate="remote")
    gid2, ut2, ct2 = g2["id"], g2["tokens"]["union"], g2["tokens"]["confederate"]
    v = view(client, gid2, ut2).json()
    while v["to_act"] != "union" or not v["undo"]["possible"]:
        token = ct2 if v["to_act"] == "confederate" else ut2
        v = play(client, gid2, token, view(client, gid2, token).json())
    v = client.post(f"/api/games/{gid2}/undo", json={"token": ut2}).json()
    assert v["undo"]["requested_by"] == "union" and v["seq"] == view(client, gid2, ct2).json()["seq"]
    assert client.post(f"/api/games/{gid2}/undo/answer", json={"token": ut2, "accept": True}).status_code == 409


def test_a_used_invite_offers_to_watch_and_the_creator_reissues_a_seat_revoking_the_old_link(client):
    r = client.post("/api/games", json={"union": "me", "confederate": "remote"}).json()
    gid, code = r["id"], r["invites"]["confederate"].split("invite=")[1]
    first = claim(client, r["invites"]["confederate"])
    assert first["link"].endswith(first["token"])                       # the player's personal link
    # A third opening of the used invite: the spectator's link is offered, an unknown code gets 404.
    watch = client.post(f"/api/games/{gid}/watch", json={"invite": code})
    assert watch.status_code == 200 and watch.json()["token"] == r["tokens"]["spectator"]
    assert client.post(f"/api/games/{gid}/watch", json={"invite": "x" * 24}).status_code == 404
    # Only the creator re-issues, only a remote seat; the old personal link and invite stop working.
    for token in (first["token"], r["tokens"]["spectator"], r["tokens"]["union"][:-1] + "x"):
        assert client.post(f"/api/games/{gid}/invites/confederate", json={"token": token}).status_code == 403
    assert client.post(f"/api/games/{gid}/invites/union", json={"token": r["tokens"]["creator"]}).status_code == 400
    new = client.post(f"/api/games/{gid}/invites/confederate", json={"token": r["tokens"]["creator"]})
    assert new.status_code == 200, new.text
    assert view(client, gid, first["token"]).status_code == 403
    assert client.post(f"/api/games/{gid}/claim", json={"invite": code}).status_code == 404
    assert view(client, gid, r["tokens"]["union"]).json()["seats"] == {"confederate": "open"}
    second = claim(client, new.json()["invite"])
    assert view(client, gid, second["token"]).json()["you"] == ["confederate"]
    # Kept over a restart: the store holds the new access.
    client.app.state.manager.sessions.pop(gid)
    assert view(client, gid, second["token"]).json()["you"] == ["confederate"]
    assert view(client, gid, first["token"]).status_code == 403


# -- 3. who may do what ---------------------------------------------------------------------------------
def test_watching_needs_a_link(client):
    g = new_game(client, union="me", confederate="remote")
    gid = g["id"]
    for path in ("view", "history/0", "record", "reach?unit=battle"):
        r = client.get(f"/api/games/{gid}/{path}")
        assert r.status_code == 403 and "token" in r.json()["detail"], path
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["status"] == 403
    assert view(client, gid, g["tokens"]["spectator"]).status_code == 200


def test_only_the_creator_deletes_and_a_game_between_bots_can_be_deleted(client):
    g = new_game(client, union="me", confederate="remote")
    for token in (g["tokens"]["confederate"], g["tokens"]["spectator"], None, "forged"):
        r = client.request("DELETE", f"/api/games/{g['id']}", json={"token": token})
        assert r.status_code == 403 and "creator" in r.json()["detail"]
    assert client.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]}).status_code == 200
    bots = client.post("/api/games", json={"seed": 2, "union": "bot:random", "confederate": "bot:random"}).json()
    assert client.request("DELETE", f"/api/games/{bots['id']}", json={"token": bots["tokens"]["creator"]}).status_code == 200
    assert client.get(f"/api/games/{bots['id']}/meta").status_code == 404


def test_booleans_and_integers_are_strict(client):
    g = new_game(client, union="me", confederate="remote")
    gid, ct = g["id"], g["tokens"]["confederate"]
    v = view(client, gid, ct).json()
    action = v["legal"][0]["action"]
    for body in ({"token": ct, "seq": True, "action": action}, {"token": ct, "seq": str(v["seq"]), "action": action},
                 {"token": ct, "seq": float(v["seq"]), "action": action}):
        assert client.post(f"/api/games/{gid}/actions", json=body).status_code == 400
    for accept in ("yes", 1, None):
        assert client.post(f"/api/games/{gid}/undo/answer", json={"token": ct, "accept": accept}).status_code == 400
    for seed in (True, "5.0", "-5", 2.0):          # a seed as text is digits only
        assert client.post("/api/games", json={"seed": seed, "confederate": "bot:random"}).status_code == 400
    assert view(client, gid, ct).json()["seq"] == v["seq"]


def test_the_dice_calls_alone_do_not_predict_a_roll():
    """What a view keeps (the number of rolls so far) is the same for every seed."""
    a, b = Dice(1), Dice(2)
    for _ in range(5):
        a.roll(), b.roll()
    assert a.calls == b.calls and a.to_json() != b.to_json()


def test_seeds_go_out_as_text_and_come_in_as_text(client):
    """A 64-bit seed is rounded by a JavaScript number: the page sends and reads seeds as strings."""
    big = "6221568302627038427"
    g = client.post("/api/games", json={"seed": big, "union": "me", "confederate": "me"}).json()
    assert g["seed"] == big
    assert client.app.state.manager.sessions[g["id"]].seed == int(big)
    assert client.post("/api/games", json={"seed": "12x", "union": "me", "confederate": "me"}).status_code in (400, 422)


def test_a_player_resigns_recorded_in_the_result_and_the_record(client):
    g = new_game(client, union="me", confederate="remote")
    gid, ut, ct = g["id"], g["tokens"]["union"], g["tokens"]["confederate"]
    for token, side in ((g["tokens"]["spectator"], "union"), (ct, "union"), (ut, "confederate")):
        assert client.post(f"/api/games/{gid}/resign", json={"token": token, "side": side}).status_code == 403
    v = client.post(f"/api/games/{gid}/resign", json={"token": ct, "side": "confederate"}).json()
    assert v["over"] and v["result"]["winner"] == "union" and v["result"]["resigned"] == "confederate"
    assert client.post(f"/api/games/{gid}/resign", json={"token": ut, "side": "union"}).status_code == 409
    doc = client.get(f"/api/games/{gid}/record", params={"token": ut}).json()
    assert doc["actions"][-1]["action"] == {"kind": "resign", "side": "confederate"}
    assert replay(doc, verify=True).result == doc["result"] == v["result"]
    client.app.state.manager.sessions.pop(gid)                 # read back from the store
    assert view(client, gid, ut).json()["result"]["resigned"] == "confederate"
