"""The checked model: every name resolved, every expression typed.

Stage three of the pipeline (rule text -> parse tree -> AST -> **checked model** -> engine).
The code generator, the docs and the property machinery read this and nothing earlier.
Expressions here say exactly what they compute (``ZoneRef``, ``ItemAttr``, ``RegionComplete``...),
so a generator never has to guess what ``X of Y`` meant. The nodes live by kind: expressions.py (the
types of expressions and every expression but a board's), board_expressions.py, statements.py,
declarations.py (what a game is made of), steps.py (steps, choices, outcomes, definitions, triggers),
ends.py (ends and scoring), examples.py and model.py (``Model``); this package hands them all on as
``ir.X``, and a new node goes into the module of its kind.
"""

from ...lib.geometry import ADJACENCY_DIRECTIONS, COMPASS, COMPASS_STEPS, TRIANGLE_LINES, direction_steps  # noqa: F401
from .expressions import (BOOL, DIRECTION, DIRECTIONS, E, ELEMENT_OF, INT, ITEM, NUMBERS, QUEUE, SEAT, SEATS, SPACE,
                          SPACES, SYMBOL, SYMBOLS, ZONE, ZONES, AfterIt, Arith, AttributeValues, BestSets, BoardRef,
                          BoolOp, Builtin, Check, Compare, Conditional, Const, Count, CounterRef, DefinedValue,
                          Extreme, First, HasLegalMove, IsKind, ItemAttr, Member, Negate, Not, NumberOf, OptionRef,
                          Others, PlayerToMove, PlayersSet, PositionOccurred, QueueRef, ScoreRef, SeatAttr, SeatConst,
                          SeatStep, Size, Span, StartingPlayer, ThereIs, Top, Total, TurnNumber, Var, Won, ZoneRef)
from .board_expressions import (CellsOf, Connected, Directions, FaceOf, FacesInUse, Fits, GraphDirection, GroupOf,
                                Holds, HoldsValue, InRegion, IsMarked, Jumps, LineOf, LineSet, Neighbour,
                                NeighboursOf, Occupant, Placements, Ray, RegionComplete, SpaceAttr, SpaceIndex, Turned, Walk,
                                lattice_directions)
from .statements import (S, Enqueue, ForEach, If, Let, Lose, Move, NextTurn, Nothing, Place, Repeat, Resolve, Roll,
                         SetAttribute, SetCounter, Shuffle, Then)
from .declarations import (Board, Cited, ClauseText, Component, Counter, Dice, DirectionSet, Face, Fit, Jump,
                           LeaveOut, Option, Queue, Ruling, SeatAttribute, Shape, Zone, built_in_sets)
from .steps import (ActionNumbers, Binding, ChanceNumbers, ChoiceOption, DecisionLimit, Definition, Event, Instead,
                    Outcome, Param, Step, Trigger, TurnLimit)
from .ends import End, Invariant, Match, Ranking, Returns, Score
from .examples import Example, ExampleElsewhere, ExampleLine
from .model import Model
