"""The checked model as a whole: ``Model``, every declaration of a game in the file's order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .declarations import (Board, Cited, ClauseText, Component, Counter, Dice, Fit, LeaveOut, Option, Queue, Ruling,
                           SeatAttribute, Shape, Zone)
from .ends import End, Invariant, Match, Ranking, Returns, Score
from .examples import Example, ExampleElsewhere
from .expressions import E
from .steps import ActionNumbers, ChanceNumbers, DecisionLimit, Definition, Instead, Step, Trigger, TurnLimit


@dataclass(frozen=True)
class Model:
    """Everything a generator needs, checked and resolved. Order of every tuple is the file's order."""

    game_id: str
    title: str
    source_path: str
    source_text: str
    rulebook: Optional[str]
    game_cites: tuple[str, ...]
    min_players: int
    max_players: int
    max_turns: Optional[int]
    variants_applied: tuple[str, ...]
    variants_available: tuple[tuple[str, str], ...]
    variant_cites: tuple[str, ...]  # what the variants' own headers cite
    rulings: tuple[Ruling, ...]
    options: tuple[Option, ...]
    components: tuple[Component, ...]
    leave_outs: tuple[LeaveOut, ...]
    zones: tuple[Zone, ...]
    counters: tuple[Counter, ...]
    queues: tuple[Queue, ...]
    boards: tuple[Board, ...]
    shapes: tuple[Shape, ...]
    fits: tuple[Fit, ...]
    setup: Optional[Step]
    turns: Optional[Cited]
    turn_step: Optional[str]
    first_seat: int
    skip_var: Optional[str]
    skip_when: Optional[E]
    steps: tuple[Step, ...]
    triggers: tuple[Trigger, ...]
    insteads: tuple[Instead, ...]
    ends: tuple[End, ...]
    scores: tuple[Score, ...]
    ranking: Optional[Ranking]
    invariants: tuple[Invariant, ...]
    examples: tuple[Example, ...]
    match: Optional[Match] = None
    causes: tuple[str, ...] = field(default=())
    definitions: tuple[Definition, ...] = ()
    returns: Optional[Returns] = None  # None: +1 / 0 / -1 from the ranking (rulespec.runtime.engine)
    seat_attributes: tuple[SeatAttribute, ...] = ()
    # A house rule that seats other player counts than its base leaves out the base's examples and
    # leave-outs for the counts it no longer seats ("example four_players", "the leave-out with 4 players").
    left_out_of_base: tuple[str, ...] = ()
    dice: tuple[Dice, ...] = ()
    # The examples the file declares that this model does not run (about other variants, or left out), and why.
    examples_elsewhere: tuple[ExampleElsewhere, ...] = ()
    asks_legal_moves: bool = False  # some rule asks `p has a legal move` (of the turn's choice)
    counts_positions: bool = False  # some rule asks `the position has occurred N times`: the state records them
    counts_positions_on: tuple[str, ...] = ()  # boards some rule asks `the position on B has occurred N times` of
    turn_limit: Optional[TurnLimit] = None  # `at most EXPR turns`; max_turns is then its largest value
    decision_limit: Optional[DecisionLimit] = None  # `at most EXPR decisions`
    action_numbers: Optional[ActionNumbers] = None  # `actions numbered 0 to EXPR`: each option's `numbered`
    chance_numbers: Optional[ChanceNumbers] = None  # `chance outcomes numbered 0 to EXPR`: each chance step's
    clause_texts: tuple[ClauseText, ...] = ()  # what the cited clauses say, in the file's words (file order)

    @property
    def changing_attributes(self) -> dict[str, tuple[str, ...]]:
        """Each attribute declared `can change` -> the components whose attribute it is that may change."""
        found: dict[str, tuple[str, ...]] = {}
        for c in self.components:
            for attr in c.changing:
                found[attr] = found.get(attr, ()) + (c.name,)
        return found

    def cited_clauses(self) -> set[str]:
        """Every clause ID cited anywhere in the model."""
        found: set[str] = set(self.game_cites) | set(self.variant_cites)
        for group in (self.rulings, self.options, self.components, self.leave_outs, self.zones, self.counters,
                      self.queues, self.boards, self.shapes, self.fits, self.steps, self.triggers, self.insteads, self.ends,
                      self.scores, self.invariants, self.examples, self.definitions, self.seat_attributes, self.dice):
            for decl in group:
                found.update(decl.cites)
                found.update(decl.rulings)
                for option in getattr(decl, "options", ()):
                    found.update(option.cites)
                    found.update(option.rulings)
                for face in getattr(decl, "faces", ()):
                    found.update(face.cites)
                    found.update(face.rulings)
        for single in (self.setup, self.turns, self.ranking, self.match, self.returns):
            if single is not None:
                found.update(single.cites)
                found.update(single.rulings)
        return found

