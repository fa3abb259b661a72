"""What a front-end needs to draw a hex board: hexes, hexsides and map sections in pixels.

One drawing for every hex game's web view (games add their own places: victory hexes, entries).
A board of several sections (Chancellorsville's F and H sheets) also lists each section with its
outline and bounding box, so that the web view can draw the seams, label the sheets and offer a
minimap or a switch between them. Everything stays in the printed frame (`printed_top` says
which compass point the top of the sheet faces; `compass` names the six directions on the ground).
"""

from __future__ import annotations

from .hexboard import HexBoard


def hex_geometry(board: HexBoard, size: float = 20.0) -> dict:
    """The board in pixels for hexes of `size` (centre to corner)."""
    width, height = board.pixel_size(size)
    sides = []
    for key, feats in sorted(board.hexside_features.items()):
        p, q = board.pixel_hexside(key[0], key[1], size)
        sides.append({"a": board.ids[key[0]], "b": board.ids[key[1]], "features": sorted(feats),
                      "line": [list(p), list(q)]})
    return {
        "kind": "hexes", "width": width, "height": height, "size": size, "title": board.name,
        "reconstruction": bool(board.meta.get("reconstruction")),
        "printed_top": board.printed_top, "compass": list(board.compass),
        "hexes": [{"id": board.ids[i], "terrain": board.terrain[i], "center": list(board.pixel_center(i, size)),
                   "corners": [list(c) for c in board.pixel_corners(i, size)], "label": board.labels.get(i, "")}
                  for i in range(len(board))],
        "hexsides": sides,
        "sections": section_geometry(board, size),
    }


def section_geometry(board: HexBoard, size: float = 20.0) -> list:
    """Each section: prefix, title, bounding box [x0, y0, x1, y1] and outline (hexside segments on
    its border: the map's edge or the seam with another section)."""
    out = []
    for k, section in enumerate(board.sections):
        members = board.section_hexes[k]
        xs, ys, outline = [], [], []
        for i in sorted(members):
            corners = board.pixel_corners(i, size)
            xs.extend(c[0] for c in corners)
            ys.extend(c[1] for c in corners)
            for d, j in enumerate(board.neighbours[i]):
                if j is None or j not in members:
                    outline.append([list(corners[d]), list(corners[(d + 1) % 6])])
        out.append({"prefix": section.prefix, "title": section.title, "hexes": len(members),
                    "box": [min(xs), min(ys), max(xs), max(ys)], "outline": outline})
    return out
