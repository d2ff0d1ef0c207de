"""The most moves one game can take, worked out from a checked model where its form bounds them.

A move is what an adapter or a random game counts as a step: one decision (a seat's action; at a
simultaneous decision, one per seat) or one chance outcome. With `at most N turns`, a game takes at
most N turns, and a turn runs its turn step and the steps that step starts (`then`, a queue). When
every such chain is finite and each loop that starts steps walks a collection of known size, the
bound is:

    moves of the set-up + N x moves of one turn + moves of the costliest end's `then` (+ 1 for a draw of lots)

This is what OpenSpiel calls the maximum game length (here chance outcomes count too), and it sizes
the information state tensor: a step budget of 100 steps per turn per player would give Kuhn poker
801 rows where 6 are enough. Anything whose count the form does not fix gives None, and the caller
keeps the generic step budget (rulespec.runtime.policies): a step that starts itself again, a claim
window (rounds of waiting), a trigger that starts steps (it fires as often as pieces move), dice,
matches, `repeat` a number of times worked out during play. A loop that starts steps counts as
many times as the work estimate's size of what it walks (rulespec/model/cost.py). A replacement (`instead`) counts as the costlier of it and its step.
Counting decision nodes, a step that reaches no choice (through the steps it starts) counts none, however
often it starts itself again (Oware's sowing, its captures).
"""

from __future__ import annotations

from typing import Optional

from . import ir
from .cost import Cost


class Unbounded(Exception):
    """The model's form does not bound the moves (the reason is for tests and for reading)."""


def max_moves(model: ir.Model, players: int, cost: Optional[Cost] = None,
              decision_nodes: bool = False, turns: Optional[int] = None) -> Optional[int]:
    """The most moves of one ``players``-player game, or None when the form does not bound them. With
    ``decision_nodes``, the most decision nodes as OpenSpiel counts them for max_game_length: no chance
    outcome, and a simultaneous decision one node. ``turns``: the turn limit of the configuration played
    (`at most EXPR turns` worked out), else the file's MAX_TURNS."""
    try:
        return _Bound(model, players, cost, decision_nodes, turns).game()
    except Unbounded:
        return None


def max_moves_by_players(model: ir.Model) -> dict[int, int]:
    """max_moves for every player count the game seats, where it is bounded."""
    found, cost = {}, Cost(model)
    for players in range(model.min_players, model.max_players + 1):
        bound = max_moves(model, players, cost)
        if bound is not None:
            found[players] = bound
    return found


class _Bound:
    def __init__(self, model: ir.Model, players: int, cost: Optional[Cost] = None, decision_nodes: bool = False,
                 turns: Optional[int] = None):
        self.model, self.players, self.decision_nodes = model, players, decision_nodes
        self.turns = model.max_turns if turns is None else turns
        self.cost = cost if cost is not None else Cost(model)  # its sizes of collections
        self.steps = {step.name: step for step in model.steps}
        self.insteads: dict[str, list[ir.Instead]] = {}
        for instead in model.insteads:
            self.insteads.setdefault(instead.step, []).append(instead)
        self.known: dict[str, int] = {}
        self.running: set[str] = set()
        self.deciding = self._steps_reaching_a_choice()

    def _steps_reaching_a_choice(self) -> set[str]:
        """The steps that are a choice or start one, at once or through the steps they start."""
        bodies = {name: (step.body,) + tuple(o.body for o in step.options)
                  + tuple(i.body for i in self.insteads.get(name, ())) for name, step in self.steps.items()}
        starts = {name: {s for body in found_in for s in _started(body)} for name, found_in in bodies.items()}
        found = {name for name, step in self.steps.items() if step.kind == "choice"}
        grown = True
        while grown:
            more = {name for name, started in starts.items() if started & found} - found
            found |= more
            grown = bool(more)
        return found

    def game(self) -> int:
        m = self.model
        if self.turns is None:
            raise Unbounded("no turn limit")
        if m.match is not None:
            raise Unbounded("a match: each leg sets up again")
        if m.dice and not self.decision_nodes:
            raise Unbounded("dice: a roll is a chance step per die, as many as the holder has")
        for trigger in m.triggers:  # a trigger fires once per event: as often as pieces move
            if self.body(trigger.body):
                raise Unbounded(f"trigger {trigger.name} starts steps")
        moves = 0
        if m.setup is not None:  # (not among the steps: run once, before the first turn)
            moves = max([self.step(m.setup)] + [self.body(i.body) for i in self.insteads.get(m.setup.name, ())])
        if m.turn_step is not None:
            moves += self.turns * self.step_named(m.turn_step)
        # An end clears what was left of the turn and runs its `then` step, once.
        ending = [self.step_named(end.then_step) for end in m.ends if end.then_step is not None]
        moves += max(ending, default=0)
        if not self.decision_nodes and m.ranking is not None and any(kind == "lot" for kind, _ in m.ranking.keys):
            moves += 1  # a tie broken by drawing lots: one chance outcome
        return moves

    def step_named(self, name: str) -> int:
        if name in self.known:
            return self.known[name]
        if self.decision_nodes and name not in self.deciding:
            return 0  # (however often it starts itself again, a step that reaches no choice decides nothing)
        if name in self.running:
            raise Unbounded(f"step {name} can start itself again")
        self.running.add(name)
        moves = self.step(self.steps[name])
        for instead in self.insteads.get(name, ()):  # run in its place: the costlier of the two
            moves = max(moves, self.body(instead.body))
        self.running.discard(name)
        self.known[name] = moves
        return moves

    def step(self, step: ir.Step) -> int:
        if step.kind == "choice":
            if step.by is None and not step.together:
                raise Unbounded(f"choice {step.name} is a claim window: rounds of waiting")
            own = self.players if step.together and not self.decision_nodes else 1
            return own + max((self.body(option.body) for option in step.options), default=0)
        return (1 if step.kind == "chance" and not self.decision_nodes else 0) + self.body(step.body)

    def body(self, statements: tuple) -> int:
        return sum(self.statement(s) for s in statements)

    def statement(self, s: ir.S) -> int:
        if isinstance(s, (ir.Then, ir.Enqueue)):  # an entry of a queue runs once, when the queue is resolved
            return self.step_named(s.step)
        if isinstance(s, ir.If):
            return max(self.body(s.then), self.body(s.otherwise))
        if isinstance(s, ir.Shuffle):  # one chance node, started by `then`
            return self.body(s.body)
        if isinstance(s, ir.ForEach):
            inner = self.body(s.body)
            return inner and inner * self.size(s.domain)
        if isinstance(s, ir.Repeat):
            inner = self.body(s.body)
            if not inner:
                return 0
            if _whole(s.times):
                return inner * max(s.times.value, 0)
            raise Unbounded(f"`repeat {s.times.text}` starts steps a number of times worked out during play")
        if isinstance(s, (ir.Roll, ir.Lose)) and not self.decision_nodes:  # (chance: no decision)
            raise Unbounded("dice")
        return 0  # a move, a placement, a counter, `next turn`, resolving a queue: no move of its own

    def size(self, domain: ir.E) -> int:
        """The most elements a `for each` walks over ``domain``: the seats at this player count, else the
        work estimate's bound (rulespec/model/cost.py: a zone may hold every component, and so on)."""
        if isinstance(domain, ir.PlayersSet):
            return self.players
        if isinstance(domain, ir.Others):
            return self.players - 1
        return self.cost.size(domain)


def _started(statements: tuple):
    """The names of the steps a body starts (`then`, a queue's entries), in its branches and loops too."""
    for s in statements:
        if isinstance(s, (ir.Then, ir.Enqueue)):
            yield s.step
        for part in vars(s).values():
            if isinstance(part, tuple) and part and all(isinstance(item, ir.S) for item in part):
                yield from _started(part)


def _whole(e: ir.E) -> bool:
    """A whole number written in the file (not one worked out during play)."""
    return isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool)
