"""The commander bot: its specs, determinism at a fixed number of plans, legal moves in every
battle, its time control (on a counting clock, not the machine's), the web's hold on its time,
and a scripted position where its plan takes an undefended victory hex."""

import random

import pytest

import cwbattles
from cwbattles.bots import make_bot, parse_spec
from cwbattles.bots import knowledge, objectives, planning
from cwbattles.bots.commander import OVERRUN, CommanderBot
from cwbattles.bots.planning import Planner
from cwbattles.web.limits import Limits, cap_decisions, check_bot, is_search
from cwbattles.web.errors import WebError

GAMES = ("cedar-creek", "champion-hill", "cedar-mountain", "chancellorsville")


def until_side(state, side, seed=1):
    """Play the heuristic for both sides until ``side`` has a real choice."""
    h = make_bot("heuristic", seed)
    while state.to_act != side or len(state.legal_actions()) == 1:
        state.apply(h.choose(state))
    return state


@pytest.mark.parametrize("spec, seconds, plans, workers", [
    ("commander", 300.0, None, 1), ("commander:30s", 30.0, None, 1), ("commander:5m", 300.0, None, 1),
    ("commander:200p", None, 200, 1), ("commander:30s:2w", 30.0, None, 2)])
def test_commander_specs(spec, seconds, plans, workers):
    name, budget = parse_spec(spec)
    assert name == "commander" and budget["plans"] == plans and budget["workers"] == workers
    bot = make_bot(spec)
    assert (bot.seconds, bot.plans, bot.workers) == (seconds, plans, workers)


@pytest.mark.parametrize("spec", ["commander:200", "commander:0s", "commander:2p:3p", "heuristic:200p"])
def test_bad_commander_specs(spec):
    with pytest.raises(ValueError):
        parse_spec(spec)


def play(game_name, union, confederate, decisions, seed=5):
    s = cwbattles.load(game_name).new_game(seed=seed)
    bots = {"union": union, "confederate": confederate}
    chosen = []
    for _ in range(decisions):
        if s.is_over:
            break
        legal = s.legal_actions()
        a = bots[s.to_act].choose(s)
        assert a in legal
        chosen.append(a)
        s.apply(a)
    return chosen


def test_same_seed_same_moves_at_a_fixed_number_of_plans():
    runs = [play("champion-hill", make_bot("commander:6p", 3), make_bot("heuristic", 4), 160) for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game_name", GAMES)
def test_legal_moves_only(game_name):
    play(game_name, make_bot("commander:2p", 1), make_bot("commander:2p", 2), 60)


class WorkClock:
    """A clock that moves on only when the planner plays a plan on one set of dice (a fixed
    cost each): time control checked without timing anything."""

    def __init__(self, step=0.01):
        self.now, self.step = 0.0, step

    def __call__(self):
        return self.now


def counting_clock(monkeypatch, step=0.01) -> WorkClock:
    """A WorkClock moved on by every plan the planner plays."""
    clock = WorkClock(step)
    played = Planner.decode

    def decode(self, *args, **kwargs):
        clock.now += clock.step
        return played(self, *args, **kwargs)
    monkeypatch.setattr(Planner, "decode", decode)
    return clock


def test_no_decision_takes_more_than_its_share(monkeypatch):
    clock = counting_clock(monkeypatch)
    bot = CommanderBot(seed=1, seconds=3.0, clock=clock)
    play("champion-hill", bot, make_bot("heuristic", 2), 400)
    planned = [(used, share) for used, share in bot.timing if share is not None]
    assert len(planned) >= 3 and max(used for used, _ in planned) > 0
    assert all(used <= OVERRUN * share for used, share in planned), planned
    assert bot.spent <= bot.seconds


def test_plans_that_finish_early_leave_their_time_to_the_others(monkeypatch):
    # a whole Champion Hill game as the Confederates on a clock that counts plan plays: most of
    # their plans are a retreat or an advance of one or two genes, searched through long before
    # their share is up; counted among the plans still to come (before 2026-11-29) they held every
    # share down: on this clock 81% of the game's time was spent, now 96% (on the CPU clock of a
    # 30 s game, 42% and 61% in two games before)
    clock = counting_clock(monkeypatch, step=0.01)
    bot = CommanderBot(seed=1, seconds=20.0, clock=clock)
    play("champion-hill", make_bot("heuristic", 2), bot, 100000)
    assert 0.9 * bot.seconds <= bot.spent <= bot.seconds


def test_the_server_caps_each_decision_and_allows_a_whole_game():
    limits = Limits()
    assert is_search("commander:30s") and is_search("commander") and not is_search("heuristic")
    assert check_bot("commander:5m", limits) == "commander"      # 300 s a game, not a decision
    with pytest.raises(WebError):
        check_bot("commander:20m", limits)
    with pytest.raises(WebError):
        check_bot("commander:100000p", limits)
    bot = make_bot("commander:5m")
    cap_decisions(bot, limits)
    s = until_side(cwbattles.load("champion-hill").new_game(seed=1), "union")
    assert bot.max_decision_seconds == limits.bot_seconds and bot.share(s) <= limits.bot_seconds


def moved(game, doc, unit: str, place: str):
    """The position ``doc`` with ``unit`` standing on hex ``place``."""
    old = next(h for h, units in doc["stacks"].items() if unit in units)
    doc["stacks"][old].remove(unit)
    if not doc["stacks"][old]:
        del doc["stacks"][old]
    doc["stacks"].setdefault(place, []).append(unit)
    next(u for u in doc["units"] if u["id"] == unit)["hex"] = place
    return game.from_position(doc)


def test_cedar_mountain_the_plan_takes_an_undefended_victory_hex():
    # a Union regiment next to the clearing at 1323, which nobody holds, no Confederate near:
    # its division is given the clearing, and the plan ends with the regiment on it (27.22)
    game = cwbattles.load("cedar-mountain")
    b = game.board
    target = b.ids.index("1323")
    row = b.distances_from(target)
    beside = next(h for h in range(len(row)) if row[h] == 1)
    s = moved(game, game.new_game(seed=3).to_position(), "us-5ct", b.ids[beside])
    until_side(s, "union")
    slot = game.control_hexes.index(target)
    assert s.control[slot] == -1
    goals = {ob.formation: ob for ob in objectives.assign(s, "union")}
    regiment = game.unit_index["us-5ct"]
    mine = next(ob for ob in goals.values() if regiment in ob.units)
    assert (mine.kind, mine.place) == ("take", target)
    bot = make_bot("commander:4p", 1)
    while s.to_act == "union":
        s.apply(bot.choose(s))
    assert s.control[slot] == 0 and s.hex[regiment] == target
    assert "take 1323" in bot.intentions[mine.formation]


@pytest.mark.parametrize("game_name, side", [("champion-hill", "union"), ("cedar-creek", "confederate"),
                                              ("cedar-mountain", "union"), ("chancellorsville", "union")])
def test_plans_resumed_from_the_cache_score_as_played_afresh(game_name, side):
    # plans sharing beginnings, and a second seed sharing the dice-free part: each fitness the
    # same as the plan played from the start on its own (decode with record) and then scored
    game = cwbattles.load(game_name)
    s = until_side(game.new_game(seed=7), side)
    kn = knowledge.for_game(game)
    genomes = [(), (1,), (1, 0, 2), (0, 0, 0, 1), (1, 0, 2, 0, 3), (2,) * 12, (0,) * 15 + (1,),
               (0,) * 15 + (1, 0, 0, 0, 2), (0, 3) * 10 + (0,) * 20 + (1,)]
    cached = Planner(kn, random.Random(1), side, True, None)
    got = [cached.fitness_on(s, g, seed) for g in genomes for seed in (11, 12)]
    sign = 1.0 if side == "union" else -1.0
    fresh = []
    for g in genomes:
        for seed in (11, 12):
            end, _, _ = Planner(kn, random.Random(1), side, True, None).decode(s, g, seed, record=True, reply=True)
            fresh.append(sign * kn.evaluate(end))
    assert got == fresh
    assert any(key[0] is None for key in cached._snaps if key[0] != "end")   # movement shared by seeds


def test_the_recheck_keeps_the_heuristics_turn_when_fresh_dice_find_the_best_worse(monkeypatch):
    # a plan scored 10 VP better on the dice it was chosen on, but 1 VP worse on fresh dice:
    # its mean over all the dice is better, yet only the fresh dice judge it fairly
    s = until_side(cwbattles.load("champion-hill").new_game(seed=1), "union")
    planner = Planner(knowledge.for_game(s.game), random.Random(2), "union", True, None)
    search_seeds: list = []

    def fitness_on(self, state, genome, seed):
        if len(search_seeds) < planning.SEEDS and seed not in search_seeds:
            search_seeds.append(seed)
        if genome == () or not any(genome):
            return 0.0
        return 10.0 if seed in search_seeds else -1.0
    monkeypatch.setattr(Planner, "fitness_on", fitness_on)
    plan = planner.plan(s, evaluations=6)
    assert plan.evaluations > 1 and not any(plan.genome)
    assert plan.fitness == plan.heuristic_fitness == 0.0


def test_the_heuristics_plan_plays_its_melees_by_their_previews_to_the_end_of_the_run():
    # Cedar Mountain, dice seed 7, the Union's turn 8: the command points, some 100 steps of
    # movement, then the melee declarations, then the Confederates' reply. The plan of all
    # zeros must be the heuristic's play at every real decision, the melees it declares and the
    # reply's decisions too (scored by the exact previews); before 2026-11-29 only the run's first
    # 48 were, and past them the fast policy declared every melee at 3-1 or better. (The run must
    # hold a Union melee: each change of the Cedar Mountain knowledge may move it; seed 7 has one
    # with the knowledge of the clearing change, seed 9 had one with the third pass's alone; the
    # set-up is pinned to the one seed 7 was chosen with, `oob=east`, so that a calibration of
    # the default set-up leaves this test's position alone.)
    game = cwbattles.load("cedar-mountain", {"oob": "east"})
    s = game.new_game(seed=7)
    h = make_bot("heuristic", 1)
    while not (s.turn == 8 and s.to_act == "union" and len(s.legal_actions()) > 1):
        s.apply(h.choose(s))
    kn = knowledge.for_game(game)
    planner = Planner(kn, random.Random(1), "union", True, None)
    _, _, steps = planner.decode(s, (), planning.SCRIPT_SEED, record=True, reply=True)
    t = s.clone()
    t.dice.reseed(planning.SCRIPT_SEED)
    real = fast_differs = 0
    kinds = set()
    for legal, action, _ in steps:
        assert tuple(t.legal_actions()) == legal
        if len(legal) > 1:
            real += 1
            kinds.add((t.to_act, t.stack[-1][0]))
            best = planning.ordering(kn, t, list(legal))[0]
            assert action == best
            fast_differs += planning.fast_choice(kn, t, list(legal)) != best
        t.apply(action)
    assert real > 100 and ("union", "declare_melee") in kinds and fast_differs >= 3


def test_the_plan_is_followed_only_while_the_game_brings_what_it_expected():
    # Champion Hill's first Union run: the bot plans it, plays its first action and, where the
    # game then brings the events the plan met, plays the plan's next action without planning
    # again. An event the plan did not meet (here one noted by hand, as a die that gave another
    # result would give another) leaves the legal actions as they were, and the bot plans again.
    game = cwbattles.load("champion-hill")
    s = until_side(game.new_game(seed=3), "union")
    bot = CommanderBot(seed=1, plans=3)
    first = bot.choose(s)
    assert len(bot.timing) == 1 and len(bot.plan["steps"]) > 2
    s.apply(first)
    while len(s.legal_actions()) == 1:       # the bot takes no decision where there is no choice
        s.apply(bot.choose(s))
    other = s.clone()
    planned = bot.plan["steps"][bot.plan["index"]][1]
    assert bot.choose(s) == planned and len(bot.timing) == 1
    bot.plan["index"] -= 1                    # the same decision again, after an unexpected event
    other.note("6.1", "Something the plan did not expect.")
    assert other.legal_actions() == s.legal_actions()
    bot.choose(other)
    assert len(bot.timing) == 2



def test_equal_scores_are_ordered_by_the_bots_seed_where_the_battle_asks():
    # Champion Hill's first Union decision: the reinforcements' entries score alike. Its knowledge
    # names the Union in SEEDED_TIES, so the Union's commander orders them by a draw from its
    # seed (the same at every call, another for another seed), the scores still best first; the
    # Confederates' commander, and every side of a battle that does not ask (Cedar Creek), keeps
    # the game's own order
    s = cwbattles.load("champion-hill").new_game(seed=1)
    kn = knowledge.for_game(s.game)
    assert planning.tie_salt(kn, "union", 7) == 7 and planning.tie_salt(kn, "confederate", 7) is None
    assert planning.tie_salt(knowledge.for_game("cedar-creek"), "union", 7) is None
    legal = s.legal_actions()
    scores = dict(zip(legal, kn.score_actions(s, legal)))
    game_order = planning.ordering(kn, s, legal)
    drawn = {salt: planning.ordering(kn, s, legal, salt) for salt in (1, 2)}
    assert drawn[1] == planning.ordering(kn, s, legal, 1)
    assert drawn[1] != drawn[2] and drawn[1] != game_order
    for order in (game_order, *drawn.values()):
        assert sorted(order, key=lambda a: -scores[a]) == order
    tied = [a for a in legal if scores[a] == scores[game_order[0]]]
    assert len(tied) > 2 and game_order[:len(tied)] == tied
    # the commander's plan of all zeros begins with the heuristic's choice in its seed's order
    assert CommanderBot(seed=2, plans=1).choose(s) == drawn[2][0]
