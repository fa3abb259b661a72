// Counters of GBACW games (Cedar Mountain): a regiment or battery drawn in the NATO style with
// its strength and Morale Rating, turned to show its facing (an arrow on its frontal edge, 6.1),
// marked with its formation (7.0: column, mounted, limbered) and status (routed, pinned, engaged,
// 15.2-15.3, 12.7); leaders as a small disc with their rank, drawn beside the stack so that they
// never hide a regiment. Laid out to read at the default zoom: strong side colours, the type
// symbol and the formation tag on the top row, the name in the middle, strength-morale large at
// the bottom (nothing covers it). Also the plain-language description of a stack for the hover panel.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { svgEl } from "/static/counters.js";

export const GBACW_COUNTER = 26;
export const LEADER_RADIUS = 6;
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

function typeSymbol(parent, type, x0 = 0) {
  const w = 11;
  const h = 7;
  const x = x0 - w / 2;
  const y = -HALF + 1.6;
  const g = svgEl("g", { class: `type-symbol ${type}` }, parent);
  svgEl("rect", { class: "type-box", x, y, width: w, height: h }, g);
  if (type === "infantry" || type === "cavalry") svgEl("line", { x1: x, y1: y + h, x2: x + w, y2: y }, g);
  if (type === "infantry") svgEl("line", { x1: x, y1: y, x2: x + w, y2: y + h }, g);
  if (type === "artillery") svgEl("circle", { class: "ball", cx: x0, cy: y + h / 2, r: 2 }, g);
}

/** A unit's counter. unit: its entry of the position; info: its entry of game.counters(). */
export function gbacwCounter(unit, info, compass) {
  const flags = new Set(unit.flags || []);
  const cls = ["counter", "hexunit", "gbacw", info.side, info.type, unit.formation || "",
    ...["routed", "pinned", "engaged", "moved", "fired", "melee"].filter((f) => flags.has(f))];
  const g = svgEl("g", { class: cls.join(" "), "data-unit": unit.id, "data-side": info.side, "data-hex": unit.hex });
  svgEl("rect", { class: "select-ring", x: -HALF - 3, y: -HALF - 3, width: GBACW_COUNTER + 6, height: GBACW_COUNTER + 6, rx: 4 }, g);
  if (info.type === "leader") {        // a small disc beside the stack (gbacwmap.js places it)
    g.querySelector(".select-ring").setAttribute("x", -LEADER_RADIUS - 2);
    g.querySelector(".select-ring").setAttribute("y", -LEADER_RADIUS - 2);
    g.querySelector(".select-ring").setAttribute("width", 2 * LEADER_RADIUS + 4);
    g.querySelector(".select-ring").setAttribute("height", 2 * LEADER_RADIUS + 4);
    svgEl("circle", { class: "body leader", r: LEADER_RADIUS }, g);
    svgEl("text", { class: "rank", y: 1.6, "font-size": info.rank === "army" ? 3.8 : 5, "text-anchor": "middle" }, g,
      RANKS[info.rank] || "★");
    svgEl("title", {}, g, info.name);
    return g;
  }
  // The body turns with the facing: its top edge is the unit's front (6.1).
  const facing = printedDirection(compass, unit.facing);
  const body = svgEl("g", { class: "facing", transform: `rotate(${facing * 60})` }, g);
  svgEl("rect", { class: "body", x: -HALF, y: -HALF, width: GBACW_COUNTER, height: GBACW_COUNTER, rx: 2 }, body);
  svgEl("rect", { class: "front-bar", x: -HALF, y: -HALF, width: GBACW_COUNTER, height: 2.2 }, body);
  svgEl("polygon", { class: "front-mark", points: `${-4.5},${-HALF} 4.5,${-HALF} 0,${-HALF - 5}` }, body);
  // the top row: the type symbol, and the formation's tag beside it (in march formation)
  const march = MARCH[unit.formation];
  typeSymbol(g, info.type, march ? -5.5 : 0);
  if (march) {
    svgEl("rect", { class: "march-band", x: 1.5, y: -HALF + 1.6, width: 10.5, height: 7, rx: 1 }, g);
    svgEl("text", { class: "march-text", x: 6.75, y: -HALF + 7.2, "font-size": 5, "text-anchor": "middle" }, g, march);
  }
  const short = shortName(info);
  const fit = short.length > 7 ? { textLength: GBACW_COUNTER - 2.5, lengthAdjust: "spacingAndGlyphs" } : {};
  svgEl("text", { class: "designation", y: 2.6, "font-size": 5.2, "text-anchor": "middle", ...fit }, g, short);
  svgEl("text", { class: "factors", y: HALF - 2, "font-size": 8.6, "text-anchor": "middle" }, g,
    `${unit.strength ?? info.strength}-${info.morale}`);
  if (flags.has("routed")) svgEl("text", { class: "status-mark routed", x: -HALF + 1, y: 2.6, "font-size": 6 }, g, "R");
  else if (flags.has("pinned")) svgEl("text", { class: "status-mark pinned", x: -HALF + 1, y: 2.6, "font-size": 6 }, g, "P");
  if (flags.has("engaged")) svgEl("text", { class: "status-mark engaged", x: HALF - 5, y: 2.6, "font-size": 6 }, g, "E");
  svgEl("title", {}, g, info.name);
  return g;
}

// A regiment's name short enough for its counter, as the printed counters abbreviate it:
// "5th Connecticut" -> "5 Conn", "1st New Jersey Cavalry" -> "1 NJ Cav", "Battery E,
// Pennsylvania Light (Knap)" -> "Knap".
const SHORT = [["New York", "NY"], ["New Jersey", "NJ"], ["Pennsylvania", "Pa"], ["Massachusetts", "Mass"],
  ["Connecticut", "Conn"], ["Wisconsin", "Wis"], ["Indiana", "Ind"], ["Maine", "Me"], ["Virginia", "Va"],
  ["Georgia", "Ga"], ["Alabama", "Ala"], ["North Carolina", "NC"], ["South Carolina", "SC"], ["Tennessee", "Tenn"],
  ["Louisiana", "La"], ["Maryland", "Md"], ["Rhode Island", "RI"], ["Michigan", "Mich"], ["District of Columbia", "DC"],
  ["Cavalry", "Cav"], ["Infantry", "Inf"], ["Battalion", "Bn"], ["Mississippi", "Miss"], ["Arkansas", "Ark"]];

function shortName(info) {
  const name = info.name;
  const commander = name.match(/\(([^)]+)\)\s*$/);
  if (info.type === "artillery" && commander) return commander[1].slice(0, 9);
  let base = name.split(" (")[0].replace(/^(\d+)(st|nd|rd|th)\b/, "$1");
  for (const [long, short] of SHORT) base = base.replace(long, short);
  if (base.length <= 10) return base;
  const cut = base.lastIndexOf(" ", 10);
  return base.slice(0, cut > 3 ? cut : 10);
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
