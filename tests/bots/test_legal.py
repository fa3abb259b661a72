"""Every bot returns a legal action at every decision, in every kind of decision, and never
changes the state it is given."""

from collections import Counter

from cwbattles.bots import make_bot


def play_checked(game, seed, union, confederate, max_decisions=None, check_unchanged=True):
    s = game.new_game(seed=seed)
    bots = {"union": make_bot(union, seed=seed * 2 + 1), "confederate": make_bot(confederate, seed=seed * 2 + 2)}
    kinds = Counter()
    n = 0
    while not s.is_over and (max_decisions is None or n < max_decisions):
        legal = s.legal_actions()
        before = s.to_position() if check_unchanged else None
        a = bots[s.to_act].choose(s)
        assert a in legal, f"{s.to_act} chose {a} not among {legal}"
        if check_unchanged:
            assert s.to_position() == before, "the bot changed the state it was given"
        kinds[s.stack[-1][0]] += 1
        s.apply(a)
        n += 1
    for b in bots.values():
        b.close()
    return s, kinds


def test_heuristic_plays_whole_games_legally_on_both_sides(game):
    """Heuristic against heuristic, and against random on each side: whole games, every
    decision checked; between them they meet every kind of decision."""
    seen = Counter()
    for seed, (u, c) in enumerate([("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")]):
        s, kinds = play_checked(game, 100 + seed, u, c, check_unchanged=(seed == 0))
        assert s.is_over and s.result["final"]
        seen.update(kinds)
    for kind in ("divisions", "brigades", "move", "facing", "line", "hqphase", "resolve", "hit",
                 "retreat", "advance", "tactical"):
        assert seen[kind], f"no {kind} decision met"


def test_random_plays_legally(game):
    s, _ = play_checked(game, 7, "random", "random")
    assert s.is_over


def test_mcts_plays_legally_from_the_start_and_in_mid_game(game):
    """A small simulation budget; the first decisions of a game, then decisions of turn 4."""
    play_checked(game, 3, "mcts:12", "mcts:12", max_decisions=30)
    s = game.new_game(seed=5)
    h = make_bot("heuristic", seed=1)
    while s.turn < 4:
        s.apply(h.choose(s))
    bot = make_bot("mcts:12", seed=2)
    for _ in range(30):
        legal = s.legal_actions()
        before = s.to_position()
        a = bot.choose(s)
        assert a in legal and s.to_position() == before
        s.apply(a)


def test_mcts_root_parallel_adds_the_visits_of_its_workers(game):
    s = game.new_game(seed=2)
    bot = make_bot("mcts:15:2w", seed=4)
    try:
        for _ in range(3):
            legal = s.legal_actions()
            a = bot.choose(s)
            assert a in legal
            if bot.last["simulations"]:
                # each worker runs 15 at most (fewer once its choice is settled)
                assert 0 < bot.last["simulations"] <= 30
                assert sum(bot.last["visits"].values()) == bot.last["simulations"]
            s.apply(a)
    finally:
        bot.close()


def test_bots_play_games_without_their_own_knowledge():
    """Every other game: the generic knowledge (score so far, one step ahead) still gives legal
    choices, for the heuristic and the search."""
    import cwbattles
    for name in cwbattles.games():
        if name == "cedar-creek":
            continue
        g = cwbattles.load(name)
        s = g.new_game(seed=1)
        bots = [make_bot("heuristic", seed=1), make_bot("mcts:5", seed=2)]
        for i in range(80):
            if s.is_over:
                break
            legal = s.legal_actions()
            a = bots[i % 2].choose(s)
            assert a in legal
            s.apply(a)
