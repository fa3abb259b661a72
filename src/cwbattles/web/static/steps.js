// What happened, as steps a player can follow on the map: the log's structured events
// (engine/log.py: kind, unit, from, to, attackers, targets, dice...) grouped into steps (a
// unit's consecutive moves make one path) and drawn over the map as arrows and badges, on the
// area map and the hex map alike (each gives placeCenter(id) and stepScale).
import { escapeHtml } from "/static/api.js";
import { svgEl } from "/static/counters.js";

const PATH_KINDS = new Set(["move", "enter", "retreat", "rout", "advance", "hq", "displaced"]);
const RESULT_WORDS = { defender_hit: "defender hit", defender_fatigue: "defender tires", tie: "tie: attacker tires",
  attacker_fatigue: "attacker tires", attacker_hit: "attacker hit" };

/**
 * The steps of a list of log events: [{kind, text, rule, index (of its first event), seq, by,
 * unit, path, attackers, targets, origins, data, dice}]. Events with neither data nor dice are
 * left out (they are in the log).
 */
export function stepsOf(events, first = 0) {
  const steps = [];
  events.forEach((e, i) => {
    const d = e.data;
    const base = { rule: e.rule, text: e.text, index: first + i, seq: e.seq, by: e.by, dice: e.dice || [], events: [e] };
    if (!d) {
      if (e.dice && e.dice.length) steps.push({ ...base, kind: "roll" });
      return;
    }
    const last = steps[steps.length - 1];
    if (PATH_KINDS.has(d.kind)) {
      const who = d.unit || d.hq;
      const kind = d.kind === "enter" ? "move" : d.kind === "displaced" ? "hq" : d.kind;
      if (last && last.kind === kind && last.unit === who && last.path.at(-1) === d.from) {
        last.path.push(d.to);
        last.events.push(e);
        last.text = `${last.text} ${e.text}`;
        return;
      }
      steps.push({ ...base, kind, unit: who, path: d.from ? [d.from, d.to] : [d.to], data: d });
      return;
    }
    if (d.kind === "attack") {
      if (last && last.kind === "attack" && same(last.targets, d.targets)) {
        last.attackers.push(...d.attackers);
        last.origins = [...new Set([...last.origins, ...d.origins])];
        last.events.push(e);
        last.text = `${last.text} ${e.text}`;
        return;
      }
      steps.push({ ...base, kind: "attack", unit: d.unit, attackers: [...d.attackers], targets: d.targets,
        origins: [...d.origins], data: d });
      return;
    }
    if (d.kind === "combat") {
      steps.push({ ...base, kind: "combat", attackers: d.attackers, defenders: d.defenders, targets: d.targets,
        origins: d.origins, data: d });
      return;
    }
    steps.push({ ...base, kind: d.kind, unit: d.unit || (d.units || [])[0], units: d.units, at: d.at, data: d });
  });
  return steps;
}

function same(a, b) {
  return a && b && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The short words of a step, with the names of its units and places. */
export function stepText(step, names) {
  const unit = (id) => names.unit(id);
  const place = (id) => names.zone(id);
  switch (step.kind) {
    case "move": case "retreat": case "rout": case "advance": case "hq": {
      const verb = { move: "", retreat: "retreats ", rout: "routs ", advance: "advances ", hq: "" }[step.kind];
      const who = step.kind === "hq" ? names.hq(step.unit) : unit(step.unit);
      return `${who} ${verb}${step.path.length > 1 ? "" : "enters "}${route(step.path, names)}`;
    }
    case "attack":
      return `${step.attackers.map(unit).join(", ")} ${step.data.charge ? "charge" : "attack"}${step.attackers.length === 1 ? "s" : ""} ${step.targets.map(place).join(", ")}`;
    case "combat":
      return `${step.attackers.map(unit).join(", ")} against ${step.defenders.map(unit).join(", ")}: ${combatLine(step.data)}`;
    default:
      return step.text;
  }
}

/** A path in words: short ones place by place; long ones (a hex march) from where to where, by
 * the places on the way that the map names, and how many steps. */
function route(path, names) {
  const place = (id) => names.zone(id);
  if (path.length <= (names.zoneLabel ? 2 : 4)) return path.map(place).join(" → ");     // a hex map: ends and names
  const named = path.slice(1, -1).filter((id) => names.zoneLabel?.(id));
  const via = named.length ? ` via ${named.map((id) => names.zoneLabel(id)).join(", ")}` : "";
  return `${place(path[0])} → ${place(path.at(-1))}${via} (${path.length - 1} steps)`;
}

/** Both dice, both totals and the result of a combat, in one line. */
export function combatLine(d) {
  if (d.rolls) {
    const side = (who) => {
      const mods = (d.modifiers?.[who] || []).reduce((sum, m) => sum + m[2], 0);
      return `${d.rolls[who]}${mods >= 0 ? "+" : ""}${mods} = ${d.totals[who]}`;
    };
    return `attacker ${side("attacker")}, defender ${side("defender")}: ${RESULT_WORDS[d.result] || d.result}`;
  }
  if (d.combat === "fire") return fireLine(d);
  const mod = d.modifier ? ` ${d.modifier > 0 ? "+" : ""}${d.modifier} = ${d.die}` : "";
  const lower = d.declared_lower ? ", declared lower" : "";
  return `${d.attack} against ${d.defence} (${d.odds}${lower}), die ${d.roll}${mod}: ${d.result} ${d.result_text || ""}`.trim();
}

/** A GBACW fire (9.6): its strength, the column after shifts, the die and the result. */
function fireLine(d) {
  const column = d.column ? `, column ${d.column}` : "";
  const die = d.roll ? `, die ${d.roll}` : "";
  return `fire, strength ${d.strength ?? "-"}${column}${die}: ${d.result}`;
}

/** The result card of a combat: both sides' dice, modifiers (with rules) and totals, and the result. */
export function combatCard(step, names) {
  const d = step.data;
  const unit = (id) => escapeHtml(names.unit(id));
  const head = `<div class="combat-head">${step.attackers.map(unit).join(", ")} <span class="hint">against</span>
    ${step.defenders.map(unit).join(", ")} <span class="hint">in</span> ${step.targets.map((t) => escapeHtml(names.zone(t))).join(", ")}</div>`;
  if (d.rolls) {
    const side = (who, label) => {
      const mods = (d.modifiers?.[who] || []).map((m) => `<li>${m[2] > 0 ? "+" : ""}${m[2]} ${escapeHtml(m[0])}
        <span class="rule">${escapeHtml(m[1])}</span></li>`).join("");
      return `<div class="combat-side ${who}"><b>${label}</b>: die <span class="die">${d.rolls[who]}</span>
        → total <b class="total">${d.totals[who]}</b><ul class="mods">${mods || "<li class='hint'>no modifier</li>"}</ul></div>`;
    };
    return `<div class="combat-card result-${escapeHtml(d.result)}">${head}
      <div class="combat-sides">${side("attacker", "Attacker")}${side("defender", "Defender")}</div>
      <div class="combat-result">${escapeHtml(RESULT_WORDS[d.result] || d.result)} <span class="rule">11.4</span></div></div>`;
  }
  if (d.combat) {        // a GBACW fire or melee: its own rule numbers (9.6, 12.4)
    const what = d.combat === "fire" ? `strength ${escapeHtml(d.strength ?? "-")}${d.column ? `, column <b>${escapeHtml(d.column)}</b>` : ""}`
      : `${escapeHtml(d.attack)} against ${escapeHtml(d.defence)}: odds <b>${escapeHtml(d.odds)}</b>`;
    const shifts = (d.shifts || []).map(([rule, n]) => `${n > 0 ? "+" : ""}${n} <span class="rule">${escapeHtml(rule)}</span>`).join(", ");
    return `<div class="combat-card result-${escapeHtml(d.result)}">${head}
      <div class="combat-sides"><div>${d.combat === "fire" ? "Fire" : "Melee"}: ${what}${shifts ? ` (shifts ${shifts})` : ""}</div>
      ${d.roll ? `<div>die <span class="die">${d.roll}</span></div>` : ""}</div>
      <div class="combat-result"><b>${escapeHtml(d.result)}</b> <span class="rule">${escapeHtml(step.rule)}</span></div></div>`;
  }
  return `<div class="combat-card result-${escapeHtml(d.result)}">${head}
    <div class="combat-sides"><div>${escapeHtml(d.attack)} against ${escapeHtml(d.defence)}: odds <b>${escapeHtml(d.odds)}</b>
      ${d.declared_lower ? `(declared lower <span class="rule">8.9</span>)` : `<span class="rule">8.6</span>`}</div>
    <div>die <span class="die">${d.roll}</span>${d.modifier ? ` ${d.modifier > 0 ? "+" : ""}${d.modifier} → ${d.die}` : ""}</div></div>
    <div class="combat-result"><b>${escapeHtml(d.result)}</b> ${escapeHtml(d.result_text || "")} <span class="rule">8.6</span></div></div>`;
}

// --- drawing -------------------------------------------------------------------------------------
function shortened(a, b, gap) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const k = Math.min(gap, len / 3) / len;
  return [[a[0] + dx * k, a[1] + dy * k], [b[0] - dx * k, b[1] - dy * k]];
}

function arrow(layer, map, ids, cls, marker) {
  const pts = ids.map((id) => map.placeCenter(id)).filter(Boolean);
  if (pts.length < 2) return null;
  const s = map.stepScale;
  const [start] = shortened(pts[0], pts[1], 14 * s);
  const [, end] = shortened(pts[pts.length - 2], pts[pts.length - 1], 16 * s);
  const all = [start, ...pts.slice(1, -1), end];
  return svgEl("polyline", { class: `step-arrow ${cls}`, points: all.map((p) => p.join(",")).join(" "),
    "stroke-width": 5 * s, "marker-end": `url(#arrow-${marker})` }, layer);
}

// A badge over a place, or (toward) on the way from ``from``: between the two, where it hides
// neither side's counters.
function badge(layer, map, at, lines, cls, from = null) {
  let c = map.placeCenter(at);
  if (!c) return;
  const o = from && map.placeCenter(from);
  const s = map.stepScale;
  if (o) c = [c[0] + (o[0] - c[0]) * 0.45, c[1] + (o[1] - c[1]) * 0.45 + 30 * s];
  const width = Math.max(...lines.map((l) => l.length)) * 5.6 * s + 10 * s;
  const height = lines.length * 11 * s + 6 * s;
  const g = svgEl("g", { class: `step-badge ${cls}`, transform: `translate(${c[0]},${c[1] - 30 * s})` }, layer);
  svgEl("rect", { x: -width / 2, y: -height / 2, width, height, rx: 4 * s }, g);
  lines.forEach((line, i) => svgEl("text", { x: 0, y: -height / 2 + (i + 1) * 11 * s, "text-anchor": "middle",
    "font-size": 9.5 * s }, g, line));
}

function cross(layer, map, at, cls) {
  const c = map.placeCenter(at);
  if (!c) return;
  const r = 14 * map.stepScale;
  const g = svgEl("g", { class: `step-cross ${cls}`, transform: `translate(${c[0]},${c[1]})` }, layer);
  svgEl("line", { x1: -r, y1: -r, x2: r, y2: r }, g);
  svgEl("line", { x1: -r, y1: r, x2: r, y2: -r }, g);
}

/** The badge's lines of a combat: both dice and totals, then the result. */
function combatBadge(d) {
  if (d.rolls) {
    return [`A ${d.rolls.attacker} → ${d.totals.attacker}  ·  D ${d.rolls.defender} → ${d.totals.defender}`,
      RESULT_WORDS[d.result] || d.result];
  }
  if (d.combat === "fire") return [`fire ${d.column ? `col ${d.column}` : `str ${d.strength ?? "-"}`}${d.roll ? ` · die ${d.roll}` : ""}`, d.result];
  return [`${d.odds} · die ${d.roll}${d.modifier ? ` → ${d.die}` : ""}`, `${d.result} ${d.result_text || ""}`.trim()];
}

/** Draw one step; focus draws it strongly (the others of a list are drawn faintly). */
export function drawStep(map, step, focus = false) {
  const layer = map.layers.overlay;
  const cls = `${step.kind}${focus ? " focus" : ""}`;
  switch (step.kind) {
    case "move": case "retreat": case "rout": case "advance": case "hq":
      if (step.path.length > 1) arrow(layer, map, step.path, cls, step.kind);
      else if (focus) badge(layer, map, step.path[0], ["enters"], cls);
      break;
    case "attack":
      for (const o of step.origins) for (const t of step.targets) arrow(layer, map, [o, t], cls, "attack");
      break;
    case "combat":
      for (const o of step.origins) for (const t of step.targets) arrow(layer, map, [o, t], `attack ${cls}`, "attack");
      badge(layer, map, step.targets[0], combatBadge(step.data), `combat ${cls} result-${step.data.result}`, step.origins[0]);
      break;
    case "eliminated":
      if (step.at) cross(layer, map, step.at, cls);
      break;
    case "loss":
      if (step.at && focus) badge(layer, map, step.at, ["−1 strength"], cls);
      break;
    default:
      break;
  }
  if (focus) {
    for (const id of [step.unit, ...(step.attackers || [])].filter(Boolean)) {
      map.svg.querySelector(`.counter[data-unit="${CSS.escape(id)}"]`)?.classList.add("step-focus");
    }
  }
}

/** Draw a list of steps (faint) with one of them in focus (-1: none, "all": every one); []
 * clears the overlay. */
export function drawSteps(map, steps, focus = -1) {
  map.layers.overlay.replaceChildren();
  for (const c of map.svg.querySelectorAll(".step-focus")) c.classList.remove("step-focus");
  steps.forEach((step, i) => { if (i !== focus && focus !== "all") drawStep(map, step, false); });
  if (focus === "all") steps.forEach((step) => drawStep(map, step, true));
  else if (focus >= 0 && steps[focus]) drawStep(map, steps[focus], true);
}
