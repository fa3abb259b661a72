"""The game-agnostic engine: dice, boards, actions, errors, records.

Nothing in here knows about any particular battle. A game module (``cwbattles.games.*``)
builds its rules on these pieces.
"""
