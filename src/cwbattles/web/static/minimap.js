// The overview of a large hex board (Chancellorsville's two sheets, 1,400 hexes): the whole board
// small, in the corner of the map pane, with a frame showing the part in view. A click or a drag
// on it scrolls the map there; a button per map section (F, H) jumps to that sheet.
import { svgEl } from "/static/counters.js";
import { points } from "/static/mapbase.js";

const WIDTH = 170;            // CSS pixels across the overview
const NARROW = 700;           // a map pane narrower than this starts with the overview folded

export class Minimap {
  /** view: the HexMapView; scroller: the element that scrolls the map (#map-scroll). */
  constructor(pane, scroller, view) {
    this.view = view;
    this.scroller = scroller;
    const geo = view.geometry;
    this.scale = WIDTH / geo.width;
    this.box = document.createElement("div");
    this.box.className = "minimap";
    this.box.setAttribute("aria-label", "overview of the whole map");
    pane.appendChild(this.box);

    const bar = document.createElement("div");
    bar.className = "minimap-sections";
    for (const section of geo.sections) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "section-jump";
      b.dataset.section = section.prefix;
      b.title = `show map ${section.prefix}: ${section.title}`;
      b.textContent = `${section.prefix} ${section.title}`;
      b.addEventListener("click", () => this.showSection(section.prefix));
      bar.appendChild(b);
    }
    const fold = document.createElement("button");
    fold.type = "button";
    fold.className = "minimap-fold";
    fold.title = "hide or show the overview (the section buttons stay)";
    const setFolded = (folded) => {
      this.box.classList.toggle("folded", folded);
      fold.textContent = folded ? "▸" : "▾";
    };
    fold.addEventListener("click", () => setFolded(!this.box.classList.contains("folded")));
    setFolded(pane.clientWidth < NARROW);       // a narrow pane keeps the map in view, buttons only
    bar.appendChild(fold);
    this.box.appendChild(bar);

    this.svg = svgEl("svg", { class: "minimap-map", viewBox: `0 0 ${geo.width} ${geo.height}`,
      width: WIDTH, height: Math.round(geo.height * this.scale) }, this.box);
    for (const hex of geo.hexes) svgEl("polygon", { class: `terrain-${hex.terrain}`, points: points(hex.corners) }, this.svg);
    const water = svgEl("g", { class: "minimap-water" }, this.svg);
    for (const side of geo.hexsides) {
      if (!side.features.includes("river")) continue;
      const [[x1, y1], [x2, y2]] = side.line;
      svgEl("line", { x1, y1, x2, y2 }, water);
    }
    for (const section of geo.sections) {
      const seam = svgEl("g", { class: "minimap-outline" }, this.svg);
      for (const [[x1, y1], [x2, y2]] of section.outline) svgEl("line", { x1, y1, x2, y2 }, seam);
      const [x0, y0, x1, y1] = section.box;
      svgEl("text", { class: "minimap-label", x: (x0 + x1) / 2, y: (y0 + y1) / 2, "text-anchor": "middle",
        "dominant-baseline": "middle", "font-size": geo.size * 6 }, this.svg, section.prefix);
    }
    this.frame = svgEl("rect", { class: "minimap-frame" }, this.svg);

    const jump = (event) => {
      const r = this.svg.getBoundingClientRect();
      const x = ((event.clientX - r.left) / r.width) * geo.width;
      const y = ((event.clientY - r.top) / r.height) * geo.height;
      this.centreOn(x, y);
    };
    this.svg.addEventListener("pointerdown", (event) => {
      this.dragging = true;
      this.svg.setPointerCapture?.(event.pointerId);
      jump(event);
    });
    this.svg.addEventListener("pointermove", (event) => { if (this.dragging) jump(event); });
    this.svg.addEventListener("pointerup", () => { this.dragging = false; });
    scroller.addEventListener("scroll", () => this.update());
    window.addEventListener("resize", () => this.update());
    this.update();
  }

  // Map units per CSS pixel of the drawn map (the view's zoom) and where the map starts in the scroller.
  metrics() {
    const zoom = this.view.zoom || 1;
    const svgBox = this.view.svg.getBoundingClientRect();
    const scrollBox = this.scroller.getBoundingClientRect();
    const left = svgBox.left - scrollBox.left + this.scroller.scrollLeft;
    const top = svgBox.top - scrollBox.top + this.scroller.scrollTop;
    return { zoom, left, top };
  }

  /** Scroll the map so that the map point (x, y) is in the middle of the pane. */
  centreOn(x, y) {
    const { zoom, left, top } = this.metrics();
    this.scroller.scrollTo({ left: left + x * zoom - this.scroller.clientWidth / 2,
      top: top + y * zoom - this.scroller.clientHeight / 2 });
    this.update();
  }

  /** Bring a section (by prefix) into view: its top-left corner, or its middle if it fits. */
  showSection(prefix) {
    const section = this.view.geometry.sections.find((s) => s.prefix === prefix);
    if (!section) return;
    const [x0, y0, x1, y1] = section.box;
    const { zoom } = this.metrics();
    const fitsAcross = (x1 - x0) * zoom <= this.scroller.clientWidth;
    const fitsDown = (y1 - y0) * zoom <= this.scroller.clientHeight;
    const halfW = this.scroller.clientWidth / zoom / 2;
    const halfH = this.scroller.clientHeight / zoom / 2;
    this.centreOn(fitsAcross ? (x0 + x1) / 2 : x0 + halfW, fitsDown ? (y0 + y1) / 2 : y0 + halfH);
    this.current = prefix;
  }

  /** The frame around the part of the map in view, and which section holds its middle. */
  update() {
    const { zoom, left, top } = this.metrics();
    const x = (this.scroller.scrollLeft - left) / zoom;
    const y = (this.scroller.scrollTop - top) / zoom;
    const w = this.scroller.clientWidth / zoom;
    const h = this.scroller.clientHeight / zoom;
    this.frame.setAttribute("x", Math.max(0, x));
    this.frame.setAttribute("y", Math.max(0, y));
    this.frame.setAttribute("width", Math.min(this.view.geometry.width, w));
    this.frame.setAttribute("height", Math.min(this.view.geometry.height, h));
    const cx = x + w / 2;
    const cy = y + h / 2;
    const inView = this.view.geometry.sections.find(({ box: [x0, y0, x1, y1] }) => cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1);
    for (const b of this.box.querySelectorAll("button.section-jump")) {
      b.classList.toggle("current", b.dataset.section === inView?.prefix);
    }
  }
}
