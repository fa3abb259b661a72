// Choices worse than the odds the units have ask before they are sent: an attack resolved at
// declared lower odds (Blue & Gray 8.6), and an attack whose exact preview gives the attacker
// more than ELIMINATION_RISK chance of being eliminated. Returns the question, or null.
export const ELIMINATION_RISK = 0.5;

const percent = (p) => `${Math.round(p * 100)}%`;

export function riskQuestion(action, text, preview = null) {
  if (action.kind === "resolve_at") {
    return `${text}: that is lower odds than the units have. Resolve the attack at these odds?`;
  }
  const eliminated = preview?.outcomes?.Ae;
  if (typeof eliminated === "number" && eliminated > ELIMINATION_RISK) {
    return `The attackers are eliminated with a chance of ${percent(eliminated)} at ${preview.odds || "these odds"}. Roll anyway?`;
  }
  return null;
}

// Whether to go on: true when there is nothing to ask, or the player agrees.
export function confirmRisk(action, text, preview = null) {
  const question = riskQuestion(action, text, preview);
  return !question || window.confirm(question);
}
