"""Rule text reaches generated code only as literals, checked identifiers or escaped comments.

Three layers: the generator's own source is read and every f-string field in it must be quoted
(``!r``, a quoting helper, or a value that is code or a number); the quoting helpers are fuzzed with
any text; and whole games whose every text slot (and file name) is hostile must generate a module
that parses, has exactly the structure of the same game with harmless texts, and holds each text as
a string constant.
"""

from __future__ import annotations

import ast
import hashlib
import io
import os
import re
import tokenize
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import pipeline
from rulespec.codegen import python as generator
from rulespec.codegen.quoting import UnsafeText, comment, docstring, ident, lit
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

from .hostile_game import DEFAULTS, game_text

# Every module of the generator's package: CodeGenerator is put together from one part per construct, each
# in a module of its own (rulespec/codegen/python.py), and a new module is read as soon as it is there. Not
# quoting.py: it is the quoting itself (its helpers are fuzzed with any text below).
GENERATOR_FILES = sorted(path for path in Path(generator.__file__).parent.glob("*.py") if path.name != "quoting.py")

# ----------------------------------------------------------------------------- the generator's source

# Calls whose result is code (or a number), never raw rule text.
# (bound_params: `, v_` + ident() of each bound name of an option)
CODE_FUNCTIONS = {"lit", "ident", "operator", "function", "repr", "len", "comment", "docstring", "bound_params"}
# (order_table: `ORDER_` + ident(attribute); place_in_order: lit(a number) or code around expr())
CODE_METHODS = {"expr", "zone_index", "label", "render", "args", "params", "cause", "board_const", "once",
                "order_table", "place_in_order", "cells", "cell_attr_locals", "counters_seen", "listing_key",
                "on_board", "counter_kept",  # counter_kept: st._counters[<!r>] (of <counter_owner()>)
                "fact_sides",  # fact_sides: `, sides=lambda: (<expr()>, <expr()>), compared=<lit()>`
                # an attribute's table (ITEM_ATTRS / CELL_ATTRS / st._attrs by a quoted name), the items' labels
                # (ITEM_LABEL or st._labels), a generator expression of expr() code over a quoted direction name
                "attribute_table", "cell_attribute_table", "item_labels", "space_over_directions",
                # the seat or space a counter is kept for: expr() code, or a call around it refusing none
                "counter_owner",
                # expr() code for a table or function of the module (Counts.module_code)
                "module_code",
                # a listing's row kept by its counters' values: memo_<n>.get(...) of expr() codes and v_ + ident()
                "kept_by_counters_row",
                # a walk's call of a state method named by the generator, its arguments expr() code
                "walk_call",
                # a bound of a run of places: a written number, or max(0, <expr() code>) (narrowing.py)
                "place_bound",
                # a binding's domain at its widest: expr() code, or a table of the state's around expr() code
                "widest_domain",
                # a chance step's function of what its outcomes read: `outcomes_key_` + ident(step name)
                "outcomes_key",
                # a content table's test of the content c: ITEM_KIND and CELL_ATTRS read by !r names, expr() code
                # and the k<n> names of its parameters, joined by operator() (content_tables.py)
                "_content_code",
                # a content's row of directions: the code given it (a table read by expr() code), or a local kept
                # once per space around it (loop_invariants.py: `(_h<n> if ... := <code>)`) (content_directions.py)
                "content_row_once"}
# Locals of the generator that hold generated code, identifiers built by `ident`, or numbers; a new
# local interpolated into code must be added here deliberately (and hold no rule text; `at`, `seats`,
# `index` and `amount` are the example-fact calls' `line=N`, seat lambdas, zone indexes and lit() values;
# `row`, `head` and `words` a listing row's code, its bound names and the lit()/label code its texts are kept by;
# `kept_rows` the ROWS_ + ident(step) table a listing keeps its rows in; `one_test` an indexed end's test of
# the one space changed, made by expr(); `passes`, `start` and `goal` a kept `connected`'s tests, lambdas around
# expr() code, `ends` its REACH_ENDS_ + a number or a lambda of those two, `params` `st` and v_ + ident() names;
# `starts` a `connected`'s start spaces, narrowed_domain()'s spaces_among(...) code).
CODE_LOCALS = {
    "amount", "args", "at", "b", "base", "binding_tuple", "index", "seats", "board", "class_name", "code", "cond", "const", "domain", "extra",
    "fns", "found", "full", "i", "inner", "k", "lines", "listing", "local", "method", "n", "name", "names", "op", "seat", "starts",
    "rows", "separator", "shape", "source", "subject", "table", "tag", "target", "terms", "tests", "typed", "text", "then", "v", "value",
    "var", "where", "winners", "unit", "seen", "requires", "test", "row", "head", "words", "key", "memo", "one",
    "seat_code", "kept_rows", "one_test", "passes", "start", "goal", "ends", "params", "imagine", "unimagine",
    # `owner` a counter's seat or space (counter_owner()), `collection` and `weight` expr() code, `loops`
    # `for v_<ident> in each` clauses of a pick of several names
    "owner", "collection", "weight", "loops",
    # `what` a fixed word of a generated comment ("counts" or "counts and calls")
    "what",
    # `whole` an N-in-a-row test asked of a board's whole lines (whole_lines.py), made by expr()
    "whole",
    # `rays` a ray table's code: st._t.rays[<board number>, expr()] or rays_<board number>[expr()]
    "rays",
    # `number` an option's `numbered` expression as expr() code, `numbered` the `, number=number_` + ident() keywords
    "number", "numbered",
    # `function` the fixed name of a function of the configuration (turn_limit, decision_limit, last_action_number)
    "function",
    # `condition` an `if`'s condition as expr() code
    "condition",
    # `rest` what a candidate yields after its text: the binding tuple (and its number), code
    "rest",
    # `held` the name of a helper counting a board's contents in C (count_occupied or count_empty), `begins`
    # a walk_call() of State._walk_begins
    "held", "begins",
    # `items` an ITEMS_PASSING_ table's look-up (item_test(listing=True)), `kind` its class or the prefix of
    # its name (ItemTests or ItemsPassing), `helper` count_located or first_located, `located` its call
    "items", "kind", "helper", "located",
    # `gathered` a frozenset of ITEM_ATTRS[lit()] over a zone's expr() code (passing_items.py values_held)
    "gathered",
    # `shifted` the on_board() code of the space a piece is moved from (statements.py shifted, State._shift)
    "shifted",
    # `space` the v_ + ident() name of the space an option places on, `first` placed_fill_first()'s
    # placed_reaches(...) call of expr() code and a FILL_TESTS_ table, `item` the expr() code of the item it places
    "space", "first", "item",
    # `test_code` the expr() code of a test a narrowed walk's part is fixed under (narrowing.py fixed_parts)
    "test_code",
    # `tuple_code` a tuple of expr() code of a space's neighbours (steps_in_order.py)
    "tuple_code",
    # `values_key` a tuple of expr() codes of counters and v_ + ident() names (rows_kept_by_counters.py)
    "values_key",
    # `line_code` the expr() code of a line's parts the geometry decides, kept in a lines_ function (whole_lines.py)
    "line_code",
    # `mask` the code reading a board's mask of its occupied spaces (counts.py masked_count)
    "mask",
    # `walked` the expr() code of the spaces a walk grouped by a value goes through (spaces_by_value.py)
    "walked",
    # `row_step`, `column_step` the expr() code of the steps a place is from a space ("0" when none: shifted_places.py)
    "row_step", "column_step",
    # `counter_values` st._counters[<name>!r] reads, each whole or as a tuple (outcomes_by_counters.py)
    "counter_values",
    # `reads_now`, `reads_kept` an end kept by what it reads: its st._counters[lit()], st._zones[...] and
    # st._attrs[lit()] reads as they are now and their copies to keep (ends.py end_reads_now)
    "reads_now", "reads_kept",
    # `uncut_spaces` the expr() code of the spaces an option places on, `kept_read` of the names a look-ahead's
    # answer is kept by, `moved_spaces`, `moved_sources` of the spaces it moves to and from (options.py after_function)
    "uncut_spaces", "kept_read", "moved_spaces", "moved_sources",
    # `set_on`, `from_zone` the expr() code of the spaces whose pieces have attributes set and those a piece from a
    # zone is placed on, `attributes` lit() attribute names, `guard` the expr() code of a look-ahead's guards
    # (options.py after_function: a listing's kept answer)
    "set_on", "from_zone", "attributes", "guard",
    # `after_names` the after_ function's v_ + ident() names, `settled_call` the name of its settled_ function and
    # those names, `entries_code` tuples of code (a cell's local, a lit() attribute, a value's local) (options.py
    # settled_function)
    "after_names", "settled_call", "entries_code",
    # `cell` the code reading what a space holds, st._boards[<board number>][<expr() code>] (content_directions.py)
    "cell",
    # `tally` an EveryBetween(lambda v_ + ident(): <expr() code>) call, `kept` its local (a _n name) or that call,
    # `low`, `high` the expr() code of a run's ends, `written` the code of the test as written (every_between.py)
    "tally", "kept", "low", "high", "written",
    # `stop` the code of the test under which a listing's walk of a run's upper end stops (every_between.py run_stop)
    "stop",
}
# Dictionaries of the generator whose values are code or numbers.
CODE_TABLES = {"self.boards", "self.kinds", "domains", "ordered"}  # (ordered: direction -> expr() code, steps_in_order.py)
# Calls and keywords whose text arguments are texts to quote, not code.
TEXT_SINKS = {"comment", "docstring", "doc", "UnsafeText"}
# Methods that build words for a docstring: their f-strings are text, and every call of theirs must be inside a
# text sink (checked below), so their words reach generated code only through docstring()/comment().
TEXT_BUILDERS = {"timing_words", "end_reads_words"}  # (end_reads_words: ends.py, its comment)


def _is_code(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.JoinedStr):
        return True  # its own fields are checked where the walk meets them
    if isinstance(node, ast.Name):
        return node.id in CODE_LOCALS
    if isinstance(node, ast.IfExp):
        return _is_code(node.body) and _is_code(node.orelse)
    if isinstance(node, ast.BinOp):
        return _is_code(node.left) and _is_code(node.right)
    if isinstance(node, ast.Subscript):
        return ast.unparse(node.value) in CODE_TABLES
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id in CODE_FUNCTIONS
        if isinstance(func, ast.Attribute):
            if isinstance(func.value, ast.Name) and func.value.id == "self" and func.attr in CODE_METHODS:
                return True
            if func.attr == "setdefault" and ast.unparse(func.value) == "self.counter_lists":
                return True  # counter -> local name, built with ident()
            if func.attr == "join" and isinstance(func.value, ast.Constant) and len(node.args) == 1:
                joined = node.args[0]
                if isinstance(joined, (ast.GeneratorExp, ast.ListComp)):
                    return _is_code(joined.elt)
                return _is_code(joined)
    return False


def _unquoted_fields(source: str, file_name: str = "<source>") -> list[str]:
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def in_text_sink(node: ast.AST) -> bool:
        while node in parents:
            parent = parents[node]
            if isinstance(parent, ast.keyword) and parent.arg == "note":
                return True
            if isinstance(parent, ast.Call):
                func = parent.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in TEXT_SINKS:
                    return True
            node = parent
        return False

    def in_text_builder(node: ast.AST) -> bool:
        while node in parents:
            node = parents[node]
            if isinstance(node, ast.FunctionDef) and node.name in TEXT_BUILDERS:
                return True
        return False

    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in TEXT_BUILDERS \
                and not in_text_sink(node):
            problems.append(f"{file_name}:{node.lineno}: {ast.unparse(node)} (words for a docstring, used outside one)")
        if not isinstance(node, ast.JoinedStr) or in_text_sink(node) or in_text_builder(node):
            continue
        for field in node.values:
            if isinstance(field, ast.FormattedValue) and field.conversion != ord("r") and not _is_code(field.value):
                problems.append(f"{file_name}:{field.lineno}: {{{ast.unparse(field.value)}}}")
    return problems


def test_every_field_the_generator_interpolates_into_code_is_quoted():
    assert Path(generator.__file__) in GENERATOR_FILES and len(GENERATOR_FILES) > 10  # (the whole package)
    problems = [problem for path in GENERATOR_FILES
                for problem in _unquoted_fields(path.read_text(encoding="utf-8"), path.name)]
    assert not problems, ("f-string fields that put a value into generated code without quoting it "
                          "(use !r, lit(), ident(), or pass text to docstring()/comment()/note=):\n"
                          + "\n".join(problems))


def test_the_lint_finds_an_unquoted_title():
    bad = 'def f(self, m):\n    self.w.line(f"TITLE = {m.title}")\n    self.w.line(f\'"""{m.title}"""\')\n'
    assert len(_unquoted_fields(bad)) == 2
    good = ('def f(self, m):\n    self.w.line(f"TITLE = {m.title!r}")\n    self.w.line(docstring(f"{m.title}"))\n'
            '    self.w.line(f"x = {lit(m.title)}", note=f"{m.title}")\n')
    assert _unquoted_fields(good) == []


# ----------------------------------------------------------------------------- the quoting helpers

ANY_TEXT = st.text(st.characters(codec=None), max_size=40)  # surrogates, controls, U+2028 included
PAYLOADS = ['"""', "'''", '\\N{foo}', "\\x0", "\\u12", "\\", "\r", "\x00", "\ud800", "\u2028", "\x0c", "\x1b[2J",
            '"""; open("PWNED", "w") #', "\n__import__('os').system('touch PWNED')\n", "# -*- coding: rot13 -*-",
            "{", "}", "{}", "{0}", "%s", "$(touch PWNED)", "<script>alert(1)</script>"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(ANY_TEXT, st.lists(st.sampled_from(PAYLOADS), max_size=4).map("".join)))
def test_quoting_helpers_keep_any_text_inside_its_literal_or_comment(text):
    assert ast.literal_eval(lit(text)) == text
    assert ast.literal_eval(docstring(text)) == text
    # A comment is exactly one comment token on its line: nothing after it is code.
    line = comment(text)
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(line + "\nx = 1\n").readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER)]
    assert tokens[0].type == tokenize.COMMENT and tokens[0].string == line, tokens
    assert [t.string for t in tokens[1:]] == ["x", "=", "1"], tokens
    module = f"def f():\n    {docstring(text)}\n    {line}\n    return {lit(text)}\n"
    tree = ast.parse(module)
    assert ast.get_docstring(tree.body[0], clean=False) == text


@given(ANY_TEXT)
def test_ident_lets_through_plain_names_only(text):
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", text):
        assert ident(text) == text
    else:
        with pytest.raises(UnsafeText):
            ident(text)


def test_lit_refuses_what_is_not_plain_data():
    with pytest.raises(UnsafeText):
        lit(object())
    with pytest.raises(UnsafeText):
        lit((1, 2.5j))
    assert ast.literal_eval(lit({"a": (1, "b", None, True)})) == {"a": (1, "b", None, True)}


# ----------------------------------------------------------------------------- whole games

def _shape(source: str) -> str:
    """The module with every string constant blanked: what it does, without what it says (a digest,
    so that a failing example prints short)."""
    class Blank(ast.NodeTransformer):
        def visit_Constant(self, node):
            return ast.Constant("S") if isinstance(node.value, str) else node
    return hashlib.sha256(ast.dump(Blank().visit(ast.parse(source))).encode()).hexdigest()


def _strings(tree: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _generate(folder: Path, text: str, file_name: str = "hostile.rules"):
    """Parse, check and generate from a text, as the API takes one (it may hold what no file can)."""
    path = folder / file_name
    model = check(parse_text(text, str(path)), ())
    return model, pipeline.generate_source(model, path), path


@pytest.fixture(scope="module")
def harmless(tmp_path_factory):
    _, source, _ = _generate(tmp_path_factory.mktemp("harmless"), game_text())
    return _shape(source)


# Texts a rule file's string can hold (no `"` and no line break); braces are left to the template
# checks (tests/errors), so that the harmless twin has the same fields.
SLOT_TEXT = st.one_of(
    st.text(st.characters(codec=None, exclude_characters='"\n{}'), max_size=20),
    st.lists(st.sampled_from([p for p in PAYLOADS if not set(p) & set('"\n{}')] +
                             ["''' + __import__('os').getcwd() + '''", "\\'", "'", "#", "`", ")", "(", "\t"]),
             min_size=1, max_size=4).map("".join),
)
TEXT_SLOTS = ("title", "shown_as", "option_text", "outcome_text", "invariant_title", "example_title", "comment",
              "position_text", "together_text", "attribute_text")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(slot=st.sampled_from(TEXT_SLOTS), text=SLOT_TEXT)
@example(slot="comment", text='""" ; open("PWNED", "w") ; """')
@example(slot="title", text="\\N{foo} \\x0 \\u12")
@example(slot="example_title", text="\\")
@example(slot="together_text", text="'); open('PWNED', 'w'); ('")
@example(slot="comment", text="\r__import__('os').system('touch PWNED')")
@example(slot="position_text", text="'), open('PWNED', 'w'), ('")
@example(slot="attribute_text", text="' + str(open('PWNED', 'w')) + '")
def test_a_hostile_text_in_any_slot_stays_a_literal(tmp_path, harmless, slot, text):
    if slot != "comment" and text != text.strip():
        text = text.strip() or "x"  # the parser keeps texts as written; the harmless twin is compared on shape
    try:
        model, source, _ = _generate(tmp_path, game_text(**{slot: text}))
    except RuleError as error:  # refused: then it must say where
        assert error.diagnostics and all(d.line >= 1 and d.column >= 1 for d in error.diagnostics), str(error)
        return
    tree = ast.parse(source)
    assert _shape(source) == harmless, "the hostile text changed what the generated module does"
    strings = _strings(tree)
    if slot == "comment":
        # The condition's text is kept with each line stripped: a comment's own spaces and tabs at its ends go.
        assert any(text.strip() in s for s in strings), "the condition's source text is kept, as a literal"
    else:
        assert any(text in s for s in strings), f"{slot} {text!r} is not a string constant of the module"
    if slot == "title":
        assert model.title == text
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        module = pipeline.load_module_from_source(source, "hostile_check")
        rulespec.random_game(module.GAME(), 2, seed=1)
    finally:
        os.chdir(cwd)
    assert not (tmp_path / "PWNED").exists()


FILE_NAMES = [
    'x"""; open("PWNED", "w") #.rules',
    "x'''; open('PWNED', 'w') #.rules",
    "x\n__import__('os').system('touch PWNED')\n.rules",
    "x\r# -*- coding: rot13 -*-.rules",
    "\\N{foo}\\x0.rules",
    "x\u2028y.rules",
]


@pytest.mark.parametrize("file_name", FILE_NAMES, ids=[repr(n) for n in FILE_NAMES])
def test_a_hostile_file_name_stays_a_literal(tmp_path, harmless, file_name):
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        model, source, path = _generate(tmp_path, game_text(), file_name)
        path.write_text(game_text(), encoding="utf-8")
        tree = ast.parse(source)
        assert _shape(source) == harmless
        assert pipeline.display_name(path) in _strings(tree)
        engine = rulespec.load(path)
        rulespec.random_game(engine, 2, seed=3)
    finally:
        os.chdir(cwd)
    assert not (tmp_path / "PWNED").exists()
