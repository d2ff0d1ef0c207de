"""Whether an option whose text shows two chosen names can list two choices that read alike (#40).

`option place "place {tile} on {where}": for tile in shield of player, where in placements of tile on sea`
(Let Them Eat Shrimp!'s turn, some fifty choices a listing) lists each copy group of the zone once (State.
_one_of_each) and each placement of its shape once. Two of its choices read alike only if two groups read alike,
or one group's label followed by the words between the fields (" on ") begins another's, or two placements of
one shape read alike. All three are decided here from the checked model, so the runtime need not check every
listing for two alike (StepInfo.distinct: a set of the listing's texts at each decision):

- the first name a number followed by words that begin with a character no number's text has (a space, a letter),
  or an item walked from a zone that is not stacked (copies grouped: one a group) where labels do not
  change, no two copy groups sharing a label, and no label followed by the words between the fields beginning
  another label followed by them;
- the second a seat, a number, a truth or a word (each its own text), or a placement walked from the placements
  of one shape (or of a tile's shape) on a board of triangles whose spaces' labels are all different and hold no
  space (a placement reads as its spaces' labels joined by spaces, and the placements of one shape cover
  different spaces).
The text shows exactly those two names, in that order, each as it is (no format of its own).
"""

from __future__ import annotations

from typing import Sequence

from ..model import ir
from ..runtime.helpers import build_item_tables
from ..runtime.tables import BoardInfo

_PLAIN = (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL)  # a value whose text is its own and tells it from every other


def two_names_apart(model: ir.Model, changing: bool, option: ir.ChoiceOption, named: Sequence[ir.Binding],
                    parts: list) -> bool:
    """Whether no two of ``option``'s choices can read the same for one seat: ``named`` its two bound names the
    text shows, ``parts`` its template parsed (string.Formatter().parse)."""
    fields = [(text, field, spec, conversion) for text, field, spec, conversion in parts if field is not None]
    if len(fields) != 2 or any(spec or conversion for _, _, spec, conversion in fields):
        return False
    by_name = {b.var: b for b in named}
    first, second = (by_name.get(field) for _, field, _, _ in fields)
    if first is None or second is None or first is second:
        return False
    between = fields[1][0]
    return (items_apart(model, changing, first, between) or number_apart(first, between)) and values_apart(model, second)


# What a number's text is made of (str of an int): a text's number runs as far as these characters do.
NUMBER_CHARACTERS = frozenset("0123456789-")


def number_apart(binding: ir.Binding, between: str) -> bool:
    """A number followed by words that begin with a character no number's text has (`bid {quantity} x {face}`):
    the number's text is read as far as its characters run, so it ends where the words begin (#40, helper
    stepfloor: Liar's dice's bids, whose listing the runtime otherwise checks for two alike at every turn)."""
    return binding.type == ir.INT and between[:1] != "" and between[0] not in NUMBER_CHARACTERS


def items_apart(model: ir.Model, changing: bool, binding: ir.Binding, between: str) -> bool:
    """An item walked one per copy group whose label tells its group, followed by ``between``, from every other."""
    if binding.type != ir.ITEM or changing or not isinstance(binding.domain, ir.ZoneRef):
        return False
    if any(z.name == binding.domain.zone and z.stacked for z in model.zones):
        return False  # (a stacked zone's copies differ by their place: each is listed)
    kinds, labels, attrs = build_item_tables([(c.name, c.attributes, c.copies_table, c.shown_as)
                                              for c in model.components])
    groups = {(kind, tuple(values.get(item) for values in attrs.values())): labels[item]
              for item, kind in enumerate(kinds)}  # (a copy group: the same kind and attributes, Engine._copy_group)
    shown = set(groups.values())
    if len(shown) < len(groups):
        return False  # two groups read alike
    # (two texts alike with different labels: the shorter label's text up to the second name begins the other's)
    return not any((other + between).startswith(label + between) for label in shown for other in shown if other != label)


def values_apart(model: ir.Model, binding: ir.Binding) -> bool:
    """A value whose text tells it from every other the walk gives (for one value of the first name)."""
    if binding.type in _PLAIN:
        return True
    if not (binding.type.startswith("placement:") and isinstance(binding.domain, ir.Placements)):
        return False
    board = next((b for b in model.boards if b.name == binding.domain.board), None)
    if board is None or board.lattice != "triangles":
        return False
    spaces = BoardInfo(board.name, tuple(str(r) for r in board.row_values), tuple(board.column_values), "", "", (),
                       kind=board.lattice).labels
    return len(set(spaces)) == len(spaces) and not any(" " in label for label in spaces)
