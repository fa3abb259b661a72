// The SVG hex map (games whose geometry is "hexes"): terrain, hex numbers, hexside features,
// roads, named places and victory hexes drawn once; control, counters and highlights redrawn
// for every position shown. The page talks to it exactly as to the area map (map.js).
import { escapeHtml } from "/static/api.js";
import { svgEl } from "/static/counters.js";
import { HEX_COUNTER, hexUnitCounter } from "/static/hexcounters.js";
import { MapBase, points, splitName, UNIT_MARKS } from "/static/mapbase.js";
import { Minimap } from "/static/minimap.js";
import { unitsByHex } from "/static/hexshared.js";

const STACK_STEP = 2.6;        // offset of each counter under the top one
const TITLE_BAND = 48;         // room under the map for its title
const WATER = ["creek", "stream", "river"];
const LINES = ["road", "pike", "trail", "railroad"];
const CROSSINGS = ["bridge", "pontoon", "ferry", "ford"];     // the first one a hexside has is drawn
const TERRAIN_NAMES = { clear: "clear", woods: "woods", woods_rough: "woods and rough", rough: "rough",
  hill: "hill", swamp: "swamp", town: "town" };

// A corner of the hex scaled toward its centre (for rings drawn inside the hex's edge).
function inset(hex, factor) {
  const [cx, cy] = hex.center;
  return hex.corners.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

function midpoint([[x1, y1], [x2, y2]]) {
  return [(x1 + x2) / 2, (y1 + y2) / 2];
}

export class HexMapView extends MapBase {
  constructor(container, geometry, counters, handlers) {
    super(container, geometry, handlers, { placeAttr: "hex", viewWidth: geometry.width,
      viewHeight: geometry.height + TITLE_BAND, zoomRange: [1.2, 2.6] });
    this.hexes = new Map(geometry.hexes.map((h) => [h.id, h]));
    this.units = new Map(counters.units.map((u) => [u.id, u]));
    this.divisions = new Map(counters.divisions.map((d) => [d.id, d]));
    this.victory = new Set(geometry.victory_hexes || []);
    this.drawStatic();
    this.addLayers(["names", "control", "highlights", "counters", "overlay", "labels"]);
    this.drawNames();
    this.listen();
    // A board of several map sections gets an overview with a button per section.
    const scroller = container.closest(".map-scroll");
    const pane = container.closest(".map-pane");
    if ((geometry.sections || []).length > 1 && scroller && pane) this.minimap = new Minimap(pane, scroller, this);
  }

  setZoom(factor) {
    super.setZoom(factor);
    this.minimap?.update();
  }

  // --- the printed map -----------------------------------------------------------------
  drawStatic() {
    const geo = this.geometry;
    this.drawPatterns();
    const terrain = svgEl("g", { class: "layer-terrain" }, this.svg);
    for (const hex of geo.hexes) {
      const pts = points(hex.corners);
      svgEl("polygon", { class: `hex terrain-${hex.terrain}`, points: pts, "data-hex": hex.id }, terrain);
      if (hex.terrain !== "clear") svgEl("polygon", { class: `hex-pattern pattern-${hex.terrain}`, points: pts }, terrain);
    }
    const sides = svgEl("g", { class: "layer-hexsides" }, this.svg);
    const roads = svgEl("g", { class: "layer-roads" }, this.svg);
    const crossings = svgEl("g", { class: "layer-crossings" }, this.svg);
    for (const side of geo.hexsides) {
      const water = WATER.find((f) => side.features.includes(f));
      if (water) this.drawHexsideLine(sides, side, water);
      const line = LINES.find((f) => side.features.includes(f));
      if (line) this.drawRoad(roads, side, line);
      const crossing = CROSSINGS.find((f) => side.features.includes(f));
      if (crossing) this.drawCrossing(crossings, side, crossing);
    }
    if ((geo.sections || []).length > 1) this.drawSections(geo.sections);
    const numbers = svgEl("g", { class: "layer-hex-numbers" }, this.svg);
    for (const hex of geo.hexes) {
      svgEl("text", { class: "hex-number", x: hex.center[0], y: hex.center[1] - geo.size * 0.62,
        "font-size": 5.2, "text-anchor": "middle" }, numbers, hex.id);
    }
    this.drawTitle(6, geo.height + 4);
  }

  drawPatterns() {
    const defs = svgEl("defs", {}, this.svg);
    const pattern = (id, w, h, extra = {}) => svgEl("pattern", { id, width: w, height: h, patternUnits: "userSpaceOnUse", ...extra }, defs);
    const trees = pattern("hex-trees", 10, 9);
    svgEl("circle", { cx: 3, cy: 3, r: 1.9, class: "tree" }, trees);
    svgEl("circle", { cx: 8, cy: 7.5, r: 1.9, class: "tree" }, trees);
    const rough = pattern("hex-rough", 7, 7, { patternTransform: "rotate(35)" });
    svgEl("line", { x1: 0, y1: 0, x2: 0, y2: 7, class: "rough-hatch" }, rough);
    const both = pattern("hex-woods-rough", 10, 9);
    svgEl("circle", { cx: 3, cy: 3, r: 1.9, class: "tree dark" }, both);
    svgEl("path", { d: "M5 8 l2 -3 l2 3", class: "rough-mark" }, both);
    const swamp = pattern("hex-swamp", 10, 7);
    svgEl("path", { d: "M1 5 h6 M3 5 v-2.5 M5 5 v-3", class: "swamp-mark" }, swamp);
    const town = pattern("hex-town", 9, 9);
    svgEl("rect", { x: 1, y: 1, width: 3, height: 3, class: "town-block" }, town);
    svgEl("rect", { x: 5.5, y: 5, width: 2.5, height: 3, class: "town-block" }, town);
    const hill = pattern("hex-hill", 6, 6, { patternTransform: "rotate(-30)" });
    svgEl("line", { x1: 0, y1: 0, x2: 0, y2: 6, class: "hill-hatch" }, hill);
  }

  // Creeks and streams run along the hexside between the two hexes.
  drawHexsideLine(parent, side, feature) {
    const [[x1, y1], [x2, y2]] = side.line;
    svgEl("line", { class: `hexside ${feature}`, x1, y1, x2, y2 }, parent)
      .appendChild(svgEl("title", {}, null, `${feature} between ${side.a} and ${side.b}`));
  }

  // Roads and trails join the centres of the hexes either side of the hexside they cross.
  drawRoad(parent, side, feature) {
    const a = this.hexes.get(side.a);
    const b = this.hexes.get(side.b);
    if (!a || !b) return;
    svgEl("line", { class: `hex-road ${feature}`, x1: a.center[0], y1: a.center[1], x2: b.center[0], y2: b.center[1] }, parent);
  }

  // A bridge or a ford sits on the hexside, turned along the road that crosses it.
  drawCrossing(parent, side, kind) {
    const a = this.hexes.get(side.a);
    const b = this.hexes.get(side.b);
    if (!a || !b) return;
    const [x, y] = midpoint(side.line);
    const angle = (Math.atan2(b.center[1] - a.center[1], b.center[0] - a.center[0]) * 180) / Math.PI;
    const g = svgEl("g", { class: `hex-crossing ${kind}`, transform: `translate(${x},${y}) rotate(${angle})` }, parent);
    if (kind === "bridge") {
      svgEl("rect", { class: "bridge", x: -5, y: -3.5, width: 10, height: 7, rx: 0.8 }, g);
      svgEl("line", { class: "bridge-rail", x1: -6, y1: -3.5, x2: 6, y2: -3.5 }, g);
      svgEl("line", { class: "bridge-rail", x1: -6, y1: 3.5, x2: 6, y2: 3.5 }, g);
    } else if (kind === "pontoon") {
      // boats side by side under a roadway
      for (const dy of [-3, 0, 3]) svgEl("ellipse", { class: "pontoon-boat", cx: 0, cy: dy, rx: 6, ry: 1.3 }, g);
      svgEl("line", { class: "pontoon-deck", x1: -6.5, y1: 0, x2: 6.5, y2: 0 }, g);
    } else if (kind === "ferry") {
      svgEl("path", { class: "ferry-boat", d: "M-5,-2 h10 l-2,4 h-6 z" }, g);
      svgEl("line", { class: "ferry-rope", x1: -7, y1: -3.2, x2: 7, y2: -3.2 }, g);
    } else {
      svgEl("ellipse", { class: "ford", rx: 5.5, ry: 3.8 }, g);
      svgEl("text", { class: "ford-text", y: 1.8, "font-size": 5, "text-anchor": "middle", transform: `rotate(${-angle})` }, g, "F");
    }
    svgEl("title", {}, g, `${kind} between ${side.a} and ${side.b}`);
  }

  // A board of several map sections: each sheet's border and its name, "F: Fredericksburg", in
  // its top-left corner.
  drawSections(sections) {
    const layer = svgEl("g", { class: "layer-sections" }, this.svg);
    const size = this.geometry.size;
    for (const section of sections) {
      const g = svgEl("g", { class: "section-outline", "data-section": section.prefix }, layer);
      for (const [[x1, y1], [x2, y2]] of section.outline) svgEl("line", { x1, y1, x2, y2 }, g);
      const [x0, y0] = section.box;
      svgEl("text", { class: "section-label", x: x0 + size * 0.3, y: y0 + size * 1.5, "font-size": size * 0.95 },
        layer, `${section.prefix}: ${section.title}`);
    }
  }

  // The north arrow turned to the ground's north (a map printed with east at the top).
  drawTitle(x, y) {
    const g = super.drawTitle(x, y);
    const arrow = g.querySelector("polygon.north")?.parentNode;
    const turn = { north: 0, east: -90, south: 180, west: 90 }[this.geometry.printed_top || "north"];
    if (arrow && turn) arrow.setAttribute("transform", `translate(200,20) rotate(${turn})`);
    return g;
  }

  // Names of places along the bottom edge of their hex, under the counters as on a printed map
  // (the tooltip repeats them).
  drawNames() {
    const layer = this.layers.names;
    const { width, size } = this.geometry;
    for (const hex of this.geometry.hexes) {
      const [cx, cy] = hex.center;
      if (hex.label) {
        const lines = splitName(hex.label, 16);
        const anchor = cx < size * 2 ? "start" : cx > width - size * 2 ? "end" : "middle";
        const x = anchor === "start" ? cx - size * 0.9 : anchor === "end" ? cx + size * 0.9 : cx;
        const text = svgEl("text", { class: "place-name", x, y: cy + size * 0.84 - (lines.length - 1) * 5.4,
          "font-size": 5.4, "text-anchor": anchor }, layer);
        lines.forEach((line, i) => svgEl("tspan", { x, dy: i ? 5.4 : 0 }, text, line));
      }
    }
  }

  // --- one position -------------------------------------------------------------------
  draw(position) {
    this.position = position;
    this.drawControl(position.control || {});
    this.drawCounters(position);
  }

  drawControl(control) {
    const layer = this.layers.control;
    layer.replaceChildren();
    for (const id of this.victory) {
      const hex = this.hexes.get(id);
      if (!hex) continue;
      const owner = control[id] || "none";
      svgEl("polygon", { class: `control-ring ${owner}`, points: points(inset(hex, 0.86)) }, layer);
      const [cx, cy] = hex.center;
      const g = svgEl("g", { class: `victory-star ${owner}`, transform: `translate(${cx - 14.5},${cy - 6})` }, layer);
      svgEl("polygon", { points: "0,-4 1.2,-1.3 4,-1.2 1.9,0.7 2.5,3.6 0,2 -2.5,3.6 -1.9,0.7 -4,-1.2 -1.2,-1.3" }, g);
    }
  }

  // Each hex's units as one stack: the top counter low left, those under it stepping up and to
  // the right, a count when there are several. The unit moving now is put on top.
  drawCounters(position) {
    const layer = this.layers.counters;
    layer.replaceChildren();
    const moving = position.scalars?.mv_unit >= 0 ? position.units[position.scalars.mv_unit]?.id : null;
    const byHex = unitsByHex(position);
    this.stacks = byHex;
    for (const [hexId, units] of byHex) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      const order = (u) => (u.id === moving ? -1 : 0);
      units.sort((a, b) => order(a) - order(b));
      const depth = Math.min(units.length - 1, 3);
      const [cx, cy] = hex.center;
      const group = svgEl("g", { class: "hex-stack", "data-hex": hexId }, layer);
      for (let i = units.length - 1; i >= 0; i -= 1) {
        const info = this.units.get(units[i].id);
        if (!info) continue;
        const step = Math.min(i, depth) - depth / 2;
        const counter = hexUnitCounter(units[i], info);
        counter.setAttribute("transform", `translate(${cx + step * STACK_STEP},${cy - step * STACK_STEP})`);
        group.appendChild(counter);
      }
      if (units.length > 1) {
        const top = -depth / 2;
        const g = svgEl("g", { class: "stack-count", transform: `translate(${cx + top * STACK_STEP + HEX_COUNTER / 2},${cy - top * STACK_STEP + HEX_COUNTER / 2})` }, group);
        svgEl("circle", { r: 4.2 }, g);
        svgEl("text", { y: 2, "font-size": 5.6, "text-anchor": "middle" }, g, String(units.length));
        svgEl("title", {}, g, `${units.length} units in this hex`);
      }
    }
  }

  /** The units standing in a hex in the position drawn. */
  unitsAt(hexId) {
    return this.stacks?.get(hexId) || [];
  }

  // --- highlights ---------------------------------------------------------------------
  /** zones: Map hexId -> {cls, label}; units: Map unitId -> cls ("selectable", "moving"). */
  highlight(zones = new Map(), units = new Map()) {
    const layer = this.layers.highlights;
    const labels = this.layers.labels;
    layer.replaceChildren();
    labels.replaceChildren();
    for (const [hexId, mark] of zones) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      svgEl("polygon", { class: `zone-highlight ${mark.cls}`, points: points(inset(hex, 0.94)), "data-hex": hexId }, layer);
      if (mark.label) {
        // Over the hex number, which the tooltip repeats.
        const [cx, cy] = hex.center;
        const g = svgEl("g", { class: `zone-tag hex-tag ${mark.cls}`, transform: `translate(${cx},${cy - this.geometry.size * 0.66})`,
          "data-hex": hexId }, labels);
        const width = mark.label.length * 3.3 + 5;
        svgEl("rect", { x: -width / 2, y: -4, width, height: 7.4, rx: 3.5 }, g);
        svgEl("text", { y: 1.9, "text-anchor": "middle", "font-size": 5.6 }, g, mark.label);
      }
    }
    for (const counter of this.svg.querySelectorAll(".counter.hexunit")) {
      counter.classList.remove(...UNIT_MARKS);
      const cls = units.get(counter.dataset.unit);
      if (cls) counter.classList.add(...cls.split(" "));
    }
  }

  /** The centre of a hex (arrows start and end there). */
  placeCenter(hexId) {
    return this.hexes.get(hexId)?.center || null;
  }

  /** The hex where a reinforcement enters the map, if it is one. */
  entryOf(unitId) {
    return this.units.get(unitId)?.entry_hex || null;
  }

  // --- words ------------------------------------------------------------------------------
  zoneName(hexId) {
    const hex = this.hexes.get(hexId);
    if (!hex) return hexId || "off map";
    return hex.label ? `${hex.id} (${hex.label})` : hex.id;
  }

  terrainName(terrain) {
    return TERRAIN_NAMES[terrain] || terrain.replace(/_/g, " ");
  }

  /** The hexside features around a hex, as "road to 1310, stream toward 1409". */
  hexsidesAround(hexId) {
    return this.geometry.hexsides.filter((s) => s.a === hexId || s.b === hexId)
      .map((s) => `${s.features.join(" + ")} ${s.features.some((f) => LINES.includes(f)) ? "to" : "toward"} ${s.a === hexId ? s.b : s.a}`);
  }

  // The map key: terrain swatches with their effects from the terrain chart, then the
  // hexside features and how to read a counter.
  legendHtml(chart) {
    const seen = [...new Set(this.geometry.hexes.map((h) => h.terrain))];
    const effects = (t) => {
      const row = chart?.terrain?.[t];
      if (!row) return "";
      const mps = [...new Set(Object.values(row.mp || {}))];
      const mp = mps.length === 1 ? `${mps[0]} MP` : Object.entries(row.mp).map(([k, v]) => `${k} ${v}`).join(", ") + " MP";
      const noArt = row.mp && !("artillery" in row.mp) ? ", no artillery off roads" : "";
      return ` (${mp}${noArt}${row.defender > 1 ? `, defender ×${row.defender}` : ""}${row.blocks_los ? ", blocks line of sight" : ""})`;
    };
    const swatches = seen.map((t) => `<li><svg class="swatch-hex" viewBox="0 0 22 19" width="22" height="19">
      <polygon class="hex terrain-${t}" points="5.5,0.5 16.5,0.5 21.5,9.5 16.5,18.5 5.5,18.5 0.5,9.5"/>
      ${t === "clear" ? "" : `<polygon class="hex-pattern pattern-${t}" points="5.5,0.5 16.5,0.5 21.5,9.5 16.5,18.5 5.5,18.5 0.5,9.5"/>`}</svg>
      ${escapeHtml(this.terrainName(t))}${escapeHtml(effects(t))}</li>`).join("");
    const side = (name, text) => (chart?.hexsides?.[name] ? text : "");
    return `<ul class="hex-legend">${swatches}
      <li><span class="swatch road"></span> road (1 MP along it) · <span class="swatch trail"></span> trail
        ${side("trail", "(1 MP into clear, 2 otherwise)")}</li>
      <li><span class="swatch creek"></span> creek: impassable, crossed only at a <b class="bridge-key">▭</b> bridge or
        <b class="ford-key">F</b> ford (+1 MP); attacks across a bridge or ford are halved</li>
      <li><span class="swatch stream"></span> stream: +1 MP for infantry and cavalry, artillery only at a bridge or ford;
        attackers across it halved</li>
      <li><span class="star-key">★</span> victory hex, ringed in the colour of the side holding it · <small>0913</small> hex number</li>
      <li>Counter: size (X brigade, III regiment, •• battery), type box (⨯ infantry, ╱ cavalry, ● artillery,
        wheels: supply train), designation, strength-movement (artillery strength-range-movement); a number in a circle
        counts the units in the hex; folded corner: has moved; red dot: has fought. Point at a counter for the whole stack.</li>
    </ul>`;
  }
}
