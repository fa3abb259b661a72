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
            "mean_vp": {s: (sum(r[f"{s}_vp"] for r in ok) / n if n else 0) for s in SIDES},
            "mean_losses": {s: (sum(r[f"{s}_losses"] for r in ok) / n if n else 0) for s in SIDES},
            "losses": {s: [r[f"{s}_losses"] for r in ok] for s in SIDES},
            "zones": {z: dict(c) for z, c in sorted(zones.items())},
            "levels": Counter((r["winner"], r["level"]) for r in ok if r.get("level")),
            "bots": sorted({(r["union_bot"], r["confederate_bot"]) for r in rs}),
        }
    return out


def _plots(summary: dict, out: Path) -> list[tuple[str, str]]:
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

    fig, ax = plt.subplots(figsize=(7, 3.8))
    for k in keys:
        ms = summary[k]["margins"]
        if ms:
            lo, hi = min(ms), max(ms)
            ax.hist(ms, bins=range(lo, hi + 2), alpha=0.6, label=k, align="left")
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("VP margin (Union minus Confederates; the Union wins ties)")
    ax.set_ylabel("games")
    ax.set_title("Victory point margin")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "margin.png", dpi=110)
    plt.close(fig)
    figs.append(("margin.png", "Histogram of the VP margin"))

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
    figs = _plots(summary, out)
    game = rows[0]["game"] if rows else ""
    e = html.escape
    parts = [f"<!doctype html><meta charset='utf-8'><title>cwbattles report: {e(game)}</title>",
             "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}"
             "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px;text-align:right}"
             "th{background:#eee}</style>",
             f"<h1>Simulation report: {e(game)}</h1>",
             f"<p>{len(rows)} games from <code>{e(str(source))}</code>. {e(HISTORICAL.get(game, ''))}</p>",
             "<table><tr><th>options</th><th>bots (Union v Confederate)</th><th>games</th><th>errors</th>"
             "<th>Union wins</th><th>Union win rate (95% CI)</th><th>Confederate wins</th>"
             "<th>mean VP U / C</th><th>mean losses U / C</th><th>mean margin</th></tr>"]
    for key, s in summary.items():
        p, lo, hi = s["win_rate"]["union"]
        margin = sum(s["margins"]) / len(s["margins"]) if s["margins"] else 0
        bots = "; ".join(f"{a} v {b}" for a, b in s["bots"])
        parts.append(f"<tr><td>{e(key)}</td><td>{e(bots)}</td><td>{s['games']}</td><td>{len(s['errors'])}</td>"
                     f"<td>{s['wins']['union']}</td><td>{p:.1%} ({lo:.1%}-{hi:.1%})</td>"
                     f"<td>{s['wins']['confederate']}</td>"
                     f"<td>{s['mean_vp']['union']:.2f} / {s['mean_vp']['confederate']:.2f}</td>"
                     f"<td>{s['mean_losses']['union']:.2f} / {s['mean_losses']['confederate']:.2f}</td>"
                     f"<td>{margin:+.2f}</td></tr>")
    parts.append("</table>")
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
