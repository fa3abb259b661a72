"""4.0 Sequence of play and 11.0 night Game-Turns: Game-Turns of two Player-Turns, each a
Movement Phase then a Combat Phase (none at night), then the interphase (sequence.toml)."""

from __future__ import annotations

from . import morale


def register(rules) -> None:
    @rules.process("game_turn")
    def game_turn(s, frame):
        # 4.1: the first player's Player-Turn, then the second's, then the interphase.
        first = s.game.first_player
        s.note("4.1", f"Game-Turn {s.turn} ({s.game.turn_label(s.turn)}) begins"
                      + (" - a night Game-Turn (11.0)." if s.night() else "."))
        s.stack += [("turn_end", -1), ("player_turn", 1 - first), ("player_turn", first)]

    @rules.process("player_turn")
    def player_turn(s, frame):
        side = frame[1]
        s.phasing = side
        s.round = 1 if side == s.game.first_player else 2
        n = len(s.hex)
        s.moved = [False] * n
        s.attacked = [False] * n
        s.defended = [False] * n
        s.retreated = [False] * n
        s.entry_count = [0] * len(s.entry_count)
        s.stack.append(("player_end", side))
        if not (s.night() and not s.game.tables.night["combat"]):   # 11.2: no Combat Phase at night
            s.stack.append(("combat", side))
        s.stack.append(("movement", side))
        s.on_movement_start(side)                   # 4.3: automatic steps at the phase's start

    @rules.process("player_end")
    def player_end(s, frame):
        s.on_player_end(frame[1])

    @rules.process("turn_end")
    def turn_end(s, frame):
        # 4.2: the interphase; after the last Game-Turn the game ends.
        s.on_turn_end()
        morale.night_recovery(s)                    # 12: after a night Game-Turn
        if s.over:
            return
        if s.turn >= s.game.turns:
            s.on_game_end()
            s.note("4.2", "The last Game-Turn is over: the game ends.")
            return                                  # empty stack: the machine marks the game over
        s.turn += 1
        s.strat = [False] * len(s.hex)
        s.stack.append(("game_turn", -1))
