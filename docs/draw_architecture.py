"""Draw docs/img/architecture.svg, the layers of cwbattles (docs/architecture.md).

usage: python docs/draw_architecture.py   (no dependencies; rerun after a layer changes)
Each layer imports only the layers under it; the boxes name its packages."""

from html import escape
from pathlib import Path

LAYERS = [   # top to bottom: (layer, its packages)
    ("front-ends", ["web (FastAPI, SQLite, pages)", "cli / terminal", "sim (batch, Ray)", "adapters (RL)"]),
    ("bots", ["random", "heuristic", "mcts", "knowledge/<game>", "knowledge/blue_and_gray"]),
    ("games", ["cedar_creek", "champion_hill", "chancellorsville", "cedar_mountain"]),
    ("systems", ["blue_and_gray (standard rules 4-11)", "gbacw (standard rules 4-18)"]),
    ("engine", ["machine", "contract", "dice", "boards", "records", "positions", "log", "datafile"]),
]
W, ROW, PAD, LABEL = 940, 78, 10, 110


def box(x, y, w, h, text, fill):
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="#445"/>'
            f'<text x="{x + w / 2}" y="{y + h / 2 + 4}" text-anchor="middle">{escape(text)}</text>')


def main() -> None:
    parts = []
    fills = ["#f3e3c3", "#e3d3f3", "#cfe8cf", "#cfdff3", "#e8e8e8"]
    for i, (layer, packages) in enumerate(LAYERS):
        y = PAD + i * ROW
        parts.append(f'<text x="{PAD}" y="{y + 34}" font-weight="bold">{layer}</text>')
        width = (W - LABEL - PAD) / len(packages)
        for j, name in enumerate(packages):
            parts.append(box(LABEL + j * width, y, width - 8, ROW - 30, name, fills[i]))
        if i < len(LAYERS) - 1:
            ax = LABEL - 40
            parts.append(f'<line x1="{ax}" y1="{y + 44}" x2="{ax}" y2="{y + ROW + 4}" stroke="#445" '
                         'stroke-width="2" marker-end="url(#arrow)"/>')
    height = PAD * 2 + len(LAYERS) * ROW - 24
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" font-family="sans-serif" '
           'font-size="12"><defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
           'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#445"/></marker></defs>'
           f'<rect width="{W}" height="{height}" fill="white"/>{"".join(parts)}'
           f'<text x="{PAD}" y="{height - 6}" fill="#667">an arrow: imports (each layer only the ones under it)</text></svg>\n')
    out = Path(__file__).parent / "img" / "architecture.svg"
    out.write_text(svg)
    print(out)


if __name__ == "__main__":
    main()
