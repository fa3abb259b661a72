// "Since your last decision": the other side's steps since the player last acted, listed beside
// the map and drawn on it (steps.js); a step is drawn strongly when selected, and the play
// button steps through them at a readable pace on the positions of the replay viewer.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { drawStep, drawSteps, stepsOf, stepText } from "/static/steps.js";

const $ = (id) => document.getElementById(id);
const PACE_MS = 1300;

/** The sides whose last action the list starts after: mine, or (hot seat, spectator) the side to act. */
function ownSides(view) {
  const you = view.you || [];
  if (you.length === 1) return you;
  return view.to_act ? [view.to_act] : [];
}

/** {from, steps}: the other side's steps after the last event made by one of ``own``'s actions. */
export function opponentSteps(log, view) {
  const own = ownSides(view);
  if (!own.length) return { from: log.length, steps: [] };
  let i = log.length - 1;
  while (i >= 0 && !(log[i].by && own.includes(log[i].by))) i -= 1;
  const from = i + 1;
  const theirs = [];
  const index = [];
  for (let k = from; k < log.length; k += 1) {
    if (log[k].by && !own.includes(log[k].by)) {
      theirs.push(log[k]);
      index.push(k);
    }
  }
  const steps = stepsOf(theirs);
  for (const s of steps) s.index = index[s.index];
  return { from, steps, by: theirs[0]?.by };
}

/** The most recent combat of the log, if it was fought this turn. */
export function lastCombat(log, position) {
  for (let i = log.length - 1; i >= Math.max(0, log.length - 60); i -= 1) {
    const d = log[i].data;
    if (d && d.kind === "combat") {
      if (log[i].turn !== position.turn) return null;     // the card stays for the rest of the turn
      return stepsOf([log[i]], i)[0];
    }
  }
  return null;
}

/** app: the page's state; hooks: {replay, names}. */
export function makeFollow(app, hooks) {
  let list = { from: 0, steps: [] };
  let focus = -1;
  let dismissed = null;         // the `from` of a list the player closed
  let playing = null;           // the timer of the play button

  function visible() {
    return list.steps.length > 0 && dismissed !== list.from && !app.view?.over;
  }

  function update() {
    const view = app.view;
    if (!view) return;
    const fresh = opponentSteps(app.log, view);
    const mine = (view.you || []).length && (view.legal || []).length;
    const spectator = !(view.you || []).length;
    if (!mine && !spectator && !playing) fresh.steps = [];      // shown once it is my turn again
    if (fresh.from !== list.from || fresh.steps.length !== list.steps.length) focus = -1;
    list = fresh;
    render();
  }

  function render() {
    const box = $("follow");
    if (!visible()) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const who = SIDE_NAMES[list.by] || "The other side";
    $("follow-title").textContent = `Since your last decision: ${who} (${list.steps.length} step${list.steps.length === 1 ? "" : "s"})`;
    const names = hooks.names();
    // formation by formation (each in the order it acted), each one's steps in the order played
    const groups = new Map();
    list.steps.forEach((s, i) => {
      const name = names.group?.(s.unit || s.attackers?.[0]) || "";
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(i);
    });
    const order = [...groups.entries()].flatMap(([name, members]) => members.map((i, k) => [i, k === 0 ? name : ""]));
    $("follow-list").innerHTML = order.map(([i, name]) => {
      const s = list.steps[i];
      const head = name && groups.size > 1 ? `<li class="group">${escapeHtml(name)}</li>` : "";
      return `${head}<li class="step ${s.kind}${i === focus ? " focus" : ""}" data-step="${i}">
      <span class="when">T${s.events[0].turn}·R${s.events[0].round}</span>
      <span class="rule">${escapeHtml(s.rule)}</span> ${escapeHtml(stepText(s, names))}
      ${s.dice.length && s.kind !== "combat" ? `<span class="dice">${s.dice.map((d) => `<span class="die">${d}</span>`).join("")}</span>` : ""}</li>`;
    }).join("");
    $("follow-play").textContent = playing ? "■ stop" : "▶ play";
  }

  /** The overlay of the live map: the list's steps (faint), the focused one (strong), and the
   * ``extra`` steps (the last combat) strong. */
  function draw(extra = []) {
    if (app.replay && !playing) return;
    drawSteps(app.map, visible() ? list.steps : [], focus);
    for (const step of extra) drawStep(app.map, step, true);
  }

  function select(i) {
    focus = focus === i ? -1 : i;
    render();
    draw(hooks.extra());
    const step = list.steps[focus];
    const id = step && (step.unit || step.attackers?.[0]);
    if (id) app.map.svg.querySelector(`.counter[data-unit="${CSS.escape(id)}"]`)?.scrollIntoView({ block: "center", inline: "center", behavior: "smooth" });
  }

  async function play() {
    if (playing) {
      stop();
      return;
    }
    const steps = list.steps;
    if (!steps.length) return;
    playing = { i: 0 };
    render();
    for (let i = 0; i < steps.length && playing; i += 1) {
      focus = i;
      playing.i = i;
      const seq = steps[i].seq;
      if (seq !== undefined && seq !== null) await hooks.replay.show(seq + 1, { steps, focus: i });
      if (!playing) break;
      render();
      await new Promise((resolve) => { playing.timer = setTimeout(resolve, PACE_MS); });
    }
    stop();
  }

  function stop() {
    if (playing?.timer) clearTimeout(playing.timer);
    const was = playing;
    playing = null;
    if (was) hooks.replay.goLive();
    render();
  }

  $("follow-list").addEventListener("click", (event) => {
    const li = event.target.closest("li[data-step]");
    if (li) select(Number(li.dataset.step));
  });
  $("follow-play").addEventListener("click", play);
  $("follow-close").addEventListener("click", () => {
    dismissed = list.from;
    stop();
    render();
    draw(hooks.extra());
  });

  return { update, draw, select, play, stop, get steps() { return list.steps; }, get playing() { return Boolean(playing); } };
}
