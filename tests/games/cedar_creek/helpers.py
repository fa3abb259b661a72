"""Building exact Cedar Creek positions for rule tests.

``setup_position`` starts from an empty board (every brigade off the map) and puts the given
brigades where a test wants them, then pushes the decision frames the test needs on top of an
ordinary player turn. Dice are scripted with ``state.dice.set_script``.
"""

from __future__ import annotations

from cwbattles.engine.actions import Action

SIDES = ("union", "confederate")


def unit(uid, zone, **kw):
    d = {"id": uid, "zone": zone, "status": "on_map"}
    d.update(kw)
    return d


def setup_position(game, units, *, turn=2, round_=1, active="confederate", frames=(), hqs=None,
                   control=None, movement=None, combats=None, sheridan=None, train=None, markers=None,
                   retreat_turn=0, acted=(), at_start=False, second=False, dice=()):
    """A position in the middle of ``active``'s player turn; ``frames`` go on top of the stack.
    ``hqs``: the headquarters placed (the others off the map); ``markers``: the first Artillerie
    markers (the others in the train).

    Frames refer to brigades by id and zones by id; they are turned into indices here."""
    side = SIDES.index(active)
    base = game.new_game(seed=0).to_position()
    placed = {u["id"]: u for u in units}
    out_units = []
    for u in base["units"]:
        if u["id"] in placed:
            d = dict(u)
            d.update({"fatigue": 0, "losses": 0, "routed": False, "attack": None, "charging": False,
                      "line": 1, "acted": u["id"] in acted})
            d.pop("strength")
            d.update(placed[u["id"]])
            if d.get("status", "on_map") != "on_map":     # off the map: no facing, no line
                for k in ("facing", "line"):
                    if k not in placed[u["id"]]:
                        d.pop(k, None)
            out_units.append(d)
        else:
            out_units.append({"id": u["id"], "zone": None, "status": "off_map"})
    stamp = turn * 10 + round_
    other = 1 - side
    if at_start:    # before the active player's activation roll
        stack = [["round_end", -1]] + ([] if second else [["player", other]]) + [["player", side]]
    else:           # in the middle of the active player's turn
        stack = [["round_end", -1]] + ([] if second else [["player", other]]) + \
            [["end_player", side], ["resolve", side], ["obligations", side], ["hqphase", side]]
    for f in frames:
        stack.append([_ref(game, x) for x in f])
    pos = {
        "game": game.name, "turn": turn, "round": round_, "first": SIDES[other] if second else active, "stamp": stamp,
        "dice": {"state": 12345, "calls": 0, "script": list(dice)},
        "control": control or base["control"], "units": out_units,
        "hqs": [next((h for h in hqs or () if h["id"] == hid), {"id": hid, "zone": None})
                for hid in ("early", "wright", "sheridan")],
        "train": train or {"status": "off_map"},
        "markers": (markers or []) + [{"status": "in_train"}] * (len(base["markers"]) - len(markers or [])),
        "sheridan": sheridan or {"turn": 0, "in_command": False},
        "tactical_retreat_turn": retreat_turn,
        "combats": combats or [],
        "movement": movement or {},
        "stack": stack,
    }
    return game.from_position(pos, source="test position")


def _ref(game, x):
    """Frame items: 'u:ID' -> brigade index, 'z:ID' -> zone index, 'd:ID' -> division index."""
    if isinstance(x, str) and x[:2] in ("u:", "z:", "d:"):
        kind, ident = x[0], x[2:]
        return {"u": game.unit_index, "z": game.board.index, "d": game.division_index}[kind][ident]
    if isinstance(x, (list, tuple)):
        return [_ref(game, y) for y in x]
    return x


def act(state, kind, a=None, b=None):
    """Apply the legal action of this kind with these ids (zone or unit ids resolved by kind)."""
    g = state.game
    for action in state.legal_actions():
        if action.kind != kind:
            continue
        doc = g.action_to_json(action)
        values = [v for k, v in doc.items() if k != "kind"]
        want = [x for x in (a, b) if x is not None]
        if all(w in values for w in want):
            state.apply(action)
            return action
    raise AssertionError(f"no legal {kind} {a} {b}; legal: {[state.describe(x) for x in state.legal_actions()]}")


def legal_kinds(state):
    return {a.kind for a in state.legal_actions()}


def find(state, kind, a=None, b=None) -> Action | None:
    g = state.game
    for action in state.legal_actions():
        if action.kind == kind:
            doc = g.action_to_json(action)
            values = [v for k, v in doc.items() if k != "kind"]
            if all(w in values for w in (a, b) if w is not None):
                return action
    return None
