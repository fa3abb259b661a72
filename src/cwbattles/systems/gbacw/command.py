"""16.0 Command and 17.0 Leaders: the chain of command, command radii and points, leader
casualties and replacement.

- 16.1 Army commanders (one a side), division commanders (a Divisional Integrity Radius and
  Command Points printed on the counter, 20.1), brigade commanders (an Effectiveness Radius and
  Rally Points). Radii are counted in hexes from the leader to the unit, the unit's hex counted.
- 16.2 A brigade commander is in command when he is within his division commander's
  Divisional Integrity Radius (plus the army commander's points given to it, 25.1-25.2) at the
  end of the Initial Command Phase, or when his brigade is independent or detached (24.2). Out of
  command, he moves one hex (17.21, errata, verified); his regiments still move normally when
  they are within his Effectiveness Radius (errata 5.2, verified).
- 16.3 A division commander may spend one of his Command Points in the Initial Command Phase to
  put a brigade of his division that is out of command back in command for the Player-Turn
  (reconstruction of what the division commander's printed "Command Points" do, 20.1).
- 16.4 A regiment or battery is in command when it is within its brigade commander's
  Effectiveness Radius as it begins to move (or to melee), or when it is independent (5.3), or on
  the Game-Turn it entered the map (26.43). Out of command it moves one hex (5.2) and may not
  initiate melee (12.1).
- 16.5 Attachment (24.2): a detached brigade may be attached to a division whose commander is
  within his Divisional Integrity Radius of the brigade commander. A brigade is detached only by
  the scenario (Thomas enters detached, Cedar Mountain OB): the standard case that lets a player
  detach one was not found, and detaching a brigade that then needs no division commander would
  only be a way round 16.2 (reconstruction decision, docs/rules/gbacw.md 16.5).
- 17.5 A leader in a hex that loses strength points rolls for casualties (``morale.toml``):
  wounded or killed; 17.6: captured with the last combat unit of his hex, or alone in a hex an
  enemy combat unit enters.
- 17.8 A leader lost is replaced in the next friendly Initial Command Phase: a division commander
  by the first of his division's brigade commanders on the exclusive rules' list who is still
  in play and belongs to the division (25.32-25.34), whose own brigade then gets an anonymous
  replacement; failing all, an anonymous division commander. A brigade commander by his brigade's
  anonymous replacement, placed with any unit of the brigade (a choice). Army commanders are never
  replaced (25.31).

Frames: ("command", side) - ``give_cp``, ``order``, ``attach``, ``end_command``;
("command_start", side) and ("replace", side) processes; ("place_leader", side, leader, units) -
``place_with``.
"""

from __future__ import annotations

from ...engine.actions import Action
from . import eventdata as ev
from .state import CAPTURED, ELIMINATED, ENTERED, LIMITED, ROUTED, WOUNDED

END_COMMAND = Action("end_command")
FATES = {1: "wounded", 2: "killed", 3: "captured"}
ARMY_REACH = 3                     # 25.1: division commanders within three hexes of the army commander


# -- who commands what --------------------------------------------------------------------------------
def commanded_division(s, l: int) -> int:
    for d, c in enumerate(s.div_cmd):
        if c == l:
            return d
    return -1


def commanded_brigade(s, l: int) -> int:
    for b, c in enumerate(s.brig_cmd):
        if c == l:
            return b
    return -1


def rank_of(s, l: int) -> str:
    """The leader's present rank: army, division (as commander of one), brigade, or ''."""
    unit = s.game.units[l]
    if unit.rank == "army":
        return "army"
    if commanded_division(s, l) >= 0:
        return "division"
    if commanded_brigade(s, l) >= 0:
        return "brigade"
    return ""


def brigade_commander(s, b: int) -> int:
    """The leader commanding brigade b now (-1 while the post is vacant)."""
    c = s.brig_cmd[b]
    return c if c >= 0 and s.hex[c] >= 0 else -1


def leader_radius(s, l: int) -> int:
    """16.1, 17.8: the radius the leader commands with now."""
    unit = s.game.units[l]
    if unit.rank == "brigade" and not unit.anonymous and s.brig_cmd[unit.brigade] == l:
        return unit.radius                                   # the usual case, asked in every move
    rep = s.game.tables.replacement
    d = commanded_division(s, l)
    if d >= 0:
        if unit.rank == "division":
            return unit.radius if not unit.anonymous else rep["anonymous_division_radius"]
        return rep["division_radius"]                       # 17.8: a promoted brigade commander
    if unit.anonymous:
        return rep["anonymous_brigade_radius"]
    return unit.radius


def leader_command_points(s, l: int) -> int:
    unit = s.game.units[l]
    if unit.rank in ("army", "division") and not unit.anonymous:
        return unit.command_points
    return s.game.tables.replacement["division_command_points"] if commanded_division(s, l) >= 0 else 0


def rally_points(s, l: int) -> int:
    unit = s.game.units[l]
    if unit.anonymous and unit.rank == "brigade":
        return s.game.tables.replacement["anonymous_brigade_rally_points"]
    return unit.rally_points


def in_command(s, u: int) -> bool:
    """16.4 for combat units, 16.2 for brigade commanders (17.21); other leaders always."""
    unit = s.game.units[u]
    if unit.type == "leader":
        b = commanded_brigade(s, u)
        return b < 0 or s.brig_in_command[b]
    if unit.brigade < 0 or s.flags[u] & ENTERED:
        return True                                          # 5.3, 26.43
    cmd = s.brig_cmd[unit.brigade]
    if cmd < 0 or s.hex[cmd] < 0:
        return False
    return s.game.board.distances_from(s.hex[cmd])[s.hex[u]] <= leader_radius(s, cmd)


def one_hex(s, u: int) -> bool:
    """5.2, 17.21: the unit moves one hex at most this phase (routed, or out of command). 16.4:
    command is judged as the unit begins to move; a regiment that walks out of its brigade
    commander's radius on the way goes on (the unit moving carries the status it began with)."""
    if s.flags[u] & ROUTED:
        return True
    if s.mv_unit == u:
        return bool(s.flags[u] & LIMITED)
    return not in_command(s, u)


def brigade_in_command(s, b: int) -> bool:
    """16.2: the brigade commander within his division commander's radius (with the army's
    points), or an independent or detached brigade (24.2 may take the latter away)."""
    cmd = brigade_commander(s, b)
    if cmd < 0:
        return False
    d = s.attached[b]
    if d < 0:
        return s.detached_in_command(b)
    dc = s.div_cmd[d]
    if dc < 0 or s.hex[dc] < 0:
        return False
    return s.game.board.distance(s.hex[cmd], s.hex[dc]) <= leader_radius(s, dc) + s.div_bonus[d]


# -- 16.0 the Initial Command Phase ---------------------------------------------------------------------
def army_reach(s, side: int) -> list:
    """25.1-25.2: divisions whose commanders may receive the army commander's points now."""
    army = s.game.oob.army[side]
    if army < 0 or s.hex[army] < 0 or s.army_cp[side] <= 0:
        return []
    board = s.game.board
    out = []
    for d, div in enumerate(s.game.oob.divisions):
        c = s.div_cmd[d]
        if div.side == side and c >= 0 and s.hex[c] >= 0 and s.army_reaches(side, d, board.distance(s.hex[army], s.hex[c])):
            out.append(d)
    return out


def _command_legal(s, frame):
    side = frame[1]
    acts = s.facts.actions
    out = [acts["give_cp"][d] for d in army_reach(s, side)]
    oob = s.game.oob
    board = s.game.board
    for b, brig in enumerate(oob.brigades):
        if brig.side != side or brigade_commander(s, b) < 0:
            continue
        d = s.attached[b]
        if d >= 0:
            if not s.brig_in_command[b] and s.div_cp[d] > 0:
                out.append(acts["order"][b])
        else:
            for d2, div in enumerate(oob.divisions):
                dc = s.div_cmd[d2]
                if div.side == side and dc >= 0 and s.hex[dc] >= 0 and s.may_attach(b, d2) and \
                        board.distance(s.hex[dc], s.hex[brigade_commander(s, b)]) <= leader_radius(s, dc):
                    out.append(Action("attach", b, d2))
    out.append(END_COMMAND)
    return out


def _command_apply(s, frame, action):
    side = frame[1]
    k = action.kind
    oob = s.game.oob
    if k == "end_command":
        s.note("16.0", f"{s.SIDES[side].capitalize()} Initial Command Phase ends.")
        return
    s.stack.append(frame)
    if k == "give_cp":
        s.army_cp[side] -= 1
        s.div_bonus[action.a] += 1
        s.note("25.1", f"{s.game.units[oob.army[side]].name} gives a Command Point to "
                       f"{oob.divisions[action.a].name} (radius +{s.div_bonus[action.a]}).")
    elif k == "order":
        b = action.a
        s.div_cp[s.attached[b]] -= 1
        s.brig_in_command[b] = True
        s.note("16.3", f"{oob.brigades[b].name} is ordered into command (a division Command Point).")
    elif k == "attach":
        s.attached[action.a] = action.b
        s.note("16.5", f"{oob.brigades[action.a].name} is attached to {oob.divisions[action.b].name}.")
    refresh_command(s, side, only_out=True)


def refresh_command(s, side: int, only_out: bool = False) -> None:
    """16.2: brigade commanders' command status (a brigade ordered in command stays in)."""
    for b, brig in enumerate(s.game.oob.brigades):
        if brig.side == side and not (only_out and s.brig_in_command[b]):
            s.brig_in_command[b] = brigade_in_command(s, b)


def register(rules) -> None:
    @rules.process("command")
    def command_start(s, frame):
        side = frame[1]
        oob = s.game.oob
        army = oob.army[side]
        s.army_cp[side] = leader_command_points(s, army) if army >= 0 and s.hex[army] >= 0 else 0
        for d, div in enumerate(oob.divisions):
            if div.side == side:
                s.div_bonus[d] = 0
                c = s.div_cmd[d]
                s.div_cp[d] = leader_command_points(s, c) if c >= 0 and s.hex[c] >= 0 else 0
        s.stack.append(("command_phase", side))
        refresh_command(s, side)
        s.stack.append(("replace", side))

    rules.decision("command_phase")((_command_legal, _command_apply))

    @rules.process("replace")
    def replace(s, frame):
        """17.8: fill vacant posts, one at a time (placement may be a choice)."""
        side = frame[1]
        oob = s.game.oob
        for d, div in enumerate(oob.divisions):
            if div.side == side and s.div_cmd[d] < 0:
                _replace_division(s, side, d)
                s.stack.append(frame)
                return
        for b, brig in enumerate(oob.brigades):
            if brig.side == side and s.brig_cmd[b] < 0:
                units = tuple(u for u in brig.units if s.hex[u] >= 0)
                if units:
                    s.brig_cmd[b] = brig.replacement
                    s.fate[brig.replacement] = 0
                    s.stack.append(frame)
                    s.stack.append(("place_leader", side, brig.replacement, units))
                    return
        refresh_command(s, side)

    def place_legal(s, frame):
        act = s.facts.actions["place_with"]
        seen, out = set(), []
        for u in frame[3]:
            if s.hex[u] >= 0 and s.hex[u] not in seen:
                seen.add(s.hex[u])
                out.append(act[u])
        return out

    def place_apply(s, frame, action):
        leader = frame[2]
        s.set_hex(leader, s.hex[action.a])
        s.note("17.8", f"{s.game.units[leader].name} takes command at {s.game.board.ids[s.hex[leader]]}.",
               data=ev.step(s, "enter", leader, None, s.hex[leader]))

    rules.decision("place_leader")((place_legal, place_apply))


def _replace_division(s, side: int, d: int) -> None:
    """17.8, 25.32-25.34: the first successor still in play and of this division, else the
    anonymous division commander (placed with a unit of the division)."""
    oob = s.game.oob
    div = oob.divisions[d]
    for l in div.successors:
        b = commanded_brigade(s, l)
        if s.hex[l] >= 0 and b >= 0 and oob.brigades[b].division == d:
            s.div_cmd[d] = l
            s.brig_cmd[b] = -1                             # his brigade's replacement follows
            s.note("25.3", f"{s.game.units[l].name} takes command of {div.name}.")
            return
    units = tuple(u for b in div.brigades for u in oob.brigades[b].units if s.hex[u] >= 0)
    s.div_cmd[d] = div.replacement
    s.fate[div.replacement] = 0
    if units:
        s.stack.append(("place_leader", side, div.replacement, units))
    s.note("17.8", f"An anonymous commander takes {div.name}.")


# -- 17.5-17.6 casualties -------------------------------------------------------------------------------
def leader_casualty_checks(s, h: int, rule: str) -> None:
    """17.5: each leader in h rolls; on a hit a second die tells wounded or killed."""
    tab = s.game.tables
    for v in s.leaders_at(h):
        roll = s.roll()
        if roll < tab.casualty_hit:
            continue
        second = s.roll()
        fate = "wounded" if second in tab.casualty_wounded else "killed"
        s.note(rule, f"{s.game.units[v].name} is hit.", (roll, second), data=ev.at(s, "leader_hit", v, h, result=fate))
        leader_casualty(s, v, fate, rule)


def leader_casualty(s, v: int, fate: str, rule: str) -> None:
    """17.5-17.6: the leader leaves play; his post falls vacant (17.8) and the enemy scores."""
    if s.hex[v] < 0:
        return
    rank = rank_of(s, v)
    h = s.hex[v]
    s.set_hex(v, {"wounded": WOUNDED, "killed": ELIMINATED, "captured": CAPTURED}[fate])
    s.fate[v] = {"wounded": 1, "killed": 2, "captured": 3}[fate]
    s.note(rule, f"{s.game.units[v].name} is {fate}.", data=ev.at(s, "eliminated", v, h, fate=fate))
    d = commanded_division(s, v)
    if d >= 0:
        s.div_cmd[d] = -1
    b = commanded_brigade(s, v)
    if b >= 0:
        s.brig_cmd[b] = -1
    s.on_leader_lost(v, rank, fate)
