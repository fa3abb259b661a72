// The details panel that follows the pointer over the map: a brigade's full description, a
// headquarters, the train, or a zone (terrain, victory value, what a click there would do);
// on a hex map, what hexpanels.js says of a stack or a hex.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";
import { brigadeDetails, hqDetails, trainDetails } from "/static/counters.js";

/** app: the game page's state; legalIndex(): {zoneActions, unitActions} of the view shown. */
export function makeHover(app, legalIndex) {
  const tip = document.getElementById("tooltip");

  function shownPosition() {
    return app.replay ? app.replay.doc.position : app.view?.position;
  }

  // What a click on a place in reach does: the unit moving now, or the one picked, goes there
  // by the cheapest path and ends its move there (Shift+click: goes on moving).
  function moveHint(id) {
    const picked = !app.view?.moving && app.picked?.options?.reach?.[id] !== undefined ? app.picked : null;
    const unit = app.view?.moving && app.reach?.[id] !== undefined ? app.view.moving : picked?.unit;
    if (!unit) return "";
    const mp = picked ? picked.options.reach[id] : app.reach[id];
    return `<p class="tip-action">Click: ${escapeHtml(app.names.unit(unit))} goes here by the cheapest path (${mp} MP)
      and ends its move<span class="kbd-only">; Shift+click: goes on moving</span></p>`;
  }

  function clickText(items) {
    return `<p class="tip-action">Click: ${items.map((i) => escapeHtml(i.text)).join(" · ")}</p>`;
  }

  function zoneDetails(id, pos) {
    const zone = app.meta.geometry.zones.find((z) => z.id === id);
    if (!zone) return "";
    const terrain = [zone.elevation > 0 ? "higher ground" : "open", zone.woods ? "woods" : "", zone.town ? "town" : "",
      zone.bank === "south" ? "south bank of Cedar Creek" : ""].filter(Boolean).join(", ");
    const lines = [`<div class="tip-title">${escapeHtml(zone.name)}</div>`, `<div>${escapeHtml(terrain)}</div>`];
    if (zone.entry.length) lines.push(`<div>entry point ${zone.entry.join(", ")}</div>`);
    if (zone.vp.union || zone.vp.confederate) {
      const held = pos.control?.[id];
      lines.push(`<div>victory zone: Union ${zone.vp.union} VP, Confederates ${zone.vp.confederate} VP;
        held by ${held ? SIDE_NAMES[held] : "nobody"}</div>`);
    }
    if (!app.replay) {
      const items = legalIndex().zoneActions.get(id);
      if (items && !moveHint(id)) lines.push(clickText(items));
      else lines.push(moveHint(id));
    }
    return lines.join("");
  }

  function html(kind, id, pos) {
    const counters = app.meta.counters;
    if (kind === "unit") {
      const unit = pos.units.find((u) => u.id === id);
      const info = counters.brigades.find((b) => b.id === id);
      if (!unit || !info) return "";
      const division = counters.divisions.find((d) => d.id === info.division);
      const marker = (pos.markers || []).find((m) => m.brigade === id);
      const text = brigadeDetails({ ...unit, facingName: unit.facing ? app.names.zone(unit.facing) : "" }, info,
        division, app.names.zone(unit.zone), marker?.value);
      const items = app.replay ? null : legalIndex().unitActions.get(id);
      return items ? text + clickText(items) : text;
    }
    if (kind === "hq") {
      const hq = pos.hqs.find((h) => h.id === id);
      const info = counters.hqs.find((h) => h.id === id);
      return hq && info ? hqDetails(hq, info, app.names.zone(hq.zone)) : "";
    }
    if (kind === "train") {
      const left = (pos.markers || []).filter((m) => m.status === "in_train").length;
      return trainDetails(pos.train, counters.train, app.names.zone(pos.train.zone), left);
    }
    return kind === "zone" ? zoneDetails(id, pos) : "";
  }

  // A hex map's panels describe its own units and hexes; the area map's are described above.
  function describe(kind, id, pos) {
    if (!app.panels.hoverHtml) return html(kind, id, pos);
    const index = app.replay ? { zoneActions: new Map(), unitActions: new Map() } : legalIndex();
    return app.panels.hoverHtml(kind, id, pos, { map: app.map, meta: app.meta, clickText, moveHint, ...index,
      reach: app.reach, moving: app.view?.moving, replay: app.replay });
  }

  function hide() {
    tip.hidden = true;
  }

  function show(kind, id, event) {
    const pos = shownPosition();
    const text = pos && app.meta ? describe(kind, id, pos) : "";
    if (!text) {
      hide();
      return;
    }
    tip.innerHTML = text;
    tip.hidden = false;
    // Beside the pointer, kept inside the window.
    const x = event.clientX + 16;
    const y = event.clientY + 16;
    tip.style.left = `${Math.max(4, Math.min(x, window.innerWidth - tip.offsetWidth - 8))}px`;
    tip.style.top = `${Math.max(4, Math.min(y, window.innerHeight - tip.offsetHeight - 8))}px`;
    keepOffDialog(event);
  }

  // An open attack preview is what the player reads: the tip goes to the other side of the
  // pointer, or away, rather than over it.
  function keepOffDialog(event) {
    const dialog = document.getElementById("preview");
    if (!dialog || dialog.hidden) return;
    const d = dialog.getBoundingClientRect();
    const over = (t) => t.left < d.right && d.left < t.right && t.top < d.bottom && d.top < t.bottom;
    if (!over(tip.getBoundingClientRect())) return;
    tip.style.left = `${Math.max(4, Math.min(event.clientX, d.left) - tip.offsetWidth - 16)}px`;
    if (over(tip.getBoundingClientRect())) hide();
  }

  return { show, hide };
}
