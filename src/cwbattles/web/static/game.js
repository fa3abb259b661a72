// The game page: loads the map and the view, keeps it live over the WebSocket, and renders the
// side panels. Drawing lives in map.js (area maps) or hexmap.js (hex maps), the read-only panels
// in panels.js or hexpanels.js (the geometry's kind chooses the pair); clicks, the pointer and
// the keyboard in interact.js; the other side's steps in follow.js and steps.js.
import { getJSON, getBytes, postJSON, escapeHtml, SIDE_NAMES, savedGames, saveGame } from "/static/api.js";
import { MapView } from "/static/map.js";
import { HexMapView } from "/static/hexmap.js";
import * as areaPanels from "/static/panels.js";
import * as hexPanels from "/static/hexpanels.js";
import { GbacwMapView } from "/static/gbacwmap.js";
import * as gbacwPanels from "/static/gbacwpanels.js";
import { makeHover } from "/static/hover.js";
import { highlights, indexLegal, placeOf } from "/static/mapactions.js";
import { makeReplay } from "/static/replay.js";
import { actionListHtml } from "/static/actionlist.js";
import { choicePreviewHtml, choiceToPreview } from "/static/choices.js";
import { lastCombat, makeFollow } from "/static/follow.js";
import { makeInteraction, SELECT_KINDS } from "/static/interact.js";
import { installRulePopups } from "/static/rulepop.js";
import { makeChat } from "/static/chat.js";
import { makeSignal } from "/static/signal.js";
import { combatCard } from "/static/steps.js";
import { confirmRisk } from "/static/risk.js";
import { renderIntents } from "/static/intents.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(window.location.search);
let token = params.get("token") || "";
// The page is served at /game/{id}; ?id= lets the static file be opened directly too.
const gameId = params.get("id") || decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const api = (suffix) => `/api/games/${encodeURIComponent(gameId)}${suffix}`;
// GET requests carry the token in the query: watching a game needs one.
const withToken = (path) => `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;

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
  previewing: null,     // {req, seq} of the combat in the preview panel
  hover: null,          // {place, ready, commit}: the attack previewed under the pointer
  picked: null,         // {unit, auto, seq, options}: a unit picked on the map, nothing sent yet
  defaulted: null,      // {items: [{seq, text}], from}: actions the last quick request took by default
  aid: null,            // {seq, item, html}: the preview shown in the decision panel
  keys: new Map(),      // key -> legal item (Enter, e, 1-9)
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
  signal.setTitle(`${meta.title} — cwbattles`);
  $("game-title").textContent = meta.title;
  $("game-id").textContent = `game ${meta.id}`;
  $("players").innerHTML = ["union", "confederate"].map((s) =>
    `<span class="${s}">${SIDE_NAMES[s]}: ${escapeHtml(areaPanels.playerText(meta.players?.[s]))}</span>`).join(" · ");
  const hexes = meta.geometry.kind === "hexes";
  const gbacw = meta.geometry.system === "gbacw";          // GBACW games draw facing, formations and the ground
  app.panels = gbacw ? gbacwPanels : hexes ? hexPanels : areaPanels;
  const View = gbacw ? GbacwMapView : hexes ? HexMapView : MapView;
  app.map = new View($("map"), meta.geometry, meta.counters, {
    onZoneClick: (id, e) => interact.onZoneClick(id, e),
    onUnitClick: (id, place, e) => interact.onUnitClick(id, place, e),
    onHover: (kind, id, event) => {
      if ($("inspector").hidden && !app.hover?.ready) hover.show(kind, id, event);
      else hover.hide();                 // the inspector or an attack's preview says more
      if (kind === "zone" || kind === "unit") {
        app.pointerPlace = kind === "zone" ? id : event.target.closest("[data-zone],[data-hex]")?.dataset.zone
          || event.target.closest("[data-hex]")?.dataset.hex;
        app.pointerEvent = event;
      }
      interact.hoverPlace(kind, id);
    },
    onLeave: () => { hover.hide(); interact.leaveMap(); },
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
  chat.setWritable((app.view.you || []).length > 0 && !isRecord());
  document.querySelector(".chat-panel").hidden = isRecord();
  chat.load();
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
      showPersonalLink(claimed);
    } catch (err) {
      if (err.status === 409) usedInvite(code, err.detail || err.message);
      else showFatal(`This invite cannot be used: ${err.detail || err.message}`);
      setConnection("no-access");
      return false;
    }
  }
  history.replaceState(null, "", `${window.location.pathname}?token=${encodeURIComponent(token)}`);
  return true;
}

// Shown once, when the invite is claimed: the player's own link, the way back from any browser.
function showPersonalLink(claimed) {
  const url = new URL(claimed.link, window.location.href).href;
  const box = $("seat-box");
  box.innerHTML = `<h2>You play the ${SIDE_NAMES[claimed.side]} side: keep your personal link</h2>
    <div class="personal"><input id="personal-link" type="text" readonly value="${escapeHtml(url)}">
      <button type="button" id="personal-copy" class="small">copy</button>
      <button type="button" id="personal-close" class="small primary">I have kept it</button></div>
    <p class="hint warning">It is shown only now. The invite will not open the game again: this link is
      how you come back to your side from this or any other browser (if you lose it, the game's
      creator can issue a new invite).</p>`;
  box.hidden = false;
  $("personal-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      $("personal-copy").textContent = "copied";
    } catch {
      $("personal-link").select();
    }
  });
  $("personal-close").addEventListener("click", () => { box.hidden = true; });
}

// An invite opened again after its side was taken: watch the game, or go back to the lobby.
function usedInvite(code, why) {
  const box = $("seat-box");
  box.innerHTML = `<h2>This invite has been used already</h2>
    <p>${escapeHtml(why.replace(/^this invite has been used already: /, "").replace(/ \(HTTP \d+\)$/, ""))}.
      You may watch the game as a spectator.</p>
    <p><button type="button" id="watch-game" class="primary">Watch the game</button>
      <a class="button" href="/">Back to the lobby</a></p>`;
  box.hidden = false;
  document.querySelector(".game-layout").style.display = "none";      // no empty map under it
  $("watch-game").addEventListener("click", async () => {
    try {
      const watching = await postJSON(api("/watch"), { invite: code });
      window.location.href = watching.link;
    } catch (err) {
      $("watch-game").replaceWith(document.createTextNode(`Watching is not possible: ${err.detail || err.message}`));
    }
  });
}

// A record opened from a file (read-only: no chat, its record is the file's).
function isRecord() {
  return app.meta?.players?.union === "record";
}

function areaNames(meta) {
  const brigades = new Map(meta.counters.brigades.map((b) => [b.id, b]));
  const hqs = new Map(meta.counters.hqs.map((h) => [h.id, h]));
  return {
    unit: (id) => brigades.get(id)?.name || (id === meta.counters.train.id ? `${meta.counters.train.name}'s train` : id),
    zone: (id) => app.map.zoneName(id),
    hq: (id) => hqs.get(id)?.name || (id === meta.counters.train.id ? `${meta.counters.train.name}'s train` : id),
    group: (id) => formationName(meta, brigades.get(id)),
  };
}

// The formation a unit belongs to, by name (its division, else its brigade): the enemy's turn
// is listed formation by formation.
function formationName(meta, unit) {
  if (!unit) return null;
  const named = (list, id) => (list || []).find((x) => x.id === id)?.name;
  return named(meta.counters.divisions, unit.division) || named(meta.counters.brigades, unit.brigade) || null;
}

function hexNames(meta) {
  const units = new Map(meta.counters.units.map((u) => [u.id, u]));
  return { unit: (id) => units.get(id)?.name || id, zone: (id) => app.map.zoneName(id), hq: (id) => id,
    zoneLabel: (id) => app.map.hexes.get(id)?.label || null, group: (id) => formationName(meta, units.get(id)) };
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
    else if (message.type === "chat" && message.message) chat.add([message.message]);
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
    setTimeout(() => { connect(); chat.load(); }, delay);
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
  if (source === "post" && Array.isArray(view.defaulted)) {
    app.defaulted = view.defaulted.length ? { items: view.defaulted, from: view.defaulted[0].seq } : null;
    if (view.stopped) showError(view.stopped);
  } else if (source === "post" || (old && view.seq < old.seq)) app.defaulted = null;
  app.view = view;
  if (old && old.seq !== view.seq) $("chooser").hidden = true;     // a menu of an older decision
  if (app.previewing && app.previewing.seq !== view.seq) interact.closePreview();
  if (app.hover && (!old || old.seq !== view.seq)) interact.closePreview();
  render();
}

// A view's log holds the events from log_from on: log_from 0 is a whole log (first view, or
// after an undo) that replaces ours; otherwise the events are appended where they start (and, after an
// undo, "log_cut", our log ends where this one does).
function mergeLog(view) {
  if (!Array.isArray(view.log)) return true;
  const from = view.log_from ?? 0;
  const total = view.log_total ?? from + view.log.length;
  if (from === 0) app.log = view.log.slice();
  else if (from > app.log.length) return false;
  else if (total >= app.log.length || view.log_cut) app.log = app.log.slice(0, from).concat(view.log);
  return true;
}

// --- rendering --------------------------------------------------------------------------
// The position the page shows: the live one, or the replay viewer's (the side panels follow it).
function shown() {
  if (app.replay) {
    const d = app.replay.doc;
    return { position: d.position, result: d.result || app.view.result, log: d.log || [], over: d.over };
  }
  return { position: app.view.position, result: app.view.result, log: app.log, over: app.view.over };
}

function render() {
  const view = app.view;
  if (!view) return;
  const panels = app.panels;
  const now = shown();
  hover.hide();           // what it said may no longer be true
  renderStatus();
  $("turn-track").innerHTML = panels.renderTurnTrack({ ...view, position: now.position }, app.meta);
  $("vp").innerHTML = panels.renderVP(now.result, app.names.zone);
  $("rolls").innerHTML = panels.renderRolls(now.log, now.position.turn);
  renderIntentsPanel();
  const myTurn = (view.legal || []).length > 0;
  document.body.classList.toggle("spectator", !(view.you || []).length);
  document.body.classList.toggle("my-turn", myTurn);
  signal.update(myTurn, app.panels.phaseText(view.phase).text);
  $("record-download").disabled = !view.over && !isRecord();
  $("resign").hidden = !(view.you || []).length || view.over || isRecord();
  interact.afterView();
  renderActions();
  renderUndo();
  renderDefaulted();
  renderDecisionAid();
  replay.update();
  if (!app.replay) {
    app.map.draw(view.position);
    $("offmap").innerHTML = panels.renderOffMap(view.position, app.meta.counters, app.names);
    $("log").innerHTML = panels.renderLog(app.log);
    updateHighlights();
    followMovingBrigade();
    follow.update();
    drawOverlay();
    renderCombatCard();
  } else {
    $("combat-card").innerHTML = "";
  }
  if (view.over && !app.replay) showGameOver(false);
  else if (app.replay) $("gameover").hidden = true;
}

// What the bots intend: in the replay, as at the position shown; live, as now. The server sends
// them only when this game may show them (web/intents.py).
function renderIntentsPanel() {
  const intents = app.replay ? app.replay.doc.intents : app.view.intents;
  const html = renderIntents(intents, app.view.players);
  $("intents-panel").hidden = !html;
  $("intents").innerHTML = html;
  $("intents-when").textContent = app.replay ? `after action ${app.replay.n}` : "now";
}

function renderStatus() {
  let view = app.view;
  if (app.replay) {        // the status of the position shown, as it was then
    const d = app.replay.doc;
    view = { ...view, position: d.position, to_act: d.to_act, phase: d.phase, over: d.over, result: d.result || view.result,
      legal: [], moving: null, past: true };
  }
  let extra = "";
  // An enemy unit's move that stops for my decision (a facing on contact, 10.4): the status
  // speaks to the side that decides, not with the mover's instructions.
  const moverSide = view.moving ? unitSide(view.moving) : null;
  if (moverSide && view.to_act && moverSide !== view.to_act) {
    extra += `<div class="note">${escapeHtml(app.names.unit(view.moving))} (${SIDE_NAMES[moverSide]}) is moving: it
      goes on once the ${SIDE_NAMES[view.to_act]} side has decided this.</div>`;
    view = { ...view, moving: null };
  }
  const stays = app.picked && !app.replay && !view.moving && app.picked.options?.stays;
  if (stays) {            // nowhere to go, and why: a battery limbers first (7.3)
    const name = escapeHtml(app.names.unit(app.picked.unit));
    extra += `<div class="note picked stays">Picked: <b>${name}</b>: ${escapeHtml(stays.text)}
      <span class="rule">${escapeHtml(stays.rule)}</span>.
      ${stays.then ? `<button type="button" id="stays-then" class="small">${escapeHtml(stays.then_text)}</button>` : ""}</div>`;
  } else if (app.picked && !app.replay && !view.moving) {
    const name = escapeHtml(app.names.unit(app.picked.unit));
    extra += `<div class="note picked">${app.picked.auto ? "Next by default" : "Picked"}: <b>${name}</b>.
      Click a highlighted ${app.meta.geometry.kind === "hexes" ? "hex" : "zone"} to move it there (the move ends
      there<span class="kbd-only">; Shift+click to go on</span>), an enemy to attack; its counter again for its other choices${app.picked.auto ? "; another counter to pick it instead"
      : app.meta.geometry.kind === "hexes" ? ". A click on friendly counters in a highlighted hex moves it there too<span class=\"kbd-only\"> (Escape to pick another)</span>" : ""}.</div>`;
  }
  $("sheet-phase").textContent = view.phase && !view.over ? `· ${app.panels.phaseText(view.phase).title}` : "";
  $("status").innerHTML = app.panels.renderStatus(view, app.names, app.meta) + extra +
    (view.over ? `<button type="button" id="show-result" class="small">show the result</button>` : "");
  $("show-result")?.addEventListener("click", () => showGameOver(true));
  $("stays-then")?.addEventListener("click", () => interact.quick({ unit: app.picked.unit, select: true, action: stays.then }));
}

// The side of a counter, from the game's counter sheet.
function unitSide(id) {
  const c = app.meta.counters;
  return [...(c.brigades || []), ...(c.units || [])].find((u) => u.id === id)?.side || null;
}

function drawOverlay() {
  const combat = lastCombat(app.log, app.view.position);
  const extra = combat && !follow.steps.some((s) => s.index === combat.index) ? [combat] : [];
  follow.draw(extra);
}

// The most recent combat of this turn, as a card above the decision: both dice, the modifiers
// with their rules, both totals and the result.
function renderCombatCard() {
  const combat = lastCombat(app.log, app.view.position);
  $("combat-card").innerHTML = combat && !app.view.over ? `<div class="last-combat"><div class="hint">Last combat
    <span class="rule">${escapeHtml(combat.rule)}</span></div>${combatCard(combat, app.names)}</div>` : "";
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

// The numbers of one decision: the same phase, side, turn and moving unit. A new decision (or
// one none of whose numbered actions is left) numbers from 1 again.
function keyMemo(view) {
  const pos = view.position || {};
  const decision = [view.phase, view.to_act, pos.turn, pos.round, view.moving || ""].join("|");
  const legal = new Set((view.legal || []).map((i) => JSON.stringify(i.action)));
  const memo = app.keyMemo;
  if (!memo || memo.decision !== decision || ![...memo.numbers.keys()].some((k) => legal.has(k))) {
    app.keyMemo = { decision, numbers: new Map(), next: 1 };
  }
  return app.keyMemo;
}

// A move into a place the unit may only pass through (not in its reach: a full stack).
function passOnly(item) {
  const kind = item.action.kind;
  const place = placeOf(item.action);
  return (kind === "move" || kind === "step") && app.view.moving && app.reach && place && app.reach[place] === undefined;
}

function renderActions() {
  const view = app.view;
  const box = $("actions");
  const legal = view.legal || [];
  let note = "";
  // A bot to act is thinking (a search bot in the server's worker pool may take seconds).
  const bot = !view.over && view.players?.[view.to_act]?.startsWith("bot:") ? view.players[view.to_act].slice(4) : null;
  const thinking = bot ? ` <span class="thinking">The ${SIDE_NAMES[view.to_act]} bot (${escapeHtml(bot)}) is thinking…</span>` : "";
  if (app.replay) note = "You are looking at the past. Press “back to live” to play.";
  else if (view.over) note = "The game is over.";
  else if (!(view.you || []).length) note = `You are watching as a spectator.${thinking}`;
  else if (!legal.length && bot) note = thinking.trim();
  else if (!legal.length) {
    note = view.seats?.[view.to_act] === "open"
      ? `Waiting for the ${SIDE_NAMES[view.to_act]} player to open the invite link…`
      : `Waiting for the ${SIDE_NAMES[view.to_act] || "other side"} (${escapeHtml(app.panels.playerText(view.players?.[view.to_act]))})…`;
  }
  app.keys = new Map();
  if (note || app.replay) {
    box.innerHTML = `<p class="hint waiting">${note}</p>`;
    return;
  }
  const place = app.meta.geometry.kind === "hexes" ? "hex" : "zone";
  const hint = legal.some((i) => ["brigade", "move", "enter", "attacker"].includes(i.action.kind))
    ? `<p class="hint">Click a counter on the map to pick it, or a button.</p>`
    : legal.some((i) => placeOf(i.action)) ? `<p class="hint">Click a highlighted ${place} on the map, or a button.</p>` : "";
  const list = actionListHtml(legal, { defaultIndex: view.default?.index, defaultWhy: view.default?.why ? `default: ${view.default.why}` : "",
    text: itemText, names: app.names, busy: app.busy, isCombat: previewable, memo: keyMemo(view), unnumbered: passOnly });
  app.keys = list.keys;
  box.innerHTML = hint + list.html;
  for (const button of box.querySelectorAll("button.action")) {
    const item = legal.find((i) => String(i.index) === button.dataset.index);
    button.addEventListener("click", () => { if (item) pressed(item); });
    if (item?.action.kind === "activate") {
      button.addEventListener("mouseenter", () => interact.showDivision(item.action.division));
      button.addEventListener("mouseleave", updateHighlights);
    }
  }
}

// A button (or its key): select actions are sent as they are; combats commit at once when the
// decision panel already shows their preview, else the preview opens first.
function pressed(item) {
  if (SELECT_KINDS.has(item.action.kind)) return sendAction(item.action);
  if (!confirmRisk(item.action, item.text)) return undefined;       // declared lower odds: asked first
  if (previewable(item) && aidShows(item)) {
    return confirmRisk(item.action, item.text, app.aid?.preview) ? sendAction(item.action) : undefined;
  }
  return interact.choose(item);
}

function aidShows(item) {
  return Boolean(app.aid && app.aid.seq === app.view.seq && app.aid.item?.index === item.index && app.aid.combat);
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
  } else if (undo.refused_for && you.includes(undo.refused_for)) {
    box.innerHTML = `<p class="undo-refused">The other player refused your undo: the action stands.</p>`;
  } else if (undo.possible) {
    box.innerHTML = `<button type="button" id="undo-button" class="small" title="take back the last action (U)">↶ Undo</button>`;
    $("undo-button").addEventListener("click", requestUndo);
  }
}

// What the last quick request took by default, and one button to take it all back.
function renderDefaulted() {
  const box = $("defaulted");
  const d = app.defaulted;
  if (!d || app.replay || !d.items.length || app.view.seq <= d.from) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.innerHTML = `<div class="hint">Taken by default:</div><ul>${d.items.map((i) => `<li>${escapeHtml(i.text)}</li>`).join("")}</ul>
    ${app.view.undo?.possible ? `<button type="button" id="undo-defaults" class="small">↶ undo these</button>` : ""}`;
  $("undo-defaults")?.addEventListener("click", () => undoTo(d.from));
}

async function undoTo(seq) {
  for (let i = 0; i < 20 && app.view.seq > seq && app.view.undo?.possible && !app.view.undo?.requested_by; i += 1) {
    const before = app.view.seq;
    await send(api("/undo"), { token }, "undo");
    if (app.view.seq >= before) break;
  }
  app.defaulted = null;
  renderDefaulted();
}

// The decision panel's preview: the consequences of a hit, a retreat or an advance, and the odds
// of the default combat (so that Enter commits what the player has seen).
async function renderDecisionAid() {
  const box = $("decision-aid");
  const view = app.view;
  const legal = view.legal || [];
  if (app.replay || !legal.length) {
    box.innerHTML = "";
    app.aid = null;
    return;
  }
  if (app.aid && app.aid.seq === view.seq) {
    box.innerHTML = app.aid.html;
    return;
  }
  const def = view.default && legal.find((i) => i.index === view.default.index);
  const combat = def && app.panels.COMBAT_KINDS.has(def.action.kind) ? def : null;
  const item = combat || choiceToPreview(legal, app.meta.geometry.kind === "hexes");
  box.innerHTML = "";
  app.aid = { seq: view.seq, item, html: "", combat: Boolean(combat) };
  if (!item) return;
  try {
    const preview = await postJSON(api("/preview"), { token, action: item.action });
    if (app.view.seq !== view.seq) return;
    if (!preview || !Object.keys(preview).length) throw new Error("no preview for this decision");
    const html = combat
      ? `<div class="aid-combat">${app.panels.renderPreview(preview, itemText(item), app.names)}
         <p class="hint">Enter (or the ⏎ button) rolls the dice for this attack.</p></div>`
      : choicePreviewHtml(preview, app.names);
    app.aid = { seq: view.seq, item, html, combat: Boolean(combat), preview };
    box.innerHTML = html;
  } catch {
    app.aid = { seq: view.seq, item: null, html: "", combat: false };   // no preview for this decision
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
  const resigned = app.view.result?.resigned;
  $("gameover-body").innerHTML = (resigned ? `<p class="resigned">The ${SIDE_NAMES[resigned]} player resigned.</p>` : "")
    + app.panels.renderGameOver(app.view.result) + fairnessHtml(app.view.fairness);
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
  const picked = app.picked;
  if (picked && !app.view.moving) {
    marks.units.set(picked.unit, `${marks.units.get(picked.unit) || ""} moving picked`.trim());
    for (const [place, mp] of Object.entries(picked.options?.reach || {})) marks.zones.set(place, { cls: "reach", label: `${mp} MP` });
    for (const a of picked.options?.actions || []) marks.zones.set(placeOf(a.action), { cls: "attack", label: a.action.kind });
  }
  const duty = app.view.obligations;
  if (duty) {
    for (const u of duty.attack || []) marks.units.set(u, `${marks.units.get(u) || ""} must-attack`.trim());
    for (const u of duty.defend || []) marks.units.set(u, `${marks.units.get(u) || ""} must-defend`.trim());
  }
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
    renderActions();                        // a move it may only pass through loses its number
  } catch (err) {
    showError(`Cannot get the reachable zones: ${err.message}`);
  }
}

// --- sending ----------------------------------------------------------------------------
// The game says which actions preview a combat (item.preview: Cedar Creek's facing after an
// attack declaration); otherwise their kind does.
function previewable(item) {
  return item.preview ?? app.panels.COMBAT_KINDS.has(item.action.kind);
}

function sendAction(action) {
  return send(api("/actions"), { token, seq: app.view.seq, action, log_from: app.log.length });
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
    interact.afterView();     // the next brigade is picked by default once the answer is in
  }
}

// Resigning ends the game at once, lost whatever the points: asked for twice. On one screen
// (both sides) it is the side to act that resigns.
function resignGame() {
  const you = app.view?.you || [];
  const side = you.length === 1 ? you[0] : app.view?.to_act;
  if (!side || !window.confirm(`Resign the ${SIDE_NAMES[side]} side? The game ends now and the other side wins.`)) return;
  send(api("/resign"), { token, side }, "resign");
}

function requestUndo() {
  return send(api("/undo"), { token }, "undo");
}

function answerUndo(accept) {
  send(api("/undo/answer"), { token, accept }, "undo");
}

// --- the record -----------------------------------------------------------------------------
async function downloadRecord() {
  try {
    // The server's bytes unchanged: parsing the record would round its 64-bit seed.
    const blob = await getBytes(withToken(api("/record")));
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `cwbattles-${app.meta?.game || "game"}-${gameId}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  } catch (err) {
    showError(err.message);
  }
}

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
$("actions-head").addEventListener("click", (e) => {       // a phone's bottom sheet folds and unfolds
  if (window.matchMedia("(max-width: 600px)").matches && !e.target.closest("button")) $("actions-panel").classList.toggle("folded");
});
$("gameover-close").addEventListener("click", () => { $("gameover").hidden = true; });
$("record-download").addEventListener("click", downloadRecord);
$("resign").addEventListener("click", resignGame);
$("keys-help").addEventListener("click", (e) => {
  $("keys-pop").hidden = !$("keys-pop").hidden;
  const box = e.target.getBoundingClientRect();
  $("keys-pop").style.left = `${Math.max(4, box.right - 320)}px`;
  $("keys-pop").style.top = `${box.bottom + 6}px`;
  e.stopPropagation();
});
document.addEventListener("click", (e) => { if (!e.target.closest("#keys-pop")) $("keys-pop").hidden = true; });

const hover = makeHover(app, () => indexLegal(app));
const signal = makeSignal("cwbattles — game");
const replay = makeReplay(app, { api, withToken, render, closePreview: () => interact.closePreview(), showError });
const follow = makeFollow(app, { replay, names: () => app.names, extra: () => [] });
const interact = makeInteraction(app, {
  api, token: () => token, withToken, send, sendAction, showError, hover, itemText, renderStatus, updateHighlights, requestUndo,
  keys: () => app.keys, aidShows, pressed, previewable,
});
const chat = makeChat({ api, token: () => token, withToken, canWrite: false, showError });
installRulePopups(() => app.meta?.rules);
window.cwbattles = app;       // for the browser tests and the curious
start();
