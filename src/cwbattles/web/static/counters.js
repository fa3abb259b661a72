// Drawing one counter (brigade, headquarters, artillery train) as an SVG group centred on
// (0, 0), and the plain-language details shown when the pointer rests on it.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const COUNTER = 38;          // side of a brigade counter, in map units
export const SMALL_COUNTER = 30;    // headquarters and train
const HALF = COUNTER / 2;

export function svgEl(tag, attrs = {}, parent = null, text = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, value);
  }
  if (text !== null) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}

// Text that never spills past `width`: long brigade names are squeezed rather than cut.
function fittedText(parent, x, y, text, size, width, attrs = {}) {
  const estimate = text.length * size * 0.56;
  const extra = estimate > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
  return svgEl("text", { x, y, "font-size": size, "text-anchor": "middle", ...extra, ...attrs }, parent, text);
}

// The point where a ray from the centre in direction `angle` leaves the square of half-side h.
function edgePoint(angle, h) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = h / Math.max(Math.abs(c), Math.abs(s));
  return [t * c, t * s];
}

// Small triangle just outside the counter's edge, pointing toward the faced zone.
function facingMark(parent, angle) {
  const [bx, by] = edgePoint(angle, HALF + 1);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const tip = [bx + 8 * c, by + 8 * s];
  const left = [bx - 6 * s, by + 6 * c];
  const right = [bx + 6 * s, by - 6 * c];
  svgEl("polygon", { class: "facing-mark", points: [tip, left, right].map((p) => p.join(",")).join(" ") }, parent);
}

function badge(parent, x, y, text, cls) {
  const g = svgEl("g", { class: `badge ${cls}`, transform: `translate(${x},${y})` }, parent);
  svgEl("circle", { r: 7.5 }, g);
  svgEl("text", { y: 2.8, "text-anchor": "middle", "font-size": 7.5 }, g, text);
  return g;
}

// What is printed on the counter now: cavalry show their mounted or dismounted side, infantry
// their reduced side (red ratings) after the first loss (rule 2, 11.4 Losses).
export function supportText(info, unit, markerValue) {
  if (info.artillery) return `A${Math.max(0, info.artillery - unit.losses)}`;
  if (info.sharpshooters) return `S${Math.max(0, 2 - unit.losses)}`;
  if (markerValue) return `A${markerValue}`;
  return "";
}

/**
 * A brigade counter. `opts`: facingAngle (radians or null), markerValue (an attached
 * Confederate Artillerie marker), showFacing (only the first line shows the stack's facing).
 */
export function brigadeCounter(unit, info, division, opts = {}) {
  const side = unit.side;
  const g = svgEl("g", {
    class: `counter brigade ${side}${unit.routed ? " routed" : ""}${unit.acted ? " acted" : ""}`,
    "data-unit": unit.id, "data-side": side, "data-line": unit.line ?? "",
  });
  svgEl("rect", { class: "select-ring", x: -HALF - 4, y: -HALF - 4, width: COUNTER + 8, height: COUNTER + 8, rx: 6 }, g);
  // The facing mark goes first so the badges drawn later stay readable over it.
  if (opts.showFacing && opts.facingAngle !== null && opts.facingAngle !== undefined) facingMark(g, opts.facingAngle);
  svgEl("rect", { class: "body", x: -HALF, y: -HALF, width: COUNTER, height: COUNTER, rx: 3 }, g);
  if (info.cavalry) {
    // The cavalry branch symbol: a diagonal stripe; dashed when dismounted.
    svgEl("line", { class: `cav-stripe${unit.mounted ? "" : " dismounted"}`, x1: -HALF + 2, y1: HALF - 2, x2: HALF - 2, y2: -HALF + 2 }, g);
  }
  // Division letter, ringed in yellow for a superior commander (rule 2).
  if (division && division.letter) {
    if (division.superior) svgEl("rect", { class: "superior", x: -HALF + 1.5, y: -HALF + 1.5, width: 12, height: 10, rx: 2 }, g);
    svgEl("text", { class: "letter", x: -HALF + 7.5, y: -HALF + 9.5, "font-size": 7.5, "text-anchor": "middle" }, g, division.letter);
  }
  if (info.star) svgEl("text", { class: "star", x: HALF - 6, y: -HALF + 10, "font-size": 10, "text-anchor": "middle" }, g, "★");
  fittedText(g, 0, -HALF + 19, info.name, 7.5, COUNTER - 4, { class: "name" });
  const reduced = unit.losses > 0 && !info.cavalry;
  // A routed brigade's strength moves up a little to make room for the ROUT band.
  svgEl("text", { class: `strength${reduced ? " reduced" : ""}`, x: 0, y: unit.routed ? HALF - 10.5 : HALF - 6,
    "font-size": unit.routed ? 12 : 14, "text-anchor": "middle" },
    g, String(unit.strength));
  const support = supportText(info, unit, 0);
  if (support) svgEl("text", { class: `support${reduced ? " reduced" : ""}`, x: -HALF + 3, y: HALF - 3, "font-size": 7 }, g, support);
  if (info.cavalry) {
    svgEl("text", { class: "cav-status", x: HALF - 3, y: HALF - 3, "font-size": 6.5, "text-anchor": "end" },
      g, unit.mounted ? "MTD" : "DIS");
  }
  if (opts.markerValue) {
    // A Confederate Artillerie marker attached to the brigade (7.3).
    const tag = svgEl("g", { class: "artillerie-tag", transform: `translate(${-HALF},${HALF + 1})` }, g);
    svgEl("rect", { width: 24, height: 9, rx: 2 }, tag);
    svgEl("text", { x: 12, y: 7, "font-size": 6.5, "text-anchor": "middle" }, tag, `Art ${opts.markerValue}`);
  }
  if (unit.routed) {
    // Across the bottom: name and strength stay readable (the support value is in the tooltip).
    svgEl("rect", { class: "rout-band", x: -HALF, y: HALF - 10, width: COUNTER, height: 10 }, g);
    svgEl("text", { class: "rout-text", x: 0, y: HALF - 2.2, "font-size": 8, "text-anchor": "middle" }, g, "ROUT");
  }
  if (unit.attack !== null && unit.attack !== undefined) {
    const tag = svgEl("g", { class: "attack-tag", transform: `translate(${-HALF - 4},${-HALF - 9})` }, g);
    svgEl("rect", { width: 32, height: 10, rx: 2 }, tag);
    svgEl("text", { x: 16, y: 7.8, "font-size": 6.8, "text-anchor": "middle" }, tag, unit.charging ? "CHARGE" : "ATTACK");
  }
  if (unit.fatigue) badge(g, HALF, -HALF, `F${unit.fatigue}`, `fatigue f${unit.fatigue}`);
  if (unit.losses) badge(g, HALF, HALF, `-${unit.losses}`, "losses");
  return g;
}

export function hqCounter(hq, info) {
  const half = SMALL_COUNTER / 2;
  const g = svgEl("g", { class: `counter hq ${info.side}${hq.active ? " active" : ""}`, "data-hq": hq.id });
  svgEl("rect", { class: "body", x: -half, y: -half, width: SMALL_COUNTER, height: SMALL_COUNTER, rx: 4 }, g);
  svgEl("text", { class: "hq-label", x: 0, y: -half + 9, "font-size": 7, "text-anchor": "middle" }, g, "HQ");
  fittedText(g, 0, 3, info.name, 8, SMALL_COUNTER - 4, { class: "hq-name" });
  svgEl("text", { class: "hq-state", x: 0, y: half - 3, "font-size": 5.8, "text-anchor": "middle" }, g,
    hq.active ? "ACTIVE" : "ready");
  return g;
}

export function trainCounter(train, info) {
  const half = SMALL_COUNTER / 2;
  const g = svgEl("g", { class: `counter train confederate${train.active ? " active" : ""}`, "data-train": info.id });
  svgEl("rect", { class: "body", x: -half, y: -half, width: SMALL_COUNTER, height: SMALL_COUNTER, rx: 2 }, g);
  // A gun: barrel and wheel, the usual artillery sign.
  svgEl("line", { class: "gun", x1: -9, y1: -4, x2: 8, y2: -9 }, g);
  svgEl("circle", { class: "gun", cx: -3, cy: -3, r: 3.5 }, g);
  fittedText(g, 0, 7, info.name, 7, SMALL_COUNTER - 4, { class: "train-name" });
  svgEl("text", { x: 0, y: half - 2.5, "font-size": 5.8, "text-anchor": "middle", class: "train-state" }, g,
    train.active ? "ACTIVE" : `train ${info.strength}`);
  return g;
}

// An Artillerie marker standing alone in its zone (7.3); one with a brigade is shown on it.
export function artillerieCounter(marker) {
  const half = SMALL_COUNTER / 2;
  const g = svgEl("g", { class: "counter train confederate artillerie" });
  svgEl("rect", { class: "body", x: -half, y: -half, width: SMALL_COUNTER, height: SMALL_COUNTER, rx: 2 }, g);
  svgEl("line", { class: "gun", x1: -9, y1: -4, x2: 8, y2: -9 }, g);
  svgEl("circle", { class: "gun", cx: -3, cy: -3, r: 3.5 }, g);
  fittedText(g, 0, 7, "Artillerie", 7, SMALL_COUNTER - 4, { class: "train-name" });
  svgEl("text", { x: 0, y: half - 2.5, "font-size": 5.8, "text-anchor": "middle", class: "train-state" }, g,
    `alone, ${marker.value}`);
  svgEl("title", {}, g, `Artillerie marker (value ${marker.value}) supporting no brigade: a Union brigade entering its zone takes it (7.3)`);
  return g;
}

// --- details shown on hover -------------------------------------------------------------

function row(label, value) {
  return `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
}

export function brigadeDetails(unit, info, division, zoneName, markerValue) {
  const printed = info.cavalry ? `${info.strength} mounted / ${info.dismounted} dismounted` : String(info.strength);
  const status = [];
  if (unit.status === "off_map") status.push("not yet on the map");
  if (unit.status === "eliminated") status.push("eliminated");
  if (unit.routed) status.push('<b class="bad">routed</b> (treated as Fatigue 2 when attacked; cannot move or attack)');
  if (unit.fatigue) status.push(`Fatigue ${unit.fatigue} (−${unit.fatigue} in combat)`);
  if (unit.losses) status.push(`${unit.losses} step loss${unit.losses > 1 ? "es" : ""}`);
  if (unit.attack !== null && unit.attack !== undefined) status.push(unit.charging ? "has declared a charge" : "has declared an attack");
  if (unit.acted) status.push("has acted this round");
  if (!status.length) status.push("fresh");
  const support = [];
  if (info.artillery) support.push(`attached artillery ${Math.max(0, info.artillery - unit.losses)} (printed ${info.artillery})`);
  if (info.sharpshooters) support.push(`sharpshooters ${Math.max(0, 2 - unit.losses)}`);
  if (markerValue) support.push(`Artillerie marker ${markerValue}`);
  const divisionText = division
    ? `${escapeHtml(division.name)}${division.letter ? ` (${escapeHtml(division.letter)})` : ""}` +
      `${division.superior ? ", superior commander" : ""}${division.independent ? ", independent" : ""}`
    : escapeHtml(info.division_name || info.division);
  return `<div class="tip-title ${unit.side}">${escapeHtml(info.name)} <span>${SIDE_NAMES[unit.side]} ${info.cavalry ? "cavalry" : "infantry"} brigade</span></div>
    <table class="tip">
      ${row("division", divisionText)}
      ${row("strength", `<b>${unit.strength}</b> now · printed ${printed}`)}
      ${row("support", support.length ? escapeHtml(support.join(", ")) : "none")}
      ${row("command", info.star ? "★ command bonus (+1)" : "no star")}
      ${info.cavalry ? row("mode", unit.mounted ? "mounted (8 MP, may charge)" : "dismounted (6 MP)") : row("movement", "6 MP")}
      ${row("zone", escapeHtml(zoneName || "–"))}
      ${unit.line ? row("line", unit.line === 1 ? "first line" : "second line (supports the first)") : ""}
      ${unit.facingName ? row("facing", escapeHtml(unit.facingName)) : ""}
      ${row("status", status.join("; "))}
    </table>
    ${info.historical ? `<p class="tip-note">${escapeHtml(info.historical)}</p>` : ""}`;
}

export function hqDetails(hq, info, zoneName) {
  return `<div class="tip-title ${info.side}">${escapeHtml(info.name)} <span>${SIDE_NAMES[info.side]} headquarters</span></div>
    <table class="tip">
      ${row("zone", escapeHtml(zoneName || "off map"))}
      ${row("state", hq.active ? "active: has moved this turn (7.2)" : "may still move this turn (8 MP)")}
      ${row("command", "divisions within 8 MP of it are in command (10)")}
    </table>`;
}

export function trainDetails(train, info, zoneName, markersLeft) {
  return `<div class="tip-title confederate">${escapeHtml(info.name)} <span>Confederate artillery train</span></div>
    <table class="tip">
      ${row("zone", escapeHtml(zoneName || "off map"))}
      ${row("strength", `${info.strength} if attacked; a hit eliminates it (7.3)`)}
      ${row("Artillerie", `${markersLeft} marker${markersLeft === 1 ? "" : "s"} still in the train`)}
      ${row("state", train.active ? "active" : "ready")}
    </table>`;
}
