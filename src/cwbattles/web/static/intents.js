// The bots' intentions (issue 29 point 5): what a bot said it was doing, its plan's reason and
// one line per formation. The server sends them only when the game may show them (a game between
// bots, or any game once it is over: web/intents.py); this module only draws what it is given.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";

function formationsHtml(formations) {
  const rows = Object.entries(formations || {});
  if (!rows.length) return "";
  return `<ul class="intent-formations">${rows.map(([name, line]) =>
    `<li><b>${escapeHtml(name)}</b>: ${escapeHtml(line)}</li>`).join("")}</ul>`;
}

// The panel: for each side whose bot has said something, its plan and its formations' objectives,
// each with the action it was set at ("since action N"; actions count from 1 for a reader).
export function renderIntents(intents, players) {
  const sides = Object.keys(intents || {}).filter((side) => intents[side].plan || intents[side].formations);
  if (!sides.length) return "";
  return sides.map((side) => {
    const doc = intents[side];
    const who = escapeHtml((players?.[side] || "").replace(/^bot:/, "bot "));
    const plan = doc.plan ? `<div class="intent-plan">Plan (since action ${doc.plan_seq + 1}): ${escapeHtml(doc.plan)}</div>` : "";
    const formations = doc.formations
      ? `<div class="hint">Objectives (since action ${doc.formations_seq + 1}):</div>${formationsHtml(doc.formations)}` : "";
    return `<div class="intent intent-${side}"><div class="intent-side"><b class="${side}">${SIDE_NAMES[side] || escapeHtml(side)}</b> <span class="hint">(${who})</span></div>
      ${plan}${formations}</div>`;
  }).join("");
}

// The replay's log with each intent placed where the events of the action it came with begin,
// so that it reads "the bot decided this, then did that" (the log is shown newest first).
export function logWithIntents(log, intentLog) {
  if (!intentLog?.length) return log;
  const out = [];
  let k = 0;
  const marks = intentLog.slice().sort((a, b) => a.at - b.at || a.seq - b.seq);
  for (let i = 0; i <= log.length; i += 1) {
    while (k < marks.length && marks[k].at <= i) {
      const near = log[i] || log[i - 1] || {};
      out.push({ intent: marks[k], turn: near.turn, round: near.round });
      k += 1;
    }
    if (i < log.length) out.push(log[i]);
  }
  return out;
}

// One intent as a log entry: the side, the plan's reason, the formations' new objectives folded.
export function intentLogItem(e) {
  const it = e.intent;
  const count = Object.keys(it.formations || {}).length;
  const objectives = count
    ? `<details><summary>${count} formation objective${count === 1 ? "" : "s"}</summary>${formationsHtml(it.formations)}</details>` : "";
  return `<li class="intent-entry intent-${escapeHtml(it.side)}"><span class="when">T${e.turn ?? "?"}·R${e.round ?? "?"}</span>
    <span class="intent-mark" title="what the bot said it intended, at action ${it.seq + 1}">⚑</span>
    <span class="text">${SIDE_NAMES[it.side] || escapeHtml(it.side)} bot intends${it.plan ? `: ${escapeHtml(it.plan)}` : ""}</span>${objectives}</li>`;
}
