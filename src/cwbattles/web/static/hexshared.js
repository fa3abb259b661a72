// What the pages of every hex game share, whatever its system (hexmap.js and hexpanels.js for
// Blue & Gray, gbacwmap.js and gbacwpanels.js for GBACW): the units standing on each hex, the
// titles of the pointer's tips and the head of the game-over summary.
import { escapeHtml } from "/static/api.js";

/** The units on the map, by hex id, in the position's order. */
export function unitsByHex(position) {
  const byHex = new Map();
  for (const unit of position.units || []) {
    if (unit.status !== "on_map" || !unit.hex) continue;
    if (!byHex.has(unit.hex)) byHex.set(unit.hex, []);
    byHex.get(unit.hex).push(unit);
  }
  return byHex;
}

/** The units standing on hex ``hexId``. */
export function unitsOn(pos, hexId) {
  return pos.units.filter((u) => u.status === "on_map" && u.hex === hexId);
}

/** A hex's tip title: its number and, where it has one, its name. */
export function hexTipTitle(id, hex) {
  return `<div class="tip-title">Hex ${escapeHtml(id)}${hex.label ? ` <span>${escapeHtml(hex.label)}</span>` : ""}</div>`;
}

/** A stack's tip title: the hex and how many counters (``noun``, "unit" or "counter") stand there. */
export function stackTipTitle(map, hexId, count, noun) {
  return `<div class="tip-title">Hex ${escapeHtml(map.zoneName(hexId))}
      <span>${count} ${noun}${count === 1 ? "" : "s"}</span></div>`;
}

/** The game-over summary's head: who won and the victory points of each side. */
export function gameOverHead(result, winner) {
  return `<div class="gameover-title ${result.winner}">${escapeHtml(winner)} ${result.winner ? "victory" : ""}</div>
    <div class="gameover-score"><span class="union">Union ${result.vp?.union ?? 0}</span> —
      <span class="confederate">Confederates ${result.vp?.confederate ?? 0}</span></div>`;
}
