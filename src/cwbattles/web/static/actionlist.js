// The list of legal actions in the side panel: the default first (Enter takes it), "end the
// phase" next, then the rest; many actions are grouped by the unit they concern, so a Combat
// Phase of forty choices reads as a handful of units. The first nine buttons shown carry the
// number key that presses them.
import { escapeHtml } from "/static/api.js";

// The kinds that end a phase or a unit's turn: always at the top, and the E key takes the first.
export const END_KINDS = ["end_hq", "end_division", "end_movement", "end_combat", "stop", "hq_stop", "halt",
  "retreat_stop", "no_advance",
  // GBACW (Cedar Mountain): the phases' ends, and the set-up's "place the rest as history has them"
  "end_command", "end_fire", "end_declarations", "end_rally", "place_rest"];
const GROUP_ABOVE = 10;     // more legal actions than this: group them by unit

function button(item, text, cls, key, busy, combat) {
  const badge = key ? `<kbd>${escapeHtml(key)}</kbd>` : "";
  return `<button type="button" class="action kind-${escapeHtml(item.action.kind)} ${cls}" data-index="${item.index}"
    ${key ? `data-key="${escapeHtml(key)}"` : ""}${busy ? " disabled" : ""}>${badge}${escapeHtml(text)}${combat ? " …" : ""}</button>`;
}

/**
 * The list's HTML. legal: the view's items; opts: {defaultIndex, text(item), names, busy,
 * isCombat(item): does it open a combat preview}. Returns {html, keys: Map key -> item}.
 */
export function actionListHtml(legal, opts) {
  const keys = new Map();
  // Numbers stay with their action within a decision (opts.memo: {numbers: Map action -> key,
  // next}, kept by the page while the decision lasts): an action that comes later (a unit joins
  // an attack) takes a number never used in this decision, so a key pressed twice never hits
  // another action. A move into a place it may only pass through gets no number (opts.unnumbered).
  const memo = opts.memo || { numbers: new Map(), next: 1 };
  const numbered = (item) => {
    if (opts.unnumbered?.(item)) return null;
    const id = JSON.stringify(item.action);
    let key = memo.numbers.get(id);
    if (key === undefined) {
      if (memo.next > 9) return null;
      key = String(memo.next);
      memo.next += 1;
      memo.numbers.set(id, key);
    }
    keys.set(key, item);
    return key;
  };
  const combat = opts.isCombat;
  const parts = [];
  const shown = new Set();
  const def = legal.find((i) => i.index === opts.defaultIndex);
  if (def) {
    keys.set("Enter", def);
    parts.push(`<div class="default-row">${button(def, opts.text(def), "default", "⏎", opts.busy, combat(def))}
      <span class="hint default-why">${escapeHtml(opts.defaultWhy || "")}</span></div>`);
    shown.add(def.index);
  }
  const ends = legal.filter((i) => END_KINDS.includes(i.action.kind) && !shown.has(i.index));
  if (ends.length) {
    keys.set("e", ends[0]);
    parts.push(`<div class="end-row">${ends.map((i, k) => button(i, opts.text(i), "end", k === 0 ? "E" : numbered(i), opts.busy, false)).join("")}</div>`);
    for (const i of ends) shown.add(i.index);
  }
  const rest = legal.filter((i) => !shown.has(i.index));
  if (rest.length + shown.size <= GROUP_ABOVE) {
    parts.push(rest.map((i) => button(i, opts.text(i), "", numbered(i), opts.busy, combat(i))).join(""));
    return { html: parts.join(""), keys };
  }
  // Grouped: actions naming no unit first (targets, activations), then one group per unit.
  const groups = new Map();
  const loose = [];
  for (const item of rest) {
    const unit = item.action.unit;
    if (!unit) loose.push(item);
    else {
      if (!groups.has(unit)) groups.set(unit, []);
      groups.get(unit).push(item);
    }
  }
  parts.push(loose.map((i) => button(i, opts.text(i), "", numbered(i), opts.busy, combat(i))).join(""));
  for (const [unit, items] of groups) {
    if (items.length === 1) {
      parts.push(button(items[0], opts.text(items[0]), "", numbered(items[0]), opts.busy, combat(items[0])));
      continue;
    }
    parts.push(`<details class="unit-group" data-unit="${escapeHtml(unit)}"><summary>${escapeHtml(opts.names.unit(unit))}
      <span class="hint">${items.length} choices</span></summary>
      ${items.map((i) => button(i, opts.text(i), "", null, opts.busy, combat(i))).join("")}</details>`);
  }
  return { html: parts.join(""), keys };
}
