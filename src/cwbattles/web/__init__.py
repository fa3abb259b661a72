"""The web app: FastAPI server, SQLite storage, live games, static pages.

It builds only on the engine's public API (legal actions, apply, preview, log, positions,
records) and adds no rules of its own. See docs/web-api.md.
"""
