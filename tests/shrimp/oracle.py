"""Shrimp in plain Python: an independent second implementation, the oracle of the differential test.

Written from the rulebook (``shrimp.txt``) and the rulings recorded in ``rulebooks/shrimp.rules``,
not from the generated engine, and sharing no code with rulespec. It speaks the same action texts
as the engine so the two can be driven side by side:

    deal <card> to player N                      chance: the deal, one card at a time, clockwise
    turn a card onto the <dish> dish             the player due to turn picks a dish (blind)
    smash the lemon / call without smashing the lemon / go on      the claim window, any seat
    call <word> / stop calling                   the smasher's call, one word at a time
    steal a card from the feast of player N      a binge, up to seven times
    give a feast card to player N / give a face-down card to player N    a penalty
    lot: player N                                chance: a tie for the most cards

An action is ``(seat, text)`` with seat -1 for chance. Order conventions (part of the engine API):
chance outcomes in card order; in a claim window the seats in order, each with its actions in the
order smash, call without smashing, go on; words in the order numbers, sizes, colours, origins,
cocktail; players in seat order.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Optional

CHANCE = -1
NUMBERS = (1, 2, 3)
SIZES = ("large", "medium", "small")
COLOURS = ("green", "blue", "pink")
ORIGINS = ("American", "Brazilian", "Italian")

# All 81 cards, each combination once (SHRIMP-AMB-2), in the rulebook's order of the attributes.
CARDS = tuple(itertools.product(NUMBERS, SIZES, COLOURS, ORIGINS))
LABEL = tuple(f"{n} {s} {c} {o} shrimp" for n, s, c, o in CARDS)
CARD_OF_LABEL = {label: i for i, label in enumerate(LABEL)}

# The words of a call: (attribute index or None for cocktail, value, text).
WORDS = tuple([(0, n, f"{n} shrimp") for n in NUMBERS] + [(1, s, s) for s in SIZES] + [(2, c, c) for c in COLOURS]
              + [(3, o, o) for o in ORIGINS] + [(None, None, "cocktail")])
DISHES = ("grilled shrimp", "linguine", "fried shrimp")
TURN_TEXT = tuple(f"turn a card onto the {dish} dish" for dish in DISHES)
MAX_TURNS = 82


class Shrimp:
    """One game of Shrimp for ``players`` seats (2 to 6); player 1 starts (SHRIMP-AMB-4)."""

    def __init__(self, players: int):
        if not 2 <= players <= 6:
            raise ValueError("Shrimp is for 2 to 6 players")
        self.n = players
        self.pool = list(range(81))  # not yet dealt, in card order
        self.decks = [[] for _ in range(players)]  # bottom first; the last card is on top
        self.dishes = [[], [], []]
        self.feasts = [[] for _ in range(players)]  # bottom first
        self.dealt = 0
        self.mode = "deal"
        self.turn_seat = 0  # whose turn it is (or was, during the claim window after it)
        self.turns = 0
        self.tried: set[int] = set()  # seats that smashed or called in this window
        self.caller = -1
        self.said: list[int] = []  # indices into WORDS
        self.steals_left = 0
        self.offender = -1
        self.winner: Optional[int] = None  # the exquisite dish
        self.end: Optional[str] = None
        self.tied: list[int] = []
        self.lot: Optional[int] = None
        self.history: list[tuple[int, str]] = []

    # ------------------------------------------------------------------ what may happen now
    def is_terminal(self) -> bool:
        return self.mode == "over"

    def is_chance_node(self) -> bool:
        return self.mode in ("deal", "lot")

    def chance_outcomes(self) -> list[tuple[tuple[int, str], Fraction]]:
        if self.mode == "deal":
            seat = self.dealt % self.n
            p = Fraction(1, len(self.pool))
            return [((CHANCE, f"deal {LABEL[c]} to player {seat + 1}"), p) for c in self.pool]
        if self.mode == "lot":
            p = Fraction(1, len(self.tied))
            return [((CHANCE, f"lot: player {s + 1}"), p) for s in self.tied]
        return []

    def legal_actions(self) -> list[tuple[int, str]]:
        mode = self.mode
        if mode in ("deal", "lot"):
            return [a for a, _ in self.chance_outcomes()]
        if mode == "turn":
            p = self.turn_seat
            full = all(self.dishes)
            return [(p, TURN_TEXT[d]) for d in range(3) if full or not self.dishes[d]]
        if mode == "window":
            out = []
            nxt = (self.turn_seat + 1) % self.n
            for s in range(self.n):
                if s not in self.tried:
                    out.append((s, "smash the lemon"))
                    out.append((s, "call without smashing the lemon"))
                if s == nxt:
                    out.append((s, "go on"))
            return out
        if mode == "call":
            p = self.caller
            kinds = {WORDS[w][0] for w in self.said}
            out = [(p, f"call {text}") for w, (kind, _, text) in enumerate(WORDS)
                   if w not in self.said and (kind is None or kind not in kinds)]
            out.append((p, "stop calling"))
            return out
        if mode == "steal":
            p = self.caller
            return [(p, f"steal a card from the feast of player {q + 1}") for q in range(self.n)
                    if q != p and self.feasts[q]]
        if mode == "penalty":
            p = self.offender
            what = "a feast card" if self.feasts[p] else "a face-down card"
            return [(p, f"give {what} to player {q + 1}") for q in range(self.n) if q != p]
        return []

    # ------------------------------------------------------------------ the rules
    def apply(self, action: tuple[int, str]) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"not a legal action now: {action}")
        seat, text = action
        self.history.append(action)
        mode = self.mode
        if mode == "deal":
            label = text[len("deal "):text.rindex(" to player ")]
            card = CARD_OF_LABEL[label]
            self.pool.remove(card)
            self.decks[self.dealt % self.n].append(card)
            self.dealt += 1
            if not self.pool:
                self._start_turn(0)
        elif mode == "lot":
            self.lot = int(text.rsplit(" ", 1)[1]) - 1
            self.mode = "over"
        elif mode == "turn":
            dish = TURN_TEXT.index(text)
            self.dishes[dish].append(self.decks[seat].pop())  # revealed as it lands (SHRIMP-PLAY-3)
            self.tried = set()
            self.mode = "window"
        elif mode == "window":
            if text == "go on":
                self._start_turn((self.turn_seat + 1) % self.n)
            elif text == "smash the lemon":
                self.tried.add(seat)
                self.caller, self.said = seat, []
                self.mode = "call"
            else:  # calling without smashing: always a penalty (SHRIMP-AMB-23)
                self.tried.add(seat)
                self._penalty(seat)
        elif mode == "call":
            if text != "stop calling":
                self.said.append(next(w for w, word in enumerate(WORDS) if f"call {word[2]}" == text))
            if text == "stop calling" or len(self.said) == 3:
                self._judge()
        elif mode == "steal":
            q = int(text.rsplit(" ", 1)[1]) - 1
            self.feasts[seat].append(self.feasts[q].pop())
            self.steals_left -= 1
            self._after_steal()
        elif mode == "penalty":
            q = int(text.rsplit(" ", 1)[1]) - 1
            source = self.feasts[seat] if self.feasts[seat] else self.decks[seat]
            self.feasts[q].append(source.pop())
            self.mode = "window"

    def true_words(self) -> set[int]:
        """The words true of the three top cards (none while a dish is empty)."""
        if not all(self.dishes):
            return set()
        tops = [CARDS[dish[-1]] for dish in self.dishes]
        out = set()
        for w, (kind, value, _) in enumerate(WORDS):
            if kind is None:
                if sum(t[0] for t in tops) == 7:
                    out.add(w)
            elif all(t[kind] == value for t in tops):
                out.add(w)
        return out

    def _judge(self) -> None:
        p = self.caller
        true = self.true_words()
        said = self.said
        self.said = []
        if not said or any(w not in true for w in said):  # silence or any false word: all or nothing
            self._penalty(p)
            return
        if len(said) == 3:
            self.winner = p
            self._finish("exquisite")
            return
        for dish in self.dishes:
            self.feasts[p].extend(dish)
            dish.clear()
        self.steals_left = 7 if len(said) == 2 else 0
        self._after_steal()

    def _after_steal(self) -> None:
        p = self.caller
        if self.steals_left and any(self.feasts[q] for q in range(self.n) if q != p):
            self.mode = "steal"
        else:
            self.steals_left = 0
            self._start_turn(p)  # the claimant restarts play

    def _penalty(self, p: int) -> None:
        if not self.feasts[p] and not self.decks[p]:
            self.mode = "window"  # nothing to give (SHRIMP-AMB-11)
        else:
            self.offender = p
            self.mode = "penalty"

    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.turns += 1
        if not self.decks[seat]:
            self._finish("no_card")
        else:
            self.mode = "turn"

    def _finish(self, end: str) -> None:
        self.end = end
        if self.winner is None:
            best = max(len(f) for f in self.feasts)
            self.tied = [s for s in range(self.n) if len(self.feasts[s]) == best]
            if len(self.tied) > 1:
                self.mode = "lot"
                return
        self.mode = "over"

    # ------------------------------------------------------------------ results and views
    def scores(self) -> dict[str, list[int]]:
        return {"cards": [len(f) for f in self.feasts],
                "shrimp": [sum(CARDS[c][0] for c in f) for f in self.feasts]}

    def outcome(self) -> Optional[dict]:
        if self.mode != "over":
            return None
        first = self.winner if self.winner is not None else self.lot

        def key(s):  # smaller is better: the outright or lot winner, then the most cards
            return (0 if s == first else 1, -len(self.feasts[s]))
        ranking = [1 + sum(1 for o in range(self.n) if key(o) < key(s)) for s in range(self.n)]
        return {"end": self.end, "winners": [s for s in range(self.n) if ranking[s] == 1],
                "ranking": ranking, "scores": self.scores(), "lot": self.lot}

    def decision(self):
        if self.mode in ("deal", "lot"):
            return "chance"
        if self.mode == "window":
            return "any"
        if self.mode == "over":
            return None
        return {"turn": self.turn_seat, "call": self.caller, "steal": self.caller,
                "penalty": self.offender}[self.mode]

    def observation(self, seat: int) -> dict:
        """What ``seat`` sees: sizes of the face-down piles, everything face up (of a dish, only its top
        card and how many lie under it: ruling SHRIMP-AMB-14), its own choices."""
        return {
            "seat": seat,
            "pool": len(self.pool),
            "decks": [len(d) for d in self.decks],
            "dishes": [[LABEL[dish[-1]]] if dish else [] for dish in self.dishes],
            "dish_sizes": [len(dish) for dish in self.dishes],
            "feasts": [[LABEL[c] for c in f] for f in self.feasts],
            "said": sorted(WORDS[w][2] for w in self.said),
            "tried": sorted(self.tried),
            "turn": self.turns,
            "turn_player": self.turn_seat,
            "decision": self.decision(),
            "choices": [text for s, text in self.legal_actions() if s == seat] if not self.is_chance_node() else [],
            "outcome": self.outcome(),
        }

    def snapshot(self) -> dict:
        """The whole state, face-down cards included (for comparing with the engine's state)."""
        view = self.observation(-1)
        del view["seat"], view["choices"]
        view["pool"] = sorted(LABEL[c] for c in self.pool)
        view["decks"] = [[LABEL[c] for c in d] for d in self.decks]
        view["dishes"] = [[LABEL[c] for c in dish] for dish in self.dishes]
        return view


def random_game(players: int, seed: int = 0) -> Shrimp:
    """A whole game, chance by its odds and each choice uniformly, drawing from one seeded RNG in
    the same way as ``rulespec.random_game`` (so one seed plays the same game on both). Every
    chance node of Shrimp is uniform, so the walk over the outcomes uses floats: the total is
    exactly 1.0 and each step subtracts float(1/k), as ``float(Fraction(1, k))`` would."""
    rng = random.Random(seed)
    game = Shrimp(players)
    while not game.is_terminal():
        actions = game.legal_actions()
        if game.is_chance_node():
            pick = rng.random()
            step = 1 / len(actions)
            chosen = actions[-1]
            for action in actions:
                pick -= step
                if pick < 0:
                    chosen = action
                    break
            game.apply(chosen)
        else:
            game.apply(actions[rng.randrange(len(actions))])
    return game
