// The game page: loads the map and the view, keeps it live over the WebSocket, and turns
// clicks (buttons, counters, zones or hexes) into the API's actions. Drawing lives in map.js
// (area maps) or hexmap.js (hex maps), the read-only panels in panels.js or hexpanels.js:
// the geometry's kind chooses the pair.
import { getJSON, postJSON, escapeHtml, SIDE_NAMES, savedGames, saveGame } from "/static/api.js";
import { MapView } from "/static/map.js";
import { HexMapView } from "/static/hexmap.js";
import * as areaPanels from "/static/panels.js";
import * as hexPanels from "/static/hexpanels.js";
import { makeHover } from "/static/hover.js";
import { counterChoices, highlights, indexLegal, placeOf } from "/static/mapactions.js";
import { makeReplay } from "/static/replay.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(window.location.search);
let token = params.get("token") || "";
// The page is served at /game/{id}; ?id= lets the static file be opened directly too.
const gameId = params.get("id") || decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const api = (suffix) => `/api/games/${encodeURIComponent(gameId)}${suffix}`;
// GET requests carry the token in the query: watching a game needs one.
const withToken = (path) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
// Clicking a counter chooses what it does first (act, start a move, join an attack); when
// there is an alternative (move strategically) or several counters could, a menu asks.
const FIRST_CHOICE = new Set(["brigade", "move", "enter", "attacker"]);
const ALTERNATIVE = new Set(["march"]);

const app = {
  meta: null,
  panels: areaPanels,   // or hexPanels for a hex map
  map: null,
  view: null,
  log: [],              // the whole game log: views bring only the events we have not had yet
  names: null,
  reach: null,          // {zone id: MP} for the brigade moving now
  reachKey: null,       // "seq:unit" the reach above belongs to
  replay: null,         // {n, doc} while the replay viewer shows the past
  busy: false,          // an action is on its way: no second click until it answers
  previewing: null,     // {item, seq} of the combat in the preview panel
  gameOverShown: false,
  wsRetry: 0,
  zoom: null,           // null: fill the pane's width; "fit": the whole map; or a factor
};

// --- messages ---------------------------------------------------------------------------
function showError(message) {
  const toast = $("toast");
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { toast.hidden = true; }, 8000);
}

function showFatal(message) {
  const banner = $("error-banner");
  banner.textContent = message;
  banner.hidden = false;
}

function setConnection(state) {
  const el = $("connection");
  el.textContent = { live: "● live", reconnecting: "○ reconnecting…", connecting: "connecting…",
    "no-access": "no access", closed: "not live" }[state] || state;
  el.className = `connection ${state}`;
}

// --- loading and live updates -----------------------------------------------------------
async function start() {
  if (!gameId) {
    showFatal("No game id in the address.");
    return;
  }
  try {
    app.meta = await getJSON(api("/meta"));
  } catch (err) {
    showFatal(`This game cannot be opened: ${err.detail || err.message}`);
    return;
  }
  if (params.get("invite") && !(await claimInvite(params.get("invite")))) return;
  const meta = app.meta;
  document.title = `${meta.title} — cwbattles`;
  $("game-title").textContent = meta.title;
  $("game-id").textContent = `game ${meta.id}`;
  $("players").innerHTML = ["union", "confederate"].map((s) =>
    `<span class="${s}">${SIDE_NAMES[s]}: ${escapeHtml(areaPanels.playerText(meta.players?.[s]))}</span>`).join(" · ");
  const hexes = meta.geometry.kind === "hexes";
  app.panels = hexes ? hexPanels : areaPanels;
  const View = hexes ? HexMapView : MapView;
  app.map = new View($("map"), meta.geometry, meta.counters, {
    onZoneClick, onUnitClick, onHover: hover.show, onLeave: hover.hide,
  });
  app.names = hexes ? hexNames(meta) : areaNames(meta);
  $("legend-body").innerHTML = app.map.legendHtml(meta.terrain_chart);
  $("vp-rule").textContent = app.panels.VP_RULE;
  applyZoom();
  window.addEventListener("resize", () => { if (typeof app.zoom !== "number") applyZoom(); });
  try {
    applyView(await getJSON(withToken(api("/view"))), "load");
  } catch (err) {
    // A missing or forged token: say so plainly, and show the empty map behind the message.
    showFatal(`${err.status === 403 ? "This link's token is not valid for this game" : "The game cannot be shown"}: ${err.detail || err.message}`);
    setConnection("no-access");
    return;
  }
  connect();
}

// An invite link (?invite=CODE): the first browser to open it takes the side and gets a token
// of its own, kept here (and in the address) so that this browser can come back to the game.
async function claimInvite(code) {
  const key = `invite:${code}`;
  const saved = savedGames()[gameId];
  if (saved?.claimed?.[key]) {
    token = saved.claimed[key];
  } else {
    try {
      const claimed = await postJSON(api("/claim"), { invite: code });
      token = claimed.token;
      saveGame(gameId, {
        ...(saved || {}), title: app.meta.title, players: app.meta.players, mine: claimed.side,
        tokens: { ...(saved?.tokens || {}), [claimed.side]: claimed.token },
        links: { ...(saved?.links || {}), [claimed.side]: claimed.link },
        claimed: { ...(saved?.claimed || {}), [key]: claimed.token },
      });
    } catch (err) {
      showFatal(`This invite cannot be used: ${err.detail || err.message}`);
      setConnection("no-access");
      return false;
    }
  }
  history.replaceState(null, "", `${window.location.pathname}?token=${encodeURIComponent(token)}`);
  return true;
}

function areaNames(meta) {
  const brigades = new Map(meta.counters.brigades.map((b) => [b.id, b]));
  const hqs = new Map(meta.counters.hqs.map((h) => [h.id, h]));
  return {
    unit: (id) => brigades.get(id)?.name || (id === meta.counters.train.id ? `${meta.counters.train.name}'s train` : id),
    zone: (id) => app.map.zoneName(id),
    hq: (id) => hqs.get(id)?.name || id,
  };
}

function hexNames(meta) {
  const units = new Map(meta.counters.units.map((u) => [u.id, u]));
  return { unit: (id) => units.get(id)?.name || id, zone: (id) => app.map.zoneName(id), hq: (id) => id };
}

async function refreshView() {
  try {
    applyView(await getJSON(withToken(api("/view"))), "load");
  } catch (err) {
    showError(err.message);
  }
}

function connect() {
  const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${proto}//${window.location.host}/ws/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}`;
  setConnection(app.wsRetry ? "reconnecting" : "connecting");
  const ws = new WebSocket(url);
  ws.addEventListener("open", () => { app.wsRetry = 0; setConnection("live"); });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "view" && message.view) applyView(message.view, "ws");
    else if (message.type === "error") {
      app.wsRefused = true;     // a refused token or a deleted game: retrying will not help
      showFatal(`Live updates refused: ${message.detail}`);
    }
  });
  // Reconnect with a growing pause; the server sends the whole view on connecting, so
  // nothing missed while away is lost.
  ws.addEventListener("close", (event) => {
    if (app.wsRefused || event.code >= 4000) {
      setConnection("closed");
      return;
    }
    setConnection("reconnecting");
    const delay = Math.min(10000, 500 * 2 ** app.wsRetry);
    app.wsRetry += 1;
    setTimeout(connect, delay);
  });
}

// Views come from three places (load, WebSocket, answers to our POSTs). The WebSocket is in
// order; an answer to a POST or a fetched view can arrive after the WebSocket already brought
// a later view (a bot's reply), so an older one of those is dropped unless it answers an undo.
function applyView(view, source) {
  const old = app.view;
  if ((source === "post" || source === "load") && old && view.seq < old.seq) return;
  if (old && view.seq < old.seq) replay.forget();   // an undo rewrote the end of the history
  if (!mergeLog(view)) {
    refreshView();     // we missed events: fetch the view with the whole log
    return;
  }
  app.view = view;
  if (app.previewing && app.previewing.seq !== view.seq) closePreview();
  render();
}

// A view's log holds the events from log_from on: log_from 0 is a whole log (first view, or
// after an undo) that replaces ours; otherwise the events are appended where they start.
function mergeLog(view) {
  if (!Array.isArray(view.log)) return true;
  const from = view.log_from ?? 0;
  const total = view.log_total ?? from + view.log.length;
  if (from === 0) app.log = view.log.slice();
  else if (from > app.log.length) return false;
  else if (total >= app.log.length) app.log = app.log.slice(0, from).concat(view.log);
  return true;
}

// --- rendering --------------------------------------------------------------------------
function render() {
  const view = app.view;
  if (!view) return;
  const panels = app.panels;
  hover.hide();           // what it said may no longer be true
  $("status").innerHTML = panels.renderStatus(view, app.names, app.meta) +
    (view.over ? `<button type="button" id="show-result" class="small">show the result</button>` : "");
  $("show-result")?.addEventListener("click", () => showGameOver(true));
  $("turn-track").innerHTML = panels.renderTurnTrack(view, app.meta);
  $("vp").innerHTML = panels.renderVP(view.result, app.names.zone);
  $("rolls").innerHTML = panels.renderRolls(app.log, view.position.turn);
  document.body.classList.toggle("spectator", !(view.you || []).length);
  document.body.classList.toggle("my-turn", (view.legal || []).length > 0);
  renderActions();
  renderUndo();
  replay.update();
  if (!app.replay) {
    app.map.draw(view.position);
    $("offmap").innerHTML = panels.renderOffMap(view.position, app.meta.counters, app.names);
    $("log").innerHTML = panels.renderLog(app.log);
    updateHighlights();
    followMovingBrigade();
  }
  if (view.over) showGameOver(false);
}

// When a decision of mine is about one brigade (the one moving, the one hit...), scroll the
// map so it is in sight.
function followMovingBrigade() {
  const legal = app.view.legal || [];
  const named = new Set(legal.map((i) => i.action.unit).filter(Boolean));
  const subject = legal.length ? app.view.moving || (named.size === 1 ? [...named][0] : null) : null;
  if (subject && `${subject}@${app.view.phase}` !== app.followed) {
    app.map.svg.querySelector(`.counter[data-unit="${CSS.escape(subject)}"]`)
      ?.scrollIntoView({ block: "center", inline: "center", behavior: "smooth" });
  }
  app.followed = subject ? `${subject}@${app.view.phase}` : null;
}

// The text of a button: resolve actions only say "#n", so name the attacked zones too.
function itemText(item) {
  const a = item.action;
  if (a.kind === "resolve") {
    const combat = app.view.position.combats?.[a.combat];
    if (combat) return `${item.text}: ${combat.targets.map(app.names.zone).join(", ")}`;
  }
  return item.text;
}

function renderActions() {
  const view = app.view;
  const box = $("actions");
  const legal = view.legal || [];
  let note = "";
  if (app.replay) note = "You are looking at the past. Press “back to live” to play.";
  else if (view.over) note = "The game is over.";
  else if (!(view.you || []).length) note = "You are watching as a spectator.";
  else if (!legal.length) {
    note = view.seats?.[view.to_act] === "open"
      ? `Waiting for the ${SIDE_NAMES[view.to_act]} player to open the invite link…`
      : `Waiting for the ${SIDE_NAMES[view.to_act] || "other side"} (${escapeHtml(app.panels.playerText(view.players?.[view.to_act]))})…`;
  }
  if (note || app.replay) {
    box.innerHTML = `<p class="hint waiting">${note}</p>`;
    return;
  }
  const place = app.meta.geometry.kind === "hexes" ? "hex" : "zone";
  const hint = legal.some((i) => FIRST_CHOICE.has(i.action.kind))
    ? `<p class="hint">Click a highlighted counter on the map, or a button.</p>`
    : legal.some((i) => placeOf(i.action)) ? `<p class="hint">Click a highlighted ${place} on the map, or a button.</p>` : "";
  box.innerHTML = hint + legal.map((item) => `<button type="button" class="action kind-${escapeHtml(item.action.kind)}"
      data-index="${item.index}"${app.busy ? " disabled" : ""}>${escapeHtml(itemText(item))}${previewable(item) ? " …" : ""}</button>`).join("");
  for (const button of box.querySelectorAll("button.action")) {
    button.addEventListener("click", () => {
      const item = legal.find((i) => String(i.index) === button.dataset.index);
      if (item) choose(item);
    });
  }
}

function renderUndo() {
  const view = app.view;
  const box = $("undo");
  const you = view.you || [];
  const undo = view.undo || {};
  box.innerHTML = "";
  if (app.replay || !you.length) return;
  if (undo.requested_by && !you.includes(undo.requested_by)) {
    const n = view.seq - (undo.back_to ?? view.seq - 1);
    box.innerHTML = `<div class="undo-request">The ${SIDE_NAMES[undo.requested_by]} player asks to take back the last ${n === 1 ? "action" : `${n} actions`}.
      <button type="button" id="undo-accept" class="primary small">Accept</button>
      <button type="button" id="undo-refuse" class="small">Refuse</button></div>`;
    $("undo-accept").addEventListener("click", () => answerUndo(true));
    $("undo-refuse").addEventListener("click", () => answerUndo(false));
  } else if (undo.requested_by) {
    box.innerHTML = `<p class="hint">Undo asked; waiting for the other player's answer…</p>`;
  } else if (undo.possible) {
    box.innerHTML = `<button type="button" id="undo-button" class="small" title="take back the last action">↶ Undo</button>`;
    $("undo-button").addEventListener("click", requestUndo);
  }
}

// The end of a game reveals its dice seed and the salt of the commitment published at the start.
function fairnessHtml(fairness) {
  if (!fairness || fairness.seed === undefined) return "";
  const commitment = fairness.commitment
    ? ` It opens the commitment <code>${escapeHtml(fairness.commitment.slice(0, 16))}…</code> (SHA-256 with salt
       <code>${escapeHtml(fairness.salt)}</code>) published when the game was created.` : "";
  return `<p class="hint fairness">Dice seed: <code>${escapeHtml(fairness.seed)}</code>.${commitment}
    Replay the record with <code>cwbattles replay --verify</code> to check every roll.</p>`;
}

function showGameOver(force) {
  if (app.gameOverShown && !force) return;
  app.gameOverShown = true;
  $("gameover-body").innerHTML = app.panels.renderGameOver(app.view.result) + fairnessHtml(app.view.fairness);
  $("gameover").hidden = false;
}

// --- the legal actions on the map (mapactions.js) -------------------------------------------
function updateHighlights() {
  if (app.replay) {
    app.map.highlight();
    return;
  }
  const marks = highlights(app);
  if (marks.reachKey) fetchReach(marks.reachKey, app.view.moving);
  app.map.highlight(marks.zones, marks.units);
}

async function fetchReach(key, unit) {
  app.reachKey = key;
  app.reach = null;
  try {
    const answer = await getJSON(withToken(`${api("/reach")}?unit=${encodeURIComponent(unit)}`));
    if (app.reachKey !== key) return;       // the game moved on meanwhile
    app.reach = answer.zones || {};
    updateHighlights();
  } catch (err) {
    showError(`Cannot get the reachable zones: ${err.message}`);
  }
}

// Choosing which unit acts is the click's obvious meaning; anything else done to a unit (end
// its move, rest, hold, retreat...) is offered in a menu, so that a stray click never ends a
// move. A click on a counter with nothing to do is a click on its place.
function onUnitClick(unitId, zoneId, event) {
  if (app.replay || !app.view) return;
  const { first, items } = counterChoices(app, unitId, zoneId, FIRST_CHOICE, ALTERNATIVE);
  if (first) choose(first);
  else if (items.length) showChooser(items, event);
  else if (zoneId) onZoneClick(zoneId, event);
}

function onZoneClick(zoneId, event) {
  if (app.replay || !app.view) return;
  const items = indexLegal(app).zoneActions.get(zoneId) || [];
  if (items.length === 1) choose(items[0]);
  else if (items.length > 1) showChooser(items, event);
  else if (app.view.moving && app.reach && app.reach[zoneId] !== undefined) routeTo(zoneId);
}

function showChooser(items, event) {
  hover.hide();
  const box = $("chooser");
  box.innerHTML = items.map((item) => `<button type="button" data-index="${item.index}">${escapeHtml(itemText(item))}</button>`).join("") +
    `<button type="button" class="cancel">cancel</button>`;
  box.hidden = false;
  box.style.left = `${Math.min(event.clientX + 8, window.innerWidth - box.offsetWidth - 8)}px`;
  box.style.top = `${Math.min(event.clientY + 8, window.innerHeight - box.offsetHeight - 8)}px`;
  for (const button of box.querySelectorAll("button")) {
    button.addEventListener("click", (e) => {
      e.stopPropagation();
      box.hidden = true;
      const item = items.find((i) => String(i.index) === button.dataset.index);
      if (item) choose(item);
    });
  }
  event.stopPropagation();
}

document.addEventListener("click", (event) => {
  if (!event.target.closest("#chooser")) $("chooser").hidden = true;
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    $("chooser").hidden = true;
    closePreview();
  }
});

// --- sending ----------------------------------------------------------------------------
// The game says which actions preview a combat (item.preview); otherwise their kind does.
function previewable(item) {
  return item.preview ?? app.panels.COMBAT_KINDS.has(item.action.kind);
}

function choose(item) {
  if (previewable(item)) openPreview(item);
  else send(api("/actions"), { token, seq: app.view.seq, action: item.action, log_from: app.log.length });
}

function routeTo(zoneId) {
  send(api("/route"), { token, seq: app.view.seq, unit: app.view.moving, zone: zoneId, log_from: app.log.length });
}

async function send(path, body, source = "post") {
  if (app.busy) return;
  app.busy = true;
  renderActions();
  try {
    applyView(await postJSON(path, body), source);
  } catch (err) {
    showError(err.message);
    if (err.status === 409) refreshView();   // someone else moved first: show the game as it is
  } finally {
    app.busy = false;
    renderActions();
  }
}

function requestUndo() {
  send(api("/undo"), { token }, "undo");
}

function answerUndo(accept) {
  send(api("/undo/answer"), { token, accept }, "undo");
}

async function openPreview(item) {
  try {
    const preview = await postJSON(api("/preview"), { token, action: item.action });
    $("preview-body").innerHTML = app.panels.renderPreview(preview, itemText(item), app.names);
    $("preview-commit").textContent = item.action.kind === "resolve" ? "Commit: roll the dice" : `Commit: ${item.text}`;
    app.previewing = { item, seq: app.view.seq };
    $("preview").hidden = false;
  } catch (err) {
    showError(err.message);
  }
}

function closePreview() {
  app.previewing = null;
  $("preview").hidden = true;
}

$("preview-commit").addEventListener("click", () => {
  const pending = app.previewing;
  closePreview();
  if (pending && pending.seq === app.view.seq) {
    send(api("/actions"), { token, seq: app.view.seq, action: pending.item.action, log_from: app.log.length });
  }
});
$("preview-cancel").addEventListener("click", closePreview);
$("gameover-close").addEventListener("click", () => { $("gameover").hidden = true; });

// --- zoom: fill the pane's width by default (counters stay readable, the map scrolls) ------
function applyZoom() {
  app.map?.fitTo($("map-scroll"), app.zoom);
}

function setZoom(factor) {
  app.zoom = factor;
  applyZoom();
}

$("zoom-in").addEventListener("click", () => setZoom(Math.min(2.5, app.map.zoom * 1.2)));
$("zoom-out").addEventListener("click", () => setZoom(Math.max(0.4, app.map.zoom / 1.2)));
$("zoom-fit").addEventListener("click", () => setZoom("fit"));

const hover = makeHover(app, () => indexLegal(app));
const replay = makeReplay(app, { api, withToken, render, closePreview, showError });
start();
