"""Playing a hex game's page by clicks and keys, each one counted (issue 27, "Measures"): the
moves the per-battle browser tests script, the same way a player makes them."""

from __future__ import annotations

from .test_browser import wait_page_seq, wait_view
from .test_browser_round import wait_js


def move_by_clicks(c, page, base, gid, token, unit, choose_hex):
    """Pick ``unit`` (its counter, then its plain move in the stack's menu when there is one),
    then click the hex ``choose_hex(reach)`` picks among those it can reach: the move ends there.
    Returns the view after the move, in which the unit stands there."""
    seq = page.evaluate("() => window.cwbattles.view.seq")
    c.click(f"svg.hex-map .counter[data-unit='{unit}']", f"pick {unit}")
    if page.locator("#chooser").is_visible():
        c.click(f"#chooser button[data-index]:text-matches('^move ', 'i'):not(:has-text('strategically'))",
                f"its move in the menu")
    wait_js(page, "app.picked && app.picked.unit === arg && app.picked.options", unit)
    reach = page.evaluate("() => window.cwbattles.picked.options.reach")
    place = choose_hex(reach)
    c.click(f"svg.hex-map .zone-tag[data-hex='{place}']", f"{unit} to {place}")
    v = wait_view(base, gid, token, lambda w: w["seq"] > seq and w["moving"] is None)
    wait_page_seq(page, v["seq"])
    assert next(u for u in v["position"]["units"] if u["id"] == unit)["hex"] == place
    return v


def farthest(reach):
    """The hex the unit reaches with the most movement points (the first such in hex order)."""
    return min(reach, key=lambda h: (-reach[h], h))


def end_phase(c, page, base, gid, token, why):
    """E ends the phase; returns the next view the player's page shows."""
    seq = page.evaluate("() => window.cwbattles.view.seq")
    wait_js(page, "!app.busy")
    c.key("e", why)
    v = wait_view(base, gid, token, lambda w: w["seq"] > seq)
    return v
