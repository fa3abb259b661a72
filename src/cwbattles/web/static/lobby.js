// The lobby: create a game, hand out the invite links, list, resume and delete games.
import { getJSON, postJSON, postText, sendJSON, savedGames, saveGame, forgetGame, escapeHtml, SIDE_NAMES }
  from "/static/api.js";

const $ = (id) => document.getElementById(id);

// The toast says what went wrong, or (showToast) what was done.
function showToast(message) {
  showError(message);
}

function showError(message) {
  const toast = $("toast");
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { toast.hidden = true; }, 8000);
}

function absolute(link) {
  return new URL(link, window.location.origin).href;
}

// Which of the creator's links to open: the hot-seat token if there is one, else the side
// played by "me", else (bots or remote players only) the spectator link.
function creatorKey(links, choice) {
  if (links.both) return "both";
  for (const side of ["union", "confederate"]) if (choice[side] === "me" && links[side]) return side;
  return "spectator";
}

function playerLabel(p) {
  if (!p) return "?";
  if (p === "me") return "creator";
  if (p === "remote") return "remote";
  return p.replace(/^bot:/, "bot ");
}

const lobby = { scenarios: [], levels: [] };

const PLAYER_NOTES = { me: "You play this side on this screen.", remote: "Someone else plays it: you get a link to send them." };

async function loadChoices() {
  const [scenarios, bots, levels] = await Promise.all([getJSON("/api/scenarios"), getJSON("/api/bots"), getJSON("/api/bot-levels")]);
  lobby.scenarios = scenarios;
  lobby.levels = levels;
  // The game page draws both area maps and hex maps.
  $("scenario").innerHTML = scenarios
    .map((s) => `<option value="${escapeHtml(s.name)}">${escapeHtml(s.title)} (${s.map === "hexes" ? "hex map" : "area map"})</option>`).join("");
  // The named strengths first, then any other bot by its name.
  // A bot that a named strength already offers (mcts as "Search") is not listed again by its
  // bare name, which says nothing to a player.
  const named = new Set(levels.map((l) => l.spec));
  const family = new Set(levels.map((l) => l.spec.split(":")[1]));
  const options = [["me", "me (this screen)"], ["remote", "remote player (invite link)"]]
    .concat(levels.map((l) => [l.spec, `bot: ${l.name}`]))
    .concat(bots.filter((b) => !named.has(`bot:${b}`) && !family.has(b)).map((b) => [`bot:${b}`, `bot: ${b}`]));
  for (const side of ["union", "confederate"]) {
    $(`player-${side}`).innerHTML = options
      .map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`).join("");
    $(`player-${side}`).addEventListener("change", () => playerNote(side));
  }
  // A sensible default: I command the Union against the heuristic bot.
  $("player-union").value = "me";
  $("player-confederate").value = named.has("bot:heuristic") ? "bot:heuristic" : bots.length ? `bot:${bots[0]}` : "remote";
  playerNote("union");
  playerNote("confederate");
  renderOptions();
}

function playerNote(side) {
  const value = $(`player-${side}`).value;
  $(`note-${side}`).textContent = PLAYER_NOTES[value] || lobby.levels.find((l) => l.spec === value)?.text || "";
}

// The scenario's rule options, each with its rule and what it changes.
function renderOptions() {
  const scenario = lobby.scenarios.find((s) => s.name === $("scenario").value);
  const specs = scenario?.options || [];
  $("options").hidden = !specs.length;
  $("options-body").innerHTML = specs.map((o) => {
    const id = `opt-${o.name}`;
    let input;
    if (o.type === "bool") input = `<input type="checkbox" id="${id}" data-option="${escapeHtml(o.name)}" data-type="bool"${o.default ? " checked" : ""}>`;
    else {
      const choices = (o.default === null ? [["", "by the rules (a die)"]] : []).concat(o.choices.map((c) => [String(c), String(c)]));
      input = `<select id="${id}" data-option="${escapeHtml(o.name)}" data-type="${escapeHtml(o.type)}">${choices.map(([v, l]) =>
        `<option value="${escapeHtml(v)}"${String(o.default) === v ? " selected" : ""}>${escapeHtml(l.replace(/_/g, " "))}</option>`).join("")}</select>`;
    }
    return `<div class="option-row"><label for="${id}">${input} <b>${escapeHtml(o.name.replace(/_/g, " "))}</b>
      <span class="rule">${escapeHtml(o.rule)}</span></label><div class="hint">${escapeHtml(o.description)}</div></div>`;
  }).join("");
}

// The options that differ from the scenario's defaults, as the API takes them.
function chosenOptions() {
  const scenario = lobby.scenarios.find((s) => s.name === $("scenario").value);
  const out = {};
  for (const o of scenario?.options || []) {
    const el = $(`opt-${o.name}`);
    if (!el) continue;
    if (o.type === "bool") {
      if (el.checked !== Boolean(o.default)) out[o.name] = el.checked;
    } else if (el.value !== "" && el.value !== String(o.default)) {
      out[o.name] = o.type === "int" ? Number.parseInt(el.value, 10) : el.value;
    }
  }
  return out;
}

async function openRecord() {
  const file = $("record-file").files[0];
  if (!file) return;
  // The file's text goes to the server as it is: JSON.parse would round its 64-bit seed.
  const text = await file.text();
  try {
    JSON.parse(text);
  } catch {
    showError(`${file.name} is not a JSON file.`);
    return;
  }
  try {
    const opened = await postText("/api/records", `{"record": ${text}}`);
    window.location.href = opened.link;
  } catch (err) {
    showError(err.message);
  }
}

async function createGame(event) {
  event.preventDefault();
  const mode = document.querySelector("input[name=seedmode]:checked").value;
  let seed = null;
  if (mode === "fixed") {
    seed = $("seed").value.trim();          // sent as text: a JavaScript number rounds 64-bit seeds
    if (!/^[0-9]{1,19}$/.test(seed)) {
      showError("The seed must be a whole number (or choose a random seed).");
      return;
    }
  }
  const choice = { union: $("player-union").value, confederate: $("player-confederate").value };
  // A game with a remote player always gets a secret seed from the server.
  if (hasRemote()) seed = null;
  const body = { game: $("scenario").value, seed, union: choice.union, confederate: choice.confederate, options: chosenOptions() };
  $("create-button").disabled = true;
  try {
    const created = await postJSON("/api/games", body);
    const mine = creatorKey(created.links, choice);
    saveGame(created.id, {
      tokens: created.tokens, links: created.links, invites: created.invites, mine, seed: created.seed,
      players: choice, title: $("scenario").selectedOptions[0]?.textContent || body.game,
      created: new Date().toISOString(),
    });
    showCreated(created, choice, mine);
    refreshGames();
  } catch (err) {
    showError(err.message);
  } finally {
    $("create-button").disabled = false;
  }
}

function linkRow(label, link, cls) {
  const url = absolute(link);
  return `<div class="invite ${cls}"><span class="invite-label">${escapeHtml(label)}</span>
    <input type="text" readonly value="${escapeHtml(url)}" onclick="this.select()">
    <button type="button" class="small copy" data-url="${escapeHtml(url)}">copy</button></div>`;
}

// After creating: show the links others need, then the button to the creator's own page.
// Nothing is opened automatically when there is a link to hand out first.
function showCreated(created, choice, mine) {
  const box = $("created");
  const rows = [];
  for (const side of ["union", "confederate"]) {
    if (choice[side] === "remote" && created.invites?.[side]) {
      rows.push(linkRow(`Invite for the ${SIDE_NAMES[side]} player`, created.invites[side], `invite-${side}`));
    }
  }
  rows.push(linkRow("Spectators", created.links.spectator, "invite-spectator"));
  const goLabel = mine === "spectator" ? "Watch the game" : "Go to my game";
  const dice = created.seed !== undefined ? `seed ${escapeHtml(created.seed)}`
    : `secret seed, commitment <code title="SHA-256; the seed is revealed when the game ends">${escapeHtml(created.fairness.commitment.slice(0, 12))}…</code>`;
  box.innerHTML = `<h3>Game ${escapeHtml(created.id)} created (${dice})</h3>
    <p class="hint">Send each invite link to the person who will play that side: the first browser
    to open it takes the side and is shown that player's personal link, the way back to the game
    (if it is lost, “new invite” in the list below revokes it and makes a new invite).</p>
    ${rows.join("")}
    <a class="button primary" id="go-to-game" href="${escapeHtml(created.links[mine])}">${goLabel} →</a>`;
  box.hidden = false;
  // Below the form on a small screen: bring the way to one's game into view.
  $("go-to-game").scrollIntoView({ block: "nearest" });
  for (const button of box.querySelectorAll("button.copy")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.url);
        button.textContent = "copied";
      } catch {
        button.previousElementSibling.select();
      }
    });
  }
}

// The server gives the creation time in seconds since 1970 (or an ISO string).
function createdText(created) {
  if (created === null || created === undefined) return "";
  const date = typeof created === "number" ? new Date(created * 1000) : new Date(created);
  return Number.isNaN(date.getTime()) ? String(created) : date.toLocaleString();
}

function scoreText(score) {
  if (!score) return "–";
  return `${score.union ?? 0} – ${score.confederate ?? 0}`;
}

// The lobby pages through the games, newest first; "older games" loads the next page.
let shownPages = 1;

async function fetchGames() {
  const games = [];
  let offset = 0;
  let page = null;
  for (let i = 0; i < shownPages; i += 1) {
    page = await getJSON(`/api/games?offset=${offset}`);
    games.push(...page.games);
    if (page.next === null) break;
    offset = page.next;
  }
  $("more-games").hidden = !page || page.next === null;
  return games;
}

async function refreshGames() {
  let games;
  try {
    games = await fetchGames();
  } catch (err) {
    showError(err.message);
    return;
  }
  const saved = savedGames();
  const body = $("games").querySelector("tbody");
  $("no-games").hidden = games.length > 0;
  body.innerHTML = games.map((g) => {
    const mine = saved[g.id];
    if (g.damaged) {
      return `<tr data-game="${escapeHtml(g.id)}" class="damaged"><td><code>${escapeHtml(g.id)}</code></td>
        <td colspan="6" class="hint">${escapeHtml(g.damaged)}</td><td class="row-buttons">${mine?.tokens?.creator
          ? `<button type="button" class="small danger delete" data-id="${escapeHtml(g.id)}">delete</button>` : ""}</td></tr>`;
    }
    const result = g.over ? `<strong>${escapeHtml(SIDE_NAMES[g.winner] || g.winner || "?")} won</strong>`
      : "in progress";
    const players = ["union", "confederate"]
      .map((s) => `<span class="pl-${s}">${SIDE_NAMES[s][0]}: ${escapeHtml(playerLabel(g.players?.[s]))}</span>`)
      .join(" ");
    const buttons = [];
    if (mine) {
      const key = mine.mine && mine.links[mine.mine] ? mine.mine : "spectator";
      buttons.push(`<a class="button small primary resume" href="${escapeHtml(mine.links[key])}">
        ${g.over ? "review" : key === "spectator" ? "watch" : "resume"}</a>`);
      for (const side of ["union", "confederate"]) {
        if (mine.players?.[side] === "remote" && mine.invites?.[side] && g.seats?.[side] !== "taken") {
          buttons.push(`<button type="button" class="small copy-invite" data-url="${escapeHtml(absolute(mine.invites[side]))}"
            title="copy the ${SIDE_NAMES[side]} invite link">invite ${SIDE_NAMES[side][0]}</button>`);
        }
      }
      for (const side of ["union", "confederate"]) {
        if (mine.players?.[side] === "remote" && mine.tokens?.creator && g.seats?.[side] === "taken" && !g.over) {
          buttons.push(`<button type="button" class="small reissue" data-id="${escapeHtml(g.id)}" data-side="${side}"
            title="a new invite for the ${SIDE_NAMES[side]} player (who lost the personal link); the old link stops working">new invite ${SIDE_NAMES[side][0]}</button>`);
        }
      }
      if (key !== "spectator" && mine.links.spectator) {
        buttons.push(`<button type="button" class="small copy-invite" data-url="${escapeHtml(absolute(mine.links.spectator))}"
          title="copy the spectator link">spectator link</button>`);
      }
      if (mine.tokens?.creator || mine.tokens?.both) {
        buttons.push(`<button type="button" class="small danger delete" data-id="${escapeHtml(g.id)}">delete</button>`);
      }
    } else {
      buttons.push(`<span class="hint" title="this browser has no token for the game">no token here</span>`);
    }
    return `<tr data-game="${escapeHtml(g.id)}">
      <td><span class="game-title">${escapeHtml(g.title || g.game)}</span><br><code>${escapeHtml(g.id)}</code>
          <br><span class="hint">${escapeHtml(createdText(g.created))}</span></td>
      <td>${g.fairness?.seed !== undefined ? escapeHtml(g.fairness.seed)
        : `<span class="hint" title="commitment ${escapeHtml(g.fairness?.commitment || "")}">secret</span>`}</td>
      <td>${g.over ? "over" : `T${escapeHtml(g.turn)} R${escapeHtml(g.round)}`}</td>
      <td>${scoreText(g.score)}</td>
      <td>${result}</td>
      <td>${players}</td>
      <td>${escapeHtml(g.actions)}</td>
      <td class="row-buttons">${buttons.join(" ")}</td></tr>`;
  }).join("");
  for (const button of body.querySelectorAll("button.delete")) {
    button.addEventListener("click", () => deleteGame(button.dataset.id));
  }
  for (const button of body.querySelectorAll("button.reissue")) {
    button.addEventListener("click", () => reissueInvite(button.dataset.id, button.dataset.side));
  }
  for (const button of body.querySelectorAll("button.copy-invite")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.url);
        button.textContent = "copied";
      } catch {
        window.prompt("Copy this link:", button.dataset.url);
      }
    });
  }
}

// The creator gives a seat a new invite: its player's old personal link stops working.
async function reissueInvite(id, side) {
  const mine = savedGames()[id];
  if (!mine?.tokens?.creator) return;
  if (!window.confirm(`A new invite for the ${SIDE_NAMES[side]} side of game ${id}? `
    + "The player's current link stops working: send the new invite to whoever should play the side.")) return;
  try {
    const issued = await postJSON(`/api/games/${encodeURIComponent(id)}/invites/${side}`, { token: mine.tokens.creator });
    saveGame(id, { ...mine, invites: { ...(mine.invites || {}), [side]: issued.invite } });
    showToast(`New ${SIDE_NAMES[side]} invite: copy it with “invite ${SIDE_NAMES[side][0]}”.`);
  } catch (err) {
    showError(err.message);
  }
  refreshGames();
}

async function deleteGame(id) {
  const mine = savedGames()[id];
  if (!mine) return;
  // Only the game's creator may delete it.
  const token = mine.tokens.creator || mine.tokens.both;
  if (!token) {
    showError("Only the creator of a game can delete it, from the browser that created it.");
    return;
  }
  if (!window.confirm(`Delete game ${id}? This cannot be undone.`)) return;
  try {
    await sendJSON("DELETE", `/api/games/${encodeURIComponent(id)}`, { token });
    forgetGame(id);
  } catch (err) {
    showError(err.message);
  }
  refreshGames();
}

function hasRemote() {
  return $("player-union").value === "remote" || $("player-confederate").value === "remote";
}

// A chosen seed is for games against bots or on one screen: with a remote player the server
// draws a secret seed (and reveals it when the game ends).
function updateSeedChoice() {
  const remote = hasRemote();
  const fixed = document.querySelector("input[name=seedmode][value=fixed]");
  fixed.disabled = remote;
  $("seed").disabled = remote;
  if (remote) document.querySelector("input[name=seedmode][value=random]").checked = true;
  $("seed-note").hidden = !remote;
}

$("create-form").addEventListener("submit", createGame);
$("player-union").addEventListener("change", updateSeedChoice);
$("player-confederate").addEventListener("change", updateSeedChoice);
$("more-games").addEventListener("click", () => { shownPages += 1; refreshGames(); });
$("scenario").addEventListener("change", renderOptions);
$("record-file").addEventListener("change", openRecord);
$("refresh").addEventListener("click", refreshGames);
$("seed").addEventListener("focus", () => {
  document.querySelector("input[name=seedmode][value=fixed]").checked = true;
});
loadChoices().then(updateSeedChoice).catch((err) => showError(err.message));
refreshGames();
