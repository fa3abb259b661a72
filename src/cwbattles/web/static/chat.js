// The game's chat: every page of the game reads it (players and spectators); players write.
// Messages come over the live socket as they are posted; the text is always escaped.
import { getJSON, postJSON, escapeHtml, SIDE_NAMES } from "/static/api.js";

const $ = (id) => document.getElementById(id);

export function makeChat({ api, token, withToken, canWrite, showError }) {
  const seen = new Set();
  let last = -1;

  function author(a) {
    return a === "both" ? "hot seat" : SIDE_NAMES[a] || a;
  }

  function add(messages) {
    const list = $("chat-list");
    for (const m of messages) {
      if (seen.has(m.n)) continue;
      seen.add(m.n);
      last = Math.max(last, m.n);
      const li = document.createElement("li");
      li.className = `chat-${m.author}`;
      const when = new Date(m.time * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      li.innerHTML = `<span class="when">${escapeHtml(when)}</span> <b class="${escapeHtml(m.author)}">${escapeHtml(author(m.author))}</b>
        <span class="chat-text">${escapeHtml(m.text)}</span>`;
      list.appendChild(li);
    }
    $("chat-empty").hidden = seen.size > 0;
    list.scrollTop = list.scrollHeight;
  }

  async function load() {
    try {
      add(await getJSON(withToken(`${api("/chat")}?after=${last}`)));
    } catch (err) {
      if (err.status !== 403) showError(`Chat: ${err.message}`);
    }
  }

  async function send(event) {
    event.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    try {
      add([await postJSON(api("/chat"), { token: token(), text })]);
      input.value = "";
    } catch (err) {
      showError(err.message);
    }
  }

  // Keys typed in the box are the message's; Escape or a click on the map gives them back to
  // the game (U, E, 1-9 would otherwise be written into the message).
  function giveKeysBack() {
    if (document.activeElement === $("chat-input")) $("chat-input").blur();
  }
  $("chat-input").addEventListener("keydown", (event) => {
    if (event.key === "Escape") giveKeysBack();
  });
  $("map-scroll")?.addEventListener("pointerdown", giveKeysBack);

  $("chat-form").hidden = !canWrite;
  $("chat-form").addEventListener("submit", send);
  return { load, add, setWritable: (yes) => { $("chat-form").hidden = !yes; } };
}
