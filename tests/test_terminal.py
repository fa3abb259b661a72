"""The terminal game (`cwbattles play`) for an area-map and a hex-map game: the position is shown,
an action is played by its number, a non-attack has no odds to preview, `q` quits."""

from click.testing import CliRunner

from cwbattles.cli import main


def play(game: str, keys: str):
    out = CliRunner().invoke(main, ["play", game, "--seed", "3", "--confederate", "heuristic"], input=keys)
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
