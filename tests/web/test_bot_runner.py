"""The server's bots (issue 26): a decision tied to the position it was made for, a bot loop that
never dies silently, one bounded pool of search processes, a delete that never waits for them."""

import asyncio
import gc
import threading
import time

import pytest
from fastapi.testclient import TestClient

from cwbattles.bots import RandomBot
from cwbattles.web import bot_runner
from cwbattles.web.app import create_app
from cwbattles.web.limits import Limits

from .conftest import new_game, play, view, wait_for

TO_P = 90            # Cedar Mountain, seed 3, the Union set up by hand: after 90 first-legal actions
#                      the Union's actions 0..3 each hand the move to the Confederates without a die
#                      rolled (undoable)


class GateBot(RandomBot):
    """A bot that thinks until the test lets it answer; it notes the position it was asked
    about and answers its last legal action."""

    def __init__(self):
        super().__init__(0)
        self.asked = []                        # (the position, the action it will answer)
        self.gates = []
        self.lock = threading.Lock()

    def choose(self, state):
        gate = threading.Event()
        legal = state.legal_actions()
        with self.lock:
            self.asked.append((without_dice(state), legal[-1]))
            self.gates.append(gate)
        assert gate.wait(20)
        return legal[-1]

    def wait_asked(self, n, timeout=10.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if len(self.asked) >= n:
                return
            time.sleep(0.005)
        raise AssertionError(f"the bot was asked {len(self.asked)} times, not {n}")


def without_dice(state) -> dict:
    position = state.to_position()
    position.pop("dice")
    return position


def at_p(client):
    """A hot-seat Cedar Mountain game brought to P, its Confederate side then given to GateBot."""
    g = new_game(client, union="me", confederate="me", game="cedar-mountain", options={"union_setup": "choose"})
    s = client.app.state.manager.sessions[g["id"]]
    steps, state = [], s.state.clone()
    for _ in range(TO_P):
        side, action = state.to_act, state.legal_actions()[0]
        state.apply(action)
        steps.append((action, side))
    client.portal.call(s.commit, steps)
    bot = GateBot()
    s.players = {**s.players, "confederate": "bot:random"}
    s.bots["confederate"] = bot
    return g, s, bot


def test_an_undo_under_a_thinking_bot_never_plays_a_stale_decision(client):
    g, s, bot = at_p(client)
    ut = g["tokens"]["union"]
    for rounds in range(6):
        v = view(client, g["id"], ut).json()
        assert v["seq"] == TO_P and v["to_act"] == "union"
        asked = len(bot.asked)
        play(client, g["id"], ut, v, pick=0)                 # A: the bot starts thinking about it
        bot.wait_asked(asked + 1)
        r = client.post(f"/api/games/{g['id']}/undo", json={"token": ut})
        assert r.status_code == 200, r.text
        play(client, g["id"], ut, r.json(), pick=1 + rounds % 3)     # B, another position
        bot.gates[asked].set()                               # the decision for A comes back: stale
        bot.wait_asked(asked + 2)                            # ... so the bot is asked again, about B
        position_b, answer = bot.asked[asked + 1]
        assert position_b == without_dice(s.state) != bot.asked[asked][0]
        bot.gates[asked + 1].set()
        v = wait_for(client, g["id"], ut, lambda v: v["seq"] == TO_P + 2)
        assert s.actions[-1] == s.game.action_to_json(answer)      # the decision made for B's position
        client.portal.call(s._truncate, TO_P)                     # back to P for the next round


def test_a_failing_bot_loop_is_logged_and_started_again(client, caplog):
    g, s, bot = at_p(client)
    calls = []

    class Flaky(RandomBot):
        def choose(self, state):
            calls.append(1)
            if len(calls) == 1:
                raise RuntimeError("a bug in the bot")
            return super().choose(state)

    s.bots["confederate"] = Flaky(1)
    ut = g["tokens"]["union"]
    play(client, g["id"], ut, view(client, g["id"], ut).json())
    wait_for(client, g["id"], ut, lambda v: v["seq"] >= TO_P + 2)
    assert len(calls) >= 2 and "bot loop failed" in caplog.text


@pytest.fixture
def one_worker(tmp_path):
    with TestClient(create_app(str(tmp_path / "games.sqlite3"), Limits(bot_workers=1))) as c:
        yield c


def test_search_bots_share_one_bounded_pool_of_processes_released_when_idle(one_worker):
    c = one_worker
    pool = c.app.state.manager.bot_pool
    games = [new_game(c, union="bot:mcts:20", confederate="bot:mcts:20", seed=k) for k in range(3)]
    for g in games:
        wait_for(c, g["id"], g["tokens"]["spectator"], lambda v: v["seq"] >= 3, timeout=60)
    pids = pool.process_ids()
    assert len(pids) == 1 and all(pid != __import__("os").getpid() for pid in pids)
    for g in games:
        assert c.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]}).status_code == 200
    deadline = time.time() + 20
    while pool.thinking and time.time() < deadline:
        time.sleep(0.05)
    assert pool.release_if_idle(now=time.monotonic() + bot_runner.IDLE_SECONDS + 1)
    assert pool.process_ids() == []


def test_deleting_a_game_whose_bot_thinks_stores_nothing_more(client):
    g, s, bot = at_p(client)
    ut = g["tokens"]["union"]
    play(client, g["id"], ut, view(client, g["id"], ut).json())
    bot.wait_asked(1)                          # thinking until its gate opens
    r = client.request("DELETE", f"/api/games/{g['id']}", json={"token": g["tokens"]["creator"]})
    assert r.status_code == 200
    bot.gates[0].set()                         # its decision comes back after the delete
    time.sleep(0.2)
    store = client.app.state.manager.store
    assert store.game(g["id"]) is None and client.get("/api/games").json()["total"] == 0


def test_a_commit_cancelled_by_a_delete_leaves_no_unretrieved_error(client, caplog):
    g, s, _ = at_p(client)
    store = client.app.state.manager.store
    action = s.state.legal_actions()[0]

    async def delete_mid_commit():
        store.delete(g["id"])                  # the delete lands first: the append then fails
        task = asyncio.ensure_future(s.commit([(action, s.state.to_act)]))
        await asyncio.sleep(0)
        task.cancel()                          # as the delete cancels the bot's task
        await asyncio.sleep(0.3)
        del task
        gc.collect()

    client.portal.call(delete_mid_commit)
    gc.collect()
    assert "never retrieved" not in caplog.text
