"""Playing a rulespec game and OpenSpiel's implementation of the same game side by side."""

from __future__ import annotations

import random
from typing import Callable


def random_game_in_lock_step(ours, theirs, rng: random.Random, same: Callable) -> int:
    """Play one random game on both states at once: ``same(ours, theirs)`` checks they agree and returns our
    legal actions by OpenSpiel's action number; the same number is applied to both. Returns the steps."""
    steps = 0
    while True:
        by_number = same(ours, theirs)
        if theirs.is_terminal():
            return steps
        number = rng.choice(sorted(by_number))
        ours.apply(by_number[number])
        theirs.apply_action(number)
        steps += 1
