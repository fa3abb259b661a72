// The side panel for GBACW games (Cedar Mountain): status with the phase of the Player-Turn, the
// turn track, victory points by category, units off the map, rolls, the exact preview of a fire
// or a melee (every die of the table and of the morale and pin checks after it), the game-over
// summary and what the pointer rests on. Same functions as hexpanels.js, which the page uses for
// Blue & Gray games.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { playerText, renderLog, statusFrame } from "/static/panels.js";
import { renderRolls, renderTurnTrack } from "/static/hexpanels.js";
import { gbacwStackHtml } from "/static/gbacwcounters.js";
import { gameOverHead, hexTipTitle, stackTipTitle, unitsOn } from "/static/hexshared.js";

export { playerText, renderLog, renderRolls, renderTurnTrack };

// Actions whose choice opens the preview (the dice are rolled by fire, melee and rally).
export const COMBAT_KINDS = new Set(["fire_at", "resolve_fire", "melee_at", "declare", "resolve_melee", "rally"]);
export const VP_RULE = "27";

const PHASES = {
  deploy_unit: ["Union set-up", "place the unit in its Deployment Area", "26.2"],
  deploy_facing: ["Union set-up", "choose the unit's facing", "26.2"],
  deploy_form: ["Union set-up", "choose the unit's formation", "26.2"],
  assign_area: ["Optional deployment", "choose the brigade's or battery's Deployment Area", "26.3"],
  command_phase: ["Initial Command Phase", "give Command Points, order brigades into command, or end the phase", "16.0"],
  place_leader: ["Leader replacement", "place the replacement with a unit of his command", "17.8"],
  entry_choice: ["Delayed reinforcements", "choose the hex they enter by", "26.44"],
  movement: ["Movement Phase", "choose a unit to move (or bring on a reinforcement), or end the phase", "5.0"],
  moving: ["Movement", "step, turn, change formation, or end the unit's move", "5.1"],
  declarations: ["Melee declaration", "choose an enemy hex to melee, or declare no more", "12.1"],
  declare_melee: ["Melee declaration", "add attackers, then declare the melee", "12.1"],
  fire: ["Fire Phase", "choose an enemy hex to fire at, or end the fire phase", "9.1"],
  fire_decl: ["Fire", "add the units that fire, then resolve the fire", "9.4"],
  rbm: ["Retreat Before Melee", "retreat the unit one hex, or stand", "12.9"],
  retreat: ["Retreat", "choose the hex the unit retreats to", "12.8"],
  melee_phase: ["Melee Phase", "choose the next melee to resolve", "12.0"],
  advance: ["Advance after melee", "advance a unit into the hex, or not", "12.8"],
  rally_phase: ["Rally Phase", "rally routed units, or end the phase", "15.5"],
};

const CATEGORY_NAMES = { loss_vp: "Enemy losses (27.21)", leaders: "Enemy leaders (27.21)",
  bce: "Enemy brigades broken (24.0)", hexes: "Victory Point hexes (27.22)", exits: "Units exited (27.23)" };

export function phaseText(phase) {
  const p = PHASES[phase];
  return p ? { title: p[0], text: p[1], rule: p[2] } : { title: phase || "–", text: "", rule: "" };
}

export function renderStatus(view, names) {
  const phase = phaseText(view.phase);
  let detail = phase.text;
  if (view.moving) {
    const mp = view.position.scalars?.mv_mp ?? 0;
    detail = `${escapeHtml(names.unit(view.moving))} is moving: <b>${mp / 2} MP</b> left.`;
  } else if (view.placing) {
    const what = { deploy_unit: "place", deploy_facing: "choose the facing of", deploy_form: "choose the formation of" }[view.phase];
    detail = `${what} <b>${escapeHtml(names.unit(view.placing))}</b> <span class="kbd-only">(⏎ as history has it; E places the rest as history has them)</span>`;
  }
  return statusFrame(view, phase, detail);
}

export function renderVP(result, zoneName) {
  if (!result) return "";
  const rows = Object.entries(CATEGORY_NAMES).map(([k, name]) => `<tr><th>${escapeHtml(name)}</th>
    <td class="union">${result.union?.[k] ?? 0}</td><td class="confederate">${result.confederate?.[k] ?? 0}</td></tr>`).join("");
  const held = Object.entries(result.control || {})
    .map(([h, side]) => `<li><span class="dot ${side || "none"}"></span>${escapeHtml(zoneName(h))}: ${side ? SIDE_NAMES[side] : "nobody"}</li>`)
    .join("");
  const lead = result.winner
    ? `${result.final ? "Winner" : "Leading"}: <b class="${result.winner}">${SIDE_NAMES[result.winner]}</b> (${escapeHtml(result.level)})`
    : `Level: ${escapeHtml(result.level || "–")}`;
  return `<table class="vp">
      <thead><tr><th></th><th class="union">Union</th><th class="confederate">Confed.</th></tr></thead>
      <tbody>${rows}<tr><th><b>Total</b></th><td class="union">${result.vp?.union ?? 0}</td><td class="confederate">${result.vp?.confederate ?? 0}</td></tr></tbody></table>
    <div class="lead">${lead}</div><ul class="held">${held}</ul>`;
}

export function renderOffMap(position, counters, names) {
  const info = new Map(counters.units.map((u) => [u.id, u]));
  const waiting = { union: new Map(), confederate: new Map() };
  const lost = [];
  for (const unit of position.units || []) {
    const u = info.get(unit.id);
    if (!u) continue;
    if (unit.status === "off_map" && u.entry_turn) {
      const when = `turn ${unit.due || u.entry_turn} at ${names.zone(unit.entry_hex || u.entry_hex)}`;
      if (!waiting[u.side].has(when)) waiting[u.side].set(when, []);
      waiting[u.side].get(when).push(escapeHtml(u.name));
    }
    if (["eliminated", "captured", "wounded", "exited"].includes(unit.status)) {
      lost.push(`<span class="${u.side}">${escapeHtml(u.name)}</span> <small>${escapeHtml(unit.status)}</small>`);
    }
  }
  const parts = [];
  for (const side of ["union", "confederate"]) {
    if (!waiting[side].size) continue;
    const groups = [...waiting[side]].map(([when, units]) => `<li><b>${escapeHtml(when)}</b>: ${units.join(", ")}</li>`);
    parts.push(`<div><b class="${side}">${SIDE_NAMES[side]} reinforcements</b> (26.4)<ul class="waiting">${groups.join("")}</ul></div>`);
  }
  if (lost.length) parts.push(`<div>Off the map: ${lost.join(", ")}</div>`);
  return parts.join("") || `<p class="hint">Every unit is on the map.</p>`;
}

function pct(p) {
  return `${(100 * (p || 0)).toFixed(1)}%`;
}

function unitRows(units, names) {
  return Object.entries(units || {}).map(([id, d]) => `<tr><td>${escapeHtml(names.unit(id))}</td><td>${
    Object.entries(d).map(([what, v]) => `${escapeHtml(what.replace("_", " "))} ${what === "sp_lost" ? (v.p).toFixed(2) : pct(v.p)}`)
      .join(", ")}</td></tr>`).join("");
}

export function renderPreview(preview, actionText, names) {
  if (!preview || !preview.kind) return `<h3>${escapeHtml(actionText)}</h3><p class="hint">No dice in this choice.</p>`;
  if (preview.kind === "rally") {
    return `<h3>${escapeHtml(actionText)}</h3><p>Rallies: <b>${pct(preview.rallies.p)}</b> (${escapeHtml(preview.rallies.exact)}), ${escapeHtml(preview.method)} <span class="rule">15.5</span></p>`;
  }
  const rows = Object.entries(preview.outcomes || {}).map(([key, p]) => `<tr class="outcome"><td><b>${escapeHtml(key)}</b></td>
      <td class="bar"><span style="width:${(100 * p).toFixed(1)}%"></span></td>
      <td class="num pct" data-outcome="${escapeHtml(key)}">${pct(p)}</td><td class="exact">${escapeHtml(preview.exact?.[key] || "")}</td></tr>`).join("");
  const shifts = (preview.shifts || []).map((s) => `${s.columns > 0 ? "+" : ""}${s.columns} (${escapeHtml(s.rule)})`).join(", ");
  const head = preview.kind === "fire"
    ? `Fire strength <b>${escapeHtml(preview.strength)}</b>: column <b class="odds-column">${escapeHtml(preview.column || "none")}</b> <span class="rule">9.6</span>`
    : `<b>${escapeHtml(preview.attack)}</b> against <b>${escapeHtml(preview.defence)}</b>: odds <b class="odds-column">${escapeHtml(preview.odds)}</b> <span class="rule">12.4</span>`;
  const overshoot = preview.overshoot ? `<p class="hint">Overshoot (22.0): ${Object.entries(preview.overshoot)
    .map(([id, o]) => `${escapeHtml(names.unit(id))} accurate ${escapeHtml(o.accurate)}`).join(", ")}</p>` : "";
  return `<h3>${escapeHtml(actionText)}</h3><p class="crt-line">${head}${shifts ? ` · shifts ${shifts}` : ""}</p>${overshoot}
    <table class="odds"><thead><tr><th>result</th><th></th><th>chance</th><th>exact</th></tr></thead><tbody>${rows}</tbody></table>
    <h4>What follows, unit by unit</h4><table class="odds units">${unitRows(preview.units, names)}</table>`;
}

export function renderGameOver(result) {
  const winner = SIDE_NAMES[result.winner] || "nobody";
  return `${gameOverHead(result, winner)}
    ${renderVP(result, (h) => h)}
    <p class="hint">Level of victory: ${escapeHtml(result.level || "–")} (27.1; a Draw counts for the Union, errata).
      Historically: ${escapeHtml(result.historical || "")}.</p>`;
}

export function hoverHtml(kind, id, pos, ctx) {
  const { map, meta } = ctx;
  const infoOf = (u) => map.units.get(u);
  if (kind === "unit") {
    const unit = pos.units.find((u) => u.id === id);
    if (!unit) return "";
    const stack = unitsOn(pos, unit.hex);
    const items = ctx.replay ? null : ctx.unitActions.get(id);
    return `${stackTipTitle(map, unit.hex, stack.length, "counter")}
      ${gbacwStackHtml(stack, infoOf, id)}${items ? ctx.clickText(items) : ""}`;
  }
  if (kind !== "zone") return "";
  const hex = map.hexes.get(id);
  if (!hex) return "";
  const chart = meta.terrain_chart?.terrain?.[hex.terrain];
  const blown = (pos.cleared || []).includes(id);
  const lines = [hexTipTitle(id, hex),
    `<div>${escapeHtml(map.terrainName(hex.terrain))}${blown ? " (blown down, 21.43)" : ""}, ${hex.elevation} ft${hex.crest ? ", crest hex (21.32)" : ""}</div>`];
  if (chart) lines.push(`<div class="hint">line ${chart.mp.line ?? "no"} MP, column ${chart.mp.column ?? "no"} MP; stacking ${chart.stacking} points</div>`);
  const around = map.hexsidesAround(id);
  if (around.length) lines.push(`<div class="hint">${around.map(escapeHtml).join("; ")}</div>`);
  const units = unitsOn(pos, id);
  if (units.length) lines.push(gbacwStackHtml(units, infoOf, null));
  const items = ctx.replay ? null : ctx.zoneActions.get(id);
  if (items) lines.push(ctx.clickText(items));
  return lines.join("");
}
