"""What the lobby offers: each scenario's rule options with a sentence on what they change, and
the bots by strength with a sentence on what each is."""

from __future__ import annotations

from cwbattles.bots.commander import DEFAULT_SECONDS

# (spec, name, what it means). Budgets are simulations, not seconds, so a bot plays the same
# game on any machine; the times are this machine's (bench/bot_speed.py, docs/bots.md).
BOT_LEVELS = (
    ("bot:random", "Random", "Plays any legal action at random: for learning the controls, not for a game."),
    ("bot:heuristic", "Heuristic",
     "Looks one action ahead with the game's own evaluation and the exact combat odds; answers at once."),
    ("bot:mcts:20", "Search, quick",
     "Monte Carlo tree search of 20 playouts a decision, starting from the heuristic's choices: a little "
     "stronger, a few hundredths of a second a decision."),
    ("bot:mcts:100", "Search, strong",
     "The same search with 100 playouts a decision (about a second on Cedar Creek, an eighth on Champion Hill): "
     "the strongest measured against the heuristic (docs/bots.md)."),
    ("bot:commander", "Commander",
     "Plans each of its turns as a whole toward an objective for every division; thinks up to {game} a game, "
     "at most {decision} a decision, while the page says it is thinking. What it intends shows in the replay once "
     "the game is over."),
)


def scenario_options(game) -> list[dict]:
    """The scenario's rule options: name, rule, type, choices, description and default."""
    out = []
    for name, spec in game.option_specs.items():
        default = game.option(name) if hasattr(game, "option") else None
        if default is None and spec.get("type") == "bool":
            default = False
        out.append({"name": name, "rule": spec.get("rule", ""), "type": spec.get("type", "str"),
                    "choices": list(spec.get("choices", []) or []), "description": spec.get("description", ""),
                    "default": default})
    return out


def bot_levels(known: list[str], decision_seconds: float) -> list[dict]:
    """The named bot levels whose bot exists here, the commander's times as this server gives them
    (``Limits.bot_seconds`` a decision at most)."""
    times = {"game": f"{DEFAULT_SECONDS / 60:g} minutes", "decision": f"{decision_seconds:g} s"}
    return [{"spec": spec, "name": name, "text": text.format(**times)} for spec, name, text in BOT_LEVELS
            if spec[4:].split(":")[0] in known]
