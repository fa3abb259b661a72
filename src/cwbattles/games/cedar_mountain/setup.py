"""26.0 How to start: the Union set-up in its Deployment Areas (26.2, 26.3), the first Game-Turn
without a Union Player-Turn (26.1, the order of battle's ``no_first_player_turn_on``) and the
Confederate reinforcements (26.4: the system's column entry; 26.44 here).

- 26.2 Every Union unit is set up, one at a time, in a hex of its brigade's (or battery's)
  printed Deployment Area (the numbered hex and its six neighbours), within the stacking limits,
  in the formation and facing the player chooses; then brigade leaders with a unit of their
  brigade, division leaders with a unit of their division, Banks with any Union unit.
- 26.3 (option ``union_setup = "free"``): first each brigade then each battery is given an area,
  one brigade and one battery to an area; the 1st Maine Cavalry goes to area 1 and Bayard's
  brigade to area 6. Option ``"printed"`` (the default) sets every unit at once on the order of
  battle's default hex (the historical set-up), in line facing west.
- By hand (``"choose"``), ``place_rest`` sets the unit to place and every one after it as history
  has them (their printed hex, facing and formation, or the first hex the stacking limits allow
  when units already placed fill it), and ``historical_choice`` names the one of the moment.
- 26.44 Confederate reinforcements whose entry hex holds a Union unit at the start of the
  Confederate Player-Turn are delayed a Game-Turn, then enter there if it is clear, or at the
  nearest hex of the same map edge not held by the Union (the Confederate player's choice between
  equally near ones).

Frames: ("deploy", 0, step) process; ("assign_area", 0, kind, index) - ``place`` an area's centre;
("deploy_unit", 0, u) - ``place`` a hex or ``place_rest``; ("deploy_facing", 0, u) - ``set_facing``;
("deploy_form", 0, u) - ``set_formation``; ("entry_choice", 1, hex) - ``entry_hex``.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...systems.gbacw import eventdata as ev

UNION = 0
COMBAT_FIRST = ("infantry", "cavalry", "artillery")
PLACE_REST = Action("place_rest")
# the frames above and their arguments' kinds (engine.positions.Reader.frames)
FRAMES = {"assign": ("union", "count"), "deploy": ("union", "count"), "assign_area": ("union", "brigade|battery", "count"),
          "deploy_unit": ("union", "unit"), "deploy_facing": ("union", "unit"), "deploy_form": ("union", "unit"),
          "entry_choice": ("confederate", "hex")}


def deploy_order(g) -> tuple:
    """26.2: combat units brigade by brigade (data order), batteries and independents, then
    brigade leaders, division leaders and the army commander."""
    units = g.units
    union = [u for u in g.oob.side_units[UNION] if not units[u].anonymous and not units[u].entry_turn]
    combat = [u for u in union if units[u].type != "leader"]
    leaders = [u for u in union if units[u].type == "leader"]
    rank = {"brigade": 0, "division": 1, "army": 2}
    return tuple(combat + sorted(leaders, key=lambda u: (rank[units[u].rank], u)))


def area_hexes(s, u: int) -> tuple:
    return s.game.deployment_areas.get(s.area_of[u], ())


def leader_hexes(s, u: int) -> list:
    """26.2: where a leader may set up: with a unit of his brigade, of his division, or (Banks)
    any Union unit."""
    g = s.game
    unit = g.units[u]
    hexes = s.hex
    if unit.rank == "army":
        pool = g.oob.combat_units[UNION]
    elif unit.rank == "division":
        pool = [v for v in g.oob.combat_units[UNION] if g.units[v].division == unit.division]
    else:
        pool = g.oob.brigades[unit.brigade].units
    return sorted({hexes[v] for v in pool if hexes[v] >= 0})


def start(s) -> None:
    """26.1-26.3: the frames that set the Union up before Game-Turn 1."""
    mode = s.game.option("union_setup")
    if mode == "printed":
        for u in deploy_order(s.game):
            if s.game.units[u].setup >= 0:
                place_historically(s, u, s.game.units[u].setup)
        s.note("26.2", "The Union sets up on the order of battle's default hexes.")
        s.stack = [("game_turn", -1)]
        return
    s.stack = [("game_turn", -1), ("deploy", UNION, 0)]
    if mode == "free":
        s.stack.append(("assign", UNION, 0))


def historical_hex(s, u: int) -> int:
    """26.2: the unit's printed hex where the rules let it stand now, else the first that does."""
    unit = s.game.units[u]
    if unit.type == "leader":
        hexes = leader_hexes(s, u)
    else:
        hexes = [h for h in area_hexes(s, u) if s.stack_ok(h, UNION, (u,))]
    return unit.setup if unit.setup in hexes or not hexes else hexes[0]


def place_historically(s, u: int, h: int | None = None) -> None:
    """26.2: the unit on its historical hex (or h), facing and formation (the order of battle's)."""
    unit = s.game.units[u]
    s.set_hex(u, historical_hex(s, u) if h is None else h)
    s.set_facing(u, unit.facing)
    s.set_form(u, unit.formation)


def historical_choice(s):
    """The legal action of the set-up that follows history (26.2), or None outside the set-up."""
    frame = s.stack[-1] if s.stack else None
    if not frame or frame[0] not in ("deploy_unit", "deploy_facing", "deploy_form"):
        return None
    unit = s.game.units[frame[2]]
    acts = s.facts.actions
    if frame[0] == "deploy_unit":
        pick = acts["place"][historical_hex(s, frame[2])]
    elif frame[0] == "deploy_facing":
        pick = acts["set_facing"][unit.facing]
    else:
        pick = acts["set_formation"][unit.formation]
    return pick if pick in s.legal_actions() else None


def _place_rest(s, u: int) -> None:
    """Every unit from u on as history has them: the deploy frames left are settled at once."""
    while s.stack[-1][0] in ("deploy_facing", "deploy_form"):
        s.stack.pop()
    step = s.stack.pop()[2]                                 # ("deploy", UNION, next step)
    order = deploy_order(s.game)
    for v in order[step - 1:]:
        place_historically(s, v)
    s.note("26.2", f"The Union units from {s.game.units[u].name} on set up as history has them.")
    s.stack.append(("deploy", UNION, len(order)))


def register(rules) -> None:
    @rules.process("assign")
    def assign(s, frame):
        """26.3: the next brigade, then battery, to be given an area."""
        g = s.game
        step = frame[2]
        todo = _free_assignments(g)
        if step >= len(todo):
            s.note("26.3", "Union Deployment Areas chosen.")
            return
        s.stack.append(("assign", UNION, step + 1))
        kind, index = todo[step]
        s.stack.append(("assign_area", UNION, kind, index))

    def assign_legal(s, frame):
        g = s.game
        kind = frame[2]
        taken = {s.area_of[u] for u in range(len(g.units)) if s.area_of[u] and _kind(g, u) == kind
                 and (kind == "battery" or g.units[u].brigade >= 0)}      # the 1st Maine is no brigade
        place = s.facts.actions["place"]
        return [place[g.board.index[_centre(g, a)]] for a in sorted(g.deployment_areas) if a not in taken
                and a not in _fixed_areas(g)]

    def assign_apply(s, frame, action):
        g = s.game
        kind, index = frame[2], frame[3]
        area = next(a for a in g.deployment_areas if g.board.index[_centre(g, a)] == action.a)
        members = g.oob.brigades[index].units if kind == "brigade" else (index,)
        for u in members:
            s.area_of[u] = area
        name = g.oob.brigades[index].name if kind == "brigade" else g.units[index].name
        s.note("26.3", f"{name} will deploy in area {area}.")

    rules.decision("assign_area")((assign_legal, assign_apply))

    @rules.process("deploy")
    def deploy(s, frame):
        order = deploy_order(s.game)
        step = frame[2]
        if step >= len(order):
            s.note("26.2", "The Union army is deployed.")
            return
        u = order[step]
        s.stack.append(("deploy", UNION, step + 1))
        if s.game.units[u].type != "leader":
            s.stack += [("deploy_form", UNION, u), ("deploy_facing", UNION, u)]
        s.stack.append(("deploy_unit", UNION, u))

    def unit_legal(s, frame):
        u = frame[2]
        place = s.facts.actions["place"]
        if s.game.units[u].type == "leader":
            return [place[h] for h in leader_hexes(s, u)]
        return [place[h] for h in area_hexes(s, u) if s.stack_ok(h, UNION, (u,))] + [PLACE_REST]

    def unit_apply(s, frame, action):
        u = frame[2]
        if action.kind == "place_rest":
            _place_rest(s, u)
            return
        s.set_hex(u, action.a)
        s.note("26.2", f"{s.game.units[u].name} sets up in {s.game.board.ids[action.a]}.",
               data=ev.at(s, "setup", u, action.a))

    def facing_legal(s, frame):
        face = s.facts.actions["set_facing"]
        return [face[d] for d in range(6)]

    def facing_apply(s, frame, action):
        s.set_facing(frame[2], action.a)

    def form_legal(s, frame):
        form = s.facts.actions["set_formation"]
        return [form[0], form[1]]

    def form_apply(s, frame, action):
        s.set_form(frame[2], action.a)

    rules.decision("deploy_unit")((unit_legal, unit_apply))
    rules.decision("deploy_facing")((facing_legal, facing_apply))
    rules.decision("deploy_form")((form_legal, form_apply))

    def entry_legal(s, frame):
        step = s.facts.actions["entry_hex"]
        return [step[h] for h in entry_alternatives(s, frame[2])]

    def entry_apply(s, frame, action):
        for u in range(len(s.game.units)):
            if s.delayed[u] and s.entry_at[u] == frame[2]:
                s.entry_at[u] = action.a
        s.note("26.44", f"Delayed reinforcements will enter at {s.game.board.ids[action.a]}.")

    rules.decision("entry_choice")((entry_legal, entry_apply))


def _kind(g, u) -> str:
    return "battery" if g.units[u].type == "artillery" else "brigade"


def _centre(g, area: str) -> str:
    return g.board.ids[g.deployment_areas[area][0]]


def _fixed_areas(g) -> frozenset:
    """26.3: area 6 is Bayard's (the 1st Maine Cavalry goes to area 1 as well as a brigade)."""
    return frozenset({"6"})


def _free_assignments(g) -> list:
    """26.3: infantry brigades, then batteries, to be placed one to an area."""
    out = [("brigade", b.index) for b in g.oob.brigades if b.side == UNION and b.area and b.area != "6"]
    out += [("battery", u) for u in g.oob.combat_units[UNION] if g.units[u].type == "artillery"]
    return out


def free_start_areas(g, area_of: list) -> None:
    """26.3: before the choices, only the fixed ones stand (1st Maine Cavalry in 1, Bayard in 6)."""
    for u, unit in enumerate(g.units):
        if unit.side == UNION and unit.type != "leader" and not unit.entry_turn:
            area_of[u] = "6" if unit.brigade >= 0 and g.oob.brigades[unit.brigade].area == "6" else (
                "1" if unit.type == "cavalry" and unit.brigade < 0 else "")


# -- 26.44 entry hexes held by the Union --------------------------------------------------------------
def entry_alternatives(s, e: int) -> list:
    """26.44: the nearest hexes of e's map edge free of Union units (e itself when clear)."""
    board = s.game.board
    held = s.present(UNION)
    if e not in held:
        return [e]
    edge = frozenset().union(*[board.edges[name] for name in board.edges_of(e)])
    free = [h for h in edge if h not in held]
    if not free:
        return []
    best = min(board.distance(e, h) for h in free)
    return sorted(h for h in free if board.distance(e, h) == best)


def confederate_entries(s) -> None:
    """26.44, at the start of the Confederate Player-Turn."""
    g = s.game
    held = s.present(UNION)
    for u in g.reinforcements[1]:
        if s.hex[u] != -1 or s.due[u] != s.turn:
            continue
        if s.delayed[u]:
            continue
        if s.entry_at[u] in held:
            s.due[u] += 1
            s.delayed[u] = True
            s.note("26.44", f"{g.units[u].name}: entry hex {g.board.ids[s.entry_at[u]]} is held by the Union; "
                            f"delayed a Game-Turn.")
    asked = set()
    for u in g.reinforcements[1]:
        if s.hex[u] != -1 or not s.delayed[u] or s.due[u] != s.turn or s.entry_at[u] in asked:
            continue
        e = s.entry_at[u]
        options = entry_alternatives(s, e)
        if len(options) == 1 and options[0] != e:
            for v in g.reinforcements[1]:
                if s.delayed[v] and s.entry_at[v] == e and s.hex[v] == -1:
                    s.entry_at[v] = options[0]
            s.note("26.44", f"Delayed reinforcements will enter at {g.board.ids[options[0]]}.")
        elif len(options) > 1:
            asked.add(e)
            s.stack.append(("entry_choice", 1, e))


# -- positions ------------------------------------------------------------------------------------------
def read_extra(s, r, extra: dict) -> None:
    """The Deployment Areas given (26.2-26.3) and the Confederate reinforcements delayed (26.44)."""
    g = s.game
    s.area_of = [""] * len(g.units)
    areas = r.mapping(extra, "areas", "extra", {})
    for uid in areas:
        key = f"extra.areas.{uid}"
        if uid not in g.unit_index or g.units[g.unit_index[uid]].type == "leader":
            r.fail(key, f"not a combat unit: {uid!r}")
        s.area_of[g.unit_index[uid]] = r.choice(areas, uid, g.deployment_areas, "extra.areas")
    s.delayed = [False] * len(g.units)
    for i, uid in enumerate(r.items(extra, "delayed", "extra", [])):
        key = f"extra.delayed[{i}]"
        if not isinstance(uid, str) or uid not in g.unit_index or g.unit_index[uid] not in g.reinforcements[1]:
            r.fail(key, f"not a Confederate reinforcement: {uid!r}"[:90])
        if s.delayed[g.unit_index[uid]]:
            r.fail(key, f"{uid} listed twice")
        s.delayed[g.unit_index[uid]] = True


def check_frames(s, r) -> None:
    """An area is given to a brigade or battery the set-up asks about (26.3); the unit set up
    is one of the set-up's (26.2), a combat unit when its facing or formation is asked."""
    g = s.game
    order = deploy_order(g)
    for i, f in enumerate(s.stack):
        if f[0] == "assign_area" and f[2:4] not in _free_assignments(g):
            r.fail(f"stack[{i}][3]", f"no {f[2]} {f[3]} is given an area (26.3)")
        if f[0] not in ("deploy_unit", "deploy_facing", "deploy_form"):
            continue
        if f[2] not in order or f[0] != "deploy_unit" and g.units[f[2]].type == "leader":
            r.fail(f"stack[{i}][2]", f"{g.units[f[2]].id} is not set up this way (26.2)")
        below = [b[0] for b in s.stack[:i] if b[0] not in ("deploy_facing", "deploy_form")]
        if not below or below[-1] != "deploy":              # place_rest goes on with the set-up's next step
            r.fail(f"stack[{i}]", f"a {f[0]} frame lies on the deploy frame of its step")


__all__ = ["start", "register", "confederate_entries", "deploy_order", "free_start_areas", "historical_choice",
           "Action"]
