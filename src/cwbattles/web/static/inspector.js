// The zone inspector: clicking a zone (or a hex) where a click has nothing to do lists every unit
// there, each line with its strength, losses, fatigue, facing and status, so a stack's second
// line is as readable as its first.
import { escapeHtml, SIDE_NAMES } from "/static/api.js";

function areaRows(pos, zoneId, meta, names) {
  const info = new Map(meta.counters.brigades.map((b) => [b.id, b]));
  const units = pos.units.filter((u) => u.zone === zoneId).sort((a, b) => (a.line || 9) - (b.line || 9));
  const markers = new Map((pos.markers || []).filter((m) => m.brigade).map((m) => [m.brigade, m.value]));
  return units.map((u) => {
    const b = info.get(u.id) || { name: u.id };
    const state = [u.routed ? "<b class='bad'>routed</b>" : "", u.attack !== null && u.attack !== undefined ? (u.charging ? "charging" : "attacking") : "",
      u.acted ? "has acted" : ""].filter(Boolean).join(", ");
    return `<tr class="${u.side}" data-unit="${escapeHtml(u.id)}"><td>${u.line === 1 ? "1st" : u.line === 2 ? "2nd" : ""}</td>
      <td><b>${escapeHtml(b.name)}</b> <span class="hint">${escapeHtml(b.division_name || "")}</span></td>
      <td class="num">${u.strength}${u.losses ? ` <span class="bad">(−${u.losses})</span>` : ""}</td>
      <td>${u.fatigue ? `F${u.fatigue}` : "–"}</td>
      <td>${u.facing ? escapeHtml(names.zone(u.facing)) : "–"}</td>
      <td>${[b.artillery ? `A${Math.max(0, b.artillery - u.losses)}` : "", b.sharpshooters ? `S${Math.max(0, 2 - u.losses)}` : "",
        markers.has(u.id) ? `Art ${markers.get(u.id)}` : "", b.star ? "★" : "", b.cavalry ? (u.mounted ? "mounted" : "dismounted") : ""]
        .filter(Boolean).join(" ")}${state ? ` · ${state}` : ""}</td></tr>`;
  }).join("");
}

function hexRows(pos, hexId, meta) {
  const info = new Map(meta.counters.units.map((u) => [u.id, u]));
  return pos.units.filter((u) => u.status === "on_map" && u.hex === hexId).map((u) => {
    const c = info.get(u.id) || { name: u.id };
    const flags = ["moved", "attacked", "defended", "retreated", "strat"].filter((f) => u[f]).join(", ");
    return `<tr class="${c.side}" data-unit="${escapeHtml(u.id)}"><td>${escapeHtml(c.size || "")}</td>
      <td><b>${escapeHtml(c.name)}</b> <span class="hint">${escapeHtml(c.type || "")}</span></td>
      <td class="num">${c.strength}${c.range ? `-${c.range}` : ""}-${c.movement}</td><td colspan="3">${escapeHtml(flags)}</td></tr>`;
  }).join("");
}

/** Show what stands in a place of the position drawn; nothing there, a short note. A click on a
 *  unit's line acts as a click on its counter (``onUnit``), so a brigade drawn under another is
 *  as easy to pick as the one on top. */
export function showInspector(app, placeId, event, onUnit) {
  const box = document.getElementById("inspector");
  const pos = app.replay ? app.replay.doc.position : app.view?.position;
  if (!pos) return;
  const hexes = app.meta.geometry.kind === "hexes";
  const rows = hexes ? hexRows(pos, placeId, app.meta) : areaRows(pos, placeId, app.meta, app.names);
  const held = pos.control?.[placeId];
  const head = hexes ? "<th></th><th>unit</th><th>factors</th><th colspan='3'>this turn</th>"
    : "<th>line</th><th>brigade</th><th>strength</th><th>fatigue</th><th>facing</th><th>support, status</th>";
  const extra = [];
  if (!hexes) {
    for (const h of pos.hqs || []) if (h.zone === placeId) extra.push(`HQ ${escapeHtml(app.names.hq(h.id))}${h.active ? " (active)" : ""}`);
    if (pos.train?.zone === placeId && pos.train.status === "on_map") extra.push("Carter's artillery train");
  }
  box.innerHTML = `<div class="inspector-title">${escapeHtml(app.names.zone(placeId))}
      ${held ? `<span class="hint">held by ${SIDE_NAMES[held]}</span>` : ""}
      <button type="button" class="small close" title="close (Esc)">✕</button></div>
    ${rows ? `<table class="inspector-table"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` : "<p class='hint'>No unit here.</p>"}
    ${extra.length ? `<p>${extra.join(" · ")}</p>` : ""}`;
  document.getElementById("tooltip").hidden = true;
  box.hidden = false;
  box.dataset.place = placeId;
  const x = event?.clientX ?? window.innerWidth / 2;
  const y = event?.clientY ?? 120;
  box.style.left = `${Math.max(4, Math.min(x + 10, window.innerWidth - box.offsetWidth - 8))}px`;
  box.style.top = `${Math.max(4, Math.min(y + 10, window.innerHeight - box.offsetHeight - 8))}px`;
  box.querySelector(".close").addEventListener("click", () => { box.hidden = true; });
  if (onUnit && !app.replay) {
    for (const row of box.querySelectorAll("tr[data-unit]")) {
      row.classList.add("pickable");
      row.title = "click: as a click on this counter";
      row.addEventListener("click", (e) => { box.hidden = true; onUnit(row.dataset.unit, placeId, e); });
    }
  }
}

export function hideInspector() {
  document.getElementById("inspector").hidden = true;
}
