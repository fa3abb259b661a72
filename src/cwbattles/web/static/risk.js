// Choices worse than the odds the units have ask before they are sent: an attack resolved at
// declared lower odds (Blue & Gray 8.9), and an attack whose exact preview gives the attacker
// more than LOSS_RISK chance of its worst result: eliminated on the Combat Results Table (Blue
// & Gray 8.6), hit at half the defender's total or less (Cedar Creek 11.4), an attacking unit
// eliminated or captured in the melee (Cedar Mountain 12.4-12.9). Returns the question, or null.
export const LOSS_RISK = 0.5;

const percent = (p) => `${Math.round(p * 100)}%`;

/** {p, what}: the chance of the attacker's worst result as the game's preview gives it, or null. */
export function attackerRisk(preview) {
  if (!preview) return null;
  const eliminated = preview.outcomes?.Ae;
  if (typeof eliminated === "number") return { p: eliminated, what: "The attackers are eliminated" };
  const hit = preview.odds?.attacker_hit;
  if (typeof hit === "number") return { p: hit, what: "The attacking brigade is hit (a strength loss, 11.4)" };
  if (preview.kind === "melee" && preview.units) {
    let worst = null;
    for (const unit of preview.attackers || []) {
      const fate = preview.units[unit] || {};
      const p = (fate.eliminated?.p || 0) + (fate.captured?.p || 0);
      if (!worst || p > worst.p) worst = { p, what: "An attacking unit is eliminated or captured" };
    }
    return worst;
  }
  return null;
}

export function riskQuestion(action, text, preview = null) {
  if (action.kind === "resolve_at") {
    return `${text}: that is lower odds than the units have. Resolve the attack at these odds?`;
  }
  const risk = attackerRisk(preview);
  if (risk && risk.p > LOSS_RISK) {
    const at = preview.odds && typeof preview.odds === "string" ? preview.odds : "these odds";
    return `${risk.what} with a chance of ${percent(risk.p)} at ${at}. Roll anyway?`;
  }
  return null;
}

// Whether to go on: true when there is nothing to ask, or the player agrees.
export function confirmRisk(action, text, preview = null) {
  const question = riskQuestion(action, text, preview);
  return !question || window.confirm(question);
}
