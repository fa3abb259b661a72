"""Game systems: rules shared by a series of games (Blue & Gray), built on the engine."""
