"""Playing a hex game's page by clicks and keys, each one counted (issue 27, "Measures"): the
moves the per-battle browser tests script, the same way a player makes them."""

from __future__ import annotations

from .test_browser import api, open_page, wait_page_seq, wait_view
from .test_browser_round import Counted, wait_js


def against_the_bot(base, browser, game, side, seed):
    """A new game of ``game`` where ``side`` plays in a page against the heuristic bot: (game id,
    the side's token, the page, its counter of clicks and keys). A confirmation the page asks
    (risk.js) counts as one more click, and is accepted."""
    other = "confederate" if side == "union" else "union"
    g = api(base, "POST", "/api/games", {"game": game, "seed": seed, side: "me", other: "bot:heuristic"})
    page = open_page(browser, base + g["links"][side])
    c = counted(page)
    return g["id"], g["tokens"][side], page, c


def counted(page):
    """The page's clicks and keys counted, with its confirmations (accepted)."""
    c = Counted(page)

    def confirm(dialog):
        c.n += 1
        c.what.append(f"confirm: {dialog.message[:40]}")
        dialog.accept()
    page.on("dialog", confirm)
    return c


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
