"""The ``cwbattles`` command: play, selfplay, duel, replay, serve."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click
from rich.console import Console

import cwbattles


def bot_spec(ctx, param, value):
    """A bot spec option checked by the bots' one grammar (``human`` where a person may play)."""
    from cwbattles.bots import parse_spec
    if value is None or value == "human":
        return value
    try:
        parse_spec(value)
    except ValueError as e:
        raise click.BadParameter(str(e)) from None
    return value


def print_version(ctx, param, value):
    """--version: the package version and the build that runs (compiled core or pure Python)."""
    if not value or ctx.resilient_parsing:
        return
    from cwbattles import _compiled
    click.echo(f"cwbattles {cwbattles.__version__}, {_compiled.build()}")
    ctx.exit()


@click.group()
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=print_version,
              help="Show the version and which build runs (compiled or pure Python).")
def main():
    """Civil War board wargames with every rule enforced."""


@main.command()
@click.argument("game_name", default="cedar-creek")
@click.option("--union", default="human", show_default=True, help="human, or a bot (random, heuristic, mcts:1s...)", callback=bot_spec)
@click.option("--confederate", default="heuristic", show_default=True, help="human, or a bot", callback=bot_spec)
@click.option("--seed", default=None, type=int, help="dice seed (random if omitted)")
@click.option("--record", "record_path", default=None, type=click.Path(dir_okay=False), help="save the game record here")
@click.option("--option", "option_pairs", multiple=True, help="rule option NAME=VALUE (repeatable)")
def play(game_name, union, confederate, seed, record_path, option_pairs):
    """Play a game in the terminal."""
    import random

    from rich.markup import escape

    from cwbattles.bots import make_bot
    from cwbattles.bots.intent import Journal
    from cwbattles.engine.records import Recorder
    from cwbattles.terminal import render, show_actions, show_local_map
    from cwbattles.terminal_preview import show_preview

    console = Console()
    seed = random.randrange(1 << 31) if seed is None else seed
    game = cwbattles.load(game_name, options=parse_options(option_pairs))
    rec = Recorder(game, seed)
    intents = Journal()            # the bots' intentions, kept in the record with their actions
    players = {}
    for side, spec in (("union", union), ("confederate", confederate)):
        players[side] = None if spec == "human" else make_bot(spec, seed=seed + (side == "union"))
    console.print(f"[bold]{game.title}[/] — seed {seed}. Type a number to act; 'p N' what action N would "
                  f"bring (odds, or the cost of holding and retreating), 'a' the actions again, 'l' log, 'q' quit.")
    names = terminal_names(game)
    shown = 0
    drawn = None               # the number of actions when the board was last printed
    state = rec.state
    try:
        while not state.is_over:
            log = state.log
            for ev in log[shown:]:
                console.print(f"[dim]{escape(str(ev))}[/]")
            shown = len(log)
            bot = players[state.to_act]
            if bot:
                action = bot.choose(state)
                rec.apply(action, intents.note(state.to_act, bot))
                continue
            actions = state.legal_actions()
            if drawn != len(rec.actions):      # after a preview or the log, the board is not printed again
                render(console, state)
                show_local_map(console, state, actions)
                show_actions(console, state, actions)
                drawn = len(rec.actions)
            choice = console.input(f"[bold]{state.to_act}>[/] ").strip()
            if choice == "q":
                break
            if choice == "l":
                for ev in state.log[-40:]:
                    console.print(escape(str(ev)))
                continue
            if choice == "a":
                show_actions(console, state, actions)
                continue
            if choice.startswith("p "):
                try:
                    pv = state.preview(actions[int(choice[2:]) - 1])
                    if pv:
                        show_preview(console, pv, names)
                    else:
                        console.print(f"Action {choice[2:]} is not an attack: there are no odds to show.")
                except (ValueError, IndexError) as e:
                    console.print(f"[red]{e}[/]")
                continue
            if not choice.isdigit() or not 1 <= int(choice) <= len(actions):
                console.print(f"[red]Choose a number from 1 to {len(actions)}.[/]")
                continue
            rec.apply(actions[int(choice) - 1])
    except (EOFError, KeyboardInterrupt):
        console.print("\nStopped.")
    for ev in state.log[shown:]:
        console.print(f"[dim]{escape(str(ev))}[/]")
    if state.is_over:
        res = state.result
        console.print(f"[bold]Game over:[/] Union {res['union']['total']} VP, Confederates "
                      f"{res['confederate']['total']} VP — the {res['winner']} win.")
    if record_path:
        rec.save(record_path)
        console.print(f"Record saved to {record_path}.")


def terminal_names(game):
    """names(kind, id): a unit's, a zone's or a hex's name for the previews."""
    units = {c["id"]: c["name"] for key in ("brigades", "units") for c in game.counters().get(key, ())}
    zones = {z.id: z.name for z in getattr(game.board, "zones", ())}
    return lambda kind, ident: units.get(ident, ident) if kind == "unit" else zones.get(ident, ident)


def parse_options(pairs) -> dict:
    """--option NAME=VALUE pairs as a dict (the game validates names and values)."""
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"expected NAME=VALUE, got {pair!r}", param_hint="--option")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


@main.command()
@click.argument("game_name", default="cedar-creek")
@click.option("--games", "-n", default=100, show_default=True, type=int)
@click.option("--union", default="random", show_default=True, help="bot playing the Union", callback=bot_spec)
@click.option("--confederate", default="random", show_default=True, help="bot playing the Confederates", callback=bot_spec)
@click.option("--seed", default=0, show_default=True, type=int, help="run seed; each game's seed derives from it")
@click.option("--workers", default="auto", show_default=True, help="processes (auto: all cores)")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, help="Ray cluster address HOST:PORT (default: a local Ray instance)")
@click.option("--out", "out_path", default="results.parquet", show_default=True,
              help="results file: .parquet, or .csv for CSV")
@click.option("--option", "option_pairs", multiple=True, help="rule option NAME=VALUE (repeatable)")
def simulate(game_name, games, union, confederate, seed, workers, backend, address, out_path, option_pairs):
    """Play many games between bots and write one row per game."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from cwbattles.engine.errors import CwbattlesError
    from cwbattles.sim.results import write
    from cwbattles.sim.runner import simulate as run

    try:
        options = cwbattles.load(game_name, options=parse_options(option_pairs)).options
    except CwbattlesError as e:
        raise click.UsageError(str(e)) from None
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn())
    start = time.perf_counter()
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        task = progress.add_task(f"{game_name} {union} v {confederate}", total=games, rate="-")

        def tick(row):
            done = progress.tasks[0].completed + 1
            progress.update(task, advance=1, rate=f"{done / max(time.perf_counter() - start, 1e-9):.1f}")
            return row

        rows = run(game_name, games, union, confederate, seed, workers, backend, address, options, tick)
    write(rows, out_path)
    errors = [r for r in rows if r.get("error")]
    wins = {s: sum(1 for r in rows if r.get("winner") == s) for s in ("union", "confederate")}
    click.echo(f"{len(rows)} games in {time.perf_counter() - start:.1f} s: Union {wins['union']}, "
               f"Confederates {wins['confederate']}, {len(errors)} crashed; rows in {out_path}")
    for r in errors[:5]:
        click.echo(f"  crashed: game {r['index']} seed {r['seed']}: {r['error']}", err=True)


@main.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--out", "out_dir", default="report", show_default=True, help="folder for index.html and the plots")
def report(results, out_dir):
    """Write an HTML report with plots from simulations' results files (.parquet, .csv or .jsonl;
    several files, e.g. two run seeds, are reported as one sample)."""
    from cwbattles.sim.report import write_report
    from cwbattles.sim.results import read
    rows = [row for path in results for row in read(path)]
    page = write_report(rows, out_dir, source=", ".join(results))
    click.echo(f"report written to {page}")


@main.command()
@click.argument("game_name", default="cedar-creek")
@click.option("--union", default="heuristic", show_default=True, help="bot spec", callback=bot_spec)
@click.option("--confederate", default="heuristic", show_default=True, help="bot spec", callback=bot_spec)
@click.option("--games", default=10, show_default=True, type=int)
@click.option("--seed", default=0, show_default=True, type=int, help="each game's dice seed derives from it (as simulate's)")
@click.option("--workers", default=1, show_default=True, type=int, help="games played at once in worker processes")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
@click.option("--markdown", is_flag=True, help="print the tables in Markdown")
@click.option("--option", "option_pairs", multiple=True, help="rule option NAME=VALUE (repeatable)")
def behaviour(game_name, union, confederate, games, seed, workers, as_json, markdown, option_pairs):
    """Play N games and count what the bots did (combats, victory places taken and contested,
    reinforcements, units lost surrounded, idle and back-and-forth marches, odds), beside history,
    with issue 29's targets checked."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cwbattles.sim.behaviour_report import render, render_markdown, run
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{game_name} {union} v {confederate}", total=games)
        out = run(game_name, union, confederate, games, seed, workers, options=parse_options(option_pairs),
                  progress=lambda row: (progress.update(task, advance=1), row)[1])
    if as_json:
        click.echo(json.dumps(out))
        return
    if markdown:
        click.echo(render_markdown(out), nl=False)
        return
    render(out, Console(width=160))


@main.command()
@click.argument("game_name", default="cedar-creek")
@click.option("--games", default=10, show_default=True, type=int)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--union", default="random", show_default=True, callback=bot_spec)
@click.option("--confederate", default="random", show_default=True, callback=bot_spec)
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
@click.option("--option", "option_pairs", multiple=True, help="rule option NAME=VALUE (repeatable)")
def selfplay(game_name, games, seed, union, confederate, as_json, option_pairs):
    """Play N games between bots and summarise them."""
    from cwbattles.selfplay import selfplay as run
    out = run(game_name, games, seed, union, confederate, options=parse_options(option_pairs))
    if as_json:
        click.echo(json.dumps(out))
    else:
        for k, v in out.items():
            click.echo(f"{k}: {v}")


@main.command()
@click.argument("game_name", default="cedar-creek")
@click.option("--a", "bot_a", default="heuristic", show_default=True, help="bot spec: random, heuristic, mcts:1s, mcts:2000, mcts:1s:2w", callback=bot_spec)
@click.option("--b", "bot_b", default="random", show_default=True, help="bot spec", callback=bot_spec)
@click.option("--games", default=10, show_default=True, type=int, help="games; the bots swap sides every game")
@click.option("--seed", default=0, show_default=True, type=int, help="each game's dice seed derives from it and the game's number")
@click.option("--workers", default=1, show_default=True, type=int, help="games played at once in worker processes")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
@click.option("--journal", default=None, type=click.Path(dir_okay=False),
              help="append each finished game to this JSON-lines file; games already in it are not played again")
@click.option("--komi", default=None, type=float,
              help="also count wins against this Union VP margin (a game one side nearly always wins: its usual margin)")
@click.option("--baseline", multiple=True, type=click.Path(dir_okay=False),
              help="journal of b against itself with the same seed: compare each game with b's on the same dice "
                   "(repeat it for several such journals, e.g. of other --bot-seed: their mean is compared)")
@click.option("--bot-seed", default=0, show_default=True, type=int,
              help="move the bots' own seeds by this much: on the same dice, another draw of the bots' chances")
@click.option("--option", "option_pairs", multiple=True, help="rule option NAME=VALUE (repeatable)")
def duel(game_name, bot_a, bot_b, games, seed, workers, as_json, journal, komi, baseline, bot_seed, option_pairs):
    """Play N games between two bots, sides swapped every game; wins, 95% intervals, VP margins."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cwbattles.duel import duel as run
    from cwbattles.engine.errors import CwbattlesError
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[score]}"), TimeElapsedColumn())
    try:    # the options as the game keeps them (a default value left out), so journals match
        options = cwbattles.load(game_name, options=parse_options(option_pairs)).options or None
    except CwbattlesError as e:
        raise click.UsageError(str(e)) from None
    try:
        with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
            task = progress.add_task(f"{game_name} {bot_a} v {bot_b}", total=games, score="")
            margins = []

            def tick(r):
                margins.append(r["margin"] if r["a_side"] == "union" else -r["margin"])
                progress.update(task, advance=1, score=f"a's mean VP margin {sum(margins) / len(margins):+.1f}")

            out = run(game_name, bot_a, bot_b, games, seed, workers, options=options, progress=tick,
                      journal=journal, komi=komi, baseline=list(baseline) or None, bot_seed=bot_seed)
    except ValueError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(out))
        return
    click.echo(f"{out['game']}: {out['games']} games, seed {out['seed']}, {out['wall_seconds']} s")
    for who in ("a", "b"):
        r = out[who]
        lo, hi = r["win_rate_ci95"]
        ms = r["mean_seconds_per_decision"]
        click.echo(f"{who} {r['bot']}: {r['wins']} wins ({r['win_rate']:.0%}, 95% CI {lo:.0%}-{hi:.0%}); "
                   f"as Union {r['wins_as_union']}/{r['games_as_union']}, as Confederate "
                   f"{r['wins_as_confederate']}/{r['games_as_confederate']}; mean VP margin {r['mean_vp_margin']:+.2f}; "
                   f"{(ms or 0) * 1000:.2f} ms a decision")
        if r["pairs"] > 1:
            lo, hi = r["pair_margin_ci95"]
            click.echo(f"  over {r['pairs']} pairs of games on one seed, mean VP margin 95% CI {lo:+.2f} to {hi:+.2f}")
        if komi is not None:
            k = out["komi"][who]
            lo, hi = k["win_rate_ci95"]
            click.echo(f"  against a komi of {komi:g} VP: as Union {k['wins_as_union']}/{k['games_as_union']}, as "
                       f"Confederate {k['wins_as_confederate']}/{k['games_as_confederate']} "
                       f"({k['win_rate']:.0%}, 95% CI {lo:.0%}-{hi:.0%})")
    for side, g in out.get("side_gains", {}).items():
        if g["games"]:
            lo, hi = g["mean_gain_ci95"]
            of = f" (the mean of {out['baselines']} baseline duels)" if out.get("baselines", 1) > 1 else ""
            click.echo(f"a as {side.capitalize()}, against b on the same dice{of}: better in {g['better']}, the same in "
                       f"{g['same']}, worse in {g['worse']} of {g['games']} games; mean gain {g['mean_gain']:+.2f} VP "
                       f"(95% CI {lo:+.2f} to {hi:+.2f})")


@main.command()
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--verify", is_flag=True, help="fail at the first checksum that differs")
@click.option("--intents", is_flag=True, help="print what the bots said they intended, at the actions they chose with it")
def replay(path, verify, intents):
    """Replay a game record."""
    from cwbattles.engine.errors import CwbattlesError
    from cwbattles import replay as run
    from cwbattles.engine.records import commitment_of, load_record
    try:
        doc = load_record(path)
        state = run(doc, source=path, verify=verify)
        commitment = commitment_of(doc) if verify else None
    except CwbattlesError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(1)
    res = state.result
    click.echo(f"{path}: {len(doc['actions'])} actions replayed{' and verified' if verify else ''}; "
               f"turn {state.turn}, Union {res['union']['total']} VP, Confederates {res['confederate']['total']} VP"
               f"{', ' + res['winner'] + ' win' if state.is_over else ''}.")
    if commitment == "opened":
        click.echo("The seed opens the commitment published when the game started: the dice were fixed before play.")
    elif commitment == "none":
        click.echo("This record carries no seed commitment: nothing shows its seed was fixed before play.")
    if intents:
        for line in intent_lines(doc, state.game):
            click.echo(line)


def intent_lines(doc: dict, game):
    """The record's intents (``bots.intent``), each with the action, turn and side it came with."""
    from cwbattles.bots.intent import clean
    from cwbattles.engine.resign import apply_doc
    state = game.new_game(seed=doc["seed"])
    found = 0
    for i, entry in enumerate(doc["actions"]):
        intent = clean(entry.get("intent"))
        if intent:
            found += 1
            yield f"action {i + 1}, turn {state.turn}, {state.to_act}:"
            if "plan" in intent:
                yield f"  plan: {intent['plan']}"
            for formation, line in intent.get("formations", {}).items():
                yield f"  {formation}: {line}"
        apply_doc(state, entry["action"])
    if not found:
        yield "No action of this record carries a bot's intentions."


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--db", default="cwbattles.sqlite3", show_default=True, help="SQLite database file")
@click.option("--public-url", default=None,
              help="the address other machines reach this server at, e.g. http://192.168.1.20:8000 "
                   "(invite links use it; default: the address the lobby was opened at)")
@click.option("--max-games", default=1000, show_default=True, type=click.IntRange(1),
              help="games in progress the server holds at most (more are refused with 429)")
@click.option("--max-sockets", default=2000, show_default=True, type=click.IntRange(1),
              help="live connections (WebSockets) open at most (more are refused with 429)")
@click.option("--bot-workers", default=None, type=click.IntRange(1),
              help="search processes the server's bots share, all games together (default and most: the cores)")
@click.option("--records-per-minute", default=6, show_default=True, type=click.IntRange(1),
              help="records one address may open or continue a minute (more are refused with 429)")
def serve(host, port, db, public_url, max_games, max_sockets, bot_workers, records_per_minute):
    """Start the web app (lobby, games against bots or remote players)."""
    import uvicorn

    from cwbattles.web.app import create_app, public_base
    from cwbattles.web.limits import CORES, Limits
    try:
        public = public_base(public_url)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--public-url") from None
    shown = public or f"http://{host}:{port}"
    click.echo(f"cwbattles: open {shown}/ (database {db})")
    if host in ("0.0.0.0", "::") and not public:
        click.echo("  other machines: start with --public-url http://THIS-MACHINE'S-ADDRESS:"
                   f"{port} so that invite links point here")
    limits = Limits(max_games=max_games, max_sockets=max_sockets, bot_workers=min(bot_workers or CORES, CORES),
                    records_per_minute=records_per_minute)
    app = create_app(db, limits, public_url=public)
    # no per-message deflate: views are sent often and compressing them costs more CPU than it saves on
    # loopback or LAN; a page sends nothing, so a message from it is at most a few KB
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False,
                ws_max_size=16 * 1024)



@main.group()
def admin():
    """The server's operator's tools (on the database file, the server running or not)."""


@admin.command("delete")
@click.argument("gid")
@click.option("--db", default="cwbattles.sqlite3", show_default=True, help="SQLite database file")
def admin_delete(gid, db):
    """Delete the game GID (a damaged one included: no token needed, the file is yours)."""
    from cwbattles.web.store import Store
    if not Path(db).exists():
        raise click.BadParameter(f"no database file {db}", param_hint="--db")
    store = Store(db)
    try:
        if not store.has(gid):
            click.echo(f"error: no game {gid!r} in {db}", err=True)
            sys.exit(1)
        store.delete(gid)
    finally:
        store.close()
    click.echo(f"deleted game {gid!r} from {db} (a running server forgets it when it next looks it up)")


if __name__ == "__main__":
    main()
