// Counters of hex-map games (Blue & Gray): a unit drawn in the NATO style of the printed
// counters, centred on (0, 0), and the plain-language description of a unit or a stack.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { svgEl } from "/static/counters.js";

export const HEX_COUNTER = 26;        // side of a counter, in map units (a hex is 40 across)
const HALF = HEX_COUNTER / 2;

// The size marks printed above the unit-type box.
const SIZE_MARKS = { division: "XX", brigade: "X", regiment: "III", battalion: "II", battery: "••", section: "•" };
const TYPE_NAMES = { infantry: "infantry", cavalry: "cavalry", artillery: "artillery", train: "supply train" };

// What the counter says of itself: "12/XIII | 1" is the parent formation, then the unit.
export function designation(info) {
  const parts = String(info.counter || "").split("|").map((p) => p.trim());
  return { own: parts[parts.length - 1] || info.id, parent: parts.length > 1 ? parts[0] : "" };
}

// The printed factors: strength-movement, and strength-range-movement for artillery (9.1).
export function factorsText(info) {
  if (info.type === "artillery") return `${info.strength}-${info.range}-${info.movement}`;
  if (info.type === "train") return `${info.strength}-${info.movement}`;
  return `${info.strength}-${info.movement}`;
}

// The unit-type box: crossed for infantry, one diagonal for cavalry, a ball for artillery,
// wheels for the train.
function typeSymbol(parent, type) {
  const w = 14;
  const h = 8;
  const x = -w / 2;
  const y = -8.5;
  const g = svgEl("g", { class: `type-symbol ${type}` }, parent);
  svgEl("rect", { class: "type-box", x, y, width: w, height: h }, g);
  if (type === "infantry" || type === "cavalry") {
    svgEl("line", { x1: x, y1: y + h, x2: x + w, y2: y }, g);
  }
  if (type === "infantry") svgEl("line", { x1: x, y1: y, x2: x + w, y2: y + h }, g);
  if (type === "artillery") svgEl("circle", { class: "ball", cx: 0, cy: y + h / 2, r: 2.2 }, g);
  if (type === "train") {
    svgEl("circle", { class: "wheel", cx: -3.5, cy: y + h / 2, r: 2 }, g);
    svgEl("circle", { class: "wheel", cx: 3.5, cy: y + h / 2, r: 2 }, g);
  }
}

function fitted(parent, y, text, size, width, cls) {
  const long = text.length * size * 0.56 > width;
  return svgEl("text", { class: cls, x: 0, y, "font-size": size, "text-anchor": "middle",
    ...(long ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {}) }, parent, text);
}

/** A unit's counter. unit: its entry of the position; info: its entry of game.counters(). */
export function hexUnitCounter(unit, info) {
  const flags = ["moved", "attacked", "defended", "retreated", "strat"].filter((f) => unit[f]);
  const g = svgEl("g", {
    class: `counter hexunit ${info.side} ${info.type} ${flags.join(" ")}`,
    "data-unit": unit.id, "data-side": info.side, "data-hex": unit.hex,
  });
  svgEl("rect", { class: "select-ring", x: -HALF - 3, y: -HALF - 3, width: HEX_COUNTER + 6, height: HEX_COUNTER + 6, rx: 4 }, g);
  svgEl("rect", { class: "body", x: -HALF, y: -HALF, width: HEX_COUNTER, height: HEX_COUNTER, rx: 2 }, g);
  const mark = SIZE_MARKS[info.size];
  if (mark) svgEl("text", { class: "size-mark", x: 0, y: -9.4, "font-size": 4.6, "text-anchor": "middle" }, g, mark);
  typeSymbol(g, info.type);
  fitted(g, 5.4, designation(info).own, 5.2, HEX_COUNTER - 3, "designation");
  fitted(g, 11.9, factorsText(info), 7.2, HEX_COUNTER - 4, "factors");
  // Moved this turn: a folded corner; has fought this phase: a red dot (details on hover).
  if (unit.moved) svgEl("polygon", { class: "moved-mark", points: `${HALF - 6},${-HALF} ${HALF},${-HALF} ${HALF},${-HALF + 6}` }, g);
  if (unit.attacked || unit.defended) svgEl("circle", { class: "fought-mark", cx: -HALF + 3.5, cy: -HALF + 3.5, r: 2 }, g);
  return g;
}

// --- details shown on hover -------------------------------------------------------------
function statusText(unit) {
  const words = [];
  if (unit.status === "off_map") words.push("not yet on the map");
  if (unit.status === "eliminated") words.push("eliminated");
  if (unit.status === "exited") words.push(`left the map${unit.exited_at ? ` at ${unit.exited_at}` : ""}`);
  if (unit.moved) words.push(unit.strat ? "moved strategically" : "has moved");
  if (unit.attacked) words.push("has attacked");
  if (unit.defended) words.push("has been attacked");
  if (unit.retreated) words.push("has retreated");
  return words.join(", ") || "fresh";
}

/**
 * One line per unit of a stack, the one pointed at (`focus`) first and in bold. divisions:
 * the position's {division id: {released}}, for divisions held back by an exclusive rule (17).
 */
export function stackHtml(units, infoOf, divisionOf, focus, divisions = {}) {
  const ordered = [...units].sort((a, b) => (b.id === focus) - (a.id === focus));
  return `<table class="tip stack">${ordered.map((unit) => {
    const info = infoOf(unit.id);
    if (!info) return "";
    const division = divisionOf(info.division);
    const { own, parent } = designation(info);
    const kind = `${TYPE_NAMES[info.type] || info.type} ${info.size}`;
    const range = info.type === "artillery" ? `, range ${info.range}` : "";
    return `<tr class="${unit.id === focus ? "focus" : ""}"><td><span class="chip ${info.side}">${escapeHtml(factorsText(info))}</span></td>
      <td><b>${escapeHtml(info.name)}</b> <span class="hint">${escapeHtml(own)}${parent ? ` · ${escapeHtml(parent)}` : ""}</span><br>
      ${SIDE_NAMES[info.side]} ${escapeHtml(kind)}: strength ${info.strength}, ${info.movement} MP${range}
      ${division ? `<br><span class="hint">${escapeHtml(division.name)}</span>` : ""}
      ${division?.restriction && divisions[division.id]?.released === false
        ? `<br><span class="bad">held back until released (rule ${escapeHtml(division.restriction)})</span>` : ""}
      <br><span class="hint">${escapeHtml(statusText(unit))}</span></td></tr>`;
  }).join("")}</table>`;
}
