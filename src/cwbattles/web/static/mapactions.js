// The legal actions on the map: which place (zone or hex) or counter each one is chosen by,
// and how the map marks them. Actions naming a place (move, step, attack, enter, face,
// retreat...) are chosen by clicking the place; actions naming only a unit (act with, start a
// move, join an attack, rest, hold...) by clicking its counter.

// The place an action names: a zone of an area map or a hex of a hex map.
export const placeOf = (action) => action.zone ?? action.hex;

/** {zoneActions: Map place -> items, unitActions: Map unit -> items} of the legal actions shown. */
export function indexLegal(app) {
  const zoneActions = new Map();
  const unitActions = new Map();
  const legal = app.replay ? [] : app.view.legal || [];
  const add = (index, key, item) => {
    if (!index.has(key)) index.set(key, []);
    index.get(key).push(item);
  };
  for (const item of legal) {
    const a = item.action;
    if (a.kind === "resolve") {
      // An attack is resolved by clicking the place it targets: a declared combat of an area
      // game, or the attack being declared on a hex map.
      const targets = a.combat !== undefined ? app.view.position.combats?.[a.combat]?.targets
        : app.panels.pendingAttack?.(app.view, app.meta)?.targets;
      for (const zone of targets || []) add(zoneActions, zone, item);
      continue;
    }
    // A reinforcement is brought on by clicking the hex where it enters (5.1).
    const place = placeOf(a) ?? (a.kind === "enter" ? app.map.entryOf?.(a.unit) : null);
    if (place) add(zoneActions, place, item);
    else if (a.unit) add(unitActions, a.unit, item);
  }
  return { zoneActions, unitActions };
}

const TAG_CLASSES = { attack: "attack", charge: "attack", resolve: "attack", target: "attack", enter: "enter",
  face: "face", retreat_to: "retreat", advance: "advance", no_advance: "advance", advance_more: "advance",
  move: "move", step: "move" };

/** The mark of a place: its colour class and a short label ("3 MP", "attack", ...). */
export function zoneTag(items, mp, reach = null) {
  const kinds = [...new Set(items.map((i) => i.action.kind))];
  const first = kinds[0];
  const cls = TAG_CLASSES[first] || "other";
  let label = kinds.join(" / ");
  if (first === "resolve") {
    label = items.map((i) => (i.action.combat !== undefined ? `resolve #${i.action.combat + 1}` : "resolve")).join(" / ");
  }
  // A hex the unit may pass through but not stop in (a full stack, 6.33) is not in its reach.
  if (first === "move" || first === "step") label = mp !== undefined ? `${mp} MP` : reach ? "pass" : "move";
  else if (first === "hq_move" || first === "hq_enter" || first === "hq_displace") {
    label = items.some((i) => i.action.piece === "train") ? "train" : "HQ";
  } else if (first === "retreat_to") label = "retreat";
  else if (first === "advance" || first === "no_advance" || first === "advance_more") label = "advance?";
  else if (first === "target") label = "+ target";
  return { cls, label };
}

/**
 * What to mark on the map now: {zones: Map place -> {cls, label}, units: Map unit -> classes,
 * reachKey}: reachKey names the reach the marks want ("seq:unit") when the page has not got it.
 */
export function highlights(app) {
  const view = app.view;
  const { zoneActions, unitActions } = indexLegal(app);
  const zones = new Map();
  const units = new Map();
  for (const unit of unitActions.keys()) units.set(unit, "selectable");
  // An attack being declared: its defending hexes and the units that have joined it.
  const attack = app.panels.pendingAttack?.(view, app.meta);
  if (attack) {
    for (const target of attack.targets) zones.set(target, { cls: "attack", label: "defending" });
    for (const unit of attack.attackers) units.set(unit, `${units.get(unit) || ""} joined`.trim());
  }
  const reachKey = view.moving ? `${view.seq}:${view.moving}` : null;
  const reach = reachKey && app.reachKey === reachKey ? app.reach : null;
  let wanted = null;
  if (view.moving && (view.legal || []).length) {
    units.set(view.moving, `${units.get(view.moving) || ""} moving`.trim());
    if (reach) for (const [zone, mp] of Object.entries(reach)) zones.set(zone, { cls: "reach", label: `${mp} MP` });
    else if (reachKey && app.reachKey !== reachKey) wanted = reachKey;
  }
  for (const [zone, items] of zoneActions) {
    zones.set(zone, zoneTag(items, reach?.[zone], reach));
    // The unit a place's action moves (retreats, advances) is marked too.
    for (const { action } of items) if (action.unit && !units.has(action.unit)) units.set(action.unit, "moving");
  }
  return { zones, units, reachKey: wanted };
}

/**
 * The choices a click on a counter offers: its own actions, or on a hex map those of every
 * unit of its stack (the counters under the top one are hard to reach). `first` is the one to
 * take at once when there is no other sensible choice.
 */
export function counterChoices(app, unitId, place, firstKinds, alternativeKinds) {
  const { unitActions } = indexLegal(app);
  let items = unitActions.get(unitId) || [];
  const stack = app.map.unitsAt ? app.map.unitsAt(place).map((u) => u.id)
    : !items.length && place ? app.view.position.units.filter((u) => u.zone === place).map((u) => u.id) : [];
  if (stack.length) items = stack.flatMap((u) => unitActions.get(u) || []);
  const select = items.filter((i) => firstKinds.has(i.action.kind));
  const alternatives = items.filter((i) => alternativeKinds.has(i.action.kind));
  if (select.length === 1 && !alternatives.length) return { first: select[0], items: select };
  if (select.length || alternatives.length) return { first: null, items: select.concat(alternatives) };
  return { first: null, items };
}
