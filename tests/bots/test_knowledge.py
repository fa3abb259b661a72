"""The Cedar Creek evaluation: the exact margin at the end, sensible signs on the way."""

from cwbattles.bots import knowledge, make_bot
from cwbattles.bots.knowledge import cedar_creek as K


def test_knowledge_is_chosen_by_game_name(game):
    assert knowledge.for_game(game) is K
    assert knowledge.for_game("no-such-game").__name__.endswith("generic")


def test_evaluation_is_the_exact_margin_at_the_end(game):
    s = game.new_game(seed=6)
    bots = {"union": make_bot("heuristic", 1), "confederate": make_bot("heuristic", 2)}
    while not s.is_over:
        s.apply(bots[s.to_act].choose(s))
    assert K.evaluate(s) == s.result["margin"] == K.final_margin(s)


def test_rough_odds_match_the_engine_preview(game):
    """The cheap odds used for planning agree with the exact preview on a plain attack."""
    from tests.bots.test_attack import FROM, TARGET, winning_attack
    s = winning_attack(game)
    attack = next(a for a in s.legal_actions() if a.kind == "attack")
    p = s.preview(attack)
    F = K.facts(game)
    V = K.View(s, F)
    u = s.mv_unit
    z, t = game.board.index[FROM], game.board.index[TARGET]
    d = V.first[t]
    o = K.rough_odds(V, u, z, -1, t, d, -1, s.facing[d], s.facing[u])
    for k, x in zip(K.ODDS_KEYS, o):
        assert abs(p["odds"][k] - x) < 1e-9


def test_hold_a_victory_zone_retreat_from_a_plain_one(game):
    """11.4: a hit brigade in Middletown holds (the zone is worth 4 VP of swing); in an open
    field, at full strength and not fatigued, it retreats (orderly 4 times in 6)."""
    from tests.games.cedar_creek.helpers import setup_position, unit
    for zone, facing, expect in (("middletown-south", "belle-grove", "hold"), ("cooley-house", "cooley-fields", "retreat")):
        s = setup_position(game, [unit("ball", zone, facing=facing)], turn=5, active="confederate")
        u = game.unit_index["ball"]
        hold, retreat = K.hold_or_retreat(s, u)
        assert (hold > retreat) == (expect == "hold"), (zone, hold, retreat)


def test_a_brigade_standing_in_an_entry_zone_keeps_out_the_brigades_due_there(game):
    """12, 10.5: Ramseur and Payne (independent cavalry, stacks with anyone) enter at entry 8
    (Bowman's Ford), two brigades to a zone, of one division. A Pegram brigade standing there
    keeps Ramseur's four brigades off the map, not Payne; one of Ramseur's own keeps nobody out;
    two fill the zone (the other two and Payne); in another zone nobody is kept out."""
    from cwbattles.bots.knowledge.cedar_creek import placement
    from tests.games.cedar_creek.helpers import setup_position, unit
    F = K.facts(game)
    landing = game.board.index["bowmans-ford"]
    idx = game.unit_index

    def blocked(units, who, zone=landing):
        s = setup_position(game, units, turn=1, active="confederate")
        return placement.blocked_entries(K.View(s, F), idx[who], zone)

    assert blocked([unit("godwin", "bowmans-ford")], "godwin") == 4
    assert blocked([unit("cook", "bowmans-ford")], "cook") == 0
    assert blocked([unit("cook", "bowmans-ford"), unit("cox", "bowmans-ford", line=2)], "cook") == 3
    assert blocked([unit("godwin", "three-top-north")], "godwin", game.board.index["three-top-north"]) == 0
    # the term lowers the zone's worth by BLOCK_ENTRY a brigade kept out
    s = setup_position(game, [unit("godwin", "bowmans-ford")], turn=1, active="confederate")
    V = K.View(s, F)
    P = placement.Placement(V, idx["godwin"])
    before = placement.BLOCK_ENTRY
    try:
        placement.BLOCK_ENTRY = 0.0
        free = P.value(landing)
    finally:
        placement.BLOCK_ENTRY = before
    assert abs(free - P.value(landing) - 4 * before) < 1e-9


def test_a_brigade_does_not_walk_out_and_back(game):
    """A move is planned over the zones it has not yet been in (``best_destination``): stopping
    where it stood was worth as much, with more MP. In the first three turns of a heuristic
    game no brigade's move ends in a zone it had left, unless it came back to attack from
    there (the exact odds of an attack from the next zone can be worse than its rough estimate,
    and then the brigade goes back). Before, a third of all moves ended where they began."""
    s = game.new_game(seed=1)
    bots = {"union": make_bot("heuristic", seed=3), "confederate": make_bot("heuristic", seed=4)}
    moves = 0
    while s.turn <= 3 and not s.is_over:
        u = s.mv_unit
        a = bots[s.to_act].choose(s)
        s.apply(a)
        if u >= 0 and s.mv_unit != u and len(s_path := path_of(s, u)) > 1:
            moves += 1
            assert s_path[-1] not in s_path[:-1] or a.kind in ("attack", "charge"), (u, s_path, a)
    assert moves >= 20


def path_of(state, u):
    """The zones of the move that has just ended (``mv_path`` is kept until the next move)."""
    return state.mv_path if state.mv_path and state.zone[u] == state.mv_path[-1] else ()


def test_a_confederate_brigade_is_worth_more_with_another_from_turn_4(game, monkeypatch):
    """Placement.stacked: from turn 4 a Confederate brigade standing with another of its
    division is worth STACKED more (the cover it gives, 11.3 support); not on turns 1-3, not
    alone, not for the Union."""
    from cwbattles.bots.knowledge.cedar_creek import placement
    from tests.games.cedar_creek.helpers import setup_position, unit
    idx, zone = game.unit_index, game.board.index

    def gain(units, who, z, turn, active="confederate"):
        s = setup_position(game, units, turn=turn, active=active)
        P = placement.Placement(K.View(s, K.facts(game)), idx[who])
        with_bonus = P.value(zone[z])
        monkeypatch.setattr(placement, "STACKED", 0.0)
        without = P.value(zone[z])
        monkeypatch.undo()
        return with_bonus - without
    pair = [unit("grimes", "cooley-house"), unit("cook", "cooley-house")]
    assert gain(pair, "grimes", "cooley-house", 4) == placement.STACKED == 0.5
    assert gain(pair, "grimes", "cooley-house", 3) == 0.0
    assert gain([unit("grimes", "cooley-house")], "grimes", "cooley-house", 5) == 0.0
    union_pair = [unit("ball", "cooley-house", facing="cooley-fields"),
                  unit("emerson", "cooley-house", facing="cooley-fields")]
    assert gain(union_pair, "ball", "cooley-house", 5, active="union") == 0.0


def test_facings_the_lookahead_cannot_tell_apart_go_to_the_most_enemy_strength(game, monkeypatch):
    """10.4: Wofford stops in the lower Cooley fields between Birge's brigade (9) in the Cooley
    fields and Molineux (8) at the mouth of Cedar Creek. Where the one-action lookahead scores
    every facing alike, the facing with both in front comes first, then those with Birge's 9."""
    from cwbattles.bots.knowledge.cedar_creek import movement
    from tests.games.cedar_creek.helpers import setup_position, unit
    s = setup_position(game, [unit("wofford", "cooley-south", facing="creek-mouth"),
                              unit("birge-brigade", "cooley-fields", facing="cooley-south"),
                              unit("molineux", "creek-mouth", facing="cooley-south")],
                       turn=5, active="confederate", acted=("wofford",),
                       frames=[["brigades", 1, "d:kershaw", ["u:wofford"]], ["move", 1, "u:wofford"]],
                       movement={"unit": "wofford", "mp": 0, "moved": True, "extra": False, "toggled": False,
                                 "start_zoc": False, "piece_mp": 0})
    s.apply(next(a for a in s.legal_actions() if a.kind == "stop"))
    actions = s.legal_actions()
    assert {a.kind for a in actions} == {"face"}
    monkeypatch.setattr(movement, "one_ply", lambda state, acts: [0.0] * len(acts))
    scores = dict(zip((game.board.zones[a.a].id for a in actions), movement.facing_scores(s, actions, False)))
    assert max(scores, key=scores.get) == "bowmans-ford"            # front: the creek mouth, the Cooley fields
    assert scores["hayes-camp"] == scores["cooley-fields"] > scores["creek-mouth"] == scores["hayes-hollow"]


def test_artillerie_goes_to_the_brigade_about_to_attack(game):
    """7.3: in the headquarters step the heuristic moves a marker standing alone at Bowman's
    Ford into the zone of Cook, who has declared an attack on Kitching, rather than to Cox
    resting out of contact; with no marker left to move it ends the step."""
    from tests.games.cedar_creek.helpers import setup_position, unit
    units = [unit("kitching", "kitching-camp", facing="cooley-fields"),
             unit("cook", "cooley-fields", facing="kitching-camp", attack=0),
             unit("cox", "cooley-house", facing="bowmans-ford")]
    s = setup_position(game, units, turn=5, active="confederate", train={"status": "gone"},
                       combats=[{"targets": ["kitching-camp"], "attackers": ["cook"]}],
                       markers=[{"status": "on_map", "zone": "bowmans-ford"}],
                       hqs=[{"id": "early", "zone": "middle-road", "active": True}])
    bot = make_bot("heuristic", 1)
    choice = bot.choose(s)
    assert (choice.kind, game.board.zones[choice.a].id) == ("marker_move", "cooley-fields")


def test_contacted_brigade_turns_to_keep_both_enemies_in_front(game):
    """10.4: Kitching (facing the Pike fields) is contacted by Cook coming to the Buckton road
    while Cox stands in the fields east of his camp: of the three facings that put Cook in his
    front, the heuristic takes one that holds Cox there too (no flank left open)."""
    from tests.games.cedar_creek.helpers import act, setup_position, unit
    units = [unit("kitching", "kitching-camp", facing="pike-east-fields"),
             unit("cox", "east-fields", facing="kitching-camp"),
             unit("cook", "northeast-fields", facing="buckton-road")]
    s = setup_position(game, units, turn=5, frames=[["brigades", 1, "d:ramseur", ["u:cook"]]])
    act(s, "brigade", "cook")
    act(s, "move", "buckton-road")
    assert s.to_act == "union" and len(s.legal_actions()) == 3
    choice = make_bot("heuristic", 1).choose(s)
    assert game.board.zones[choice.a].id in ("buckton-road", "east-fields")
