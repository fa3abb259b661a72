"""Speed and memory of the Chancellorsville engine, printed as numbers (no pass/fail).

    python bench/chancellorsville_speed.py [--games N] [--seed S]

The same measures as ``cedar_creek_speed.py`` (random full games per second on one core,
decisions per game and per second, microseconds per legal_actions() and clone(), memory).
"""

from cedar_creek_speed import main

if __name__ == "__main__":
    main(default_game="chancellorsville")
