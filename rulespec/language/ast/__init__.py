"""Typed syntax tree of a rule file.

Stage two of the pipeline (rule text -> parse tree -> **AST** -> checked model -> engine).
Every node is a frozen, keyword-only dataclass with a ``kind`` tag and the source location it came
from, so later stages can point at the exact text when something is wrong. Later stages copy a node
with ``dataclasses.replace`` and walk it with ``dataclasses.fields``.
The nodes live by kind: nodes.py (``Loc``, ``Node``, ``Clause``), expressions.py, statements.py,
declarations.py, examples.py (examples, matches, variants) and rule_file.py (``RuleFile``); this package
hands them all on as ``ast.X``, and a new node goes into the module of its kind.
"""

from .nodes import (  # noqa: F401
    after_named_step, named_step_of, Loc, Node, Clause,
)
from .expressions import (  # noqa: F401
    Num, Name, SeatLiteral, Of, Call, Count, ThereIs, First, Total, BestSets, Placements, IsASpace, IsMarked,
    Compare, Arith, Negate, Turned, Not, BoolOp, Test, IsKind, Fits, Span, Neighbour, LineOf, Walk, GroupOf, Ray,
    NamedDirections, Jumps, Connected, Member, Extreme, Conditional, Won, HasLegalMove, TurnValue, PositionOccurred,
    Expr,
)
from .statements import (  # noqa: F401
    Move, Place, Then, Enqueue, Resolve, SetCounter, AddCounter, If, ForEach, Repeat, Nothing, Let, Roll, Shuffle,
    Lose, NextTurn, Stmt,
)
from .declarations import (  # noqa: F401
    GameDecl, Extends, Removal, Renaming, RulingDecl, ClauseText, OptionDecl, Attribute, ComponentDecl, LeaveOut,
    StartCopies, ZoneBound, ZoneDecl, CounterDecl, QueueDecl, SeatAttributeDecl, DiceDecl, RegionDecl, MapRow,
    FaceDecl, MarkDecl, DirectionSetDecl, JumpDecl, GraphSpace, GraphLink, GraphLine, GraphPosition, BoardDecl,
    ShapeDecl, FitDecl, SetupDecl, TurnsDecl, Param, DefineDecl, StepDecl, Binding, AfterIt, OptionChoice,
    ChoiceDecl, Outcome, ChanceDecl, Event, TriggerDecl, InsteadDecl, EndDecl, ScoreDecl, RankingKey, RankingDecl,
    ReturnsDecl, InvariantDecl,
)
from .examples import (  # noqa: F401
    ItemRef, EXAMPLE_LINES, ExampleLine, ExampleDecl, MatchDecl, OptionReplace, Change, VariantDecl,
)
from .rule_file import (  # noqa: F401
    Declaration, RuleFile, declaration_name,
)
