// The consequences of a decision shown before it is made, in the decision panel: holding or
// retreating after a hit (Cedar Creek 11.4), each retreat path with its cost, and each answer to
// a retreat or advance (Blue & Gray 8.7). The game computes them (state.preview); this only
// lays them out.
import { escapeHtml } from "/static/api.js";

const MODE_WORDS = { orderly: "orderly retreat", disorderly: "disorderly retreat", rout: "rout", eliminated: "eliminated" };

function pct(p) {
  return `${Math.round(1000 * p) / 10}%`;
}

function lossText(n) {
  return n ? `−${n} strength` : "no loss";
}

function pathHtml(path, names) {
  const zones = path.zones.map((z) => escapeHtml(names.zone(z))).join(" → ") || "stays (at its own map edge)";
  const extra = [path.crossings ? `${path.crossings} enemy front${path.crossings > 1 ? "s" : ""} crossed` : "",
    path.routed ? "routed" : "", path.eliminated ? "<b class='bad'>eliminated</b>" : "",
    ...(path.support || []).filter((s) => s.eliminated || s.losses).map((s) =>
      `${escapeHtml(names.unit(s.unit))} ${s.eliminated ? "eliminated" : `−${s.losses}`}`)].filter(Boolean).join(", ");
  return `<li>${zones}: <b>${lossText(path.losses)}</b>${extra ? ` (${extra})` : ""}</li>`;
}

/** Hold against retreat, side by side (the preview of a ``hit`` decision). */
function hitHtml(p, names) {
  const h = p.hold;
  const who = escapeHtml(names.unit(p.unit));
  const tires = h.enemy_tires.map((t) => `${escapeHtml(names.unit(t.unit))} (to fatigue ${t.fatigue})`).join(" or ");
  const hold = `<div class="choice-col hold"><h4>Hold the position</h4>
    <ul><li><b>${h.eliminated ? "eliminated" : `−1 strength`}</b>: ${p.strength} → ${h.strength_after}</li>
      <li>${who} stays in place</li>
      ${tires ? `<li>the enemy tires one of: ${tires} (their choice)</li>` : ""}
      ${h.later_retreat_penalty ? "<li>with two losses, later retreat rolls get +1</li>" : ""}</ul></div>`;
  const r = p.retreat;
  const mods = r.modifiers.length ? r.modifiers.map((m) => `${m[2] > 0 ? "+" : ""}${m[2]} ${escapeHtml(m[0])} <span class="rule">${escapeHtml(m[1])}</span>`).join(", ")
    : "no modifier";
  const rolls = r.rolls.map((x) => `<span class="roll-cell mode-${x.mode}" title="${escapeHtml(MODE_WORDS[x.mode])}">${x.roll}</span>`).join("");
  const modes = r.modes.map((m) => `<li class="mode-${m.mode}"><b>${escapeHtml(MODE_WORDS[m.mode])}</b> ${pct(m.chance)}
      <span class="hint">(die ${m.rolls.join(", ")}${m.mode !== "eliminated" ? `; ${escapeHtml(m.zones)} zone${m.zones === "1" ? "" : "s"}` : ""})</span>:
      ${m.least_loss === m.most_loss ? lossText(m.least_loss) : `${lossText(m.least_loss)} to −${m.most_loss}`}
      ${m.paths.length && m.mode !== "eliminated" ? `<ul class="paths">${m.paths.slice(0, 6).map((x) => pathHtml(x, names)).join("")}</ul>` : ""}</li>`).join("");
  const retreat = `<div class="choice-col retreat"><h4>Retreat</h4>
    <div>retreat roll: ${mods}; 1-${r.orderly_max} orderly</div>
    <div class="roll-strip">${rolls}</div><ul class="modes">${modes}</ul></div>`;
  return `<div class="choice-preview hit"><div class="choice-title">${who} is hit: what each answer costs
    <span class="rule">${escapeHtml(p.rule)}</span></div><div class="choice-cols">${hold}${retreat}</div></div>`;
}

/** Each way to fall back next, with what the rest of the retreat can cost. */
function retreatStepHtml(p, names) {
  const rows = p.options.map((o) => `<tr><td>${escapeHtml(o.text)}</td>
    <td class="num">${o.least_loss === o.most_loss ? lossText(o.least_loss) : `${lossText(o.least_loss)} to −${o.most_loss}`}</td></tr>`).join("");
  return `<div class="choice-preview retreat-step"><div class="choice-title">${escapeHtml(names.unit(p.unit))}: ${escapeHtml(p.mode)}
    <span class="rule">${escapeHtml(p.rule)}</span></div>
    <table class="choice-table"><thead><tr><th>way</th><th>cost</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** Each answer to a retreat, advance or exchange decision with the hex it leads to. */
function choiceHtml(p, names) {
  const rows = p.options.map((o) => {
    const u = o.units[0];
    let where = "stays where it is";
    if (u && u.eliminated) where = `<b class="bad">${escapeHtml(names.unit(u.unit))} eliminated</b>`;
    else if (u) {
      where = [`${escapeHtml(u.terrain.replace(/_/g, " "))}, defence ×${u.defence}`,
        u.victory_hex ? "victory hex" : "", u.enemy_zoc ? "in an enemy zone of control" : "",
        u.touches.length ? `touches ${u.touches.map((t) => escapeHtml(names.unit(t))).join(", ")}` : "",
        u.stacked_with.length ? `with ${u.stacked_with.length} friendly unit${u.stacked_with.length > 1 ? "s" : ""}` : "",
        o.displaces ? `pushes ${escapeHtml(names.unit(o.displaces))} out (8.8)` : ""].filter(Boolean).join("; ");
    }
    return `<tr${o.asked ? ' class="asked"' : ""}><td>${escapeHtml(o.text)}</td><td>${where}</td></tr>`;
  }).join("");
  return `<div class="choice-preview choice"><div class="choice-title">What each answer leads to
    <span class="rule">${escapeHtml(p.rule)}</span></div>
    <table class="choice-table"><tbody>${rows}</tbody></table></div>`;
}

/** The HTML of a decision's preview, or "" for a preview of another kind. */
export function choicePreviewHtml(p, names) {
  if (!p) return "";
  if (p.kind === "hit") return hitHtml(p, names);
  if (p.kind === "retreat_step") return retreatStepHtml(p, names);
  if (p.kind === "choice") return choiceHtml(p, names);
  return "";
}

/** Which legal action to ask the preview of, when the decision is one these previews explain. */
export function choiceToPreview(legal, hexes) {
  const kinds = hexes ? ["retreat_to", "advance", "no_advance", "stand", "lose", "displace"] : ["retreat_to", "retreat_stop"];
  return legal.find((i) => ["hold", "retreat"].includes(i.action.kind))
    || legal.find((i) => kinds.includes(i.action.kind))
    || null;
}
