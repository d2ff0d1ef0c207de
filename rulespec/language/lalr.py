"""One loop that lexes, indents and LALR-parses a rule file with Lark's own tables.

Lark's parse of a rule file runs three layers of Python per token: the contextual lexer's
`next_token`, the indenter's generator (`parser._RuleIndenter`) and the parser's `feed_token`, each
behind generators and method calls; together about 60% of parsing the bundled rule files. This
module runs the same steps in one loop over the same tables Lark built from `grammars/rulespec.lark`
(the contextual lexer's patterns per parser state, the LALR actions, the tree-building callbacks), so
the tree it returns is the tree `Lark.parse` returns, token for token and position for position
(`tests/core/test_fast_parse.py` compares both on every rule file in the repository and on files broken
at random).

It handles only the good case: at anything Lark or the indenter would refuse (a character no terminal
matches here, an unexpected token, a tab or a mismatched indentation, a keyword glued to a word, a name
or text over its limit) it gives up (raises GiveUp), and the caller parses with Lark itself, whose
errors are reported as before. So no error message depends on this module.
"""

from __future__ import annotations

import re
try:  # Python's own reader of regular expressions (sre_parse before 3.11)
    from re import _parser as _regex_parser
except ImportError:  # pragma: no cover
    import sre_parse as _regex_parser
from typing import Any, Callable

from lark import Lark, Token
from lark.lexer import UnlessCallback
from lark.parsers.lalr_analysis import Shift

from .limits import LIMIT


class GiveUp(Exception):
    """The text is not one this loop parses: Lark parses it again and reports what is wrong."""


_new_str = str.__new__


def _token(kind, value, start, line, column, end_line, end_column, end_pos):
    """A Lark Token as `Token(...)` makes it, without its constructor's argument handling."""
    token = _new_str(Token, value)
    token.type, token.value, token.start_pos, token.line, token.column = kind, value, start, line, column
    token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
    return token


def _borrow(kind, value, other):
    """Token.new_borrow_pos: a token at ``other``'s place."""
    return _token(kind, value, other.start_pos, other.line, other.column, other.end_line, other.end_column,
                  other.end_pos)


def _blank_skipper(lark: Lark):
    """A match of the blanks the lexer ignores, when skipping them before lexing is what the lexer
    does: the only ignored terminal is `[\\t ]+` and no other terminal can start with a blank (read
    from each terminal's regular expression, _may_start_with), so at a blank only that terminal
    matches, as far as the blanks go. A third of the matches a rule file's lexing makes are of blanks.
    None otherwise."""
    ignored = set(lark.lexer_conf.ignore)
    blanks = [t for t in lark.terminals if t.name in ignored]
    if len(blanks) != 1 or blanks[0].pattern.to_regexp() not in ("[\t ]+", "[ \t]+"):
        return None
    blank_codes = {ord(" "), ord("\t")}
    for terminal in lark.terminals:
        if terminal.name not in ignored:
            try:
                parsed = _regex_parser.parse(terminal.pattern.to_regexp())
            except Exception:  # a pattern we cannot read: make no claim about it
                return None
            if _may_start_with(parsed, blank_codes)[0]:
                return None
    return re.compile("[\t ]+").match


def _may_start_with(items, codes: set[int]) -> tuple[bool, bool]:
    """(whether a match of the parsed expression ``items`` may start with one of the characters
    ``codes``, whether it may match the empty text), erring towards "may" for what it does not know."""
    constants = _regex_parser  # the opcodes live beside the parser (re._constants)
    for op, arg in items:
        if op is constants.LITERAL:
            return arg in codes, False
        if op is constants.NOT_LITERAL or op is constants.ANY:
            return True, False
        if op is constants.IN:
            return _class_may_hold(arg, codes), False
        if op is constants.AT:
            continue  # an anchor matches no character
        if op is constants.SUBPATTERN:
            may, empty = _may_start_with(arg[-1], codes)
        elif op is constants.BRANCH:
            results = [_may_start_with(branch, codes) for branch in arg[1]]
            may, empty = any(r[0] for r in results), any(r[1] for r in results)
        elif op in (constants.MAX_REPEAT, constants.MIN_REPEAT, getattr(constants, "POSSESSIVE_REPEAT", None)):
            may, empty = _may_start_with(arg[2], codes)
            empty = empty or arg[0] == 0
        else:
            return True, True  # a look-around, a back-reference...: no claim
        if may:
            return True, empty
        if not empty:
            return False, False
    return False, True


def _class_may_hold(items, codes: set[int]) -> bool:
    """Whether a character class ([...]) may match one of ``codes``."""
    constants = _regex_parser
    held = False
    negated = False
    for op, arg in items:
        if op is constants.NEGATE:
            negated = True
        elif op is constants.LITERAL:
            held = held or arg in codes
        elif op is constants.RANGE:
            held = held or any(arg[0] <= code <= arg[1] for code in codes)
        else:
            return True  # a category (\\s, \\w...): no claim
    return not held if negated else held


class FastParser:
    """A rule-file parser over ``lark``'s tables (a Lark built by `parser.build_lark`: LALR, contextual
    lexer, the rule indenter as post-lexer). Raises ValueError when ``lark`` is laid out otherwise
    (another Lark version): the caller then uses Lark alone."""

    def __init__(self, lark: Lark, *, unglued: frozenset[str], passes_through: Callable[[Any, int], bool]):
        try:
            frontend = lark.parser
            contextual = frontend.lexer.lexer
            lalr = frontend.parser.parser
            table = lalr.parse_table
            self._start_state = table.start_states["start"]
            self._end_state = table.end_states["start"]
            postlex = lark.options.postlex
            self._nl, self._indent, self._dedent = postlex.NL_type, postlex.INDENT_type, postlex.DEDENT_type
            self._opening = frozenset(postlex.OPEN_PAREN_types)
            self._closing = frozenset(postlex.CLOSE_PAREN_types)
            self._lexer_of_state = contextual.lexers
        except (AttributeError, KeyError, TypeError) as error:
            raise ValueError(f"a Lark laid out otherwise: {error}") from None
        if lark.options.lexer_callbacks:
            raise ValueError("lexer callbacks are not supported")
        self._unglued = unglued
        self._callbacks = lalr.callbacks
        # Each state's actions with a reduction's rule as (size, callback, name of its rule): one
        # lookup per action instead of three attribute reads. The callback is None where the rule's
        # callback gives back its one child as it is (``passes_through``: an inlined `?rule` over one
        # symbol, the chain of expression levels), about 40% of the reductions of a rule file.
        shift = Shift
        reductions = {}
        try:
            for rule, callback in self._callbacks.items():
                if not isinstance(rule, str):
                    size = len(rule.expansion)
                    reductions[rule] = (size, None if passes_through(callback, size) else callback, rule.origin.name)
            self._actions = {
                state: {symbol: (True, arg) if action is shift else (False, reductions[arg])
                        for symbol, (action, arg) in actions.items()}
                for state, actions in table.states.items()}
        except (AttributeError, KeyError, TypeError) as error:
            raise ValueError(f"a Lark laid out otherwise: {error}") from None
        self._scanners: dict[int, tuple] = {}  # parser state -> its lexer's pattern and token rules
        self._blanks = _blank_skipper(lark)

    def _scanner(self, state: int) -> tuple:
        """The lexer of parser state ``state``: (match, keywords by NAME-like type, ignored types,
        types that may hold a newline). Made on first use, as Lark makes its lexers' scanners."""
        lexer = self._lexer_of_state[state]
        scanner = lexer.scanner
        if len(scanner._mres) != 1:
            raise GiveUp  # Lark split the pattern (over 100 groups): not this loop's case
        keywords: dict[str, dict[str, str]] = {}
        for kind, callback in lexer.callback.items():
            if type(callback) is not UnlessCallback:
                raise GiveUp
            words: dict[str, str] = {}
            for terminal in callback.scanner.terminals:
                if terminal.pattern.type != "str" or terminal.pattern.flags:
                    raise GiveUp
                words.setdefault(terminal.pattern.value, terminal.name)
            keywords[kind] = words
        found = self._scanners[state] = (scanner._mres[0].match, keywords, lexer.ignore_types, lexer.newline_types)
        return found

    def parse(self, text: str) -> Any:
        """The tree Lark makes of ``text`` (ending with a newline), or GiveUp."""
        actions, scanners, callbacks = self._actions, self._scanners, self._callbacks
        nl_type, indent_type, dedent_type = self._nl, self._indent, self._dedent
        opening, closing, unglued = self._opening, self._closing, self._unglued
        string_limit, name_limit = LIMIT.string_length, LIMIT.name_length
        end_state = self._end_state
        new_token = _token
        state_stack = [self._start_state]
        value_stack: list = []
        push_state, push_value = state_stack.append, value_stack.append
        pos, line, line_start, size = 0, 1, 0, len(text)
        paren_level = 0
        indent_level = [0]
        last = None
        skip_blanks = self._blanks
        at_end = False
        while True:
            if skip_blanks is not None and pos < size and text[pos] in " \t":
                pos = skip_blanks(text, pos).end()
            if pos >= size:
                # The end of the file: close the open blocks, then $END (Lark's Indenter, then parse_from_state).
                tokens = []
                while len(indent_level) > 1:
                    indent_level.pop()
                    last = _borrow(dedent_type, "", last) if last is not None else \
                        new_token(dedent_type, "", 0, 0, 0, 0, 0, 0)
                    tokens.append(last)
                tokens.append(_borrow("$END", "", last) if last is not None else
                              new_token("$END", "", 0, 1, 1, None, None, None))
                at_end = True
            else:
                state = state_stack[-1]
                scanner = scanners.get(state) or self._scanner(state)
                match = scanner[0](text, pos)
                if match is None:
                    raise GiveUp
                value = match.group(0)
                kind = match.lastgroup
                start, start_line, column = pos, line, pos - line_start + 1
                if kind in scanner[3]:
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_start = pos + value.rindex("\n") + 1
                pos += len(value)
                if kind in scanner[2]:
                    continue
                token = new_token(kind, value, start, start_line, column, line, pos - line_start + 1, pos)
                keywords = scanner[1].get(kind)
                if keywords is not None:
                    keyword = keywords.get(value)
                    if keyword is not None:
                        token.type = kind = keyword
                # The indenter (parser._RuleIndenter._process), refusing by giving up.
                if kind in unglued:
                    if kind == "STRING" and len(value) - 2 > string_limit or kind == "NAME" and len(value) > name_limit:
                        raise GiveUp
                    tokens = (token,)
                else:
                    if value[-1:].isalpha() and pos < size and (text[pos].isalnum() or text[pos] == "_"):
                        raise GiveUp
                    if kind == nl_type:
                        if paren_level:
                            continue
                        indent_str = value.rsplit("\n", 1)[1]
                        if "\t" in indent_str:
                            raise GiveUp
                        indent = indent_str.count(" ")
                        if indent > indent_level[-1]:
                            indent_level.append(indent)
                            tokens = (token, _borrow(indent_type, indent_str, token))
                        elif indent == indent_level[-1]:
                            tokens = (token,)
                        else:
                            if indent not in indent_level:
                                raise GiveUp
                            dedents = [token]
                            while indent < indent_level[-1]:
                                indent_level.pop()
                                dedents.append(_borrow(dedent_type, indent_str, token))
                            tokens = dedents
                    else:
                        if kind in opening:
                            paren_level += 1
                        elif kind in closing:
                            paren_level -= 1
                            if paren_level < 0:
                                raise GiveUp
                        tokens = (token,)
            # The parser (Lark's ParserState.feed_token), one token at a time; $END accepts.
            for token in tokens:
                kind = token.type
                while True:
                    try:
                        is_shift, arg = actions[state_stack[-1]][kind]
                    except KeyError:
                        raise GiveUp from None
                    if is_shift:
                        if kind == "$END":
                            raise GiveUp
                        push_state(arg)
                        push_value(token if kind not in callbacks else callbacks[kind](token))
                        break
                    count, callback, origin = arg
                    if callback is None:
                        del state_stack[-1]  # the value on top stays where it is
                    else:
                        if count:
                            children = value_stack[-count:]
                            del state_stack[-count:]
                            del value_stack[-count:]
                        else:
                            children = []
                        push_value(callback(children))
                    push_state(actions[state_stack[-1]][origin][1])
                    if at_end and kind == "$END" and state_stack[-1] == end_state:
                        return value_stack[-1]
                last = token
            if at_end:
                raise GiveUp
