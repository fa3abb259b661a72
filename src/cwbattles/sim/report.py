"""An HTML report with PNG plots from a results file: who wins, by how much, what it costs."""

from __future__ import annotations

import html
import math
from collections import Counter, defaultdict
from pathlib import Path

HISTORICAL = {"cedar-creek": "Historically the Union won: 7 victory points to 3 (rules, 4).",
              "cedar-mountain": "Historically the Confederates won a tactical victory (27.1: a margin of 11 to "
                                "18 VP); the designers expected them usually to win (the errata counts a Draw, "
                                "0 to 5, as a slight Union victory).",
              "chancellorsville": "Historically a Confederate victory: Hooker recrossed the Rappahannock on the night "
                                  "of 5-6 May. In the game's terms (docs/balance/chancellorsville.md) about 146 VP "
                                  "to 72 (losses of some 43 Union and 33 Confederate strength points, every victory "
                                  "hex Confederate, Jackson's three stars): a Confederate Decisive, near its 2:1 "
                                  "edge."}
def history_of(game: str) -> dict | None:
    """History's result in the game's points (games/<battle>/data/behaviour.toml, [outcome]):
    the Union's margin (low, high), the winner, the level and the source; None if not given."""
    from cwbattles.games import GAMES

    from .behaviour import load_facts
    return load_facts(game)["outcome"] if game in GAMES else None


SIDES = ("union", "confederate")
COLOURS = {"union": "#2b4c9b", "confederate": "#8a8a8a"}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """Rate and 95% Wilson confidence interval of k successes in n trials."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    half = z * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
    return m, m - half, m + half


def median_interval(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Median and a distribution-free 95% interval: the order statistics n/2 -+ z*sqrt(n)/2."""
    ys = sorted(xs)
    n = len(ys)
    if n == 0:
        return 0.0, 0.0, 0.0
    median = (ys[(n - 1) // 2] + ys[n // 2]) / 2
    half = z * math.sqrt(n) / 2
    lo, hi = max(0, math.floor(n / 2 - half)), min(n - 1, math.ceil(n / 2 + half) - 1)
    return median, ys[lo], ys[hi]


def margin_bins(ms: list[int], most: int = 30) -> list[float]:
    """Bin edges a reader can read: whole VP, at most ``most`` bins, on round numbers."""
    lo, hi = min(ms), max(ms)
    span = max(1, hi - lo + 1)
    width = 1
    for w in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        width = w
        if span / w <= most:
            break
    start = math.floor(lo / width) * width
    edges = [start - 0.5]
    while edges[-1] < hi + 0.5:
        edges.append(edges[-1] + width)
    return edges


def summarise(rows: list[dict]) -> dict:
    """Figures by option set: games, wins by side with CI, margins, losses, zone control."""
    groups: dict = defaultdict(list)
    for row in rows:
        groups[row.get("options") or "standard"].append(row)
    out = {}
    for key, rs in groups.items():
        ok = [r for r in rs if not r.get("error")]
        n = len(ok)
        wins = Counter(r["winner"] for r in ok)
        zones = defaultdict(Counter)
        for r in ok:
            for k, v in r.items():
                if k.startswith("control_"):
                    zones[k[len("control_"):]][v or "none"] += 1
        out[key] = {
            "games": len(rs), "errors": [(r["seed"], r["error"]) for r in rs if r.get("error")], "played": n,
            "wins": {s: wins.get(s, 0) for s in SIDES},
            "win_rate": {s: wilson(wins.get(s, 0), n) for s in SIDES},
            "margins": [r["margin"] for r in ok],
            "margin_mean": mean_interval([r["margin"] for r in ok]),
            "margin_median": median_interval([r["margin"] for r in ok]),
            "mean_vp": {s: (sum(r[f"{s}_vp"] for r in ok) / n if n else 0) for s in SIDES},
            "mean_losses": {s: (sum(r[f"{s}_losses"] for r in ok) / n if n else 0) for s in SIDES},
            "losses": {s: [r[f"{s}_losses"] for r in ok] for s in SIDES},
            "zones": {z: dict(c) for z, c in sorted(zones.items())},
            "levels": Counter((r["winner"], r["level"]) for r in ok if r.get("level")),
            "bots": sorted({(r["union_bot"], r["confederate_bot"]) for r in rs}),
        }
    return out


def _levels_of(game: str):
    """The game's victory levels on the margin, [(name, low, high or None)], where it has them."""
    try:
        import cwbattles
        return list(getattr(cwbattles.load(game), "levels", ()) or ())
    except Exception:                 # an unknown or unloadable game: no bands, the rest still drawn
        return []


def _margin_plot(summary: dict, game: str, out: Path, plt) -> tuple[str, str]:
    """The margin's histogram in readable bins, the history's margin as a band, the levels as bands."""
    fig, ax = plt.subplots(figsize=(8, 4.2))
    every = [m for k in summary for m in summary[k]["margins"]]
    history = history_of(game)
    levels = _levels_of(game)
    if every:
        edges = margin_bins(every + (list(history["margin"]) if history else []))
        lo_x, hi_x = edges[0], edges[-1]
        shades = ("#f4f4f4", "#e6e6e6")
        for i, (name, lo, hi) in enumerate(levels):        # symmetric bands: the winner's margin
            top = hi_x if hi is None else hi + 0.5
            for sign in (1, -1):
                a, b = sorted((sign * (lo - 0.5 if lo else 0), sign * top))
                ax.axvspan(max(a, lo_x), min(b, hi_x), color=shades[i % 2], zorder=0)
            mid = (max(lo - 0.5, 0) + min(top, hi_x)) / 2
            for x in (mid, -mid):                           # named inside the band, upright
                if lo_x < x < hi_x:
                    ax.text(x, 0.98, name, transform=ax.get_xaxis_transform(), ha="center", va="top",
                            rotation=90, fontsize=7, color="#555555", zorder=4)
        for k in summary:
            if summary[k]["margins"]:
                ax.hist(summary[k]["margins"], bins=edges, alpha=0.65, label=k, zorder=2, edgecolor="white")
    if history:
        a, b = history["margin"]
        if a == b:
            ax.axvline(a, color="#b8860b", lw=2.5, zorder=3, label=f"history ({a:+d})")
        else:
            ax.axvspan(a - 0.5, b + 0.5, color="#b8860b", alpha=0.35, zorder=1, label=f"history ({a:+d} to {b:+d})")
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("VP margin (Union minus Confederates)")
    ax.set_ylabel("games")
    ax.set_title("Victory point margin" + (" with the levels of victory (grey bands)" if levels else ""))
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "margin.png", dpi=110)
    plt.close(fig)
    return "margin.png", "Histogram of the VP margin" + (" and history's" if history else "")


LEVEL_ORDER = ("decisive", "strategic", "substantive", "tactical", "marginal", "draw")   # strongest first


def _level_place(cell) -> tuple:
    """The Confederates' strongest level on the left, the Union's on the right."""
    winner, level = cell
    rank = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
    if winner == "confederate":
        return (0, rank)
    if winner == "union":
        return (2, -rank)
    return (1, rank)


def _levels_plot(summary: dict, game: str, out: Path, plt):
    """Games at each level of victory, the historical one marked."""
    keys = [k for k in summary if summary[k]["levels"]]
    if not keys:
        return None
    history = history_of(game) or {}
    cells = {wl for k in keys for wl in summary[k]["levels"]}
    if history.get("level"):
        cells.add((history["winner"], history["level"]))
    cells = sorted(cells, key=_level_place)
    fig, ax = plt.subplots(figsize=(8, 3.8))
    width = 0.8 / len(keys)
    for i, k in enumerate(keys):
        n = max(1, summary[k]["played"])
        xs = [j + (i - (len(keys) - 1) / 2) * width for j in range(len(cells))]
        ax.bar(xs, [summary[k]["levels"].get(wl, 0) / n for wl in cells], width, label=k, zorder=2)
    names = [f"{w or 'nobody'}\n{lv}" for w, lv in cells]
    ax.set_xticks(range(len(cells)), names, fontsize=8)
    for j, (w, lv) in enumerate(cells):
        if w == history.get("winner") and lv == history.get("level"):
            ax.axvspan(j - 0.45, j + 0.45, color="#b8860b", alpha=0.3, zorder=1, label="history")
    ax.set_ylabel("share of games")
    ax.set_title("Levels of victory")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "levels.png", dpi=110)
    plt.close(fig)
    return "levels.png", "Share of games at each level of victory, history's marked"


def _plots(summary: dict, out: Path, game: str = "") -> list[tuple[str, str]]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    keys = list(summary)
    figs = []

    fig, ax = plt.subplots(figsize=(7, 3.8))
    width = 0.38
    for i, side in enumerate(SIDES):
        rates = [summary[k]["win_rate"][side] for k in keys]
        xs = [j + (i - 0.5) * width for j in range(len(keys))]
        ax.bar(xs, [r[0] for r in rates], width, color=COLOURS[side], label=side.capitalize(),
               yerr=[[max(0.0, r[0] - r[1]) for r in rates], [max(0.0, r[2] - r[0]) for r in rates]], capsize=4)
    ax.set_xticks(range(len(keys)), keys, rotation=10)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title("Win rate by side")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "win_rate.png", dpi=110)
    plt.close(fig)
    figs.append(("win_rate.png", "Win rate by side, with 95% Wilson confidence intervals"))

    figs.append(_margin_plot(summary, game, out, plt))
    levels = _levels_plot(summary, game, out, plt)
    if levels:
        figs.append(levels)

    fig, ax = plt.subplots(figsize=(7, 3.8))
    data, labels, colours = [], [], []
    for k in keys:
        for side in SIDES:
            data.append(summary[k]["losses"][side] or [0])
            labels.append(f"{k}\n{side}")
            colours.append(COLOURS[side])
    parts = ax.boxplot(data, patch_artist=True)
    for patch, c in zip(parts["boxes"], colours):
        patch.set_facecolor(c)
        patch.set_alpha(0.6)
    ax.set_xticks(range(1, len(labels) + 1), labels, fontsize=7)
    ax.set_ylabel("strength points lost")
    ax.set_title("Losses per side")
    fig.tight_layout()
    fig.savefig(out / "losses.png", dpi=110)
    plt.close(fig)
    figs.append(("losses.png", "Step losses per side"))

    zones = sorted({z for k in keys for z in summary[k]["zones"]})
    if zones:
        fig, axes = plt.subplots(1, len(keys), figsize=(max(6, 4 * len(keys)), 0.5 * len(zones) + 1.5), squeeze=False)
        for ax, k in zip(axes[0], keys):
            n = max(1, summary[k]["played"])
            left = [0.0] * len(zones)
            for side in SIDES + ("none",):
                vals = [summary[k]["zones"].get(z, {}).get(side, 0) / n for z in zones]
                ax.barh(zones, vals, left=left, color=COLOURS.get(side, "#dddddd"), label=side)
                left = [a + b for a, b in zip(left, vals)]
            ax.set_xlim(0, 1)
            ax.set_title(k, fontsize=9)
        axes[0][0].legend(fontsize=7)
        fig.suptitle("Control of each victory zone at the end")
        fig.tight_layout()
        fig.savefig(out / "zones.png", dpi=110)
        plt.close(fig)
        figs.append(("zones.png", "Share of games in which each side held each victory zone at the end"))
    return figs


def write_report(rows: list[dict], out_dir, source: str = "") -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary = summarise(rows)
    game = rows[0]["game"] if rows else ""
    figs = _plots(summary, out, game)
    e = html.escape
    parts = [f"<!doctype html><meta charset='utf-8'><title>cwbattles report: {e(game)}</title>",
             "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}"
             "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px;text-align:right}"
             "th{background:#eee}</style>",
             f"<h1>Simulation report: {e(game)}</h1>",
             f"<p>{len(rows)} games from <code>{e(str(source))}</code>. {e(HISTORICAL.get(game, ''))}</p>",
             "<table><tr><th>options</th><th>bots (Union v Confederate)</th><th>games</th><th>errors</th>"
             "<th>Union wins</th><th>Union win rate (95% CI)</th><th>Confederate wins</th>"
             "<th>mean VP U / C</th><th>mean losses U / C</th><th>mean margin (95% CI)</th>"
             "<th>median margin (95% CI)</th></tr>"]
    for key, s in summary.items():
        p, lo, hi = s["win_rate"]["union"]
        mean, mean_lo, mean_hi = s["margin_mean"]
        median, median_lo, median_hi = s["margin_median"]
        bots = "; ".join(f"{a} v {b}" for a, b in s["bots"])
        parts.append(f"<tr><td>{e(key)}</td><td>{e(bots)}</td><td>{s['games']}</td><td>{len(s['errors'])}</td>"
                     f"<td>{s['wins']['union']}</td><td>{p:.1%} ({lo:.1%}-{hi:.1%})</td>"
                     f"<td>{s['wins']['confederate']}</td>"
                     f"<td>{s['mean_vp']['union']:.2f} / {s['mean_vp']['confederate']:.2f}</td>"
                     f"<td>{s['mean_losses']['union']:.2f} / {s['mean_losses']['confederate']:.2f}</td>"
                     f"<td>{mean:+.2f} ({mean_lo:+.1f} to {mean_hi:+.1f})</td>"
                     f"<td>{median:+g} ({median_lo:+g} to {median_hi:+g})</td></tr>")
    parts.append("</table>")
    h = history_of(game)
    if h:
        a, b = h["margin"]
        told = f"{a:+d}" if a == b else f"{a:+d} to {b:+d}"
        parts.append(f"<p>History's margin: {e(told)} ({e(h['winner'])}"
                     f"{', ' + e(h['level']) if h['level'] else ''}; {e(h['source'])}).</p>")
    for key, s in summary.items():                       # games that score levels of victory
        if s["levels"]:
            parts.append(f"<h2>Levels of victory ({e(key)})</h2><table><tr><th>winner</th><th>level</th><th>games</th></tr>")
            parts += [f"<tr><td>{e(str(w))}</td><td>{e(str(lv))}</td><td>{k}</td></tr>"
                      for (w, lv), k in sorted(s["levels"].items(), key=lambda x: -x[1])]
            parts.append("</table>")
    for name, caption in figs:
        parts.append(f"<figure><img src='{name}' alt='{e(caption)}'><figcaption>{e(caption)}</figcaption></figure>")
    errors = [(k, seed, err) for k, s in summary.items() for seed, err in s["errors"]]
    if errors:
        parts.append("<h2>Games that crashed</h2><ul>")
        parts += [f"<li>{e(k)}: seed {seed}: <code>{e(err)}</code></li>" for k, seed, err in errors]
        parts.append("</ul>")
    (out / "index.html").write_text("\n".join(parts))
    return out / "index.html"
