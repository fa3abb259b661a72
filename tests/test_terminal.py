"""The terminal game (`cwbattles play`) for an area-map and a hex-map game: the position is shown,
an action is played by its number, a non-attack has no odds to preview, `q` quits."""

from click.testing import CliRunner

from cwbattles.cli import main


def play(game: str, keys: str, *options: str):
    extra = [x for o in options for x in ("--option", o)]
    out = CliRunner().invoke(main, ["play", game, "--seed", "3", "--confederate", "heuristic", *extra], input=keys)
    assert out.exit_code == 0, out.output
    return out.output


def test_terminal_game_on_a_hex_map():
    text = play("champion-hill", "1\np 1\n1\nq\n")   # McGinnis, preview a step, take it
    assert "Game-Turn 1/12" in text and "VP — Union 0, Confederates 0" in text
    assert "1309 clear — Crossroads" in text and "Cumming's Brigade 7-6" in text
    assert "moves 1404 -> 1403" in text
    assert "is not an attack: there are no odds to show" in text
    assert "Off the map (to come, or set aside): Union 15, Confederates 4" in text


def test_terminal_game_on_an_area_map():
    text = play("cedar-creek", "q\n")
    assert "Cedar Creek 1864" in text and "VP — Union" in text and "Turn 1 begins" in text


def test_a_preview_or_the_log_does_not_print_the_board_again_and_a_hex_game_shows_the_action_nearby():
    text = play("champion-hill", "p 40\nl\na\nq\n")
    assert text.count("Game-Turn 1/12") == 1                     # printed once: nothing was played
    assert "Near the action" not in text                         # no hex is named yet (which unit moves)
    text = play("champion-hill", "1\nq\n")                       # McGinnis starts his move
    assert "Near the action" in text and "1404*U11" in text and "1403*." in text


def _printed(render, *args) -> str:
    from rich.console import Console
    console = Console(record=True, width=140)
    render(console, *args)
    return console.export_text()


def test_the_terminal_preview_of_an_attack_is_a_table_with_rules_and_percentages():
    import cwbattles
    from cwbattles.engine.actions import Action
    from cwbattles.terminal_preview import show_preview
    from tests.games.cedar_creek.helpers import act, setup_position, unit
    game = cwbattles.load("cedar-creek")
    # Cook (fields east) may attack Kitching's camp (the position of test_11_combat).
    s = setup_position(game, [unit("kitching", "kitching-camp", facing="east-fields"),
                              unit("cook", "east-fields", facing="cooley-house"), unit("cox", "cooley-fields", facing="cooley-house")],
                       turn=3, frames=[["brigades", 1, "d:ramseur", ["u:cook", "u:cox"]]])
    act(s, "brigade", "cook")
    attack = Action("attack", game.board.index["kitching-camp"])
    text = _printed(show_preview, s.preview(attack), lambda kind, ident: ident)
    assert "strength" in text and "11.3" in text and "total modifier" in text and "higher elevation" in text
    for line in ("defender hit (+ fatigue)", "attacker tires"):
        assert line in text
    assert text.count("%") >= 5 and "{" not in text                # a table, not JSON


def test_the_terminal_shows_what_holding_and_retreating_cost():
    import cwbattles
    from cwbattles.terminal_preview import show_preview
    from tests.games.cedar_creek.test_11_4_results import hit_duval
    game = cwbattles.load("cedar-creek")
    s = hit_duval(game, turn=2)
    hold = next(a for a in s.legal_actions() if a.kind == "hold")
    text = _printed(show_preview, s.preview(hold), lambda kind, ident: ident)
    assert "hold" in text and "retreat: orderly retreat" in text and "retreat: rout" in text
    assert "50.0%" in text and "Union, turns 1-2 +1 (11.4)" in text


def test_the_terminal_preview_of_a_hex_attack_is_itemised_in_tables():
    import random

    import cwbattles
    from cwbattles.terminal_preview import show_preview
    game = cwbattles.load("champion-hill")
    s = game.new_game(seed=4)
    rng = random.Random(4)
    while not any(a.kind == "attack" for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    attack = next(a for a in s.legal_actions() if a.kind == "attack")
    text = _printed(show_preview, s.preview(attack), lambda kind, ident: ident)
    assert "Strengths (8.3-8.4)" in text and "attacker total" in text and "Results" in text and "%" in text


def test_terminal_game_on_a_gbacw_map():
    text = play("cedar-mountain", "1\n1\n2\nq\n", "union_setup=choose")   # by hand: a hex, a facing, a formation
    assert "Cedar Mountain 1862" in text and "Game-Turn 1/13 14:00" in text
    assert "2009 clear  5th Connecticut 5-4" in text.replace("\n", " ") or "5th Connecticut 5-4" in text
    assert "set up in fighting formation" in text


def test_terminal_game_on_the_two_section_board():
    text = play("chancellorsville", "q\n")               # the Confederates (heuristic) move first
    assert "Chancellorsville 1863" in text and "Game-Turn 1/32" in text and "1 May 06:00" in text
    assert "F2401 clear" in text and "H1616" in text                   # both sections' hexes


def test_the_terminal_preview_of_a_gbacw_fire_is_tables_and_a_small_map():
    """Issue 27, point 5: `p N` on a Cedar Mountain fire prints the column, its shifts with their
    rules, the chance of each result and each unit's risks (not the raw JSON), and the decision
    shows the hexes around it as Champion Hill's do."""
    from cwbattles.terminal import show_local_map
    from cwbattles.terminal_preview import show_preview
    from tests.games.cedar_mountain.helpers import game, position
    s = position(game(), {"us-5ct": ("1606", "W", "line"), "crawford": "1606", "cs-21va": ("1607", "E", "line")},
                 side="union", phase="offensive_fire")
    fire = s.legal_actions()[0]
    text = _printed(show_preview, s.preview(fire), lambda kind, ident: ident)
    assert "us-5ct fire at 1607: strength 5, column 3" in text and "column shift -1 (9.52)" in text
    assert "Results (one die, 9.6)" in text and "P/R" in text and "16.7%" in text
    assert "What each unit risks" in text and "cs-21va" in text and "{" not in text
    assert len(text.splitlines()) < 30
    near = _printed(show_local_map, s, s.legal_actions())
    assert "Near the action" in near and "1607*C2" in near and "1606 U5" in near
