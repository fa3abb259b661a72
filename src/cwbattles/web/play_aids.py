"""Conveniences of the game page that save clicks, for any game, through the public API only.

None of this is a rule. A *default* is one of the legal actions of the moment that the page
offers to take with one key (Enter) or one click; a *quick* request is a short sequence of
ordinary legal actions the page would otherwise send one by one (activate the division and
pick the brigade, go to the clicked place by the cheapest path, end the move there when
nothing else is sensible, and settle its facing and line by default). Each action is checked
against ``legal_actions()`` and committed like any other; a sequence stops as soon as a die is
rolled, so the player always sees the dice before choosing again, and every action taken by
default is reported back so the page can list it and offer to undo it.

Nothing a client learns here may predict a die: previews made on clones stop at the first
action that would roll one.
"""

from __future__ import annotations

from cwbattles.engine.errors import CwbattlesError

from .routes import cheapest_path, reach as reach_of

SELECT_KINDS = ("brigade", "move")        # the action that starts a unit's move (area, hex games)
ACTIVATE_KINDS = ("activate",)           # a division's activation, when picking its brigade needs it
ATTACK_KINDS = ("attack", "charge")
JOIN_KINDS = ("attacker",)               # a unit joining the attack being declared (Blue & Gray 8.2)
HOUSEKEEPING = ("face", "line")          # follow-ups of a move that a destination click settles
END_KINDS = ("end_hq", "hq_stop", "stop", "end_division", "end_movement", "end_combat", "halt", "no_advance")
# Decisions whose default Enter takes (the first matching kind, in this order of preference).
DEFAULT_KINDS = ("stop", "hq_stop", "end_hq", "resolve", "face", "line", "fatigue", "brigade")


class AidError(Exception):
    """A quick request that cannot be carried out (the page shows the message)."""


def _docs(state):
    game = state.game
    return [(a, game.action_to_json(a)) for a in state.legal_actions()]


def _unit_of(doc: dict):
    return doc.get("unit")


def select_steps(state, unit: str) -> list:
    """The legal actions that start ``unit``'s move from here: its own select action, or its
    division's activation (then the select, once legal). [] if neither is legal now."""
    docs = _docs(state)
    for action, doc in docs:
        if doc["kind"] in SELECT_KINDS and _unit_of(doc) == unit:
            return [action]
    division = _division_of(state.game, unit)
    for action, doc in docs:
        if doc["kind"] in ACTIVATE_KINDS and division and doc.get("division") == division:
            return [action]
    return []


def _division_of(game, unit: str):
    counters = game.counters()
    for key in ("brigades", "units"):
        for c in counters.get(key, ()):
            if c["id"] == unit:
                return c.get("division")
    return None


def selected_clone(state, unit: str):
    """A clone in which ``unit`` has started its move, or None: not selectable now, or a die
    would be rolled on the way (an initiative test), which a preview must never reveal."""
    s = state.clone()
    calls = s.dice.calls
    for _ in range(3):
        if getattr(s, "mv_unit", -1) >= 0 and _moving_id(s) == unit:
            return s
        steps = select_steps(s, unit)
        if not steps:
            return None
        s.apply(steps[0])
        if s.dice.calls != calls:
            return None
    return s if _moving_id(s) == unit else None


def _moving_id(state):
    u = getattr(state, "mv_unit", -1)
    if u is None or u < 0:
        return None
    return state.to_position()["units"][u]["id"]


def reach_for(state, unit: str) -> dict:
    """{place: MP} for the unit moving now, or for a unit that could be picked now (its move
    worked out on a clone): what the page highlights before the player commits to anything."""
    if _moving_id(state) == unit:
        return reach_of(state, unit)
    s = selected_clone(state, unit)
    return reach_of(s, unit) if s is not None else {}


def options_for(state, unit: str) -> dict:
    """What picking ``unit`` would offer: the places it can reach and the actions that name a
    place (attacks, charges...) it could take at once."""
    if _moving_id(state) == unit:
        s = state
    else:
        s = selected_clone(state, unit)
    if s is None:
        return {"unit": unit, "selectable": False, "reach": {}, "actions": []}
    actions = [{"text": s.game.describe(a), "action": doc} for a, doc in _docs(s)
               if doc["kind"] in ATTACK_KINDS]
    out = {"unit": unit, "selectable": True, "reach": reach_of(s, unit), "actions": actions}
    if not out["reach"] and hasattr(s, "why_it_stays"):
        stays = s.why_it_stays(unit)          # e.g. a battery that must limber first (7.3)
        if stays:
            then = next((doc for a, doc in _docs(s) if doc["kind"] == stays.get("then")), None)
            out["stays"] = {**stays, "then": then, "then_text": s.game.describe(
                s.game.action_from_json(then, "action")) if then else None}
    return out


def preview_for(state, unit: str, action_doc: dict) -> dict:
    """The preview of an action of ``unit`` as if it had been picked (its move started)."""
    s = state if _moving_id(state) == unit else selected_clone(state, unit)
    if s is None:
        raise AidError(f"{unit} cannot be picked now without a die roll")
    action = s.game.action_from_json(action_doc, "action")
    return s.preview(action)


# -- defaults ---------------------------------------------------------------------------------------
def default_choice(state, log_events: list) -> dict | None:
    """The legal action the page offers as the default of this decision, with why, or None when
    the decision has no obvious answer (which division, hold or retreat, where to fall back,
    whether to attack: the player decides those)."""
    docs = _docs(state)
    if len(docs) < 2:
        return None
    history = state.historical_choice() if hasattr(state, "historical_choice") else None
    if history is not None:
        return {"index": next(i for i, (a, _) in enumerate(docs) if a == history),
                "why": "as history has it (the order of battle's set-up)"}
    kinds = {doc["kind"] for _, doc in docs}
    for kind in DEFAULT_KINDS:
        if kind not in kinds:
            continue
        if kind == "brigade" and (kinds & {"attack", "charge", "move"}):
            continue
        pick = _pick(state, kind, docs, log_events)
        if pick is not None:
            index, why = pick
            return {"index": index, "why": why}
    return None


def _best_attack_facings(state, of_kind) -> list:
    """The facings after an attack declaration whose combat is best for the attacker (most
    defender hits less attacker hits: the facing the attack's preview headlined), or [] when
    these facings follow no attack."""
    scored = []
    for a, doc in of_kind:
        try:
            p = state.preview(a)
        except (ValueError, AttributeError):
            return []
        if not isinstance(p, dict) or "defender_hit" not in p:
            return []           # a facing whose preview is no area combat's (the hex games' facings)
        scored.append((p["defender_hit"] - p["attacker_hit"], a, doc))
    top = max((sc for sc, _, _ in scored), default=None)
    return [(a, doc) for sc, a, doc in scored if top is not None and abs(sc - top) < 1e-12]


def _pick(state, kind, docs, log_events):
    index = {id(a): i for i, (a, _) in enumerate(docs)}
    of_kind = [(a, doc) for a, doc in docs if doc["kind"] == kind]
    if kind == "face":
        units = {doc.get("unit") for _, doc in of_kind}
        target = _last_attack_target(log_events, units)
        best = _best_attack_facings(state, of_kind)
        if best:        # right after an attack: the odds the attack's preview showed (its best facing)
            for a, doc in best:
                if target and doc.get("zone") == target:
                    return index[id(a)], "face the zone attacked (the best odds)"
            return index[id(best[0][0])], "the facing with the best odds, as the attack's preview showed"
        for a, doc in of_kind:
            if target and doc.get("zone") == target:
                return index[id(a)], "face the zone attacked"
        current = _current(state, units, "facing")
        for a, doc in of_kind:
            if current and doc.get("zone") == current:
                return index[id(a)], "keep the present facing"
        bot = _bot_choice(state)
        if bot is not None and bot.kind == "face":
            return index[id(next(a for a, _ in of_kind if a == bot))], "as the heuristic bot would face"
        return index[id(of_kind[0][0])], "the first facing offered"
    if kind == "line":
        units = {doc.get("unit") for _, doc in of_kind}
        current = _current(state, units, "line")
        for a, doc in of_kind:
            if current and doc.get("line") == current:
                return index[id(a)], "keep the line it took on entering"
        return index[id(of_kind[0][0])], "first line"
    why = {"stop": "end the move here", "hq_stop": "stop the headquarters here",
           "end_hq": "leave the headquarters where they are", "resolve": "resolve the attacks in the order declared",
           "fatigue": "the first brigade offered tires", "brigade": "the next brigade of the division"}[kind]
    if kind == "brigade":
        on_map = _on_map(state)
        for a, doc in of_kind:
            if doc.get("unit") in on_map:
                return index[id(a)], why
    return index[id(of_kind[0][0])], why


def _last_attack_target(log_events, units):
    for e in reversed(log_events[-40:]):
        d = e.get("data") or {}
        if d.get("kind") == "attack" and d.get("unit") in units:
            return (d.get("targets") or [None])[0]
    return None


def _current(state, units, key):
    for u in state.to_position()["units"]:
        if u["id"] in units:
            return u.get(key)
    return None


def _on_map(state) -> set:
    return {u["id"] for u in state.to_position()["units"] if u.get("status") == "on_map"}


def _bot_choice(state):
    from cwbattles.bots import make_bot
    try:
        return make_bot("heuristic").choose(state.clone())
    except Exception:           # a default is a convenience: never let it break a view
        return None


# -- quick sequences --------------------------------------------------------------------------------
class Quick:
    """One quick request: ordinary legal actions worked out one by one on a copy of the game,
    then committed together by the session (one stored transaction), remembering which were
    taken by default."""

    def __init__(self, session, side: str):
        self.session = session
        self.side = side
        self.state = session.state.clone()
        self.steps: list = []               # [(action, side)] to commit
        self.defaulted: list[dict] = []
        self.calls = self.state.dice.calls
        self.seq0 = len(session.actions)

    def rolled(self) -> bool:
        return self.state.dice.calls != self.calls

    def new_events(self) -> list[dict]:
        """The events of the actions worked out so far (not in the session's log yet)."""
        out, node, stop = [], self.state._log, self.session.state._log
        while node is not None and node is not stop:
            node, event = node
            out.append(event.to_json())
        out.reverse()
        return out

    def commit(self, action, by_default: bool) -> None:
        if by_default:
            self.defaulted.append({"seq": self.seq0 + len(self.steps), "text": self.state.describe(action)})
        self.steps.append((action, self.side))
        self.state.apply(action)

    def mine(self) -> bool:
        s = self.state
        return not s.is_over and s.to_act == self.side

    def select(self, unit: str) -> None:
        for _ in range(3):
            if _moving_id(self.state) == unit or not self.mine() or self.rolled():
                return
            steps = select_steps(self.state, unit)
            if not steps:
                raise AidError(f"{unit} cannot be picked now")
            self.commit(steps[0], by_default=steps[0].kind in ACTIVATE_KINDS)

    def go(self, unit: str, place: str) -> None:
        if self.rolled() or _moving_id(self.state) != unit:
            return
        path = cheapest_path(self.state, unit, place)
        if path is None:
            raise AidError(f"{unit} cannot reach {place} now")
        for action in path:
            self.commit(action, by_default=False)

    def play(self, action_doc: dict) -> None:
        if self.rolled() or not self.mine():
            return
        try:
            action = self.state.game.action_from_json(action_doc, "action")
        except CwbattlesError as e:
            raise AidError(str(e)) from None
        if action not in self.state.legal_actions():
            raise AidError(f"not a legal action now: {self.state.game.describe(action)}")
        self.commit(action, by_default=False)

    def finish(self, unit: str) -> None:
        """End the unit's move where it stands when no attack is possible from there (to go
        farther the player clicks farther), then settle facing and line by default."""
        if self.rolled() or not self.mine():
            return
        if _moving_id(self.state) == unit:
            docs = _docs(self.state)
            if any(doc["kind"] in ATTACK_KINDS for _, doc in docs):
                return
            stop = next((a for a, doc in docs if doc["kind"] == "stop" and doc.get("unit") == unit), None)
            if stop is None:
                return
            self.commit(stop, by_default=True)
        self.settle()

    def join_attack(self) -> None:
        """Every unit that could join the attack being declared joins it, by default: the units
        of a stack attack together (Blue & Gray 8.2), as the declaration's preview counted them;
        withholding one is the exception (an undo takes back the last one joined)."""
        for _ in range(64):
            if self.rolled() or not self.mine():
                return
            join = next((a for a, doc in _docs(self.state) if doc["kind"] in JOIN_KINDS), None)
            if join is None:
                return
            self.commit(join, by_default=True)

    def settle(self) -> None:
        for _ in range(6):
            if self.rolled() or not self.mine():
                return
            docs = _docs(self.state)
            if not docs or any(doc["kind"] not in HOUSEKEEPING for _, doc in docs):
                return
            choice = default_choice(self.state, self.session.log_events + self.new_events())
            if choice is None:
                return
            self.commit(docs[choice["index"]][0], by_default=True)


# -- what the map marks beside the legal actions ------------------------------------------------------
def view_aids(state) -> dict:
    """Facts a game offers for the page to draw, when it has them: the command range of the
    side to act (``command_range``: area games, rule 10) and the attacks that must be made
    (``obligations``: hex games, 8.1), the unit being set up (``placing``: Cedar Mountain, 26.2)."""
    if state.is_over or not state.stack:
        return {}
    out = {}
    if hasattr(state, "placing"):
        placing = state.placing()
        if placing:
            out["placing"] = placing
    if hasattr(state, "command_range"):
        out["command"] = state.command_range()
    if hasattr(state, "obligations"):
        obligations = state.obligations()
        if obligations:
            out["obligations"] = obligations
    return out
