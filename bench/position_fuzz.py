"""Fuzzing positions of every game (issue 26, point 8): mutated position documents through
``game.from_position``, counted per game.

    nice -n 10 python bench/position_fuzz.py --per-game 1500 [--game cedar-mountain] [--seed 1]

Positions are taken at several points of seeded random games; each mutation changes one to
three values anywhere in the document (a type swapped, null, a list, an object, a number out of
range, a key or an element removed, an extra key or element). Printed per game:

- accepted wrongly: the document was read, but the state's own position as read (``read``:
  before the rules play on from it to a real choice) is not the document (a value was ignored,
  coerced or replaced; keys the document leaves out and the shorthands the game documents, its
  position module's ``SHORTHANDS``, are not counted);
- accepted then crashed: read, then saving it, reading the save again or playing a few random
  legal actions raised anything;
- errors not naming a key: anything raised but a DataError, or a DataError whose key is not a
  path of the document.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import time
from collections import Counter

import cwbattles
from cwbattles.games import GAMES
from cwbattles import DataError
from cwbattles.engine import positions as reader
from cwbattles.engine.positions import is_shorthand, shorthands_of

STEPS_AFTER_LOAD = 6
ODD = [None, True, False, -1, 0, 1, 7, 999, -999, 2 ** 40, 2 ** 64, 1.5, float("nan"), "", "x", "union",
       [], [1], ["x"], {}, {"a": 1}]


def positions(game, seed: int, points=(0, 15, 60, 150, 300)) -> list[dict]:
    """Positions of a seeded random game at the given action counts (JSON round-tripped)."""
    out, rng = [], random.Random(seed)
    s = game.new_game(seed=seed)
    for n in range(max(points) + 1):
        if n in points:
            out.append(json.loads(json.dumps(s.to_position())))
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return out


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _odd_value(rng, old):
    if isinstance(old, bool) or not isinstance(old, int):
        return copy.deepcopy(rng.choice(ODD))
    return rng.choice([old + 1, old - 1, -old - 1, old + 50, 2 ** 31, None, str(old), [old], float(old)])


def mutate(rng, doc) -> dict:
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        edit = rng.choice(("set", "set", "set", "delete", "extra"))
        if edit == "set":
            parent[key] = _odd_value(rng, parent[key])
        elif edit == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            parent[rng.choice(("zzz", "hex", "status", "id"))] = copy.deepcopy(rng.choice(ODD))
        else:
            parent.insert(key, copy.deepcopy(parent[key]))
    return doc


def round_trips(doc, out, shorthands=None, path="") -> bool:
    """Every value the document gives is the one the state gives back (types strict: True is not
    1); keys the document leaves out are the reader's defaults, and so are the values the game
    documents as shorthands (``engine.positions.shorthands_of``); lists of objects with ids in
    any order."""
    shorthands = shorthands or {}
    if isinstance(doc, dict):
        if not isinstance(out, dict):
            return False
        paths = {k: f"{path}.{k}" if path else str(k) for k in doc}
        return all(is_shorthand(shorthands, paths[k], v) or k in out and round_trips(v, out[k], shorthands, paths[k])
                   for k, v in doc.items())
    if isinstance(doc, list):
        if not isinstance(out, list) or len(doc) != len(out):
            return False
        if doc and all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in doc):
            by_id = {x.get("id"): x for x in out if isinstance(x, dict)}
            return all(x["id"] in by_id and round_trips(x, by_id[x["id"]], shorthands, f"{path}[{i}]")
                       for i, x in enumerate(doc))
        if all(isinstance(x, str) for x in doc) and out == sorted(out):
            doc = sorted(doc)
        return all(round_trips(a, b, shorthands, f"{path}[{i}]") for i, (a, b) in enumerate(zip(doc, out)))
    return type(doc) is type(out) and doc == out


def names_a_key(error, doc, base) -> bool:
    if not isinstance(error, DataError) or error.key in ("", "-"):
        return False
    root = re.split(r"[.\[]", error.key, maxsplit=1)[0]
    return root in doc or root in base


def read(game, doc):
    """``game.from_position(doc)``, and the state's position as read, before the rules play on
    from it (process frames, choices of one option: a mutated document may stop short of a real
    choice), taken when the reader calls ``engine.positions.reads_back``; None if it does not
    (the state after is judged then)."""
    seen, check = [], reader.reads_back

    def capture(r, written, state, shorthands=None):
        if written is doc:
            seen.append(json.loads(json.dumps(state.to_position())))
        return check(r, written, state, shorthands)

    reader.reads_back = capture
    try:
        return game.from_position(doc, source="fuzz"), (seen or [None])[0]
    finally:
        reader.reads_back = check


def trial(game, base, doc, rng) -> str:
    try:
        state, as_read = read(game, doc)
    except Exception as e:                              # noqa: BLE001 (counting what is raised)
        return "refused" if names_a_key(e, doc, base) else f"unnamed {type(e).__name__}: {str(e)[:80]}"
    try:
        saved = json.loads(json.dumps(state.to_position()))
        wrong = not round_trips(doc, as_read or saved, shorthands_of(game))
        again = game.from_position(saved)
        for _ in range(STEPS_AFTER_LOAD):
            if again.is_over:
                break
            again.apply(rng.choice(again.legal_actions()))
    except Exception as e:                              # noqa: BLE001
        return f"crashed {type(e).__name__}: {str(e)[:80]}"
    return "wrong" if wrong else "accepted"


def run(name: str, per_game: int, seed: int, show: int) -> dict:
    game = cwbattles.load(name)
    bases = positions(game, seed) + positions(game, seed + 1, (40, 200))
    rng = random.Random(seed)
    counts, examples = Counter(), {}
    for _ in range(per_game):
        base = rng.choice(bases)
        doc = mutate(rng, base)
        if doc == base:
            continue
        verdict = trial(game, base, doc, rng)
        kind = verdict.split(" ")[0]
        counts[kind] += 1
        examples.setdefault(kind, []).append(verdict if kind != "wrong" else _diff(doc, base))
    for kind in ("wrong", "crashed", "unnamed"):
        for ex in examples.get(kind, [])[:show]:
            print(f"  {name} {kind}: {ex}")
    return counts


def _diff(doc, base, path="") -> str:
    """Where the mutated document differs from the one it was made from (for examples)."""
    if isinstance(doc, dict) and isinstance(base, dict):
        for k in sorted(set(doc) | set(base), key=str):
            if doc.get(k, "<missing>") != base.get(k, "<missing>"):
                return _diff(doc.get(k, "<missing>"), base.get(k, "<missing>"), f"{path}.{k}")
    if isinstance(doc, list) and isinstance(base, list) and len(doc) == len(base):
        for i, (a, b) in enumerate(zip(doc, base)):
            if a != b:
                return _diff(a, b, f"{path}[{i}]")
    return f"{path.lstrip('.')}: {str(base)[:40]} -> {str(doc)[:40]}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", action="append", help="a game (repeatable); all four by default")
    ap.add_argument("--per-game", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="examples printed of each failure")
    args = ap.parse_args()
    names = args.game or sorted(GAMES)
    print(f"{'game':18} {'documents':>9} {'refused':>8} {'accepted':>8} {'wrongly':>8} {'crashed':>8} "
          f"{'unnamed':>8} {'seconds':>8}")
    rows = []
    for name in names:
        t = time.perf_counter()
        c = run(name, args.per_game, args.seed, args.show)
        rows.append((name, sum(c.values()), c["refused"], c["accepted"], c["wrong"], c["crashed"], c["unnamed"],
                     time.perf_counter() - t))
    for row in rows:
        print(f"{row[0]:18} {row[1]:9} {row[2]:8} {row[3]:8} {row[4]:8} {row[5]:8} {row[6]:8} {row[7]:8.1f}")


if __name__ == "__main__":
    main()
