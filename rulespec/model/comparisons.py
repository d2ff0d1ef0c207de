"""Comparisons: what may be compared with what, and the order of an ordered attribute's values."""

from __future__ import annotations

from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import INT, SYMBOL
from .value_types import describe_type

class Comparisons:
    """Comparisons and orders: reads ``attributes``, ``ordered`` (attribute -> its values, lowest first),
    ``options``, ``boards`` and ``definitions``."""

    def attribute_of(self, e: ir.E) -> Optional[str]:
        """The component attribute whose value ``e`` is, if any (`rank of c`, `max(rank of c for ...)`, a
        definition or a conditional giving one)."""
        if isinstance(e, (ir.ItemAttr, ir.SpaceAttr)) and e.attr in self.attributes:
            return e.attr
        if isinstance(e, ir.Extreme):
            return self.attribute_of(e.value)
        if isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            return self.attribute_of(definition.value) if definition is not None else None
        if isinstance(e, ir.Conditional):
            return self.attribute_of(e.then) or self.attribute_of(e.otherwise)
        return None

    def order_of(self, e: ir.E) -> Optional[str]:
        """The ordered attribute whose value ``e`` is, if any."""
        attribute = self.attribute_of(e)
        return attribute if attribute in self.ordered else None

    def _ordering(self, node, left: ir.E, right: ir.E) -> tuple[str, ...]:
        """`rank of a > rank of b`: both sides values of one ordered attribute (a word must be one of its
        values). Returns its values, lowest first; reports what to write when they are not ordered."""
        attrs = [self.order_of(left), self.order_of(right)]
        known = [a for a in attrs if a is not None]
        if not known and not (self.attribute_of(left) or self.attribute_of(right)):
            known = self.order_of_words(left, right)
        if not known:
            attribute = self.attribute_of(left) or self.attribute_of(right)
            values = self.attributes.get(attribute, ()) if attribute else ()
            if values:  # one mistake (the order not declared), however often its values are compared
                self.unordered(node.loc, attribute, values, f"`{node.op}` cannot compare them")
                return ()
            self.error(node.loc, f"`{node.op}` compares numbers or the values of an ordered attribute, not words",
                       hint="`<`, `>`, `<=` and `>=` compare numbers, or the values of an ordered attribute "
                            "(`component card: rank (jack < queen < king)`)")
            return ()
        if len(set(known)) > 1:
            self.error(node.loc, f"`{left.text}` is a {known[0]} and `{right.text}` a {known[1]}: they do not "
                                 f"compare", hint="compare values of the same ordered attribute")
            return ()
        return tuple(str(v) for v in self.ordered[known[0]])

    def order_of_words(self, left: ir.E, right: ir.E) -> list[str]:
        """The ordered attribute of words that name no attribute (a word written out, a `word` parameter, a
        name going through `values of rank`): the one whose values hold the written word, else the game's
        only ordered attribute. [] when that is not one attribute."""
        written = [e.value for e in (left, right) if isinstance(e, ir.Const) and e.type == SYMBOL]
        candidates = [a for a, values in self.ordered.items() if all(w in map(str, values) for w in written)]
        return candidates[:1] if len(candidates) == 1 else []

    def unordered(self, loc: Optional[ast.Loc], attribute: str, values: Sequence, what: str) -> None:
        """`rank of a > rank of b` (or `max(rank of c ...)`) while `rank` lists its values without `<`."""
        self.error(loc, f"the values of `{attribute}` have no order, so {what}",
                   hint=f"declare the order in the component, lowest first: `{attribute} "
                        f"({' < '.join(map(str, values))})`", once_for="unordered:" + attribute)

    def _check_comparable(self, node, left: ir.E, right: ir.E) -> tuple[str, ...]:
        """Reports a comparison of what cannot be compared; returns the order of an ordered attribute's
        values when `<`, `>`, `<=` or `>=` compares them (else ())."""
        order: tuple[str, ...] = ()
        if "?" in (left.type, right.type):
            return order
        if left.type != right.type:
            self.error(node.loc, f"cannot compare {describe_type(left.type)} with {describe_type(right.type)}",
                       hint=self.word_option_hint(left) or self.word_option_hint(right))
            return order
        if node.op not in ("=", "!=") and left.type == SYMBOL:
            order = self._ordering(node, left, right)
        elif node.op not in ("=", "!=") and left.type != INT:
            self.error(node.loc, f"`{node.op}` compares numbers; these are {describe_type(left.type)}s")
        # A word compared with an option or attribute must be one of its values.
        for a, b in ((left, right), (right, left)):
            if isinstance(b, ir.Const) and b.type == SYMBOL:
                allowed = None
                if isinstance(a, ir.OptionRef):
                    allowed = self.options[a.name].values
                elif isinstance(a, (ir.ItemAttr, ir.SpaceAttr)):
                    allowed = self.attributes.get(a.attr)
                elif isinstance(a, ir.SeatAttr):
                    allowed = a.values
                elif isinstance(a, ir.FaceOf):
                    allowed = tuple(f.name for f in self.boards[a.board].faces)
                elif isinstance(a, ir.CounterRef) and a.type == SYMBOL:  # `led = clubs`: one of its words
                    allowed = self.counter_kind(a.name)[1]
                if allowed is not None and b.value not in allowed:
                    self.error(b.loc, f"`{b.value}` is not a value of `{a.text}`",
                               hint=did_you_mean(str(b.value), [str(v) for v in allowed])
                               or f"its values are {', '.join(str(v) for v in allowed)}")
        if left.type == SYMBOL and not any(isinstance(e, ir.Const) for e in (left, right)):
            self._words_can_meet(node, left, right)
        return order

    def words_of(self, e: ir.E) -> Optional[tuple]:
        """The words a word-valued ``e`` can be (an attribute's, an option's, a word counter's), if known."""
        attribute = self.attribute_of(e)
        if attribute is not None:
            return tuple(self.attributes[attribute])
        if isinstance(e, ir.OptionRef):
            return tuple(self.options[e.name].values)
        if isinstance(e, ir.SeatAttr):
            return tuple(e.values)
        if isinstance(e, ir.CounterRef) and e.type == SYMBOL:
            return tuple(self.counter_kind(e.name)[1])
        return None

    def _words_can_meet(self, node, left: ir.E, right: ir.E) -> None:
        """`suit of c = trump` compares words: true when both are the same word, so two attributes sharing
        words compare; two whose words never meet are a mistake (the comparison is always false, or true)."""
        words = [self.words_of(left), self.words_of(right)]
        if None in words or set(map(str, words[0])) & set(map(str, words[1])):
            return
        shown = [", ".join(map(str, w[:4])) + (", ..." if len(w) > 4 else "") for w in words]
        self.error(node.loc, f"`{left.text}` ({shown[0]}) and `{right.text}` ({shown[1]}) have no word in common: "
                             f"`{node.op}` between them is always {'false' if node.op == '=' else 'true'}",
                   hint="words compare by the word itself: compare with a value of the same attribute, or of "
                        "one that shares its words")
