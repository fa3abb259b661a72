"""The Combat Phase's attacks planned together (8.1, 8.2; ``blue_and_gray.owed``), on a Champion
Hill position: a stack that could take a weak hex at 2-1 joins the mass on the strong hex
instead when that leaves no brigade to attack it alone at 1-2 (issue 30)."""

from cwbattles.bots.knowledge.blue_and_gray import owed
from cwbattles.bots.knowledge.blue_and_gray.attacks import PLANNED
from cwbattles.bots.knowledge.champion_hill import score_actions
from cwbattles.bots.knowledge.champion_hill.attacks import result_values
from cwbattles.bots.knowledge.champion_hill.facts import UNION

from tests.games.champion_hill.helpers import game as ch_game
from tests.games.champion_hill.helpers import position

G = ch_game()
H = G.board.index
U = G.unit_index


def soak_off_or_mass():
    """Barton (7) with two batteries (2 + 2) at 1605, Lee (5) alone at 1707, all on clear
    ground; Hovey's 1st brigade (8) with a battery (3) at 1706 touches both, his 2nd brigade
    (6) at 1604 touches 1605 only. Both Union hexes are in Confederate zones: each must attack."""
    return position(G, {"cs-st-barton": "1605", "cs-st-corput": "1605", "cs-st-ridley": "1605",
                        "cs-st-lee": "1707", "us-12-1": "1706", "us-12-a1mo": "1706", "us-12-2": "1604"},
                    turn=3, phase="combat")


def test_8_1_a_stack_joins_the_mass_rather_than_leave_a_brigade_to_soak_off():
    s = soak_off_or_mass()
    first, gun, second = U["us-12-1"], U["us-12-a1mo"], U["us-12-2"]
    strong, weak = H["1605"], H["1707"]
    massed = owed.attack_worth(s, strong, (first, second, gun), result_values)           # 17 to 11: 1-1
    taken = owed.attack_worth(s, weak, (first, gun), result_values)                       # 11 to 5: 2-1
    alone = owed.attack_worth(s, strong, (second,), result_values)                        # 6 to 11: 1-2
    # declared one at a time the 2-1 is the better single attack, and leaves the 2nd alone at 1-2
    assert taken > massed
    assert massed > taken + alone
    p = owed.plan(s, UNION, result_values)
    assert p.target_of == {first: strong, gun: strong, second: strong}
    assert p.value == {strong: massed}                    # Lee, touched by no attacker left, is waived
    actions = s.legal_actions()
    scores = dict(zip([a.a for a in actions if a.kind == "attack"],
                      [v for a, v in zip(actions, score_actions(s, actions)) if a.kind == "attack"]))
    assert scores[strong] > scores[weak]


def test_8_2_the_declared_attack_takes_the_planned_stacks_and_no_other():
    planned = {H["1605"]: {U["us-12-1"], U["us-12-a1mo"], U["us-12-2"]}, H["1707"]: set()}
    for target, joining in planned.items():
        s = soak_off_or_mass()
        s.apply(next(a for a in s.legal_actions() if a.kind == "attack" and a.a == target))
        actions = s.legal_actions()
        scores = {a.a: v for a, v in zip(actions, score_actions(s, actions)) if a.kind == "attacker"}
        assert {u for u, v in scores.items() if v > PLANNED / 2} == joining
        assert {u for u, v in scores.items() if v < -PLANNED / 2} == set(scores) - joining
