"""How options and outcomes read: a template like "play {tile}" as code that joins literals and labels,
and the module-level tables of texts made once.
"""

from __future__ import annotations

import string
from typing import Sequence

from ..model import ir
from ..model.checker import board_of, is_space
from ..model.counter_values import held_words
from .quoting import comment, ident, lit


class Texts:
    """Option and outcome texts (CodeGenerator's part)."""

    def render(self, template: str, types: dict[str, str], shown: Sequence[tuple[str, ir.E]] = (),
               unknown: frozenset[str] = frozenset()) -> str:
        """A template like "play {tile}" as a concatenation of literals and labels. A template with one
        item or seat in it reads from a table of its texts, made once (no new string for each option).
        A field that is not a chosen value is the checked expression the checker gave for it (``shown``);
        a field in ``unknown`` (one a state decides, in a text without a state) reads `<its source>`."""
        parsed = list(string.Formatter().parse(template))
        fields = [field for _, field, _, _ in parsed if field is not None]
        values = {field: value for field, value in shown if field not in unknown}
        if len(fields) == 1 and fields[0] not in values and fields[0] not in unknown \
                and types[fields[0]] in (ir.ITEM, ir.SEAT) and not (types[fields[0]] == ir.ITEM and self.changing):
            type_ = types[fields[0]]
            name = self.text_tables.get((template, type_))
            if name is None:
                name = self.text_tables[(template, type_)] = f"TEXT_{len(self.text_tables)}"
            return f"{name}[v_{ident(fields[0])}]"
        if len(fields) == 1 and fields[0] in values:
            shown_value = values[fields[0]]
            if isinstance(shown_value, ir.ItemAttr) and not shown_value.changes and isinstance(shown_value.item, ir.Var) \
                    and types.get(shown_value.item.name) == ir.ITEM and shown_value.type not in (ir.ITEM, ir.SEAT) \
                    and not is_space(shown_value.type):
                # `bid {value of c}`: an attribute of a chosen item reads the same in every state: one table of
                # texts by item, made once (no str() and concatenation for each option listed).
                key = (template, "attribute:" + shown_value.attr)
                name = self.text_tables.get(key)
                if name is None:
                    name = self.text_tables[key] = f"TEXT_{len(self.text_tables)}"
                return f"{name}[v_{ident(shown_value.item.name)}]"
        parts = []
        for literal, field, _, _ in parsed:
            if literal:
                parts.append(repr(literal))
            if field is not None and field in unknown:
                parts.append(lit("<" + field + ">"))
            elif field is not None and field in values:
                parts.append(self.value_label(values[field]))
            elif field is not None:
                parts.append(self.label(field, types[field]))
        return " + ".join(parts) if parts else "''"

    def value_label(self, e: ir.E) -> str:
        """How a value worked out in a text reads: a component, a space or a player by its label, a number
        or a word as itself. Written as plain code: it is read where the text is made."""
        bound, self.bound = self.bound, None  # never kept in a local of one listing (see once())
        try:
            held = next((c for c in self.m.counters if c.name == e.name and c.holds != ir.INT), None) \
                if isinstance(e, ir.CounterRef) else None
            if held is not None:  # a counter holding a seat, a direction or a word: its value's word, or none
                return f"{lit(held_words(self.m, held) + ('none',))}[{self.counter_kept(e)}]"
            code = self.expr(e)
        finally:
            self.bound = bound
        if e.type == ir.ITEM:
            return f"{self.item_labels()}[{code}]"
        if is_space(e.type) and self.may_be_none(e):  # past the board's edge: reads `none` (a refused text)
            return f"st._space_label({self.board_const(board_of(e.type))}_LABEL, {code})"
        if is_space(e.type):
            return f"{self.board_const(board_of(e.type))}_LABEL[{code}]"
        if e.type == ir.SEAT:
            return f"SEAT_LABEL[{code}]"
        if e.type == ir.DIRECTION:
            return f"{lit(ir.COMPASS)}[{code}]"
        if e.type.startswith("direction:"):  # a graph's named direction, by its word
            return f"{lit(self.direction_words(board_of(e.type)))}[{code}]"
        return f"str({code})"

    def direction_words(self, board: str) -> tuple[str, ...]:
        """A graph's named directions, by their numbers (Tables.toward's index)."""
        declared = next(b for b in self.m.boards if b.name == board)
        return tuple(name for name, _ in declared.directions)

    def item_labels(self) -> str:
        """The items' labels: the state's where an attribute can change (the label reads its value now)."""
        return "st._labels" if self.changing else "ITEM_LABEL"

    def label(self, var: str, type_: str) -> str:
        v = "v_" + ident(var)
        if type_ == ir.ITEM:
            return f"{self.item_labels()}[{v}]"
        if is_space(type_):
            return f"{self.board_const(board_of(type_))}_LABEL[{v}]"
        if type_.startswith("placement:"):
            return f"st._t.placement_label[{self.boards[board_of(type_)]}][{v}]"
        if type_ == ir.SEAT:
            return f"SEAT_LABEL[{v}]"
        if type_ == ir.DIRECTION:  # by its compass name (`slide east`), not its number
            return f"{lit(ir.COMPASS)}[{v}]"
        if type_.startswith("direction:"):  # a graph's named direction, by its word
            return f"{lit(self.direction_words(board_of(type_)))}[{v}]"
        return f"str({v})"

    def text_table_lines(self) -> None:
        """The tables of option and outcome texts (see render), put after the component tables."""
        lines = [f"SEAT_LABEL = tuple('player ' + str(seat + 1) for seat in range({self.m.max_players!r}))"]
        for (template, type_), name in self.text_tables.items():
            parsed = list(string.Formatter().parse(template))
            text = " + ".join([repr(literal) if literal else "" for literal, _, _, _ in parsed][:1] + ["label"] +
                              [repr(literal) for literal, _, _, _ in parsed[1:] if literal])
            text = text.lstrip(" +")
            if type_.startswith("attribute:"):  # the attribute's value of every item, as the text reads it
                attr = type_[len("attribute:"):]
                universal = all(any(n == attr for n, _ in c.attributes) for c in self.m.components)
                value = f"ITEM_ATTRS[{attr!r}][item]" if universal else f"ITEM_ATTRS[{attr!r}].get(item)"
                text = " + ".join([repr(literal) for literal, _, _, _ in parsed[:1] if literal] + [f"str({value})"] +
                                  [repr(literal) for literal, _, _, _ in parsed[1:] if literal])
                lines.append(f"{name} = tuple({text} for item in range(len(ITEM_KIND)))  " + comment(repr(template)))
                continue
            source = "ITEM_LABEL" if type_ == ir.ITEM else "SEAT_LABEL"
            lines.append(f"{name} = tuple({text} for label in {source})  " + comment(repr(template)))
        self.w.lines[self.board_tables_at:self.board_tables_at] = self.cells_by_lines() + self.shifted_places_lines() + self.seat_walk_lines()  # (first: it is later)
        self.places_written = True
        self.w.lines[self.tables_at:self.tables_at] = (list(self.places_used.values()) + lines + self.item_test_lines() + self.items_by_value_lines() + self.content_test_lines() + self.fill_tests_lines()
                                                       + self.tally_tests_lines() + self.lines_through_lines() + self.reach_ends_lines() + self.space_tests_lines() + self.each_tests_lines()
                                                       + self.related_lines() + self.held_count_lines() + self.found_loop_lines())
        helpers = ((["cells_by_value"] if self.cells_by_used else [])
                   + (["count_empty", "count_occupied"] if self.occupancy_counts_used else [])
                   + (["ItemsPassing"] + sorted(self.located_helpers_used) if self.located_helpers_used else [])
                   + (["ItemsByValue"] if self.items_by_value else [])
                   + (["count_is"] if self.count_is_used else [])
                   + (["EveryBetween"] if self.every_between_used else [])
                   + (["HeldGroups", "count_held_is"] if self.held_counts_used else [])
                   + (["ItemValues"] if any(key[-1] == "values" for key in self.item_tests) else [])
                   + (["ContentTests"] if self.content_tests else [])
                   + (["item_table"] if self.item_definitions else [])
                   + (["content_directions"] if self.content_directions else [])
                   + (["places_shifted"] if any(self.shifts_used.values()) else [])
                   + (["ray_stop"] if self.ray_stop_used else [])
                   + (["SeatWalk"] if self.seat_walks else [])
                   + (["first_empty"] if self.first_empty_used else [])
                   + (["steps_again_spent"] if self.steps_again_used else [])
                   + (["spaces_among"] if self.narrowing_used else [])
                   + (["space_numbered"] if self.space_numbered_used else [])
                   + (["spaces_by_value"] if self.by_value_used else []))
        if helpers:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.helpers import " + ", ".join(helpers)]
        if self.fill_tests_made:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = [
                "from rulespec.runtime.fills import " + ", ".join(
                    ["BLOCKED", "PASSES", "REACHED", "FillTests"] + sorted(self.fill_calls_used))]
        if self.witnessed_used or self.uncut_used:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.witnessed import " + ", ".join(
                (["connected_witnessed"] if self.witnessed_used else []) + (["holds_uncut"] if self.uncut_used else []))]
        if self.answers_read_used or self.answers_listed_used:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.read_answers import " + ", ".join(
                (["answer_kept"] if self.answers_read_used else []) + (["answer_listed"] if self.answers_listed_used else []))]
        if self.each_tests_made:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.from_each import connected_from_each"]
        if self.joined_used:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = [
                "from rulespec.runtime.joined import " + ", ".join(sorted(self.joined_used))]
        if self.tally_tests_made:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.tallies import TallyTests, count_tallied"]
        if any(len(key) == 3 for key in self.item_tests):  # (an ItemTests table: only then, the others as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.engine import ItemTests"]
        if self.rows_kept_used:
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.engine import KeptRows"]
