"""Draw a hex map file to a PNG, to look at a map while making it (any map of docs/engine/hex-maps.md).

    .venv/bin/python bench/draw_hex_map.py src/cwbattles/games/cedar_mountain/data/map.toml \
        docs/img/cedar-mountain-map.png [--ground] [--numbers]

Terrain is coloured by its name, elevation shades each hex (lighter is higher), hexside features
are drawn by their name (crest brown, steep crest thick brown, run thick blue, stream thin blue,
lake dark blue, fence black dots; road, trail and lane as lines joining hex centres). Labels,
[meta] places (victory hexes, entries, exit) and deployment areas are marked when the file has
them. `--ground` turns a map printed with another compass point at the top (`printed_top`) so
that north is up, as the ground lies; `--numbers` prints every hex number.
"""

from __future__ import annotations

import argparse
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection, PolyCollection  # noqa: E402

from cwbattles.engine.hexboard import hex_board_from_file  # noqa: E402

TERRAIN_COLOURS = {
    "clear": "#e8e6c8", "woods": "#6f9a5a", "cornfield": "#e3c14a", "wheatfield": "#efdca0",
    "field": "#efdca0", "woods_rough": "#4f7a44", "rough": "#c9b48a", "orchard": "#a9c77a", "building": "#b0583f", "buildings": "#b0583f", "town": "#b0583f", "marsh": "#9cc3b0",
    "pond": "#5b8fc7", "lake": "#5b8fc7", "swamp": "#9cc3b0", "hill": "#d6c39a",
}
SIDE_STYLES = {   # feature: (colour, width, linestyle), drawn in this order
    "crest": ("#8a5a2b", 0.9, "solid"), "steep_crest": ("#6b3410", 2.6, "solid"),
    "fence": ("#222222", 1.0, (0, (1, 2))), "stream": ("#2f6fc0", 1.6, "solid"),
    "run": ("#1d4f9a", 3.2, "solid"), "lake": ("#12386e", 3.0, "solid"),
    "creek": ("#2f6fc0", 2.4, "solid"), "river": ("#163f86", 4.2, "solid"),
}
CROSSING_MARKS = {"ford": ("o", "#f4f0c0"), "bridge": ("s", "#7a2a14"), "pontoon": ("s", "#e0a020"),
                  "ferry": ("^", "#f0f0f0"), "ruined_bridge": ("x", "#000000")}
PATH_STYLES = {
    "pike": ("#5a1d10", 3.0, "solid"), "road": ("#7a2a14", 2.4, "solid"),
    "trail": ("#7a4a24", 1.5, (0, (4, 2))), "lane": ("#7a4a24", 1.3, (0, (1.5, 1.5))),
    "railroad": ("#000000", 1.5, "solid"),
}
NORTH_SIDE = {"east": "left", "south": "bottom", "west": "right"}   # where north lies on the sheet
TURN = {"north": 0, "east": 90, "south": 180, "west": 270}   # degrees the sheet is turned clockwise to stand north-up


def _turner(board, size: float, ground: bool):
    """A function turning sheet pixels into picture pixels, and the picture's width and height."""
    width, height = board.pixel_size(size)
    quarter = TURN[board.printed_top] // 90 if ground else 0
    turns = {0: lambda x, y: (x, y), 1: lambda x, y: (height - y, x),      # a quarter turn clockwise
             2: lambda x, y: (width - x, height - y), 3: lambda x, y: (y, width - x)}
    turn = turns[quarter]
    return (lambda point: turn(*point)), ((width, height) if quarter % 2 == 0 else (height, width))


def draw(path, out, ground: bool = False, numbers: bool = False, size: float = 10.0, dpi: int = 110):
    board = hex_board_from_file(path)
    turn, (width, height) = _turner(board, size, ground)
    fig = plt.figure(figsize=(width / 40 + 1.5, height / 40 + 1.2), dpi=dpi)
    ax = fig.add_axes([0.02, 0.02, 0.96, 0.93])
    lo, hi = min(board.elevation), max(board.elevation)

    polys, colours = [], []
    for i in range(len(board)):
        polys.append([turn(c) for c in board.pixel_corners(i, size)])
        base = matplotlib.colors.to_rgb(TERRAIN_COLOURS.get(board.terrain[i], "#cccccc"))
        light = 0.72 + 0.28 * ((board.elevation[i] - lo) / (hi - lo) if hi > lo else 1)
        colours.append(tuple(min(1.0, c * light + (1 - light) * 0.15) for c in base))
    ax.add_collection(PolyCollection(polys, facecolors=colours, edgecolors="#00000022", linewidths=0.4))

    for feature, (colour, lw, style) in SIDE_STYLES.items():
        segs = [[turn(p) for p in board.pixel_hexside(a, b, size)] for a, b in board.hexsides_with(feature)]
        if segs:
            ax.add_collection(LineCollection(segs, colors=colour, linewidths=lw, linestyles=style, zorder=3))
    for feature, (colour, lw, style) in PATH_STYLES.items():
        segs = [[turn(board.pixel_center(a, size)), turn(board.pixel_center(b, size))]
                for a, b in board.hexsides_with(feature)]
        if segs:
            ax.add_collection(LineCollection(segs, colors=colour, linewidths=lw, linestyles=style, zorder=4))

    for feature, (marker, colour) in CROSSING_MARKS.items():
        for a, b in board.hexsides_with(feature):
            (x1, y1), (x2, y2) = (turn(p) for p in board.pixel_hexside(a, b, size))
            ax.plot([(x1 + x2) / 2], [(y1 + y2) / 2], marker=marker, markersize=7, color=colour,
                    markeredgecolor="#111111", zorder=6)
    if len(board.sections) > 1:       # each section's outline and its prefix and title
        for k, section in enumerate(board.sections):
            members = board.section_hexes[k]
            segs = []
            for i in members:
                for d, j in enumerate(board.neighbours[i]):
                    if j is None or j not in members:
                        c = board.pixel_corners(i, size)
                        segs.append([turn(c[d]), turn(c[(d + 1) % 6])])
            ax.add_collection(LineCollection(segs, colors="#000000", linewidths=1.4, zorder=5))
            centres = [turn(board.pixel_center(i, size)) for i in members]
            x = sum(c[0] for c in centres) / len(centres)
            y = sum(c[1] for c in centres) / len(centres)
            ax.text(x, y, f"{section.prefix}: {section.title}", fontsize=16, weight="bold", ha="center",
                    va="center", color="#00000055", zorder=8)
    places = board.meta.get("places", {})
    for hid in places.get("rule_hexes", []):
        x, y = turn(board.pixel_center(board.ref(hid), size))
        ax.plot([x], [y], marker="*", markersize=13, color="#c01818", markeredgecolor="white", zorder=6)
    for hid in places.get("victory_hexes", []):
        x, y = turn(board.pixel_center(board.ref(hid), size))
        ax.plot([x], [y], marker="*", markersize=13, color="#c01818", markeredgecolor="white", zorder=6)
    for key in ("entry_hexes", "exit_hex"):
        value = places.get(key, [])
        for hid in [value] if isinstance(value, str) else value:
            x, y = turn(board.pixel_center(board.ref(hid), size))
            ax.plot([x], [y], marker="D", markersize=8, color="#202020", zorder=6)
            ax.text(x, y - size * 1.1, hid, ha="center", fontsize=6, weight="bold", zorder=7)
    for name, area in board.meta.get("deployment_areas", {}).items():
        segs = []
        members = {board.ref(h) for h in area["hexes"]}
        for i in members:
            for d, j in enumerate(board.neighbours[i]):
                if j not in members:
                    c = board.pixel_corners(i, size)
                    segs.append([turn(c[d]), turn(c[(d + 1) % 6])])
        ax.add_collection(LineCollection(segs, colors="#1a3fb0", linewidths=1.6, zorder=5))
        x, y = turn(board.pixel_center(board.ref(area["centre"]), size))
        ax.text(x, y, str(name), ha="center", va="center", fontsize=9, weight="bold", color="#1a3fb0", zorder=7)
    for i, text in board.labels.items():
        x, y = turn(board.pixel_center(i, size))
        ax.text(x + size * 0.9, y, text, fontsize=5.5, color="#111111", zorder=8,
                bbox={"boxstyle": "round,pad=0.15", "fc": "#ffffffaa", "ec": "none"})
    if numbers:
        for i in range(len(board)):
            x, y = turn(board.pixel_center(i, size))
            ax.text(x, y + size * 0.55, board.ids[i], ha="center", fontsize=3.2, color="#00000088", zorder=2)

    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    north = "north up" if ground or board.printed_top == "north" else \
        f"{board.printed_top} at the top, north to the {NORTH_SIDE[board.printed_top]}"
    ax.set_title(f"{board.name}  ({north}; elevation {lo}-{hi}, lighter is higher)", fontsize=9)
    fig.savefig(out)
    plt.close(fig)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("map")
    p.add_argument("out")
    p.add_argument("--ground", action="store_true", help="turn the picture so that north is up")
    p.add_argument("--numbers", action="store_true", help="print every hex number")
    p.add_argument("--size", type=float, default=10.0, help="hex size in pixels (centre to corner)")
    args = p.parse_args(argv)
    draw(args.map, args.out, ground=args.ground, numbers=args.numbers, size=args.size)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
