// The hex map of GBACW games (Cedar Mountain): the Blue & Gray hex map (hexmap.js) plus the
// ground (elevation in feet shaded, crest and steep-crest hexsides, runs), the cornfields and their
// blow-down markers (21.43), counters turned to their facing with their formation (gbacwcounters.js),
// a leader's command radius when the pointer rests on him (16.1), and a compass for a map printed
// with east at the top.
import { svgEl } from "/static/counters.js";
import { HexMapView } from "/static/hexmap.js";
import { points } from "/static/mapbase.js";
import { GBACW_COUNTER, LEADER_RADIUS, gbacwCounter } from "/static/gbacwcounters.js";
import { escapeHtml } from "/static/api.js";
import { unitsByHex } from "/static/hexshared.js";

const STACK_STEP = 2.4;
const STYLE_ID = "gbacw-style";

function addStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const link = document.createElement("link");
  link.id = STYLE_ID;
  link.rel = "stylesheet";
  link.href = "/static/gbacw.css";
  document.head.appendChild(link);
}

export class GbacwMapView extends HexMapView {
  constructor(container, geometry, counters, handlers) {
    addStyle();
    const hover = handlers.onHover;
    const leave = handlers.onLeave;
    const wrapped = { ...handlers };
    super(container, geometry, counters, wrapped);
    this.zoomRange = [1.7, 2.8];        // regiments' counters: read name and strength at the default zoom
    // 16.1: pointing at a leader shows the radius he commands with
    wrapped.onHover = (kind, id, event) => {
      this.showRadius(kind === "unit" ? id : null);
      hover?.(kind, id, event);
    };
    wrapped.onLeave = () => {
      this.showRadius(null);
      leave?.();
    };
  }

  // --- the printed map, with the ground ---------------------------------------------------
  drawStatic() {
    super.drawStatic();
    const geo = this.geometry;
    const elevations = geo.hexes.map((h) => h.elevation);
    const low = Math.min(...elevations);
    const high = Math.max(...elevations);
    const ground = svgEl("g", { class: "layer-ground" });
    const terrain = this.svg.querySelector(".layer-terrain");
    terrain.after(ground);
    for (const hex of geo.hexes) {
      const shade = high > low ? (hex.elevation - low) / (high - low) : 0;
      svgEl("polygon", { class: `elevation${hex.crest ? " crest-hex" : ""}`, points: points(hex.corners),
        "fill-opacity": (0.05 + 0.4 * shade).toFixed(3) }, ground);
    }
    const lines = svgEl("g", { class: "layer-contours" });
    ground.after(lines);
    for (const side of geo.hexsides) {
      const [[x1, y1], [x2, y2]] = side.line;
      for (const feature of ["steep_crest", "crest", "run", "lake", "fence"]) {
        if (side.features.includes(feature)) {
          svgEl("line", { class: `hexside gbacw-${feature}`, x1, y1, x2, y2 }, lines)
            .appendChild(svgEl("title", {}, null, `${feature.replace("_", " ")} between ${side.a} and ${side.b}`));
          if (feature === "steep_crest") break;                   // a steep crest is drawn as itself
        }
      }
    }
    this.radiusLayer = svgEl("g", { class: "layer-radius" }, this.svg);
    this.blowdownLayer = svgEl("g", { class: "layer-blowdowns" });
    lines.after(this.blowdownLayer);
  }

  // --- one position -------------------------------------------------------------------------
  draw(position) {
    super.draw(position);
    this.drawBlowDowns(position.cleared || []);
  }

  drawBlowDowns(cleared) {
    const layer = this.blowdownLayer;
    if (!layer) return;
    layer.replaceChildren();
    for (const id of cleared) {
      const hex = this.hexes.get(id);
      if (!hex) continue;
      const [cx, cy] = hex.center;
      const g = svgEl("g", { class: "blowdown", transform: `translate(${cx},${cy + this.geometry.size * 0.45})` }, layer);
      svgEl("rect", { x: -9, y: -3.5, width: 18, height: 7, rx: 1.5 }, g);
      svgEl("text", { y: 2, "font-size": 4.6, "text-anchor": "middle" }, g, "DOWN");
      svgEl("title", {}, g, `Cornfield blown down (21.43): clear terrain`);
    }
  }

  drawCounters(position) {
    const layer = this.layers.counters;
    layer.replaceChildren();
    const moving = position.scalars?.mv_unit >= 0 ? position.units[position.scalars.mv_unit]?.id : null;
    const byHex = unitsByHex(position);
    // the stack's order: the position's "stacks" (arrival order, the top last, 13.4)
    const order = position.stacks || {};
    this.stacks = byHex;
    for (const [hexId, units] of byHex) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      const listed = order[hexId] || [];
      units.sort((a, b) => (a.id === moving) - (b.id === moving) || listed.indexOf(a.id) - listed.indexOf(b.id));
      const [cx, cy] = hex.center;
      const group = svgEl("g", { class: "hex-stack", "data-hex": hexId }, layer);
      const compass = this.geometry.compass || ["N", "NE", "SE", "S", "SW", "NW"];
      // leaders beside the pile, on the hex's left, so that they hide no regiment's name or strength
      const isLeader = (u) => this.units.get(u.id)?.type === "leader";
      const pile = units.filter((u) => !isLeader(u));
      const leaders = units.filter(isLeader);
      const depth = Math.min(pile.length - 1, 3);
      const shift = leaders.length && pile.length ? 3 : 0;       // the pile steps right to make room
      pile.forEach((unit, i) => {
        const step = Math.min(pile.length - 1 - i, depth) - depth / 2;
        const counter = gbacwCounter(unit, this.units.get(unit.id), compass);
        counter.setAttribute("transform", `translate(${cx + shift + step * STACK_STEP},${cy - step * STACK_STEP})`);
        group.appendChild(counter);
      });
      leaders.forEach((unit, i) => {
        const left = cx + shift - GBACW_COUNTER / 2 - (depth / 2) * STACK_STEP;     // the pile's left edge
        const x = pile.length ? left - LEADER_RADIUS - 0.4 : cx;
        const y = cy + (i - (leaders.length - 1) / 2) * (2 * LEADER_RADIUS + 0.6);
        const counter = gbacwCounter(unit, this.units.get(unit.id), compass);
        counter.setAttribute("transform", `translate(${x},${y})`);
        group.appendChild(counter);
      });
      if (pile.length > 1) {
        const g = svgEl("g", { class: "stack-count", transform: `translate(${cx + shift + GBACW_COUNTER / 2},${cy + GBACW_COUNTER / 2})` }, group);
        svgEl("circle", { r: 4 }, g);
        svgEl("text", { y: 2, "font-size": 5.4, "text-anchor": "middle" }, g, String(pile.length));
      }
    }
  }

  // 16.1: the hexes within a leader's radius, outlined (the radius the counter prints; a
  // division commander's today's bonus is in the position's divisions).
  showRadius(unitId) {
    const layer = this.radiusLayer;
    if (!layer) return;
    layer.replaceChildren();
    const info = unitId ? this.units.get(unitId) : null;
    const unit = info && this.position?.units.find((u) => u.id === unitId);
    if (!info || info.type !== "leader" || !unit?.hex || !info.radius) return;
    const centre = this.hexes.get(unit.hex);
    const bonus = info.rank === "division" ? (this.position.divisions?.[info.division]?.radius_bonus || 0) : 0;
    const reach = info.radius + bonus;
    for (const hex of this.geometry.hexes) {
      if (this.distance(centre, hex) <= reach) {
        svgEl("polygon", { class: `radius-hex ${info.side}`, points: points(hex.corners) }, layer);
      }
    }
    svgEl("title", {}, layer, `${escapeHtml(info.name)}: radius ${reach}`);
  }

  // Hex distance on the board's axial coordinates (geometry: "axial" of each hex).
  distance(a, b) {
    const [q1, r1] = a.axial;
    const [q2, r2] = b.axial;
    return Math.max(Math.abs(q1 - q2), Math.abs(r1 - r2), Math.abs(q1 + r1 - q2 - r2));
  }

  terrainName(terrain) {
    return terrain.replace(/_/g, " ");
  }

  legendHtml(chart) {
    const seen = [...new Set(this.geometry.hexes.map((h) => h.terrain))];
    const row = (t) => chart?.terrain?.[t];
    const swatches = seen.map((t) => `<li><svg class="swatch-hex" viewBox="0 0 22 19" width="22" height="19">
      <polygon class="hex terrain-${t}" points="5.5,0.5 16.5,0.5 21.5,9.5 16.5,18.5 5.5,18.5 0.5,9.5"/></svg>
      ${escapeHtml(this.terrainName(t))}${row(t) ? escapeHtml(` (line ${row(t).mp.line ?? "–"}, column ${row(t).mp.column ?? "–"} MP; ` +
        `fire ${row(t).fire_shift || 0}, melee ${row(t).melee_shift || 0} columns; stacking ${row(t).stacking})`) : ""}</li>`).join("");
    return `<ul class="hex-legend">${swatches}
      <li>Darker ground is higher (elevation in feet, 20-ft contours); brown lines: crests (21.32), with a splash: steep
        crests (21.33); double blue: runs (21.35); heavy blue: lake hexsides (21.34).</li>
      <li>Road ½ MP and trail 1 MP a hex for units in column, mounted or limbered and leaders (21.31).</li>
      <li>Counter: type box, name, strength-morale; the pointed edge is its front (6.1); a band shows column (COL),
        mounted (MTD) or limbered (LMB); R routed, P pinned, E engaged. Stars: leaders (point at one to see his radius).</li>
      <li>DOWN: a cornfield blown down (21.43). <span class="star-key">★</span> Victory Point hex (27.22).</li>
    </ul>`;
  }
}
