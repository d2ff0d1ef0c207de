"""Playing and simulating games: MCTS, seeded simulations on processes or a Dask cluster, claim-window
races, and the simulation report's charts."""
