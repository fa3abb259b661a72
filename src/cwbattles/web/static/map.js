// The SVG map: terrain, rivers, roads, crossings, entry points and victory zones drawn once from
// the game's geometry; counters, control and highlights redrawn for every position shown.
import { svgEl, COUNTER, SMALL_COUNTER, artillerieCounter, brigadeCounter, hqCounter, trainCounter } from "/static/counters.js";
import { MapBase, points, splitName, UNIT_MARKS } from "/static/mapbase.js";

const STACK_STEP = 9;     // offset of each counter behind the first line
const ITEM_GAP = 8;       // space between the stacks of one zone

// Terrain decides the fill (rule 3); the south bank of Cedar Creek is greyed so the two
// banks read apart at a glance.
function terrainClass(zone) {
  const bank = zone.bank === "south" ? "south" : "north";
  if (zone.town) return `terrain town ${bank}`;
  if (zone.woods) return `terrain woods ${bank}`;
  if (zone.elevation > 0) return `terrain hill ${bank}`;
  return `terrain open ${bank}`;
}

export class MapView extends MapBase {
  /**
   * handlers: onZoneClick(zoneId, event), onUnitClick(unitId, zoneId, event),
   * onHover(kind, id, event) with kind "unit" | "hq" | "train" | "zone", onLeave().
   */
  constructor(container, geometry, counters, handlers) {
    super(container, geometry, handlers, { placeAttr: "zone", viewWidth: geometry.width,
      viewHeight: geometry.height, zoomRange: [0.8, 1.3] });
    this.zones = new Map(geometry.zones.map((z) => [z.id, z]));
    this.brigades = new Map(counters.brigades.map((b) => [b.id, b]));
    this.divisions = new Map(counters.divisions.map((d) => [d.id, d]));
    this.hqs = new Map(counters.hqs.map((h) => [h.id, h]));
    this.train = counters.train;
    this.drawStatic();
    this.addLayers(["control", "highlights", "counters", "overlay", "labels"]);
    this.listen();
  }

  // --- the printed map -----------------------------------------------------------------
  drawStatic() {
    const geo = this.geometry;
    const defs = svgEl("defs", {}, this.svg);
    // Little trees for woods, so woods read as woods even in grey print.
    const trees = svgEl("pattern", { id: "trees", width: 18, height: 16, patternUnits: "userSpaceOnUse" }, defs);
    svgEl("circle", { cx: 5, cy: 5, r: 3.2, class: "tree" }, trees);
    svgEl("circle", { cx: 14, cy: 12, r: 3.2, class: "tree" }, trees);
    const hills = svgEl("pattern", { id: "hill-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(35)" }, defs);
    svgEl("line", { x1: 0, y1: 0, x2: 0, y2: 10, class: "hatch" }, hills);

    const terrain = svgEl("g", { class: "layer-terrain" }, this.svg);
    for (const zone of geo.zones) {
      svgEl("polygon", { class: terrainClass(zone), points: points(zone.polygon), "data-zone": zone.id }, terrain);
      if (zone.woods) svgEl("polygon", { class: "woods-overlay", points: points(zone.polygon) }, terrain);
      if (zone.elevation > 0) svgEl("polygon", { class: "hill-overlay", points: points(zone.polygon) }, terrain);
    }
    const water = svgEl("g", { class: "layer-rivers" }, this.svg);
    for (const river of geo.rivers) {
      const cls = /shenandoah/i.test(river.name) ? "river big" : /brook/i.test(river.name) ? "river brook" : "river";
      svgEl("polyline", { class: cls, points: points(river.points) }, water).appendChild(
        svgEl("title", {}, null, river.name));
    }
    const roads = svgEl("g", { class: "layer-roads" }, this.svg);
    for (const road of geo.roads) {
      const cls = /pike/i.test(road.name) ? "road pike" : "road";
      svgEl("polyline", { class: cls, points: points(road.points) }, roads).appendChild(svgEl("title", {}, null, road.name));
    }
    const crossings = svgEl("g", { class: "layer-crossings" }, this.svg);
    for (const link of geo.links) this.drawLinkFeature(crossings, link);
    const labels = svgEl("g", { class: "layer-names" }, this.svg);
    for (const zone of geo.zones) {
      const lines = splitName(zone.name);
      const text = svgEl("text", { class: "zone-name", x: zone.center[0], y: zone.center[1] - 34 - (lines.length - 1) * 10,
        "text-anchor": "middle", "data-zone": zone.id }, labels);
      lines.forEach((line, i) => svgEl("tspan", { x: zone.center[0], dy: i ? 10 : 0 }, text, line));
      for (const number of zone.entry) this.drawEntry(labels, zone, number);
    }
    this.vpLayer = svgEl("g", { class: "layer-vp" }, this.svg);
    // Bottom left lies on the south bank, far from the victory zones and entry points.
    this.drawTitle(8, geo.height - 50);
  }

  drawLinkFeature(parent, link) {
    const a = this.zones.get(link.a);
    const b = this.zones.get(link.b);
    if (!a || !b) return;
    const x = (a.center[0] + b.center[0]) / 2;
    const y = (a.center[1] + b.center[1]) / 2;
    const angle = (Math.atan2(b.center[1] - a.center[1], b.center[0] - a.center[0]) * 180) / Math.PI;
    const g = svgEl("g", { class: "link-feature", transform: `translate(${x},${y}) rotate(${angle})` }, parent);
    const title = [];
    if (link.crossing === "bridge") {
      // A bridge: the road deck between two parapets.
      svgEl("rect", { class: "bridge", x: -8, y: -5, width: 16, height: 10, rx: 1 }, g);
      svgEl("line", { class: "bridge-rail", x1: -9, y1: -5, x2: 9, y2: -5 }, g);
      svgEl("line", { class: "bridge-rail", x1: -9, y1: 5, x2: 9, y2: 5 }, g);
      title.push("bridge (+1 MP; defender +2)");
    } else if (link.crossing === "ford") {
      svgEl("ellipse", { class: "ford", rx: 9, ry: 5.5 }, g);
      svgEl("text", { class: "ford-text", y: 2.6, "text-anchor": "middle", "font-size": 7, transform: `rotate(${-angle})` }, g, "F");
      title.push("ford (+1 MP; defender +2)");
    }
    if (link.ravine) {
      svgEl("polyline", { class: "ravine", points: "-7,-7 -3,-2 0,-7 3,-2 7,-7" }, g);
      title.push("ravine (defender +2)");
    }
    if (link.escarpment) {
      svgEl("polyline", { class: "escarpment", points: "-8,6 -5,1 -2,6 1,1 4,6 7,1" }, g);
      title.push("escarpment (+1 MP)");
    }
    if (!title.length) {
      parent.removeChild(g);
      return;
    }
    svgEl("title", {}, g, `${a.name} – ${b.name}: ${title.join(", ")}`);
  }

  // Entry points: a circled number pushed from the zone's centre toward the nearest map edge,
  // where the reinforcements come from.
  drawEntry(parent, zone, number) {
    const [cx, cy] = zone.center;
    const { width, height } = this.geometry;
    const distances = [[cx, -1, 0], [width - cx, 1, 0], [cy, 0, -1], [height - cy, 0, 1]];
    distances.sort((p, q) => p[0] - q[0]);
    const [dist, dx, dy] = distances[0];
    const push = Math.min(90, Math.max(0, dist - 15));
    const offset = zone.entry.indexOf(number) * 24;
    const x = cx + dx * push + (dx ? 0 : offset + 34);
    const y = cy + dy * push + (dy ? 0 : offset + 34);
    const g = svgEl("g", { class: "entry", transform: `translate(${x},${y})` }, parent);
    svgEl("circle", { r: 10 }, g);
    svgEl("text", { y: 4, "text-anchor": "middle", "font-size": 11 }, g, String(number));
    svgEl("title", {}, g, `Entry point ${number}: ${zone.name}`);
  }

  // --- one position -------------------------------------------------------------------
  draw(position) {
    this.position = position;
    this.drawControl(position.control || {});
    this.drawCounters(position);
  }

  drawControl(control) {
    this.vpLayer.replaceChildren();
    const ring = this.layers.control;
    ring.replaceChildren();
    for (const zone of this.geometry.zones) {
      const vp = zone.vp || {};
      if (!vp.union && !vp.confederate) continue;
      const owner = control[zone.id] || "none";
      svgEl("polygon", { class: `control-ring ${owner}`, points: points(zone.polygon) }, ring);
      const x = zone.center[0];
      const y = zone.center[1] + 36;
      const g = svgEl("g", { class: `vp-flag ${owner}`, transform: `translate(${x},${y})`, "data-zone": zone.id }, this.vpLayer);
      const label = vp.union === vp.confederate ? `${vp.union} VP` : `VP U${vp.union}·C${vp.confederate}`;
      const width = label.length * 5.6 + 22;
      svgEl("rect", { x: -width / 2, y: 0, width, height: 15, rx: 7.5 }, g);
      svgEl("polygon", { class: "flag-icon", points: `${-width / 2 + 6},3 ${-width / 2 + 14},6 ${-width / 2 + 6},9` }, g);
      svgEl("line", { class: "flag-pole", x1: -width / 2 + 6, y1: 2.5, x2: -width / 2 + 6, y2: 12.5 }, g);
      svgEl("text", { x: 6, y: 11, "text-anchor": "middle", "font-size": 9 }, g, label);
      const who = owner === "none" ? "nobody" : owner === "union" ? "the Union" : "the Confederates";
      svgEl("title", {}, g, `${zone.name}: ${vp.union} VP to the Union, ${vp.confederate} VP to the Confederates if held; held by ${who} (rule 4)`);
    }
  }

  facingAngle(zoneId, facingId) {
    const from = this.zones.get(zoneId);
    const to = this.zones.get(facingId);
    if (!from || !to) return null;
    return Math.atan2(to.center[1] - from.center[1], to.center[0] - from.center[0]);
  }

  drawCounters(position) {
    const layer = this.layers.counters;
    layer.replaceChildren();
    const markerByBrigade = new Map();
    for (const m of position.markers || []) if (m.brigade) markerByBrigade.set(m.brigade, m.value);
    const byZone = new Map();
    const add = (zone, item) => {
      if (!zone) return;
      if (!byZone.has(zone)) byZone.set(zone, { units: [], others: [] });
      byZone.get(zone)[item.kind === "unit" ? "units" : "others"].push(item);
    };
    for (const unit of position.units || []) if (unit.zone) add(unit.zone, { kind: "unit", unit });
    for (const hq of position.hqs || []) if (hq.zone) add(hq.zone, { kind: "hq", hq });
    const train = position.train;
    if (train && train.zone && train.status === "on_map") add(train.zone, { kind: "train", train });
    for (const m of position.markers || []) if (m.zone && m.status === "on_map" && !m.brigade) add(m.zone, { kind: "marker", marker: m });
    for (const [zoneId, content] of byZone) {
      const zone = this.zones.get(zoneId);
      if (zone) this.drawZoneContent(layer, zone, content, markerByBrigade);
    }
  }

  // One zone: its brigades as a single stack (first line in front, the second line offset
  // behind it), then headquarters and the train beside it, the whole row centred on the zone.
  drawZoneContent(layer, zone, content, markerByBrigade) {
    const units = content.units.map((i) => i.unit).sort((a, b) => (a.line || 9) - (b.line || 9));
    const items = [];
    if (units.length) {
      const depth = units.length - 1;
      items.push({ kind: "stack", units, width: COUNTER + depth * STACK_STEP, height: COUNTER + depth * STACK_STEP });
    }
    for (const other of content.others) items.push({ ...other, width: SMALL_COUNTER, height: SMALL_COUNTER });
    const total = items.reduce((sum, item) => sum + item.width, 0) + ITEM_GAP * (items.length - 1);
    let x = zone.center[0] - total / 2;
    const y = zone.center[1] + 2;
    const group = svgEl("g", { class: "zone-content", "data-zone": zone.id }, layer);
    for (const item of items) {
      if (item.kind === "stack") {
        const depth = item.units.length - 1;
        // The front counter sits low-left; those behind step up and to the right.
        const frontX = x + COUNTER / 2;
        const frontY = y + (depth * STACK_STEP) / 2;
        for (let i = item.units.length - 1; i >= 0; i -= 1) {
          const unit = item.units[i];
          const info = this.brigades.get(unit.id) || { name: unit.id };
          const angle = unit.facing ? this.facingAngle(zone.id, unit.facing) : null;
          const counter = brigadeCounter(unit, info, this.divisions.get(info.division), {
            facingAngle: angle, showFacing: i === 0, markerValue: markerByBrigade.get(unit.id),
          });
          counter.setAttribute("transform", `translate(${frontX + i * STACK_STEP},${frontY - i * STACK_STEP})`);
          counter.dataset.zone = zone.id;
          group.appendChild(counter);
        }
      } else if (item.kind === "hq") {
        const counter = hqCounter(item.hq, this.hqs.get(item.hq.id) || { name: item.hq.id, side: "union" });
        counter.setAttribute("transform", `translate(${x + SMALL_COUNTER / 2},${y})`);
        group.appendChild(counter);
      } else if (item.kind === "train") {
        const counter = trainCounter(item.train, this.train);
        counter.setAttribute("transform", `translate(${x + SMALL_COUNTER / 2},${y})`);
        group.appendChild(counter);
      } else if (item.kind === "marker") {
        const counter = artillerieCounter(item.marker);
        counter.setAttribute("transform", `translate(${x + SMALL_COUNTER / 2},${y})`);
        group.appendChild(counter);
      }
      x += item.width + ITEM_GAP;
    }
  }

  // --- highlights ---------------------------------------------------------------------
  /**
   * zones: Map zoneId -> {cls, label}; units: Map unitId -> cls ("selectable", "moving").
   * Highlight polygons carry data-zone so a click on them counts as a click on the zone.
   */
  highlight(zones = new Map(), units = new Map()) {
    const layer = this.layers.highlights;
    const labels = this.layers.labels;
    layer.replaceChildren();
    labels.replaceChildren();
    for (const [zoneId, mark] of zones) {
      const zone = this.zones.get(zoneId);
      if (!zone) continue;
      svgEl("polygon", { class: `zone-highlight ${mark.cls}`, points: points(zone.polygon), "data-zone": zoneId }, layer);
      if (mark.label) {
        // Just above the zone's name.
        const top = zone.center[1] - 56 - (splitName(zone.name).length - 1) * 10;
        const g = svgEl("g", { class: `zone-tag ${mark.cls}`, transform: `translate(${zone.center[0]},${top})`,
          "data-zone": zoneId }, labels);
        const width = mark.label.length * 6 + 12;
        svgEl("rect", { x: -width / 2, y: -9, width, height: 15, rx: 7 }, g);
        svgEl("text", { y: 2.5, "text-anchor": "middle", "font-size": 10 }, g, mark.label);
      }
    }
    for (const counter of this.svg.querySelectorAll(".counter.brigade")) {
      counter.classList.remove(...UNIT_MARKS);
      const cls = units.get(counter.dataset.unit);
      if (!cls) continue;
      counter.classList.add(...cls.split(" "));
      // A second-line counter is mostly hidden: repeat its outline above everything.
      if (counter.dataset.line === "2") {
        const ring = svgEl("rect", { class: `unit-ring ${cls}`, x: -COUNTER / 2 - 3, y: -COUNTER / 2 - 3,
          width: COUNTER + 6, height: COUNTER + 6, rx: 5, transform: counter.getAttribute("transform") }, labels);
        ring.dataset.unit = counter.dataset.unit;
      }
    }
  }

  // The map key shown beside the map.
  legendHtml() {
    return `
      <ul>
        <li><span class="swatch open"></span> open ground · <span class="swatch hill"></span> higher ground (+1 MP to enter, defender +2)</li>
        <li><span class="swatch woods"></span> woods (defender +1) · <span class="swatch town"></span> Middletown (defender +1)</li>
        <li><span class="swatch south"></span> south bank of Cedar Creek · <span class="swatch road"></span> road (1 MP along it) · <span class="swatch river"></span> creek / river</li>
        <li><b class="ford-key">F</b> ford, <b class="bridge-key">▭</b> bridge (+1 MP, defender +2): Cedar Creek is crossed only there
          · <b>⋁⋁</b> ravine (defender +2) · <b>⋀⋀</b> escarpment (+1 MP)</li>
        <li><span class="entry-key">8</span> entry point · <span class="vp-key">2 VP</span> victory zone, coloured by who holds it</li>
        <li>Counter: division letter (yellow box: superior commander), ★ command bonus, name, strength (red: reduced),
          A = artillery, S = sharpshooters, MTD/DIS cavalry, yellow triangle = facing, F1/F2 fatigue, −N losses,
          ROUT, ATTACK/CHARGE; the second line is drawn behind the first.</li>
      </ul>`;
  }

  zoneName(zoneId) {
    return this.zones.get(zoneId)?.name || zoneId || "off map";
  }

  /** The point where a zone's counters stand (arrows start and end there). */
  placeCenter(zoneId) {
    return this.zones.get(zoneId)?.center || null;
  }
}
