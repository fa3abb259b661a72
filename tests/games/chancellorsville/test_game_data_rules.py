"""The rules as the real data gives them: 23.5's stars, 23.59's arrivals, 23.55's Hooker, the
crossings of 23.15/23.61 on the reconstructed map, and the rules' hexes."""

import cwbattles
from cwbattles.games.chancellorsville.victory import crosses_for_loc

G = cwbattles.load("chancellorsville")
U = G.unit_index


def test_23_5_one_star_for_union_corps_and_confederate_division_commanders_more_for_the_others():
    for v in G.leaders:
        unit = G.units[v]
        if unit.command in G.armies or unit.command == "cs-2":
            assert unit.stars > 1, unit.id                 # army and Confederate corps commanders
        else:
            assert unit.stars == 1, unit.id
    assert G.units[U["cs-ldr-jackson"]].stars == 3        # 23.58's example: six VP for Jackson
    assert not any(G.units[v].side == 0 and G.unit_corps[v] == G.cavalry_corps for v in G.leaders)  # no Stoneman


def test_23_59_jackson_with_the_turn_2_reinforcements_and_stuart_with_the_first_cavalry():
    jackson = G.units[U["cs-ldr-jackson"]]
    assert jackson.entry_turn == 2
    assert any(u.entry_turn == 2 and u.entry_hex == jackson.entry_hex and u.index in G.command[jackson.index]
               for u in G.units)
    stuart = G.units[U["cs-ldr-stuart"]]
    cavalry = [u for u in G.units if u.side == 1 and u.type == "cavalry"]
    first = min(u.entry_turn for u in cavalry)
    assert stuart.entry_turn == first == 1 and any(u.entry_hex == stuart.entry_hex for u in cavalry)
    s = G.new_game(0)
    for name in ("us-ldr-hooker", "cs-ldr-lee"):
        assert s.hex[U[name]] >= 0                          # on the map at the start


def test_23_55_hooker_gives_no_saving_roll():
    assert G.no_save == frozenset({U["us-ldr-hooker"]})


def test_23_15_pontoons_carry_movement_and_the_line_of_communication_fords_only_movement():
    s = G.new_game(0)
    b = G.board
    (pontoon,) = b.named_hexsides["Franklin's Crossing"]      # the map's pontoon hexside
    assert {"river", "pontoon"} <= b.hexside_features[pontoon]
    ford = next((a, c) for (a, c), f in b.hexside_features.items() if "ford" in f and "river" in f
                and "pontoon" not in f)
    infantry = U["us-vi-1"]
    assert s.move_cost(infantry, *pontoon) is not None and crosses_for_loc(s, *pontoon)
    assert s.move_cost(infantry, *ford) is not None and not crosses_for_loc(s, *ford)


def test_the_rules_hexes_are_on_the_map_and_the_exit_is_an_edge_hex():
    for h in ("F2501", "F2401", "F1326", "F0825", "F2027", "H1928", "H0328"):
        assert h in G.board.index
    assert G.board.ids[G.exit_hex] == "F2501" and G.board.edges_of(G.exit_hex)
    assert {G.board.ids[h]: v for h, v in G.victory_values.items()} == {
        "F2401": 25, "F1326": 5, "F0825": 5, "F2027": 5, "H1928": 15, "H0328": 5}


def test_23_59_option_free_placement_hooker_and_lee_start_with_any_unit_of_their_side():
    g = cwbattles.load("chancellorsville", {"leader_placement": "free"})
    s = g.new_game(0)
    for leader, side, where in (("us-ldr-hooker", 0, "F1301"), ("cs-ldr-lee", 1, "F1113")):
        assert s.stack[-1] == ("place_leader", side, g.unit_index[leader])     # Hooker, then Lee
        hexes = {g.board.ids[a.a] for a in s.legal_actions()}
        assert hexes == {g.board.ids[h] for h in s.combat_occupied(side)} and where in hexes
        s.apply(next(a for a in s.legal_actions() if g.board.ids[a.a] == where))
        assert g.board.ids[s.hex[g.unit_index[leader]]] == where
    assert s.turn == 1 and s.stack[-1][0] == "movement" and s.to_act == "confederate"
