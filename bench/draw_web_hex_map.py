"""Draw a hex map file as the web client draws it (static/hexmap.js), to a PNG, in headless Chromium.

    .venv/bin/python bench/draw_web_hex_map.py src/cwbattles/games/chancellorsville/data/map.toml \
        docs/img/chancellorsville-map.png [--width 2400] [--zoom fit|1.0] [--minimap out.png] [--colors 96]

No game and no server of the app: a small local HTTP server serves the client's static files and a
page that builds the board's geometry (engine.hexdrawing, as the games' /meta sends it) into the
map view with no counters. With `--minimap`, also a shot of the map pane at a readable zoom with
the overview of a board of several sections, after jumping to its last section.
"""

from __future__ import annotations

import argparse
import json
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cwbattles.engine.hexboard import hex_board_from_file
from cwbattles.engine.hexdrawing import hex_geometry

WEB = Path(__file__).resolve().parents[1] / "src" / "cwbattles" / "web"
CHROMIUM = "/usr/bin/chromium"

PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/static/style.css">
<style>body{{margin:0}} .map-pane{{height:{height}px;width:{width}px}}</style></head>
<body class="game"><main class="game-layout" style="grid-template-columns:1fr"><section class="map-pane">
<div class="map-toolbar">map</div><div id="map-scroll" class="map-scroll"><div id="map" class="map-holder"></div></div>
</section></main>
<script type="module">
import {{ HexMapView }} from "/static/hexmap.js";
const geometry = {geometry};
const view = new HexMapView(document.getElementById("map"), geometry, {{ units: [], divisions: [] }}, {{}});
view.draw({{ units: [], control: {{}} }});
const zoom = {zoom};
view.fitTo(document.getElementById("map-scroll"), zoom);
view.minimap?.update();
window.view = view;
window.ready = true;
</script></body></html>"""


def serve(page: str) -> ThreadingHTTPServer:
    class Handler(SimpleHTTPRequestHandler):
        def do_GET(self):
            if self.path in ("/", "/index.html"):
                body = page.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

        def log_message(self, *args):
            pass
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(WEB)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def draw(map_path, out, width=2400, zoom="fit", minimap=None):
    from playwright.sync_api import sync_playwright
    board = hex_board_from_file(map_path)
    geometry = hex_geometry(board, 20.0)
    geometry["victory_hexes"] = list(board.meta.get("places", {}).get("rule_hexes", []))
    w, h = geometry["width"], geometry["height"] + 48
    height = int(width * h / w) + 60 if zoom == "fit" else 1000
    page_html = PAGE.format(geometry=json.dumps(geometry), width=width, height=height,
                            zoom=json.dumps(zoom if zoom == "fit" else float(zoom)))
    httpd = serve(page_html)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": width, "height": height})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"http://127.0.0.1:{httpd.server_port}/")
            page.wait_for_function("() => window.ready === true")
            if errors:
                raise RuntimeError("; ".join(errors))
            page.add_style_tag(content=".minimap { display: none; }")   # the overview is for the pane shot
            page.locator("svg.hex-map").screenshot(path=str(out))
            page.add_style_tag(content=".minimap { display: block; }")
            if minimap:
                page.set_viewport_size({"width": 1400, "height": 900})
                page.evaluate("() => { document.querySelector('.map-pane').style.width = '1400px';"
                              " document.querySelector('.map-pane').style.height = '900px';"
                              " window.view.setZoom(1.4); }")
                last = board.sections[-1].prefix
                if page.locator(f".minimap button[data-section='{last}']").count():
                    page.locator(f".minimap button[data-section='{last}']").click()
                page.locator(".map-pane").screenshot(path=str(minimap))
            browser.close()
    finally:
        httpd.shutdown()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("map")
    p.add_argument("out")
    p.add_argument("--width", type=int, default=2400, help="pixels across the picture")
    p.add_argument("--zoom", default="fit", help="'fit' (the whole map) or a factor")
    p.add_argument("--minimap", help="also a PNG of the map pane with the overview")
    p.add_argument("--colors", type=int, default=0, help="reduce the PNG to this many colours (smaller files)")
    args = p.parse_args(argv)
    draw(args.map, args.out, args.width, args.zoom, args.minimap)
    if args.colors:
        from PIL import Image
        for path in filter(None, (args.out, args.minimap)):
            Image.open(path).convert("RGB").quantize(colors=args.colors).save(path, optimize=True)
    print(f"wrote {args.out}" + (f" and {args.minimap}" if args.minimap else ""))


if __name__ == "__main__":
    main()
