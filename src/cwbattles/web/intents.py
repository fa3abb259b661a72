"""The bots' intentions in a live game: kept with their actions, shown only to those who may see
them (issue 29 point 5).

A session keeps ``intents`` {action number: intent} (``bots.intent``: what changed in the bot's
plan or its formations' objectives when it chose that action), stored with the action in the
same row and carried by the game's record.

Who sees them. While a game runs, a bot's intentions would tell its opponent what it is about
to do, so they are shown only in a game between bots: a game with a person on either side
shows them to nobody until it is over (its spectator link too: the creator holds it, and in a
game against a bot the creator is the bot's opponent). Once the game is over every page sees
them, in the replay viewer at the action they were made. The rule reads only the game, never
the page asking, so the view every page shares may carry them.
"""

from __future__ import annotations

from cwbattles.bots.intent import changes, declared, merged

HUMAN = ("me", "remote")


def visible(session) -> bool:
    """Whether the game's intentions may be shown now (to every page alike, see above)."""
    return session.state.is_over or not any(p in HUMAN for p in session.players.values())


def note(session, side: str, bot) -> dict | None:
    """What of the bot's intent changed since the last one kept for its side (None: nothing)."""
    return changes(declared(bot), in_effect(session, len(session.actions)).get(side, {}))


def in_effect(session, n: int) -> dict:
    """{side: the intent in effect} after the first ``n`` actions, each part with the number of
    the action it came with (``plan_seq``, ``formations_seq``)."""
    out: dict = {}
    for seq in sorted(k for k in session.intents if k < n):
        side = session.sides_of_action[seq]
        intent = session.intents[seq]
        doc = out.setdefault(side, {})
        doc.update(merged([intent]))
        for key in intent:
            doc[f"{key}_seq"] = seq
    return out


def made_before(session, n: int) -> list[dict]:
    """The intents kept with the first ``n`` actions, each with its action's number, its side and
    ``at``, the index in the game's log where that action's events begin (the replay viewer
    shows each there)."""
    return [{"seq": seq, "side": session.sides_of_action[seq], "at": session.log_len[seq], **session.intents[seq]}
            for seq in sorted(k for k in session.intents if k < n)]


def live_view(session) -> dict | None:
    """The intents in effect now, for the view every page shares; None while they are hidden."""
    return in_effect(session, len(session.actions)) if visible(session) else None


def history_view(session, n: int) -> dict:
    """The replay viewer's part of position ``n``: the intents in effect and those made up to it."""
    if not visible(session):
        return {"intents": None, "intent_log": []}
    return {"intents": in_effect(session, n), "intent_log": made_before(session, n)}
