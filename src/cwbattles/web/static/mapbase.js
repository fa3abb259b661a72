// What the area map (map.js) and the hex map (hexmap.js) share: the SVG element, zoom, the
// title box, and turning pointer events into the game page's handlers. A "place" is a zone of
// an area map or a hex of a hex map; the page's handlers call both "zone".
import { svgEl } from "/static/counters.js";

const SMALL_ZOOM = 0.9;     // below this factor a hex map drops its hex numbers

export const SIDE_COLOURS = { union: "#2f59a8", confederate: "#7d7d76" };
// The classes highlight() puts on counters (and takes off before the next marks).
export const UNIT_MARKS = ["selectable", "moving", "picked", "joined", "must-attack", "must-defend", "division-hl"];

export function points(list) {
  return list.map((p) => p.join(",")).join(" ");
}

// Long names are broken on the space nearest the middle so they stay near their place.
export function splitName(name, longest = 18) {
  if (name.length <= longest) return [name];
  const middle = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i += 1) {
    if (name[i] === " " && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best < 0 ? [name] : [name.slice(0, best), name.slice(best + 1)];
}

export class MapBase {
  /**
   * placeAttr: the data attribute naming a place ("zone" or "hex"); viewWidth/viewHeight: the
   * drawing's size in map units; zoomRange: [smallest, largest] factor when filling the pane.
   */
  constructor(container, geometry, handlers, { placeAttr, viewWidth, viewHeight, zoomRange }) {
    this.geometry = geometry;
    this.handlers = handlers;
    this.placeAttr = placeAttr;
    this.viewWidth = viewWidth;
    this.viewHeight = viewHeight;
    this.zoomRange = zoomRange;
    this.svg = svgEl("svg", {
      class: `map ${placeAttr === "hex" ? "hex-map" : "area-map"}`, viewBox: `0 0 ${viewWidth} ${viewHeight}`,
      width: viewWidth, height: viewHeight, role: "img", "aria-label": geometry.title,
    }, container);
    // Arrowheads for the steps drawn over the map (steps.js), one colour per kind of step.
    const defs = svgEl("defs", {}, this.svg);
    for (const kind of ["move", "attack", "retreat", "rout", "advance", "hq", "focus"]) {
      const marker = svgEl("marker", { id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: 8, refY: 5,
        markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
      svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: `arrowhead ${kind}` }, marker);
    }
  }

  /** How big the drawn steps are: arrows and badges scale with the counters. */
  get stepScale() {
    return this.placeAttr === "hex" ? 0.5 : 1;
  }

  addLayers(names) {
    this.layers = {};
    for (const name of names) this.layers[name] = svgEl("g", { class: `layer-${name}` }, this.svg);
  }

  // --- interaction -------------------------------------------------------------------
  listen() {
    const key = this.placeAttr;
    const find = (event) => {
      const unit = event.target.closest("[data-unit]");
      const place = event.target.closest(`[data-${key}]`);
      const hq = event.target.closest("[data-hq]");
      const train = event.target.closest("[data-train]");
      return { unit: unit?.dataset.unit, place: place?.dataset[key], hq: hq?.dataset.hq, train: train?.dataset.train };
    };
    this.svg.addEventListener("click", (event) => {
      const hit = find(event);
      if (hit.unit) this.handlers.onUnitClick?.(hit.unit, hit.place, event);
      else if (hit.place) this.handlers.onZoneClick?.(hit.place, event);
    });
    this.svg.addEventListener("mousemove", (event) => {
      const hit = find(event);
      if (hit.unit) this.handlers.onHover?.("unit", hit.unit, event);
      else if (hit.hq) this.handlers.onHover?.("hq", hit.hq, event);
      else if (hit.train) this.handlers.onHover?.("train", hit.train, event);
      else if (hit.place) this.handlers.onHover?.("zone", hit.place, event);
      else this.handlers.onLeave?.();
    });
    this.svg.addEventListener("mouseleave", () => this.handlers.onLeave?.());
  }

  // The map's name, a reconstruction note and the north arrow, in a box at (x, y).
  drawTitle(x, y) {
    const geo = this.geometry;
    const g = svgEl("g", { class: "map-title", transform: `translate(${x},${y})` }, this.svg);
    svgEl("rect", { width: 214, height: geo.reconstruction ? 40 : 24, rx: 3 }, g);
    svgEl("text", { x: 8, y: 16, "font-size": 12, class: "title-main" }, g,
      (geo.title || "").replace(/\s*\(reconstruction\)\s*/i, ""));
    if (geo.reconstruction) {
      svgEl("text", { x: 8, y: 32, "font-size": 9, class: "title-note" }, g, "reconstruction: printed map not available");
    }
    const n = svgEl("g", { transform: "translate(200,20)" }, g);
    svgEl("polygon", { points: "0,-11 5,3 0,0 -5,3", class: "north" }, n);
    svgEl("text", { y: 13, "text-anchor": "middle", "font-size": 8 }, n, "N");
    return g;
  }

  // --- zoom -----------------------------------------------------------------------------
  // Scale the whole drawing (1 = one map unit per CSS pixel).
  setZoom(factor) {
    this.zoom = factor;
    this.svg.classList.toggle("small-zoom", factor < SMALL_ZOOM);     // hex numbers would be unreadable
    this.svg.setAttribute("width", Math.round(this.viewWidth * factor));
    this.svg.setAttribute("height", Math.round(this.viewHeight * factor));
  }

  // zoom: a factor, "fit" (the whole map in the pane) or null: the pane's width, within
  // limits that keep counters readable (the map then scrolls vertically).
  fitTo(pane, zoom) {
    const across = (pane.clientWidth - 12) / this.viewWidth;
    const whole = Math.min(across, (pane.clientHeight - 12) / this.viewHeight);
    const [least, most] = this.zoomRange;
    pane.closest(".map-pane")?.classList.toggle("at-fit", zoom === "fit");   // the whole map: no minimap over it
    if (zoom === "fit") this.setZoom(Math.max(0.4, whole));
    else this.setZoom(zoom || Math.max(least, Math.min(most, across)));
  }

  sideColour(side) {
    return SIDE_COLOURS[side] || "#fff";
  }
}
