"""Adapters to the standard game interfaces: OpenSpiel, PettingZoo, Gymnasium.

Each is imported only when used (``import cwbattles.adapters.openspiel``) and needs its
optional extra (``pip install 'cwbattles[rl]'``). They share ``common``: the fixed action space,
the observation tensor, and the explicit-chance driver.
"""
