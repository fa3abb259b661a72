"""Rule summaries: a short statement of each rule a game cites, read from data files.

Each game (and each series' system) keeps a ``rules.toml`` of ``[[rule]]`` tables: ``number``
(as the log and the previews cite it: "11.4", "8.7"), ``title``, ``summary`` (our own words,
never the rulebook's) and ``source``: ``printed`` (the rule is in the game's printed rules we
hold), ``verified`` (read in another published edition) or ``reconstructed`` (the program's
reading, with its reasons in the game's rules notes). Front-ends show them when a rule number
is clicked.
"""

from __future__ import annotations

from pathlib import Path

from .datafile import Checker, load_toml
from .errors import DataError

SOURCES = ("printed", "verified", "reconstructed")


def load_rule_summaries(*paths: Path) -> dict:
    """{number: {"title", "summary", "source"}} from the files in order (a later file's rule
    replaces an earlier one with the same number)."""
    out: dict = {}
    for path in paths:
        doc = load_toml(path)
        seen = set()
        for i, table in enumerate(doc.get("rule", [])):
            c = Checker(str(path), table, f"rule[{i}]")
            number = c.get("number", str)
            if not number or number in seen:
                c.fail("number", f"empty or repeated rule number {number!r}")
            seen.add(number)
            summary = c.get("summary", str)
            if len(summary) > 600:
                c.fail("summary", "a summary is a few sentences (600 characters at most)")
            out[number] = {"title": c.get("title", str), "summary": summary, "source": c.choice("source", SOURCES)}
        if not seen:
            raise DataError(str(path), "rule", "no [[rule]] tables")
    return out


def rule_summary(summaries: dict, number: str) -> dict | None:
    """The summary of a cited rule: the rule itself, else (for "8.0" or "11.4.2") the nearest
    rule above it ("8", "11.4"), or None."""
    number = str(number).strip()
    while number:
        if number in summaries:
            return dict(summaries[number], number=number)
        if number.endswith(".0"):
            number = number[:-2]
        elif "." in number:
            number = number.rsplit(".", 1)[0]
        else:
            return None
    return None
