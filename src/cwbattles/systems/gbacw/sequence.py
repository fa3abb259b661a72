"""4.0 Sequence of play. A Game-Turn is two Player-Turns, the first player's then the second's
(26.1 may omit the first one of Game-Turn 1). Each Player-Turn:

    4.21 Initial Command Phase (phasing player)      16.0, 17.8, 25.1-25.3
    4.22 Movement Phase (phasing player)             5.0-8.0, 10.0, 26.4, 27.23
    4.23 Melee Declaration (phasing player)          12.1
    4.24 Defensive Fire Phase (non-phasing player)   9.0
    4.25 Offensive Fire Phase (phasing player)       9.0
    4.26 Retreat Before Melee Phase (non-phasing)    12.9
    4.27 Melee Phase (phasing player)                12.0
    4.28 Rally Phase (phasing player)                15.5
    4.29 Final Command Phase                         15.2 (pins lifted), 12.7, 24.0

Frames: ("game_turn", -1), ("player_turn", side), ("final_command", side), ("player_end", side),
("turn_end", -1) are processes; the phases' frames belong to their chapters' modules.
"""

from __future__ import annotations

from .command import rally_points
from .state import ENTERED, PHASE_FLAGS, PIN_NOW, PINNED


def register(rules) -> None:
    @rules.process("game_turn")
    def game_turn(s, frame):
        first = s.game.first_player
        s.round = 0
        s.note("4.1", f"Game-Turn {s.turn} ({s.game.turn_label(s.turn)}) begins.")
        flags = s.flags
        for u in range(len(flags)):                     # 26.43: entered last Game-Turn, now bound
            if flags[u] & ENTERED:
                flags[u] &= ~ENTERED
        s.stack += [("turn_end", -1), ("player_turn", 1 - first)]
        if s.turn in s.game.skip_first_player_turns:
            s.note("26.1", f"The {s.SIDES[first]} Player-Turn of Game-Turn {s.turn} is omitted.")
        else:
            s.stack.append(("player_turn", first))

    @rules.process("player_turn")
    def player_turn(s, frame):
        side = frame[1]
        s.phasing = side
        s.round = 1 if side == s.game.first_player else 2
        flags = s.flags
        for u in range(len(flags)):
            if flags[u] & PHASE_FLAGS:
                flags[u] &= ~PHASE_FLAGS
        s.touch(0)
        s.touch(1)
        s.entries = ()
        s.melees = ()
        for u in s.game.oob.leaders[side]:                # 17.13: rally points, each Player-Turn
            s.rally_left[u] = rally_points(s, u)
        s.note("4.2", f"{s.SIDES[side].capitalize()} Player-Turn.")
        s.stack += [("player_end", side), ("final_command", side), ("rally_phase", side), ("melee_phase", side),
                    ("rbm_phase", 1 - side, ()), ("fire", side, 1), ("fire", 1 - side, 0), ("declarations", side),
                    ("movement", side), ("command", side)]
        s.on_player_turn_start(side)                # what it asks (26.44) comes before the phases

    @rules.process("final_command")
    def final_command(s, frame):
        """4.29: pins lifted (15.2) and engagements that lost their enemy ended (12.7)."""
        side = frame[1]
        flags = s.flags
        for u in s.game.oob.side_units[side]:
            f = flags[u]
            if f & PINNED and not f & PIN_NOW:
                flags[u] = f & ~PINNED
            elif f & PIN_NOW:
                flags[u] = f & ~PIN_NOW
        from .melee import end_lapsed_engagements
        end_lapsed_engagements(s)
        s.touch(0)
        s.touch(1)

    @rules.process("player_end")
    def player_end(s, frame):
        s.on_player_turn_end(frame[1])

    @rules.process("turn_end")
    def turn_end(s, frame):
        s.on_turn_end()
        if s.over:
            return
        if s.turn >= s.game.turns:
            s.on_game_end()
            s.note("4.1", "The last Game-Turn is over: the game ends.")
            return
        s.turn += 1
        s.stack.append(("game_turn", -1))
