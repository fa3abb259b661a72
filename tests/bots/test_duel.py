"""Duels: JSON structure, sides swapped every game, seeds from S and the game's number,
identical results whatever the number of workers; the CLI command."""

import json

import pytest

from click.testing import CliRunner

from cwbattles.cli import main
from cwbattles.duel import duel, game_seed, wilson


def test_duel_structure_and_side_swapping():
    out = duel("cedar-creek", "random", "heuristic", games=4, seed=3)
    assert out["games"] == 4 and out["seed"] == 3
    for who, spec in (("a", "random"), ("b", "heuristic")):
        r = out[who]
        assert r["bot"] == spec
        assert r["games_as_union"] == 2 and r["games_as_confederate"] == 2
        assert r["wins"] == r["wins_as_union"] + r["wins_as_confederate"]
        assert 0 <= r["win_rate"] <= 1 and r["win_rate_ci95"][0] <= r["win_rate"] <= r["win_rate_ci95"][1]
        assert isinstance(r["mean_vp_margin"], float) and r["mean_seconds_per_decision"] >= 0
    assert out["a"]["wins"] + out["b"]["wins"] == 4
    assert out["a"]["mean_vp_margin"] == -out["b"]["mean_vp_margin"]
    rows = out["results"]
    assert [r["union"] for r in rows] == ["random", "heuristic", "random", "heuristic"]
    assert [r["confederate"] for r in rows] == ["heuristic", "random", "heuristic", "random"]
    assert rows[0]["seed"] == rows[1]["seed"] == game_seed(3, 0) and rows[2]["seed"] == game_seed(3, 1)
    assert rows[0]["seed"] != rows[2]["seed"]


def test_duel_results_do_not_depend_on_the_workers():
    one = duel("cedar-creek", "random", "random", games=6, seed=8, workers=1)
    two = duel("cedar-creek", "random", "random", games=6, seed=8, workers=2)
    assert one["results"] == two["results"]
    for who in ("a", "b"):
        for k in ("wins", "wins_as_union", "wins_as_confederate", "mean_vp_margin", "decisions"):
            assert one[who][k] == two[who][k]


def test_wilson_interval():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo, hi = wilson(5, 10)
    assert abs((0.5 - lo) - (hi - 0.5)) < 1e-3 and 0.2 < lo < 0.3
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.9 and 0.97 < hi < 0.99


def test_duel_command_prints_one_json_object():
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                  "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["games"] == 2 and out["a"]["bot"] == "random" and len(out["results"]) == 2


def test_duel_command_refuses_an_unknown_bot():
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "nobody", "--b", "random", "--games", "2"])
    assert r.exit_code != 0


def test_duel_plays_a_game_whose_result_counts_no_losses():
    out = duel("champion-hill", "random", "random", games=2, seed=5)
    assert [r["union"] for r in out["results"]] == ["random", "random"]
    assert out["a"]["wins"] + out["b"]["wins"] + sum(r["winner"] is None for r in out["results"]) == 2
    for r in out["results"]:
        assert r["winner"] == ("union" if r["margin"] > 0 else "confederate" if r["margin"] < 0 else None)


def test_journal_records_each_game_and_a_rerun_plays_only_the_missing_ones(tmp_path, monkeypatch):
    path = tmp_path / "duel.jsonl"
    full = duel("cedar-creek", "random", "random", games=4, seed=5, journal=str(path))
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["duel"]["seed"] == 5 and len(lines) == 5
    assert full["games_from_journal"] == 0
    # drop game 2, and cut game 3's line short as a stopped run would leave it
    kept = [ln for ln in lines if json.loads(ln).get("game") != 2]
    path.write_text("\n".join(kept[:-1]) + "\n" + kept[-1][:10])
    played = []
    import cwbattles.duel as d
    real = d.play_game
    monkeypatch.setattr(d, "play_game", lambda *args: played.append(args[1]) or real(*args))
    again = duel("cedar-creek", "random", "random", games=4, seed=5, journal=str(path))
    assert sorted(played) == [2]        # game 3 is game 2 again: a bot against itself (mirror)
    assert again["results"] == full["results"] and again["games_from_journal"] == 2
    assert again["a"]["mean_vp_margin"] == full["a"]["mean_vp_margin"]
    assert path.read_text().endswith("\n") and len(path.read_text().splitlines()) == 5
    played.clear()
    inode = path.stat().st_ino
    third = duel("cedar-creek", "random", "random", games=4, seed=5, journal=str(path))
    assert played == [] and third["results"] == full["results"]
    # nothing to add: the file is not rewritten (a duel still playing into it keeps its lines)
    assert path.stat().st_ino == inode
    fewer = duel("cedar-creek", "random", "random", games=2, seed=5, journal=str(path))
    assert fewer["games"] == 2 and path.stat().st_ino == inode and len(path.read_text().splitlines()) == 5


def test_journal_of_another_duel_or_corrupted_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "duel.jsonl"
    duel("cedar-creek", "random", "random", games=2, seed=5, journal=str(path))
    before = path.read_text()
    with pytest.raises(ValueError, match="duel.jsonl: key 'duel' on line 1"):
        duel("cedar-creek", "random", "random", games=2, seed=6, journal=str(path))
    assert path.read_text() == before
    lines = before.splitlines()
    path.write_text(lines[0] + "\n{not json\n" + lines[2] + "\n")
    with pytest.raises(ValueError, match="line 2 is not a game result"):
        duel("cedar-creek", "random", "random", games=2, seed=5, journal=str(path))


def test_duel_command_with_a_journal(tmp_path):
    path = tmp_path / "j.jsonl"
    args = ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2", "--seed", "1", "--json",
            "--journal", str(path)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert len(path.read_text().splitlines()) == 3
    r2 = CliRunner().invoke(main, args)
    assert json.loads(r2.stdout)["games_from_journal"] == 2
    assert json.loads(r2.stdout)["results"] == json.loads(r.stdout)["results"]


def game(i, margin):
    return {"game": i, "a_side": ("union", "confederate")[i % 2], "margin": margin}


def test_pairs_give_bot_a_mean_margin_with_an_interval():
    from cwbattles.duel import mean_ci, pair_margins
    results = [game(0, 30), game(1, 20), game(2, 24), game(3, 28), game(4, 10)]   # game 5 unfinished
    assert pair_margins(results) == [5.0, -2.0]
    lo, hi = mean_ci([5.0, -2.0])
    # sd 3.5 * 2 ** 0.5 over 2 pairs: a standard error of 3.5
    assert abs(lo - (1.5 - 1.96 * 3.5)) < 0.01 and abs(hi - (1.5 + 1.96 * 3.5)) < 0.01
    assert mean_ci([]) == [None, None] and mean_ci([4.0]) == [4.0, 4.0]


def test_komi_counts_wins_against_a_margin():
    from cwbattles.duel import komi_wins
    # a as the Union: margins 30 (win over komi 25), 25 (draw), 10 (loss);
    # b as the Union: 20 (so a, as the Confederates, wins) and 40 (a loses)
    results = [game(0, 30), game(1, 20), game(2, 25), game(3, 40), game(4, 10)]
    k = komi_wins(results, 25)
    assert k["komi"] == 25
    assert (k["a"]["wins_as_union"], k["a"]["draws_as_union"], k["a"]["games_as_union"]) == (1, 1, 3)
    assert (k["a"]["wins_as_confederate"], k["a"]["games_as_confederate"]) == (1, 2)
    assert (k["b"]["wins_as_union"], k["b"]["wins_as_confederate"]) == (1, 1)
    assert k["a"]["win_rate"] == 0.4


def test_duel_command_with_a_komi_reads_the_games_of_its_journal(tmp_path):
    journal = str(tmp_path / "d.jsonl")
    first = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                      "--seed", "1", "--json", "--journal", journal])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                      "--seed", "1", "--json", "--journal", journal, "--komi", "0.5"])
    assert again.exit_code == 0, again.output
    out = json.loads(again.stdout)
    assert out["games_from_journal"] == 2 and out["komi"]["komi"] == 0.5
    margins = [r["margin"] for r in out["results"]]
    assert out["komi"]["a"]["wins_as_union"] == int(margins[0] > 0.5)
    assert out["a"]["pairs"] == 1 and out["a"]["pair_margin_ci95"] == [(margins[0] - margins[1]) / 2] * 2


def test_side_gains_compare_each_game_with_b_on_the_same_dice():
    from cwbattles.duel import side_gains
    results = [dict(game(0, 30), seed=7), dict(game(1, 20), seed=7),    # b v b on seed 7: 24
               dict(game(2, 10), seed=8), dict(game(3, 10), seed=8),    # b v b on seed 8: 10
               dict(game(4, 5), seed=9)]                                # seed 9 has no baseline
    g = side_gains(results, {7: 24.0, 8: 10.0})
    # as the Union a made 30 where b made 24 (+6), and 10 where b made 10 (0)
    assert g["union"]["games"] == 2 and g["union"]["mean_gain"] == 3.0
    assert (g["union"]["better"], g["union"]["same"], g["union"]["worse"]) == (1, 1, 0)
    # as the Confederates a let the Union make 20 where b let it make 24: a gain of +4
    assert g["confederate"]["mean_gain"] == 2.0 and g["confederate"]["better"] == 1
    assert g["confederate"]["mean_gain_ci95"][0] < 2.0 < g["confederate"]["mean_gain_ci95"][1]


def test_duel_command_with_a_baseline_of_b_against_itself(tmp_path):
    base = str(tmp_path / "base.jsonl")
    made = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                     "--seed", "3", "--journal", base])
    assert made.exit_code == 0, made.output
    base_margins = [json.loads(line)["margin"] for line in open(base).read().splitlines()[1:]]
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "heuristic", "--b", "random", "--games", "2",
                                  "--seed", "3", "--json", "--baseline", base])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    margins = [x["margin"] for x in out["results"]]
    expected = sum(base_margins) / 2
    assert out["side_gains"]["union"]["mean_gain"] == round(margins[0] - expected, 3)
    assert out["side_gains"]["confederate"]["mean_gain"] == round(expected - margins[1], 3)
    text = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "heuristic", "--b", "random", "--games", "2",
                                     "--seed", "3", "--baseline", base])
    assert "a as Union, against b on the same dice" in text.stdout


def test_a_baseline_missing_or_of_another_duel_is_refused(tmp_path):
    missing = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                        "--baseline", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "no such baseline journal" in missing.output
    other = tmp_path / "other.jsonl"      # heuristic v random is not b (random) against itself
    other.write_text(json.dumps({"duel": {"game": "cedar-creek", "a": "heuristic", "b": "random", "seed": 0,
                                          "options": {}}}) + "\n")
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "heuristic", "--b", "random", "--games", "2",
                                  "--baseline", str(other)])
    assert r.exit_code == 2 and "key 'duel' on line 1" in r.output
    assert not (tmp_path / "none.jsonl").exists()


def test_bot_seed_moves_the_bots_seeds_and_is_part_of_the_duel(tmp_path):
    from cwbattles.duel import play_game
    plain, moved = play_game("cedar-creek", 0, 4, "random", "random"), play_game("cedar-creek", 0, 4, "random", "random",
                                                                                   bot_seed=1000)
    assert plain["seed"] == moved["seed"]                      # the same dice...
    assert plain["decisions"] != moved["decisions"]            # ...another game: the random bots drew otherwise
    journal = str(tmp_path / "j.jsonl")
    duel("cedar-creek", "random", "random", games=2, seed=4, journal=journal, bot_seed=1000)
    assert json.loads(open(journal).readline())["duel"]["bot_seed"] == 1000
    with pytest.raises(ValueError, match="key 'duel' on line 1"):       # not the duel of bot_seed 0
        duel("cedar-creek", "random", "random", games=2, seed=4, journal=journal)


def test_several_baselines_are_averaged_seed_by_seed(tmp_path):
    bases = []
    for k, bot_seed in enumerate((0, 1000, 2000)):
        path = str(tmp_path / f"base{k}.jsonl")
        duel("cedar-creek", "random", "random", games=4, seed=6, journal=path, bot_seed=bot_seed)
        bases.append(path)
    margins = []
    for path in bases:
        rows = [json.loads(line) for line in open(path).read().splitlines()[1:]]
        by_seed = {}
        for r in rows:
            by_seed.setdefault(r["seed"], []).append(r["margin"])
        margins.append({s: sum(m) / len(m) for s, m in by_seed.items()})
    out = duel("cedar-creek", "heuristic", "random", games=2, seed=6, baseline=bases)
    assert out["baselines"] == 3
    s, union_margin = out["results"][0]["seed"], out["results"][0]["margin"]
    expected = sum(m[s] for m in margins) / 3
    assert out["side_gains"]["union"]["mean_gain"] == round(union_margin - expected, 3)
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "heuristic", "--b", "random", "--games", "2",
                                  "--seed", "6", "--baseline", bases[0], "--baseline", bases[2]])
    assert r.exit_code == 0, r.output
    assert "(the mean of 2 baseline duels)" in r.stdout


def test_a_bot_against_itself_plays_each_pair_once_and_the_second_game_is_the_first_again(tmp_path, monkeypatch):
    from cwbattles.duel import play_game
    import cwbattles.duel as d
    played = []
    real = d.play_game
    monkeypatch.setattr(d, "play_game", lambda *args: played.append(args[1]) or real(*args))
    out = duel("cedar-creek", "random", "random", games=5, seed=11)
    assert played == [0, 2, 4]
    for r in out["results"][1::2]:          # what playing the second game gives, timing aside
        again = play_game("cedar-creek", r["game"], 11, "random", "random")
        assert (r["union"], r["confederate"], r["winner"], r["margin"]) == \
            ("random", "random", again["winner"], again["margin"])
    # with a journal holding only a pair's first game, its second is written without playing
    path = tmp_path / "self.jsonl"
    duel("cedar-creek", "random", "random", games=1, seed=11, journal=str(path))
    played.clear()
    two = duel("cedar-creek", "random", "random", games=2, seed=11, journal=str(path))
    assert played == [] and [r["margin"] for r in two["results"]] == [out["results"][0]["margin"]] * 2
    assert len(path.read_text().splitlines()) == 3
    # a time budget: the machine's speed may decide, so both games are played (not here: faked)
    played.clear()
    fake = dict(out["results"][0], a_side="union", vp={}, decisions={"union": 1, "confederate": 1},
                seconds={"union": 1.0, "confederate": 1.0})
    monkeypatch.setattr(d, "play_game", lambda *args: played.append(args[1]) or dict(fake, game=args[1]))
    duel("cedar-creek", "mcts:1s", "mcts:1s", games=2, seed=11)
    assert played == [0, 1]


def test_duel_command_takes_rule_options_into_the_journal(tmp_path):
    """--option NAME=VALUE plays the games with that option and names it in the journal's
    header; an option at its default is left out, so its journal matches one made without it."""
    path = tmp_path / "returns.jsonl"
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                  "--option", "oob=returns", "--journal", str(path), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(path.read_text().splitlines()[0])["duel"]["options"] == {"oob": "returns"}
    path = tmp_path / "calibrated.jsonl"
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                  "--option", "oob=calibrated", "--journal", str(path), "--json"])
    assert json.loads(path.read_text().splitlines()[0])["duel"]["options"] == {}
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--games", "2", "--option", "oob=printed"])
    assert r.exit_code != 0 and "oob" in r.output
