"""Mutating JSON documents for the fuzz tests: a few random edits anywhere in a document (a value
replaced by one of another type, size or meaning, a key or an element removed, an element
doubled), drawn by hypothesis so that any failure shrinks to a small example.

The draws do not depend on the document (positions in it are numbers taken modulo the size of
what is there, and every draw is made whether it is used or not): the web fuzz mutates requests
built from a live game, and hypothesis must be able to replay a failing example's draws."""

import copy

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

ODD_NUMBERS = st.sampled_from([-1, 0, 1, 2, 7, 99, 999, 2 ** 31, 2 ** 63, 2 ** 64, -2 ** 63, 10 ** 30, 10 ** 400])
SCALARS = st.one_of(st.integers(-3, 60), ODD_NUMBERS, st.booleans(), st.none(), st.text(max_size=6),
                    st.floats(allow_nan=True, allow_infinity=True), st.just("\ud800"), st.just("é"))
VALUES = st.one_of(SCALARS, st.lists(st.one_of(st.integers(-2, 60), st.text(max_size=3)), max_size=3),
                   st.dictionaries(st.text(max_size=4), st.integers(-2, 5), max_size=2))
EDITS = ("set", "set", "delete", "double")
DEEPEST = 5


def fuzz(n, shrink=True):
    """Hypothesis's settings for a fuzz test: ``n`` examples, the same every run; ``shrink``
    False stops at the first failure (for a test expected to fail, where shrinking is waste)."""
    phases = tuple(Phase) if shrink else (Phase.explicit, Phase.reuse, Phase.generate)
    return settings(max_examples=n, deadline=None, derandomize=True, database=None, phases=phases,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def mutate(data, doc, names=(), edits=3, focus=(), fewest=1):
    """A copy of ``doc`` with ``fewest`` (1) to ``edits`` random edits; ``names`` are strings
    worth trying (ids of units, zones, hexes, frame kinds); half the edits go under a top-level
    key of ``focus`` (where the document is most intricate), if it has one."""
    doc = copy.deepcopy(doc)
    values = st.one_of(VALUES, st.sampled_from(list(names))) if names else VALUES
    for _ in range(data.draw(st.integers(fewest, edits), label="edits")):
        depth = data.draw(st.integers(1, DEEPEST), label="depth")
        steps = [data.draw(st.integers(0, 999), label="step") for _ in range(DEEPEST)]
        use_focus = data.draw(st.booleans(), label="focus")
        edit = EDITS[data.draw(st.integers(0, len(EDITS) - 1), label="edit")]
        value = data.draw(values, label="value")
        parent, key, node = None, None, doc
        present = [k for k in focus if isinstance(doc, dict) and k in doc]
        for level, step in enumerate(steps[:depth]):
            if level == 0 and present and use_focus:
                key = present[step % len(present)]
            elif isinstance(node, dict) and node:
                keys = sorted(node, key=str)
                key = keys[step % len(keys)]
            elif isinstance(node, list) and node:
                key = step % len(node)
            else:
                break
            parent, node = node, node[key]
        if parent is None:
            continue
        if edit == "set":
            parent[key] = value
        elif edit == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
    return doc
