"""What a space holds and what a component is: `s holds pawn`, `s holds king` (a value of a component
attribute), `s holds mark of p` (a seat's value), `t is pawn`."""

from __future__ import annotations

from ..language import ast
from ..language.errors import did_you_mean
from ..lib.suggestions import close_matches
from . import ir
from .ir import BOOL, ITEM, SEAT, SYMBOL
from .value_types import board_of, describe_type, is_space

IS_WORDS = ("empty", "occupied", "complete", "none")  # what `s is ...` may say besides a component


class Holding:
    def _is_kind(self, node: ast.IsKind, scope: dict[str, str]) -> ir.E:
        """`t is pawn`, `s holds pawn`: a component's kind, or what a space holds."""
        text, loc = self.text(node), node.loc
        subject = self.expr(node.subject, scope)
        if node.component not in self.components and node.holds and self._attributes_with(node.component):
            return self._holds_attribute_value(node, subject)
        if node.component not in self.components:
            self.not_a_component(node, subject)
            return self._bad(node)
        if node.holds:
            if not is_space(subject.type):
                if subject.type != "?":
                    self.error(node.subject.loc, f"only a space can hold something; `{subject.text}` is "
                                                 f"{describe_type(subject.type)}")
                return self._bad(node)
            return ir.Holds(BOOL, loc, text, board_of(subject.type), subject, node.component)
        if subject.type not in (ITEM, "?"):
            hint = f"to ask what a space holds, write `{subject.text} holds {node.component}`" if is_space(subject.type) else None
            self.error(node.subject.loc, f"`{subject.text}` is {describe_type(subject.type)}, not a component",
                       hint=hint)
        return ir.IsKind(BOOL, loc, text, subject, node.component)

    def _attributes_with(self, value: str) -> list[str]:
        """The component attributes that list ``value`` among their values."""
        return [a for a, values in self.attributes.items() if value in values]

    def _holds_attribute_value(self, node: ast.IsKind, subject: ir.E) -> ir.E:
        """`s holds king`, king a value of one component attribute (and no component's name): s is occupied by a
        component whose attribute has that value. A value of several attributes is refused: which is meant?"""
        name, loc = node.component, node.loc
        owners = self._attributes_with(name)
        if not is_space(subject.type):
            if subject.type != "?":
                self.error(node.subject.loc, f"only a space can hold something; `{subject.text}` is "
                                             f"{describe_type(subject.type)}")
            return self._bad(node)
        if len(owners) > 1:
            self.error(self._name_loc(loc, name), f"`{name}` is a value of several attributes ({', '.join(owners)}): "
                                                  f"`holds {name}` does not say which", width=len(name),
                       hint=f"name the attribute: `{owners[0]} of occupant of {subject.text} = {name}`")
            return self._bad(node)
        value = ir.Const(SYMBOL, loc, name, name)
        return ir.HoldsValue(BOOL, loc, self.text(node), board_of(subject.type), subject, value, owners[0])

    def _holds_item_value(self, node: ast.IsKind, subject: ir.E, scope: dict[str, str]) -> ir.E:
        """`t holds colour of X`, X a component: t's occupant has X's colour (`NAME of X` is the component's
        attribute where X is a component, the seat's where X is a seat)."""
        value = self.expr(ast.Of(loc=node.seat.loc, attr=node.component, target=node.seat), scope)
        if value.type == "?" or subject.type == "?":
            return self._bad(node)
        if not is_space(subject.type):
            self.error(node.subject.loc, f"only a space can hold something; `{subject.text}` is "
                                         f"{describe_type(subject.type)}")
            return self._bad(node)
        return ir.HoldsValue(BOOL, node.loc, self.text(node), board_of(subject.type), subject, value, node.component)

    def _holds_seat_value(self, node: ast.IsKind, scope: dict[str, str]) -> ir.E:
        """`s holds mark of p`: the seat's value names a component (every value of `mark` is a component's
        name) or is a value of a component attribute (the attribute of the same name, else the one attribute
        that has every value of `mark`)."""
        name, loc, text = node.component, node.loc, self.text(node)
        subject = self.expr(node.subject, scope)
        if name in self.attributes and (name not in self.seat_attributes or self.expr(node.seat, scope).type == ITEM):
            return self._holds_item_value(node, subject, scope)  # `t holds colour of occupant of s`: by X's type
        seat = self.expr(node.seat, scope, SEAT)
        if name not in self.seat_attributes:
            hint = did_you_mean(name, self.seat_attributes) or (
                f"declare what each seat brings: `each player has a {name}: ...`; `holds ... of` asks for a "
                f"seat's value")
            self.error(loc, f"`{name}` is not something each player has", hint=hint)
            return self._bad(node)
        self.used.add("seat_attribute:" + name)
        values = self.seat_attributes[name].values
        if subject.type == "?" or seat.type == "?":
            return self._bad(node)
        if not is_space(subject.type):
            self.error(node.subject.loc, f"only a space can hold something; `{subject.text}` is "
                                         f"{describe_type(subject.type)}")
            return self._bad(node)
        attribute = None
        if not all(v in self.components for v in values):
            owners = [a for a, known in self.attributes.items() if all(v in known for v in values)]
            if name in owners:
                owners = [name]
            if len(owners) != 1:
                shown = ", ".join(values)
                what = (f"are values of several attributes ({', '.join(owners)})" if owners else
                        "name no component and are not all values of one component attribute")
                self.error(loc, f"the values of `{name}` ({shown}) {what}",
                           hint=f"give each player a component's name, or values of one attribute; name that "
                                f"attribute `{name}` too (`component piece: {name} ({shown})`)")
                return self._bad(node)
            attribute = owners[0]
        value = ir.SeatAttr(SYMBOL, loc, f"{name} of {seat.text}", name, values, seat)
        return ir.HoldsValue(BOOL, loc, text, board_of(subject.type), subject, value, attribute)

    def not_a_component(self, node: ast.IsKind, subject: ir.E) -> None:
        """`s holds red`, `t is red`: `red` names no component. When it is a value of an attribute, say so
        and what to write instead."""
        name = node.component
        owners = [a for a, values in self.attributes.items() if name in values]
        if not node.holds and subject.type in (SYMBOL, SEAT) and (owners or name == "player"):
            # `led is clubs`, `leader is player`: a word or a seat is compared, not tested for a kind
            value = "player N" if name == "player" else name
            self.error(node.loc, f"`{self.text(node.subject)}` holds a {'word' if subject.type == SYMBOL else 'player'}"
                                 f": compare it with `=`", hint=f"write `{self.text(node.subject)} = {value}` "
                                                                f"(`is` names a component's kind)")
            return
        if not owners:
            word = [] if node.holds else close_matches(name, IS_WORDS)  # `s is empy`: a word, not a component
            self.error(node.loc, f"there is no component `{name}`", hint=did_you_mean(name, self.components) or (
                f"did you mean `{self.text(node.subject)} is {word[0]}`?" if word else None))
            return
        attribute = owners[0]
        subject_text = self.text(node.subject)
        if node.holds:
            instead = f"`{subject_text} is occupied and {attribute} of occupant of {subject_text} = {name}`"
        else:
            instead = f"`{attribute} of {subject_text} = {name}`"
        kinds = [c.name for c in self.components.values() if any(a.name == attribute for a in c.attributes)]
        self.error(node.loc, f"`{name}` is a value of the attribute `{attribute}`, not a component",
                   hint=f"`{'holds' if node.holds else 'is'}` names a component ({', '.join(kinds[:3])}...); "
                        f"to test the attribute write {instead}" if len(kinds) > 3 else
                   f"`{'holds' if node.holds else 'is'}` names a component ({', '.join(kinds)}); to test the "
                   f"attribute write {instead}")
