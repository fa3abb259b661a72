"""Test helpers every game shares: find, test and apply a legal action by its kind and the names
its JSON gives (a unit's id, a hex's printed number...)."""


def find(s, kind, a=None, b=None):
    """The legal action of ``kind`` whose JSON names ``a`` (and ``b``), or None."""
    for action in s.legal_actions():
        if action.kind != kind:
            continue
        vals = [v for k, v in s.game.action_to_json(action).items() if k != "kind"]
        if all(w in vals for w in (a, b) if w is not None):
            return action
    return None


def act(s, kind, a=None, b=None):
    """Apply that action; fail the test, listing what is legal, if there is none."""
    action = find(s, kind, a, b)
    if action is None:
        raise AssertionError(f"no legal {kind} {a} {b}: {[s.describe(x) for x in s.legal_actions()]}")
    s.apply(action)
    return action


def legal(s, kind, a=None, b=None) -> bool:
    return find(s, kind, a, b) is not None
