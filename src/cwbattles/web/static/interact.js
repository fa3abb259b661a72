// What clicks, the pointer and the keyboard do on the game page. A click on a counter that could
// act *picks* it (nothing is sent): its reach and its attacks are shown, worked out by the server
// on a copy of the game. A click on a place then sends one quick request (play_aids.py): pick it
// (activating its division if needed), go there by the cheapest path, and end the move with its
// facing and line taken by default when nothing else is sensible there (Shift+click keeps the
// move going). Every action taken by default comes back listed, with an undo. Pointing at an
// attack shows its preview beside the target; a click commits it. The Enter key takes the
// decision's default, E ends the phase, U undoes, 1-9 press the numbered buttons.
import { confirmRisk } from "/static/risk.js";
import { getJSON, postJSON, escapeHtml } from "/static/api.js";
import { counterChoices, indexLegal, placeOf } from "/static/mapactions.js";
import { hideInspector, showInspector } from "/static/inspector.js";

const $ = (id) => document.getElementById(id);
export const SELECT_KINDS = new Set(["brigade", "move"]);
const MOVE_KINDS = new Set(["move", "step", "enter"]);
const FIRST_CHOICE = new Set(["brigade", "move", "enter", "attacker"]);
const ALTERNATIVE = new Set(["march"]);

/** hooks: {api, token, send(path, body, source), showError, render, updateHighlights, hover, keys()} */
export function makeInteraction(app, hooks) {
  const { api, withToken } = hooks;
  const token = () => hooks.token();
  const previews = new Map();          // key -> preview answer (for the position of app.view.seq)

  // --- picking ---------------------------------------------------------------------------
  function divisionOf(unit) {
    const list = app.meta.counters.brigades || app.meta.counters.units || [];
    return list.find((c) => c.id === unit)?.division;
  }

  function pickable(unit) {
    const legal = app.view?.legal || [];
    if (app.view?.moving) return false;
    return legal.some((i) => SELECT_KINDS.has(i.action.kind) && i.action.unit === unit)
      || legal.some((i) => i.action.kind === "activate" && i.action.division && i.action.division === divisionOf(unit));
  }

  async function pick(unit, auto = false) {
    const seq = app.view.seq;
    app.picked = { unit, auto, seq, options: null };
    hooks.updateHighlights();
    hooks.renderStatus();
    try {
      const options = await getJSON(withToken(`${api("/options")}?unit=${encodeURIComponent(unit)}`));
      if (app.picked?.unit !== unit || app.view.seq !== seq) return;
      if (!options.selectable) {
        app.picked = null;
        if (!auto) hooks.showError(`${app.names.unit(unit)} cannot be picked now without a die roll: use its button.`);
      } else app.picked.options = options;
    } catch (err) {
      app.picked = null;
      hooks.showError(err.message);
    }
    hooks.updateHighlights();
    hooks.renderStatus();
  }

  function unpick() {
    app.picked = null;
    hooks.updateHighlights();
    hooks.renderStatus();
  }

  /** After each view: forget a pick made for an older position; pick the default brigade. */
  function afterView() {
    const view = app.view;
    if (app.picked && app.picked.seq !== view.seq) app.picked = null;
    if (app.replay || view.moving || !(view.legal || []).length || app.picked || app.busy) return;
    const def = view.default && view.legal.find((i) => i.index === view.default.index);
    if (def && SELECT_KINDS.has(def.action.kind) && def.action.unit) pick(def.action.unit, true);
  }

  function quick(body) {
    closePreview();
    return hooks.send(api("/quick"), { token: token(), seq: app.view.seq, log_from: app.log.length, ...body });
  }

  // --- clicks on the map ----------------------------------------------------------------------
  function onUnitClick(unitId, placeId, event) {
    if (app.replay || !app.view) return;
    hideInspector();
    if (app.picked?.unit === unitId) {
      // A second click on the picked counter: pick it for real (its other choices: rest, pass...).
      const item = app.view.legal.find((i) => SELECT_KINDS.has(i.action.kind) && i.action.unit === unitId);
      if (item) hooks.sendAction(item.action);
      else quick({ unit: unitId, select: true });
      return;
    }
    // Friendly counters cover most of a hex: a click on them where the picked (or moving) unit
    // may go moves it there, not the stack there (issue 27, point 9).
    if (isDestination(unitId, placeId)) return onZoneClick(placeId, event);
    const { first, items } = counterChoices(app, unitId, placeId, FIRST_CHOICE, ALTERNATIVE);
    if (first && SELECT_KINDS.has(first.action.kind)) return pick(first.action.unit);
    if (first) return choose(first);
    if (items.length) return showChooser(items, event);
    if (pickable(unitId)) return pick(unitId);
    if (placeId) onZoneClick(placeId, event);
  }

  /** On a hex map, is the hex under a clicked counter one the unit picked on purpose, or the unit
   * moving, may end its move in? (A unit picked by default gives way to the one clicked; on an
   * area map a zone is large beside its counters, and a click on one picks it.) */
  function isDestination(unitId, placeId) {
    const view = app.view;
    if (!placeId || app.meta.geometry.kind !== "hexes") return false;
    if (view.moving) return unitId !== view.moving && app.reach?.[placeId] !== undefined;
    const picked = app.picked;
    return Boolean(picked && !picked.auto && picked.options && picked.unit !== unitId
      && picked.options.reach[placeId] !== undefined);
  }

  function onZoneClick(placeId, event) {
    if (app.replay || !app.view) return;
    hideInspector();
    const view = app.view;
    const shift = Boolean(event?.shiftKey);
    const items = indexLegal(app).zoneActions.get(placeId) || [];
    if (app.hover && app.hover.place === placeId && app.hover.ready) return app.hover.commit();
    const picked = app.picked?.options;
    if (picked && !view.moving) {
      const attack = picked.actions.find((a) => placeOf(a.action) === placeId);
      if (attack) return openPreview(attackOfPicked(attack));
      if (picked.reach[placeId] !== undefined) return quick({ unit: app.picked.unit, select: true, to: placeId, finish: !shift });
    }
    if (view.moving) {
      const moves = items.filter((i) => MOVE_KINDS.has(i.action.kind));
      // A place marked "pass": the unit may cross it, not end its move there (a full stack).
      if (moves.length && app.reach && app.reach[placeId] === undefined) {
        if (shift) return choose(moves[0]);
        return hooks.showError(`${app.names.unit(view.moving)} may pass through ${app.names.zone(placeId)} but not end its move
          there: the stack there is full (stacking limit). Shift+click to move in and go on beyond it.`);
      }
      if (moves.length || app.reach?.[placeId] !== undefined) {
        return quick({ unit: view.moving, to: placeId, finish: !shift });
      }
    }
    if (items.length === 1) return choose(items[0]);
    if (items.length > 1) return showChooser(items, event);
    showInspector(app, placeId, event, onUnitClick);
  }

  // --- choosing and committing ----------------------------------------------------------------
  /** The request that commits an action: attacks of the moving unit go as a quick request so its
   * facing toward the target is taken by default. */
  function commitOf(item) {
    const moving = app.view.moving;
    if (moving && ["attack", "charge"].includes(item.action.kind)) {
      return () => quick({ unit: moving, action: item.action, finish: true });
    }
    // A declared attack is joined by every unit its preview counted (8.2: a stack attacks
    // together); the player withholds by undoing, not by adding each unit by hand.
    if (!moving && app.panels.JOINED_ON_DECLARING?.has(item.action.kind)) {
      return () => quick({ action: item.action, join: true });
    }
    return () => hooks.sendAction(item.action);
  }

  function attackOfPicked(attack) {
    const unit = app.picked.unit;
    return { text: attack.text, action: attack.action, unit,
      previewBody: { token: token(), unit, action: attack.action }, previewPath: api("/unit-preview"),
      commit: () => quick({ unit, select: true, action: attack.action, finish: true }) };
  }

  function choose(item) {
    if (hooks.previewable(item)) return openPreview(combatRequest(item));
    return commitOf(item)();
  }

  function combatRequest(item) {
    return { text: hooks.itemText(item), action: item.action, previewPath: api("/preview"),
      previewBody: { token: token(), action: item.action }, commit: commitOf(item) };
  }

  async function fetchPreview(req) {
    const key = `${app.view.seq}:${req.previewPath}:${JSON.stringify(req.previewBody.action)}:${req.unit || ""}`;
    if (!previews.has(key)) previews.set(key, await postJSON(req.previewPath, req.previewBody));
    if (previews.size > 40) previews.delete(previews.keys().next().value);
    return previews.get(key);
  }

  async function openPreview(req) {
    try {
      const preview = await fetchPreview(req);
      $("preview-body").innerHTML = app.panels.renderPreview(preview, req.text, app.names);
      $("preview-commit").textContent = req.action.kind === "resolve" ? "Commit: roll the dice" : `Commit: ${req.text}`;
      app.previewing = { req, seq: app.view.seq, preview };
      app.hover = null;
      $("preview").classList.remove("hover");
      $("preview").hidden = false;
      placePreview(placeOf(req.action) || combatPlace(req.action));
    } catch (err) {
      hooks.showError(err.message);
    }
  }

  function closePreview() {
    app.previewing = null;
    app.hover = null;
    $("preview").hidden = true;
    $("preview").classList.remove("hover");
  }

  function commitPreview() {
    const pending = app.previewing;
    if (pending && !confirmRisk(pending.req.action, pending.req.text, pending.preview)) return;   // a likely loss: asked
    closePreview();
    if (pending && pending.seq === app.view.seq) pending.req.commit();
  }

  // The target of a declared combat (to place its preview beside it).
  function combatPlace(action) {
    if (action.kind !== "resolve") return null;
    const combat = action.combat !== undefined ? app.view.position.combats?.[action.combat] : null;
    return combat?.targets?.[0] || app.panels.pendingAttack?.(app.view, app.meta)?.targets?.[0] || null;
  }

  // The preview stands beside its target on the map, on the side with more room.
  function placePreview(place) {
    const box = $("preview");
    const pane = box.parentElement.getBoundingClientRect();
    const center = place && app.map.placeCenter(place);
    if (!center) {
      box.style.left = "";
      box.style.right = "14px";
      box.style.top = "44px";
      return;
    }
    const svg = app.map.svg.getBoundingClientRect();
    const x = svg.left + (center[0] * svg.width) / app.map.viewWidth - pane.left;
    const y = svg.top + (center[1] * svg.height) / app.map.viewHeight - pane.top;
    const width = Math.min(box.offsetWidth || 560, pane.width - 28);
    const left = x > pane.width / 2 ? Math.max(8, x - width - 40) : Math.min(pane.width - width - 8, x + 40);
    box.style.right = "auto";
    box.style.left = `${left}px`;
    // Within the part of the pane the window shows (on a phone the page may be scrolled so that
    // the pane begins above the window): the box's title always in view, the rest scrolls.
    const shownTop = Math.max(40, 8 - pane.top);
    const shownBottom = Math.min(pane.height, window.innerHeight - pane.top) - 8;
    box.style.maxHeight = `${Math.max(160, shownBottom - shownTop)}px`;
    const height = Math.min(box.offsetHeight || 300, Math.max(160, shownBottom - shownTop));
    box.style.top = `${Math.max(shownTop, Math.min(y - 80, shownBottom - height))}px`;
  }

  // --- pointing at an attack: its preview, ready to commit with one click ------------------------
  function attackAt(placeId) {
    if (app.replay || !app.view || !(app.view.legal || []).length) return null;
    const picked = app.picked?.options;
    if (picked && !app.view.moving) {
      const attack = picked.actions.find((a) => placeOf(a.action) === placeId);
      return attack ? attackOfPicked(attack) : null;
    }
    const items = (indexLegal(app).zoneActions.get(placeId) || []).filter((i) => hooks.previewable(i));
    return items.length === 1 ? combatRequest(items[0]) : null;
  }

  // A preview on hover needs a pointer that can rest over a zone: on a touch screen a tap's
  // emulated mouse-over would race the tap's own preview (and its click would commit at once).
  const canHover = () => !window.matchMedia("(hover: none)").matches;

  async function hoverPlace(kind, id) {
    if (kind !== "zone" || app.previewing || !canHover()) return;
    if (app.hover?.place === id) return;
    const req = attackAt(id);
    if (!req) {
      if (app.hover) closePreview();
      return;
    }
    app.hover = { place: id, ready: false, commit: () => {
      if (!confirmRisk(req.action, req.text, app.hover?.preview)) return;
      closePreview();
      req.commit();
    } };
    try {
      const preview = await fetchPreview(req);
      if (app.hover?.place !== id) return;
      app.hover.preview = preview;
      $("preview-body").innerHTML = app.panels.renderPreview(preview, req.text, app.names);
      $("preview").classList.add("hover");
      $("preview").hidden = false;
      placePreview(id);
      app.hover.ready = true;
      hooks.hover.hide();              // the preview says more than the tooltip
    } catch {
      app.hover = null;
    }
  }

  function leaveMap() {
    if (app.hover && !app.previewing) closePreview();
  }

  // --- menus ---------------------------------------------------------------------------------------
  function showChooser(items, event) {
    hooks.hover.hide();
    const box = $("chooser");
    box.innerHTML = items.map((item) => `<button type="button" data-index="${item.index}">${escapeHtml(hooks.itemText(item))}</button>`).join("") +
      `<button type="button" class="cancel">cancel</button>`;
    box.hidden = false;
    box.style.left = `${Math.min(event.clientX + 8, window.innerWidth - box.offsetWidth - 8)}px`;
    box.style.top = `${Math.min(event.clientY + 8, window.innerHeight - box.offsetHeight - 8)}px`;
    for (const button of box.querySelectorAll("button")) {
      button.addEventListener("click", (e) => {
        e.stopPropagation();
        box.hidden = true;
        const item = items.find((i) => String(i.index) === button.dataset.index);
        if (!item) return;
        if (SELECT_KINDS.has(item.action.kind)) pick(item.action.unit);
        else choose(item);
      });
    }
    event.stopPropagation();
  }

  // --- the keyboard ---------------------------------------------------------------------------------
  function onKey(event) {
    if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === "Escape") {
      $("chooser").hidden = true;
      hideInspector();
      closePreview();
      if (app.picked && !app.picked.auto) unpick();
      return;
    }
    if (key === "i" || key === "I") {
      if (app.pointerPlace) showInspector(app, app.pointerPlace, app.pointerEvent, onUnitClick);
      return;
    }
    if (app.replay || !app.view || app.busy) return;
    if ((key === "u" || key === "U") && app.view.undo?.possible) {
      event.preventDefault();
      hooks.requestUndo();
      return;
    }
    if (key === "Enter" && app.previewing) {
      event.preventDefault();
      commitPreview();
      return;
    }
    const keys = hooks.keys();
    const item = key === "Enter" ? keys.get("Enter") : key === "e" || key === "E" ? keys.get("e") : keys.get(key);
    if (!item) return;
    event.preventDefault();
    if (key === "Enter" && hooks.previewable(item) && hooks.aidShows(item)) {
      return confirmRisk(item.action, item.text, app.aid?.preview) ? commitOf(item)() : undefined;
    }
    hooks.pressed(item);
  }

  // --- pointing at an activation: the division's brigades and its command range ------------------------
  function showDivision(division) {
    const zones = new Map((app.view.command?.zones || []).map((z) => [z, { cls: "command", label: "" }]));
    const units = new Map();
    for (const b of app.meta.counters.brigades || []) if (b.division === division) units.set(b.id, "selectable division-hl");
    const hq = app.view.command?.hq;
    if (hq) zones.set(hq, { cls: "command hq", label: "HQ" });
    app.map.highlight(zones, units);
  }

  $("preview-commit").addEventListener("click", commitPreview);
  $("preview-cancel").addEventListener("click", closePreview);
  document.addEventListener("click", (event) => {
    if (!event.target.closest("#chooser")) $("chooser").hidden = true;
  });
  document.addEventListener("keydown", onKey);

  return { onUnitClick, onZoneClick, hoverPlace, leaveMap, choose, closePreview, afterView, pick, unpick,
    showDivision, quick, previews };
}
