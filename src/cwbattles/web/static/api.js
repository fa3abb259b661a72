// Small helpers around fetch() shared by the lobby and the game page.
// Every refusal of the server is a 4xx with {"detail": "..."}; we turn it into an
// ApiError carrying that plain message so the pages can show it as is.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

async function parse(response) {
  let body = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { detail: text };
    }
  }
  if (!response.ok) {
    let detail = body && body.detail !== undefined ? body.detail : response.statusText;
    // FastAPI's validation errors put a list in "detail": keep it readable.
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    throw new ApiError(response.status, `${detail || "request refused"} (HTTP ${response.status})`);
  }
  return body;
}

export async function getJSON(path) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: "application/json" } });
  } catch (err) {
    throw new ApiError(0, `cannot reach the server (${err.message})`);
  }
  return parse(response);
}

export async function sendJSON(method, path, body) {
  return sendText(method, path, JSON.stringify(body ?? {}));
}

// A body already written as JSON text (a record file as it is: never parsed and written again).
export async function sendText(method, path, text) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: text,
    });
  } catch (err) {
    throw new ApiError(0, `cannot reach the server (${err.message})`);
  }
  return parse(response);
}

export const postJSON = (path, body) => sendJSON("POST", path, body);
export const postText = (path, text) => sendText("POST", path, text);

// The server's bytes of a JSON document, unparsed (to save a record exactly as it was sent).
export async function getBytes(path) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: "application/json" } });
  } catch (err) {
    throw new ApiError(0, `cannot reach the server (${err.message})`);
  }
  if (!response.ok) await parse(response);
  return response.blob();
}

// The lobby remembers the tokens of the games created in this browser.
const STORE_KEY = "cwbattles.games";

export function savedGames() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
  } catch {
    return {};
  }
}

export function saveGame(id, entry) {
  const all = savedGames();
  all[id] = entry;
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

export function forgetGame(id) {
  const all = savedGames();
  delete all[id];
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

export const SIDE_NAMES = { union: "Union", confederate: "Confederate" };

export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
