"""Batch simulation: many games between bots, on all cores or a Ray cluster, and reports."""
