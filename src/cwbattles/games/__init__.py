"""The games cwbattles knows. Each is a package with a ``load(options)`` function."""

GAMES = {"cedar-creek": "cwbattles.games.cedar_creek", "champion-hill": "cwbattles.games.champion_hill",
         "cedar-mountain": "cwbattles.games.cedar_mountain", "chancellorsville": "cwbattles.games.chancellorsville"}
