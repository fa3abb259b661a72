// Every rule number on the page (log, previews, decision panel) opens a short statement of the
// rule in our own words, from the game's rules data file (meta.rules; engine/rulebook.py).
import { escapeHtml } from "/static/api.js";

const SOURCE_WORDS = {
  printed: "in the game's printed rules",
  verified: "from the series' published rules (not in our copy of this game's rules)",
  reconstructed: "reconstructed: the program's reading, explained in the rules notes",
};

/** The summary of a cited rule, or of the nearest rule above it ("8.0" -> "8", "11.4.2" -> "11.4"). */
export function ruleSummary(rules, number) {
  let n = String(number || "").trim();
  while (n) {
    if (rules[n]) return { number: n, ...rules[n] };
    if (n.endsWith(".0")) n = n.slice(0, -2);
    else if (n.includes(".")) n = n.slice(0, n.lastIndexOf("."));
    else return null;
  }
  return null;
}

/** getRules(): the game's summaries (they arrive with the page's meta). */
export function installRulePopups(getRules) {
  const pop = document.getElementById("rule-pop");
  function close() {
    pop.hidden = true;
  }
  document.addEventListener("click", (event) => {
    const tag = event.target.closest(".rule");
    if (!tag || tag.closest("#rule-pop")) {
      if (!event.target.closest("#rule-pop")) close();
      return;
    }
    const cited = tag.dataset.rule || tag.textContent;
    const r = ruleSummary(getRules() || {}, cited);
    pop.innerHTML = r
      ? `<div class="rule-pop-title"><span class="rule">${escapeHtml(r.number)}</span> ${escapeHtml(r.title)}</div>
         <p>${escapeHtml(r.summary)}</p><p class="hint source-${escapeHtml(r.source)}">${escapeHtml(SOURCE_WORDS[r.source] || r.source)}</p>`
      : `<p>No summary of rule ${escapeHtml(cited)}.</p>`;
    pop.hidden = false;
    const box = tag.getBoundingClientRect();
    pop.style.left = `${Math.max(4, Math.min(box.left, window.innerWidth - pop.offsetWidth - 8))}px`;
    pop.style.top = `${Math.min(box.bottom + 6, window.innerHeight - pop.offsetHeight - 8)}px`;
    event.stopPropagation();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
  return { close };
}
