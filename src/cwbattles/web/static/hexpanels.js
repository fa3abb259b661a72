// The side panel for hex-map games on the Blue & Gray system (Champion Hill): status, turn
// track, victory points, units off the map, rolls, the combat preview (the Combat Results
// Table's exact odds), the game-over summary and what the pointer rests on. Same functions as
// panels.js, which keeps what both kinds of game share (status frame, log).
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { diceHtml, playerText, renderLog, statusFrame } from "/static/panels.js";
import { factorsText, stackHtml } from "/static/hexcounters.js";
import { gameOverHead, hexTipTitle, stackTipTitle, unitsOn } from "/static/hexshared.js";

export { playerText, renderLog };

// An attack is declared (attack), joined by units (attacker) and resolved: the preview opens
// on declaring and on resolving.
export const COMBAT_KINDS = new Set(["attack", "resolve"]);
export const VP_RULE = "21";
// Declarations every unit that could join them joins at once (8.2: the units of a stack attack
// together, one may be withheld): the page asks the server to add them (quick ``join``).
export const JOINED_ON_DECLARING = new Set(["attack"]);

// What each kind of pending decision means, in words, with its rule.
const PHASES = {
  movement: ["Movement Phase", "choose a unit to move (or bring on a reinforcement), or end the Movement Phase", "6.0"],
  moving: ["Movement", "move the unit hex by hex, or end its move", "6.2"],
  combat: ["Combat Phase", "choose an enemy hex to attack, or end the Combat Phase (units in enemy zones must attack)", "8.1"],
  declare: ["Combat", "add attacking units (or a second defending hex), then resolve the attack", "8.2"],
  retreat: ["Retreat", "choose the hex each unit retreats to", "8.7"],
  exchange: ["Exchange", "choose the attacking units lost in the exchange", "8.6"],
  advance: ["Advance after combat", "one victorious unit may advance into the vacated hex", "8.7"],
  bowen_advance: ["Bowen's counterattack", "advance on or halt", "19.53"],
};

// The Combat Results Table's results (8.6).
const RESULTS = [
  ["De", "Defender eliminated"], ["Dr", "Defender retreats"], ["Ex", "Exchange"],
  ["Ar", "Attacker retreats"], ["Ae", "Attacker eliminated"],
];

export function phaseText(phase) {
  const p = PHASES[phase];
  return p ? { title: p[0], text: p[1], rule: p[2] } : { title: phase || "–", text: "", rule: "" };
}

/** The attack being declared now, from the machine's frame: {targets: [hex], attackers: [unit]}. */
export function pendingAttack(view, meta) {
  const frame = (view.position.stack || []).at(-1);
  if (!frame || frame[0] !== "declare") return null;
  return { targets: (frame[2] || []).map((i) => meta.geometry.hexes[i]?.id),
    attackers: (frame[3] || []).map((i) => meta.counters.units[i]?.id) };
}

export function renderStatus(view, names, meta) {
  const pos = view.position;
  const phase = phaseText(view.phase);
  let detail = phase.text;
  if (view.moving) {
    const mp = pos.scalars?.mv_mp;
    const strategic = pos.units.find((u) => u.id === view.moving)?.strat ? " strategically (roads and trails only, 6.4)" : "";
    detail = `${escapeHtml(names.unit(view.moving))} is moving${strategic}: <b>${mp} MP</b> left. ` +
      "Click a highlighted hex to go there by the cheapest path and end the move there<span class='kbd-only'> (Shift+click: go on moving)</span>; its counter for its other choices.";
  }
  const attack = pendingAttack(view, meta);
  if (attack) {
    const more = (view.legal || []).some((i) => i.action.kind === "attacker");
    const how = !attack.attackers.length ? "Click the glowing units to add them"
      : more ? "Click the glowing units to add more"
        : "Every unit that could attack has joined (8.2: a stack attacks together). To withhold one, undo<span class='kbd-only'> (U)</span>: each undo takes back the last unit joined";
    detail = `Attack on <b>${attack.targets.map(escapeHtml).join(", ")}</b> by ${attack.attackers.length
      ? attack.attackers.map((u) => escapeHtml(names.unit(u))).join(", ") : "nobody yet"}.
      ${how}; “resolve the attack” shows the odds before the die is rolled.`;
  }
  return statusFrame(view, phase, detail);
}

export function renderTurnTrack(view, meta) {
  const pos = view.position;
  const track = meta.track || { turns: pos.turn, labels: [], night: [] };
  const boxes = [];
  for (let t = 1; t <= track.turns; t += 1) {
    const cls = [t === pos.turn ? "current" : t < pos.turn ? "past" : "", track.night.includes(t) ? "night" : ""].join(" ");
    const label = track.labels[t - 1] || "";
    boxes.push(`<div class="box ${cls}" data-turn="${t}" title="${escapeHtml(label)}"><span>${t}</span><small>${escapeHtml(label)}</small></div>`);
  }
  const first = pos.round === 1 ? "first" : "second";
  const phasing = pos.scalars ? SIDE_NAMES[["union", "confederate"][pos.scalars.phasing]] : "";
  return `<div class="track-label">Game-Turn <b>${pos.turn}</b> of ${track.turns}
      ${track.night.includes(pos.turn) ? `<span class="hint">night: no combat (11.0)</span>` : ""}</div>
    <div class="track turns hex-turns${track.turns > 16 ? " many" : ""}">${boxes.join("")}</div>
    <div class="track-label">${phasing} Player-Turn (${first} of the Game-Turn) <span class="rule">4.1</span></div>`;
}

const CATEGORY_NAMES = { eliminated: "enemy units eliminated", hexes: "hexes held", crossroads_and_during_play: "Crossroads and play" };

export function renderVP(result, zoneName) {
  if (!result) return "";
  const cats = result.categories || {};
  const names = [...new Set([...Object.keys(cats.union || {}), ...Object.keys(cats.confederate || {})])];
  const rows = names.map((k) => `<tr><th>${escapeHtml(CATEGORY_NAMES[k] || k.replace(/_/g, " "))}</th>
    <td class="union">${cats.union?.[k] ?? 0}</td><td class="confederate">${cats.confederate?.[k] ?? 0}</td></tr>`).join("");
  const held = Object.entries(result.control || {})
    .map(([h, side]) => `<li><span class="dot ${side || "none"}"></span>${escapeHtml(zoneName(h))}: ${side ? SIDE_NAMES[side] : "nobody"}</li>`)
    .join("");
  const lead = result.winner
    ? `${result.final ? "Winner" : "Leading"}: <b class="${result.winner}">${SIDE_NAMES[result.winner]}</b>` +
      (result.level ? ` (${escapeHtml(result.level)} victory)` : "")
    : `Level: ${escapeHtml(result.level || "–")}`;
  return `<table class="vp">
      <thead><tr><th></th><th class="union">Union</th><th class="confederate">Confed.</th></tr></thead>
      <tbody>${rows}<tr><th><b>Total</b></th><td class="union">${result.vp?.union ?? 0}</td><td class="confederate">${result.vp?.confederate ?? 0}</td></tr></tbody></table>
    <div class="lead">${lead}</div>
    <ul class="held">${held}</ul>`;
}

// Every roll of the turn (combat), newest last.
export function renderRolls(log, turn) {
  const rows = log.filter((e) => e.turn === turn && e.dice && e.dice.length).slice(-12);
  if (!rows.length) return `<p class="hint">No rolls yet this turn.</p>`;
  return `<ul class="rolls">${rows.map((e) => `<li><span class="when">${e.round === 1 ? "1st" : "2nd"}</span>
    ${escapeHtml(e.text)} ${diceHtml(e.dice)} <span class="rule">${escapeHtml(e.rule)}</span></li>`).join("")}</ul>`;
}

export function renderOffMap(position, counters, names) {
  const info = new Map(counters.units.map((u) => [u.id, u]));
  const waiting = { union: new Map(), confederate: new Map() };     // "turn at hex" -> units
  const gone = [];
  const exited = [];
  let aside = 0;
  for (const unit of position.units || []) {
    const u = info.get(unit.id);
    if (!u) continue;
    if (unit.status === "off_map" && u.entry_turn) {
      const when = `turn ${u.entry_turn} at ${names.zone(u.entry_hex)}`;
      if (!waiting[u.side].has(when)) waiting[u.side].set(when, []);
      waiting[u.side].get(when).push(`${escapeHtml(u.name)} <small>${factorsText(u)}</small>`);
    } else if (unit.status === "off_map") aside += 1;
    if (unit.status === "eliminated") gone.push(`<span class="${u.side}">${escapeHtml(u.name)}</span>`);
    if (unit.status === "exited") exited.push(`<span class="${u.side}">${escapeHtml(u.name)}</span>`);
  }
  const parts = [];
  for (const side of ["union", "confederate"]) {
    if (!waiting[side].size) continue;
    const groups = [...waiting[side]].map(([when, units]) => `<li><b>${escapeHtml(when)}</b>: ${units.join(", ")}</li>`);
    parts.push(`<div><b class="${side}">${SIDE_NAMES[side]} reinforcements</b> (5.0)<ul class="waiting">${groups.join("")}</ul></div>`);
  }
  if (gone.length) parts.push(`<div>Eliminated: ${gone.join(", ")}</div>`);
  if (exited.length) parts.push(`<div>Left the map (19.3): ${exited.join(", ")}</div>`);
  if (aside) parts.push(`<div class="hint">${aside} counters set aside (optional units and Out of Ammo counters, 16.2)</div>`);
  return parts.join("") || `<p class="hint">Every unit is on the map.</p>`;
}

function percent(p) {
  return `${(100 * (p || 0)).toFixed(1)}%`;
}

function stepRow(step) {
  const value = "factor" in step ? `×${escapeHtml(step.factor)}` : `→ ${escapeHtml(step.value)}`;
  return `<tr class="step"><td class="num">${value}</td><td>${escapeHtml(step.label)}</td><td class="rule">${escapeHtml(step.rule)}</td></tr>`;
}

// One side of an itemised attack (8.3-8.4): each unit (or defending hex) with its strength,
// every step that changes it with its rule, its total; then the side's total.
function strengthBlock(role, block, items) {
  return `<div class="preview-side ${block.side}">
    <h4>${role}: ${SIDE_NAMES[block.side] || escapeHtml(block.side)}</h4>
    <table class="mods">${items.join("")}
      <tr class="total"><td class="num">${escapeHtml(block.total)}</td><td>total strength</td><td></td></tr></table></div>`;
}

function attackerItems(block) {
  return (block.units || []).map((u) => {
    const how = u.role === "bombards" ? `bombards at range ${u.range}` : "adjacent";
    return `<tr><th colspan="3">${escapeHtml(u.name)} <span class="hint">${escapeHtml(u.hex)}, ${how}</span></th></tr>
      <tr><td class="num">${u.strength}</td><td>printed strength</td><td class="rule">2.0</td></tr>
      ${u.steps.map(stepRow).join("")}
      ${u.steps.length ? `<tr class="subtotal"><td class="num">${escapeHtml(u.total)}</td><td>counts</td><td></td></tr>` : ""}`;
  });
}

function defenderItems(block) {
  return (block.hexes || []).map((h) => {
    const units = h.units.map((v) => `<tr><td class="num">${v.not_counted ? "–" : v.strength}</td>
      <td>${escapeHtml(v.name)}${v.not_counted ? ` <span class="hint">${escapeHtml(v.not_counted)}</span>` : ""}</td><td></td></tr>`);
    return `<tr><th colspan="3">${escapeHtml(h.hex)} <span class="hint">${escapeHtml(h.terrain.replace(/_/g, "-"))}</span></th></tr>
      ${units.join("")}${h.steps.map(stepRow).join("")}
      ${h.steps.length ? `<tr class="subtotal"><td class="num">${escapeHtml(h.total)}</td><td>counts</td><td></td></tr>` : ""}`;
  });
}

export function renderPreview(preview, actionText, names) {
  const outcomes = preview.outcomes || {};
  const exact = preview.exact || {};
  const rows = RESULTS.map(([key, label]) => `<tr class="outcome crt-${key}">
      <td><b>${key}</b> ${label}</td>
      <td class="bar"><span style="width:${(100 * (outcomes[key] || 0)).toFixed(1)}%"></span></td>
      <td class="num pct" data-outcome="${key}">${percent(outcomes[key])}</td>
      <td class="exact">${escapeHtml(exact[key] || "")}</td></tr>`).join("");
  const dieMods = preview.die?.modifiers || [];
  const mod = dieMods.length
    ? dieMods.map((m) => ` · die ${m.amount > 0 ? "+" : ""}${m.amount}: ${escapeHtml(m.label)} <span class="rule">${escapeHtml(m.rule)}</span>`).join("")
    : preview.die_modifier ? ` · die roll modified by ${preview.die_modifier > 0 ? "+" : ""}${preview.die_modifier}` : "";
  const column = preview.column || {};
  const lower = column.declared_lower ? ` (declared lower than ${escapeHtml(column.natural)}, <span class="rule">8.9</span>)` : "";
  const sides = preview.attacker?.units && preview.defender?.hexes
    ? `<div class="preview-sides">${strengthBlock("Attacker", preview.attacker, attackerItems(preview.attacker))}
        ${strengthBlock("Defender", preview.defender, defenderItems(preview.defender))}</div>` : "";
  const rolls = (preview.rolls || []).map((r) => `<td class="crt-${r.result}"><b>${r.roll}</b>${r.modified !== r.roll ? `→${r.modified}` : ""}<br>${r.result}</td>`).join("");
  return `<h3>${escapeHtml(actionText)}</h3>
    ${sides}
    <p class="crt-line"><b>${escapeHtml(column.ratio || `${preview.attack} : ${preview.defence}`)}</b>:
      odds <b class="odds-column">${escapeHtml(preview.odds || "?")}</b>${lower}${preview.bombardment ? " (bombardment, 9.1)" : ""}${mod}
      <span class="rule">8.6</span></p>
    ${rolls ? `<table class="odds rolls"><tr><th>die</th>${rolls}</tr></table>` : ""}
    <p class="hint">One die on the Combat Results Table (8.6). A declaration's preview counts every unit that could join it.</p>
    <table class="odds"><thead><tr><th>result</th><th></th><th>chance</th><th>exact</th></tr></thead>
      <tbody>${rows}</tbody></table>`;
}

export function renderGameOver(result) {
  const winner = SIDE_NAMES[result.winner] || result.winner || "nobody";
  return `${gameOverHead(result, winner)}
    ${renderVP(result, (h) => h)}
    <p class="hint">Level of victory: ${escapeHtml(result.level || "–")} (21.4).</p>`;
}

// --- what the pointer rests on ------------------------------------------------------------
/** ctx: {map, meta, clickText(items), moveHint(place), zoneActions, unitActions, reach, moving, replay}. */
export function hoverHtml(kind, id, pos, ctx) {
  const { map, meta } = ctx;
  const infoOf = (u) => map.units.get(u);
  const divisionOf = (d) => map.divisions.get(d);
  if (kind === "unit") {
    const unit = pos.units.find((u) => u.id === id);
    if (!unit) return "";
    const stack = unitsOn(pos, unit.hex);
    const items = ctx.replay ? null : ctx.unitActions.get(id);
    return `${stackTipTitle(map, unit.hex, stack.length, "unit")}
      ${stackHtml(stack, infoOf, divisionOf, id, pos.divisions)}${items ? ctx.clickText(items) : ""}`;
  }
  if (kind !== "zone") return "";
  const hex = map.hexes.get(id);
  if (!hex) return "";
  const chart = meta.terrain_chart?.terrain?.[hex.terrain];
  const mps = chart ? [...new Set(Object.values(chart.mp || {}))] : [];
  const effects = chart ? [mps.length === 1 ? `${mps[0]} MP to enter off roads` : "",
    chart.defender > 1 ? `defender ×${chart.defender}` : "", chart.blocks_los ? "blocks line of sight" : ""]
    .filter(Boolean).map((t) => ` · ${t}`).join("") : "";
  const lines = [hexTipTitle(id, hex),
    `<div>${escapeHtml(map.terrainName(hex.terrain))}${escapeHtml(effects)}</div>`];
  const around = map.hexsidesAround(id);
  if (around.length) lines.push(`<div class="hint">${around.map(escapeHtml).join("; ")}</div>`);
  if (map.victory.has(id)) {
    const held = pos.control?.[id];
    lines.push(`<div>victory hex, held by ${held ? SIDE_NAMES[held] : "nobody"} (21)</div>`);
  }
  const stack = unitsOn(pos, id);
  if (stack.length) lines.push(stackHtml(stack, infoOf, divisionOf, null, pos.divisions));
  if (!ctx.replay) {
    const items = ctx.zoneActions.get(id);
    if (items && !ctx.moveHint(id)) lines.push(ctx.clickText(items));
    else lines.push(ctx.moveHint(id));
  }
  return lines.join("");
}
