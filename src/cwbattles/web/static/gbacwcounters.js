// Counters of GBACW games (Cedar Mountain): a regiment or battery drawn in the NATO style with
// its strength and Morale Rating, turned to show its facing (an arrow on its frontal edge, 6.1),
// marked with its formation (7.0: column, mounted, limbered) and status (routed, pinned, engaged,
// 15.2-15.3, 12.7); leaders as a star with their rank. Also the plain-language description of a
// stack for the hover panel.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { svgEl } from "/static/counters.js";

export const GBACW_COUNTER = 24;
const HALF = GBACW_COUNTER / 2;
const MARCH = { column: "COL", mounted: "MTD", limbered: "LMB" };
const RANKS = { army: "★★★", division: "★★", brigade: "★" };
const FORMATION_WORDS = { line: "in line", column: "in column", dismounted: "dismounted", mounted: "mounted",
  unlimbered: "unlimbered", limbered: "limbered" };

// The printed direction (0 = top of the sheet ... 5) a compass name stands for on this map.
export function printedDirection(compass, name) {
  const i = compass.indexOf(name);
  return i < 0 ? 0 : i;
}

function typeSymbol(parent, type) {
  const w = 12;
  const h = 7;
  const x = -w / 2;
  const y = -9;
  const g = svgEl("g", { class: `type-symbol ${type}` }, parent);
  svgEl("rect", { class: "type-box", x, y, width: w, height: h }, g);
  if (type === "infantry" || type === "cavalry") svgEl("line", { x1: x, y1: y + h, x2: x + w, y2: y }, g);
  if (type === "infantry") svgEl("line", { x1: x, y1: y, x2: x + w, y2: y + h }, g);
  if (type === "artillery") svgEl("circle", { class: "ball", cx: 0, cy: y + h / 2, r: 2 }, g);
}

/** A unit's counter. unit: its entry of the position; info: its entry of game.counters(). */
export function gbacwCounter(unit, info, compass) {
  const flags = new Set(unit.flags || []);
  const cls = ["counter", "hexunit", "gbacw", info.side, info.type, unit.formation || "",
    ...["routed", "pinned", "engaged", "moved", "fired", "melee"].filter((f) => flags.has(f))];
  const g = svgEl("g", { class: cls.join(" "), "data-unit": unit.id, "data-side": info.side, "data-hex": unit.hex });
  svgEl("rect", { class: "select-ring", x: -HALF - 3, y: -HALF - 3, width: GBACW_COUNTER + 6, height: GBACW_COUNTER + 6, rx: 4 }, g);
  if (info.type === "leader") {
    svgEl("circle", { class: "body leader", r: HALF - 2 }, g);
    svgEl("text", { class: "rank", y: -2, "font-size": 5.5, "text-anchor": "middle" }, g, RANKS[info.rank] || "★");
    svgEl("text", { class: "designation", y: 6, "font-size": 4.6, "text-anchor": "middle" }, g,
      (info.name.split(" ").at(-1) || info.id).slice(0, 10));
    return g;
  }
  // The body turns with the facing: its top edge is the unit's front (6.1).
  const facing = printedDirection(compass, unit.facing);
  const body = svgEl("g", { class: "facing", transform: `rotate(${facing * 60})` }, g);
  svgEl("rect", { class: "body", x: -HALF, y: -HALF, width: GBACW_COUNTER, height: GBACW_COUNTER, rx: 2 }, body);
  svgEl("polygon", { class: "front-mark", points: `${-4},${-HALF + 0.2} 4,${-HALF + 0.2} 0,${-HALF - 4}` }, body);
  typeSymbol(g, info.type);
  svgEl("text", { class: "designation", y: 3.6, "font-size": 4.4, "text-anchor": "middle" }, g,
    (info.name.split(" (")[0] || info.id).slice(0, 12));
  svgEl("text", { class: "factors", y: 10.2, "font-size": 6.2, "text-anchor": "middle" }, g,
    `${unit.strength ?? info.strength}-${info.morale}`);
  const march = MARCH[unit.formation];
  if (march) {
    svgEl("rect", { class: "march-band", x: -HALF, y: HALF - 4, width: GBACW_COUNTER, height: 4 }, g);
    svgEl("text", { class: "march-text", y: HALF - 0.8, "font-size": 3.6, "text-anchor": "middle" }, g, march);
  }
  if (flags.has("routed")) svgEl("text", { class: "status-mark routed", x: -HALF + 1, y: -HALF + 5, "font-size": 5 }, g, "R");
  else if (flags.has("pinned")) svgEl("text", { class: "status-mark pinned", x: -HALF + 1, y: -HALF + 5, "font-size": 5 }, g, "P");
  if (flags.has("engaged")) svgEl("text", { class: "status-mark engaged", x: HALF - 5, y: -HALF + 5, "font-size": 5 }, g, "E");
  return g;
}

function statusText(unit) {
  const flags = new Set(unit.flags || []);
  const words = [];
  if (unit.status !== "on_map") words.push(unit.status.replace("_", " "));
  for (const [flag, word] of [["routed", "routed"], ["pinned", "pinned"], ["engaged", "engaged in melee"],
    ["moved", "has moved"], ["fired", "has fired"], ["melee", "will melee"]]) {
    if (flags.has(flag)) words.push(word);
  }
  return words.join(", ") || "ready";
}

/** One line per unit of a stack, the one pointed at (`focus`) first and in bold. */
export function gbacwStackHtml(units, infoOf, focus) {
  const ordered = [...units].sort((a, b) => (b.id === focus) - (a.id === focus));
  return `<table class="tip stack">${ordered.map((unit) => {
    const info = infoOf(unit.id);
    if (!info) return "";
    const side = SIDE_NAMES[info.side];
    let what;
    if (info.type === "leader") {
      const radius = info.rank === "division" ? `Divisional Integrity Radius ${info.radius}, ${info.command_points} Command Points`
        : info.rank === "brigade" ? `Effectiveness Radius ${info.radius}, ${info.rally_points} Rally Points`
          : `${info.command_points} Command Points`;
      what = `${side} ${escapeHtml(info.rank)} commander: ${radius}`;
    } else {
      what = `${side} ${escapeHtml(info.type)} ${escapeHtml(FORMATION_WORDS[unit.formation] || "")}, facing ${escapeHtml(unit.facing)}:
        strength ${unit.strength} of ${info.strength}, morale ${info.morale}, ${escapeHtml(info.weapon)} (range ${info.range})`;
    }
    return `<tr class="${unit.id === focus ? "focus" : ""}"><td><b>${escapeHtml(info.name)}</b><br>${what}
      <br><span class="hint">${escapeHtml(statusText(unit))}</span></td></tr>`;
  }).join("")}</table>`;
}
