// The side panel's read-only parts: status, turn track, rolls, victory points, units off the
// map, the log, the combat preview and the game-over summary. Each takes data and returns HTML
// (or fills an element); the game page wires up the buttons.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { intentLogItem } from "/static/intents.js";

// Turn-track notes for the scenario (rule 12 and the reminders at the end of the rules).
const SCENARIO_TRACK = {
  "cedar-creek": {
    turns: 9,
    notes: { 1: "surprise", 2: "surprise", 3: "Moore", 4: "Sheridan?", 5: "Sheridan", 6: "Custer" },
  },
};

// What each kind of pending decision means, in words, with its rule.
const PHASES = {
  tactical: ["Tactical retreat", "the Union decides whether to order a tactical retreat this turn", "6.1"],
  divisions: ["Activation", "choose a division to activate", "7.1"],
  brigades: ["Activation", "choose the next brigade of the active division, or finish with it", "7.1"],
  move: ["Movement", "move the brigade, attack, or end its move", "10.3"],
  facing: ["Facing", "choose the zone the brigade faces", "10.4"],
  contact: ["Facing an enemy", "an enemy brigade has come into contact: choose the zone your stack faces to put it in its front", "10.4"],
  line: ["Stacking", "choose first or second line", "10.5"],
  hqphase: ["Headquarters", "move a headquarters (or Carter's train) or end headquarters movement", "7.2"],
  hqmove: ["Headquarters", "move the headquarters or train on, or stop it", "7.2"],
  displace: ["Headquarters", "an enemy brigade touches the headquarters: it falls back", "10.3"],
  resolve: ["Combat", "choose the next declared attack to resolve", "11.1"],
  hit: ["Combat result", "a hit: hold the position or retreat", "11.4"],
  hold_fatigue: ["Combat result", "the position is held: choose the enemy brigade that takes the fatigue", "11.4"],
  advance: ["Advance", "a winning first-line brigade may occupy the vacated zone", "11.4"],
  retreat: ["Retreat", "choose where the brigade falls back", "11.4"],
};

export function phaseText(phase) {
  const p = PHASES[phase];
  return p ? { title: p[0], text: p[1], rule: p[2] } : { title: phase || "–", text: "", rule: "" };
}

export function playerText(player) {
  if (!player) return "?";
  if (player === "me") return "the game's creator";
  if (player === "remote") return "remote player";
  return player.replace(/^bot:/, "bot ");
}

// Which actions open the combat preview before they are sent, and the rule of victory points.
export const COMBAT_KINDS = new Set(["attack", "charge", "resolve"]);
export const VP_RULE = "4";

// Who plays and who acts, then the phase (title, rule, what to do) and any notes below it.
export function statusFrame(view, phase, detail, notes = "") {
  const you = view.you || [];
  const youText = you.length === 2 ? "both sides (hot seat)" : you.length === 1 ? SIDE_NAMES[you[0]] : "nobody — spectator";
  let who;
  if (view.over) {
    const res = view.result || {};
    const winner = SIDE_NAMES[res.winner] || "?";
    who = `<span class="to-act over">Game over: ${winner} victory</span>
      <span class="hint">${res.union?.total ?? 0} VP to ${res.confederate?.total ?? 0}</span>`;
  } else if (view.past && view.to_act) {
    who = `<span class="to-act other ${view.to_act}">Then: ${SIDE_NAMES[view.to_act]} to act</span>`;
  } else if (view.to_act && you.includes(view.to_act)) {
    who = `<span class="to-act mine ${view.to_act}">Your decision (${SIDE_NAMES[view.to_act]})</span>`;
  } else if (view.to_act) {
    who = `<span class="to-act other ${view.to_act}">${SIDE_NAMES[view.to_act]} to act</span>
      <span class="hint">(${escapeHtml(playerText(view.players?.[view.to_act]))})</span>`;
  } else {
    who = "–";
  }
  return `<div class="you-play">You play: <b class="${you.length === 1 ? you[0] : ""}">${youText}</b></div>
    <div class="who">${who}</div>
    ${view.over ? "" : `<div class="phase"><b>${escapeHtml(phase.title)}</b>${phase.rule ? ` <span class="rule">${phase.rule}</span>` : ""}
      <div>${detail}</div></div>`}
    ${notes}`;
}

export function renderStatus(view, names) {
  const pos = view.position;
  const phase = phaseText(view.phase);
  let detail = phase.text;
  if (view.moving) {
    const mp = pos.movement?.mp;
    detail = `${escapeHtml(names.unit(view.moving))} is moving${mp !== undefined ? `: <b>${mp} MP</b> left` : ""}. ` +
      "Click a highlighted zone to go there by the cheapest path and end the move there<span class='kbd-only'> (Shift+click: go on moving)</span>; an enemy zone to attack; the brigade's counter for its other choices.";
  }
  const sheridan = pos.sheridan?.in_command ? `<div class="note">Sheridan in command (+1 Union activation)</div>` : "";
  const retreat = pos.tactical_retreat_turn && pos.tactical_retreat_turn === pos.turn
    ? `<div class="note bad">Union tactical retreat this turn (6.1)</div>` : "";
  return statusFrame(view, phase, detail, sheridan + retreat);
}

export function renderTurnTrack(view, meta) {
  const pos = view.position;
  const track = SCENARIO_TRACK[meta.game] || { turns: 9, notes: {} };
  const turns = [];
  for (let t = 1; t <= track.turns; t += 1) {
    const cls = t === pos.turn ? "current" : t < pos.turn ? "past" : "";
    const note = track.notes[t] ? `<small>${escapeHtml(track.notes[t])}</small>` : "";
    turns.push(`<div class="box ${cls}" data-turn="${t}"><span>${t}</span>${note}</div>`);
  }
  const rounds = [];
  for (let r = 1; r <= 5; r += 1) {
    const cls = r === pos.round ? "current" : r < pos.round ? "past" : "";
    rounds.push(`<div class="box ${cls}${r > 3 ? " conditional" : ""}" title="${r > 3 ? "played only on a continuation roll (8)" : ""}"><span>${r}</span></div>`);
  }
  const first = pos.first ? `<span class="hint">player 1 this turn: ${SIDE_NAMES[pos.first]}</span>` : "";
  return `<div class="track-label">Turn <b>${pos.turn}</b> of ${track.turns}</div>
    <div class="track turns">${turns.join("")}</div>
    <div class="track-label">Round <b>${pos.round || "–"}</b> ${first}</div>
    <div class="track rounds">${rounds.join("")}</div>`;
}

export function diceHtml(dice) {
  if (!dice || !dice.length) return "";
  return `<span class="dice">${dice.map((d) => `<span class="die">${escapeHtml(d)}</span>`).join("")}</span>`;
}

// The rolls that shape the turn: initiative, activation, command tests, continuation.
export function renderRolls(log, turn) {
  const wanted = (e) => e.turn === turn && (
    e.rule === "6" || e.rule === "6.1" || e.rule === "8" ||
    (e.rule === "7.1" && /activation roll/i.test(e.text)) ||
    (e.rule === "10" && /initiative test/i.test(e.text)) ||
    (/sheridan/i.test(e.text) && e.dice && e.dice.length));
  const rows = log.filter(wanted).slice(-12);
  if (!rows.length) return `<p class="hint">No rolls yet this turn.</p>`;
  return `<ul class="rolls">${rows.map((e) => `<li><span class="when">R${e.round}</span>
    ${escapeHtml(e.text)} ${diceHtml(e.dice)} <span class="rule">${escapeHtml(e.rule)}</span></li>`).join("")}</ul>`;
}

export function renderVP(result, zoneName) {
  if (!result) return "";
  const u = result.union || {};
  const c = result.confederate || {};
  const row = (label, key, title) => `<tr title="${escapeHtml(title)}"><th>${label}</th>
    <td class="union">${u[key] ?? 0}</td><td class="confederate">${c[key] ?? 0}</td></tr>`;
  const held = Object.entries(result.zones || {})
    .map(([z, side]) => `<li><span class="dot ${side || "none"}"></span>${escapeHtml(zoneName(z))}: ${side ? SIDE_NAMES[side] : "nobody"}</li>`)
    .join("");
  const lead = result.winner
    ? `${result.final ? "Winner" : "Leading"}: <b class="${result.winner}">${SIDE_NAMES[result.winner]}</b>` +
      (result.margin !== undefined ? ` by ${result.margin}` : "")
    : "";
  return `<table class="vp">
      <thead><tr><th></th><th class="union">Union</th><th class="confederate">Confed.</th></tr></thead>
      <tbody>
      ${row("Step losses", "losses", "steps lost by the side (Artillerie markers not counted)")}
      ${row("VP for losses", "loss_vp", "the side with fewer losses gets the difference (4)")}
      ${row("VP for zones", "zone_vp", "Middletown 2 VP each; entry zones 11, 12, 13: Union 1, Confederate 3 (4)")}
      ${row("<b>Total</b>", "total", "ties go to the Union (4)")}
      </tbody></table>
    <div class="lead">${lead} <span class="hint">(ties go to the Union)</span></div>
    <ul class="held">${held}</ul>`;
}

export function renderOffMap(position, counters, names) {
  const bySide = { union: [], confederate: [] };
  const gone = [];
  const info = new Map(counters.brigades.map((b) => [b.id, b]));
  for (const unit of position.units || []) {
    const b = info.get(unit.id);
    if (!b) continue;
    if (unit.status === "off_map") bySide[unit.side].push(`${b.name} ${unit.strength}${b.star ? "★" : ""} <small>(${escapeHtml(b.division_name)})</small>`);
    if (unit.status === "eliminated") gone.push(`<span class="${unit.side}">${escapeHtml(b.name)}</span>`);
  }
  const hqs = (position.hqs || []).filter((h) => !h.zone).map((h) => names.hq(h.id));
  const parts = [];
  for (const side of ["confederate", "union"]) {
    if (bySide[side].length) parts.push(`<div><b class="${side}">${SIDE_NAMES[side]}</b>: ${bySide[side].join(", ")}</div>`);
  }
  if (hqs.length) parts.push(`<div>Headquarters off the map: ${hqs.map(escapeHtml).join(", ")}</div>`);
  const train = position.train;
  const inTrain = (position.markers || []).filter((m) => m.status === "in_train").length;
  if (train) {
    const where = train.status === "on_map" ? `on the map (${escapeHtml(names.zone(train.zone))})` : train.status === "gone" ? "gone" : "not yet on the map";
    parts.push(`<div>Carter's artillery train: ${where}; ${inTrain} Artillerie marker${inTrain === 1 ? "" : "s"} in it</div>`);
  }
  if (gone.length) parts.push(`<div>Eliminated: ${gone.join(", ")}</div>`);
  return parts.join("") || `<p class="hint">Every unit is on the map.</p>`;
}

export function renderLog(log, limit = 400) {
  const entries = log.slice(-limit).reverse();
  const more = log.length > limit ? `<li class="hint">… ${log.length - limit} older entries (use the replay viewer)</li>` : "";
  return entries.map((e) => e.intent ? intentLogItem(e) : `<li><span class="when">T${e.turn}·R${e.round}</span>
      <span class="rule" title="rule ${escapeHtml(e.rule)}">${escapeHtml(e.rule)}</span>
      <span class="text">${escapeHtml(e.text)}</span>${diceHtml(e.dice)}</li>`).join("") + more;
}

const OUTCOMES = [
  ["defender_hit", "Defender hit (+ fatigue)", "the attacker's total is at least twice the defender's"],
  ["defender_fatigue", "Defender fatigued", "the attacker's total is higher"],
  ["tie", "Tie: attacker fatigued", "equal totals"],
  ["attacker_fatigue", "Attacker fatigued", "the defender's total is higher"],
  ["attacker_hit", "Attacker hit (+ fatigue)", "the defender's total is at least twice the attacker's"],
];

function percent(p) {
  return `${(100 * (p || 0)).toFixed(1)}%`;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function sideBlock(role, block, brigades, names) {
  const mods = (block.modifiers || []).map(([label, rule, value]) =>
    `<tr><td class="num">${signed(value)}</td><td>${escapeHtml(label)}</td><td class="rule">${escapeHtml(rule)}</td></tr>`).join("");
  const rolls = (block.rolls || []).map(([label, rule, target]) =>
    `<tr><td class="num">+1?</td><td>${escapeHtml(label)}: on a die ≤ ${target} (${percent(Math.min(6, Math.max(0, target)) / 6)})</td>
      <td class="rule">${escapeHtml(rule)}</td></tr>`).join("");
  return `<div class="preview-side ${block.side}">
    <h4>${role}: ${SIDE_NAMES[block.side] || block.side}</h4>
    <div class="brigades">${brigades.map((b) => escapeHtml(names.unit(b))).join(", ")}</div>
    <table class="mods">${mods || `<tr><td></td><td class="hint">no modifier</td><td></td></tr>`}
      <tr class="total"><td class="num">${signed(block.total)}</td><td>total modifier</td><td></td></tr>
      ${rolls ? `<tr><th colspan="3">support rolls</th></tr>${rolls}` : ""}</table></div>`;
}

export function renderPreview(preview, actionText, names) {
  const odds = preview.odds || {};
  const exact = preview.exact || {};
  const rows = OUTCOMES.map(([key, label, why]) => `<tr class="outcome ${key}" title="${escapeHtml(why)}">
      <td>${label}</td>
      <td class="bar"><span style="width:${(100 * (odds[key] || 0)).toFixed(1)}%"></span></td>
      <td class="num pct" data-outcome="${key}">${percent(odds[key])}</td>
      <td class="exact">${escapeHtml(exact[key] || "")}</td></tr>`).join("");
  const targets = (preview.targets || []).map((z) => names.zone(z)).join(", ");
  return `<h3>${escapeHtml(actionText)}</h3>
    <p class="hint">Target: ${escapeHtml(targets)}. Each side rolls a die and adds its modifiers
      (11.3); the lower total takes a fatigue level, or a hit at half or less (11.4).</p>
    <div class="preview-sides">
      ${sideBlock("Attacker", preview.attacker || {}, preview.attackers || [], names)}
      ${sideBlock("Defender", preview.defender || {}, preview.defenders || [], names)}
    </div>
    <table class="odds"><thead><tr><th>outcome</th><th></th><th>chance</th><th>exact</th></tr></thead>
      <tbody>${rows}</tbody></table>
    <p class="summary">Attacker takes fatigue: <b>${percent(preview.attacker_fatigue)}</b> ·
      Defender takes fatigue: <b>${percent(preview.defender_fatigue)}</b></p>
    ${facingsTable(preview, names)}`;
}

// An attack declaration: the brigade then chooses its facing, and each facing makes its own
// combat (11.1: the zones of its front join the attack; 11.3: flanks). The panel above shows
// the facing best for the attacker; this table, every one.
function facingsTable(preview, names) {
  if (!preview.facings || preview.facings.length < 2) return "";
  const rows = preview.facings.map((f) => `<tr${f.facing === preview.facing ? ' class="total"' : ""}>
      <td>${escapeHtml(names.zone(f.facing))}</td>
      <td>${escapeHtml((f.targets || []).map((z) => names.zone(z)).join(", "))}</td>
      <td class="num">${f.attacker.strength} to ${f.defender.strength}</td>
      <td class="num">${signed(f.attacker.total)} / ${signed(f.defender.total)}</td>
      <td class="num">${percent(f.defender_hit)}</td><td class="num">${percent(f.attacker_hit)}</td></tr>`).join("");
  return `<p class="hint">After the declaration the brigade chooses its facing (11.1); above, facing
      ${escapeHtml(names.zone(preview.facing))}. Each facing's combat:</p>
    <table class="odds facings"><thead><tr><th>facing</th><th>attacks</th><th>strength</th><th>modifiers</th>
      <th>defender hit</th><th>attacker hit</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderGameOver(result) {
  const u = result.union || {};
  const c = result.confederate || {};
  const winner = SIDE_NAMES[result.winner] || result.winner || "?";
  return `<div class="gameover-title ${result.winner}">${escapeHtml(winner)} victory</div>
    <div class="gameover-score"><span class="union">Union ${u.total ?? 0}</span> — <span class="confederate">Confederates ${c.total ?? 0}</span></div>
    <table class="vp big"><thead><tr><th></th><th class="union">Union</th><th class="confederate">Confederates</th></tr></thead>
      <tbody>
        <tr><th>Step losses suffered</th><td>${u.losses ?? 0}</td><td>${c.losses ?? 0}</td></tr>
        <tr><th>VP for losses</th><td>${u.loss_vp ?? 0}</td><td>${c.loss_vp ?? 0}</td></tr>
        <tr><th>VP for zones held</th><td>${u.zone_vp ?? 0}</td><td>${c.zone_vp ?? 0}</td></tr>
        <tr class="total"><th>Total</th><td>${u.total ?? 0}</td><td>${c.total ?? 0}</td></tr>
      </tbody></table>
    <p class="hint">Historically the Union won with 7 VP against 3. Ties go to the Union (rule 4).</p>`;
}
