// The replay viewer: step through the game's history (GET /history/{n}) and draw any past
// position on the map, while live updates keep arriving; "back to live" returns to the game.
import { getJSON } from "/static/api.js";
import { drawSteps, stepsOf } from "/static/steps.js";
import { logWithIntents } from "/static/intents.js";

const $ = (id) => document.getElementById(id);

/** app: the game page's state; hooks: {api, withToken, render, closePreview, showError}. The side
 * panels (turn track, victory points, rolls, log) follow the position shown; the steps of the
 * action that led to it are drawn on the map. */
export function makeReplay(app, hooks) {
  const cache = new Map();     // n -> history document (cleared when an undo rewrites history)
  let wanted = null;           // dragging the slider fires many requests: only the last counts

  function update() {
    const total = app.view.seq;
    const slider = $("replay-slider");
    slider.max = String(total);
    if (!app.replay) slider.value = String(total);
    $("replay-live").hidden = !app.replay;
    document.body.classList.toggle("replaying", Boolean(app.replay));
    if (app.replay) {
      const p = app.replay.doc.position;
      $("replay-label").textContent = `replay: after action ${app.replay.n} of ${total} · turn ${p.turn}, round ${p.round}`;
    } else {
      $("replay-label").textContent = `live · ${total} action${total === 1 ? "" : "s"} played`;
    }
  }

  // overlay: {steps, focus} to draw instead of the steps of action n (the follow list's play).
  async function show(n, overlay = null) {
    n = Math.max(0, Math.min(app.view.seq, n));
    wanted = n;
    let doc = cache.get(n);
    if (!doc) {
      try {
        doc = await getJSON(hooks.withToken(hooks.api(`/history/${n}`)));
      } catch (err) {
        hooks.showError(err.message);
        return;
      }
      cache.set(n, doc);
      if (wanted !== n) return;
    }
    hooks.closePreview();
    app.replay = { n, doc };
    app.map.draw(doc.position);
    app.map.highlight();
    $("offmap").innerHTML = app.panels.renderOffMap(doc.position, app.meta.counters, app.names);
    $("log").innerHTML = app.panels.renderLog(logWithIntents(doc.log || [], doc.intent_log));
    $("replay-slider").value = String(n);
    hooks.render();
    const from = doc.step_from ?? (doc.log || []).length;
    if (overlay) drawSteps(app.map, overlay.steps, overlay.focus);
    else drawSteps(app.map, stepsOf((doc.log || []).slice(from), from), "all");
  }

  function goLive() {
    app.replay = null;
    hooks.render();
  }

  $("replay-slider").addEventListener("input", (e) => show(Number(e.target.value)));
  $("replay-start").addEventListener("click", () => show(0));
  $("replay-back").addEventListener("click", () => show((app.replay ? app.replay.n : app.view.seq) - 1));
  $("replay-forward").addEventListener("click", () => {
    if (app.replay) show(app.replay.n + 1);
  });
  $("replay-end").addEventListener("click", goLive);
  $("replay-live").addEventListener("click", goLive);

  return { update, show, goLive, forget: () => cache.clear() };
}
