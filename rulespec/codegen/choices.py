"""choices_<step>: every option of a choice step listed by one function, in the order offered, with the
rows kept where they are the same in every state (per setup, per board contents, per what was read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from ..model import ir
from ..model.checker import board_of, is_space
from .quoting import comment, ident


# A listing kept with a board's contents (State._listed_kept) is used when the board has at least this many
# spaces in use; a smaller one is listed afresh (callgrind, random play: Hex 5x5 and tic-tac-toe cost more
# kept, Hex 7x7 the same, Hex 11x11 less).
LISTED_KEPT_FROM = 64


@dataclass
class Listing:
    """What was decided about one choice step's listing before it is written (Choices.listing_of), and
    where its function's top is (the locals of what it reads are put there once it is written)."""
    any_player: bool  # a claim window: every seat may take an option, rows in seat order
    first: set[str]  # in a claim window, the names the options bind first (the seat)
    together: bool  # every option binds the seat first, over all players: one walk over the seats lists them all
    distinct: bool  # no two rows can read the same (read_apart)
    memos: dict[int, str]  # option number -> the local of its rows kept per seat and arguments (KeptRows)
    all_kept: bool  # every option's rows are kept: the kept rows see every text as it is made
    key_parts: Optional[list]  # what the listing reads, when its rows are kept by that (listing_reads)
    counts_at: int = 0
    counts_level: int = 0
    shared: dict[str, str] = field(default_factory=dict)  # walks several options make -> their local
    listed_kept: Optional[int] = None  # the board its rows are kept with (listed_kept)
    # option number -> the counters its text reads, its rows kept by their values too (among memos; not all_kept)
    by_counters: dict[int, list] = field(default_factory=dict)


class Choices:
    """The listing of a choice step's choices (CodeGenerator's part)."""

    def choices(self, step: ir.Step) -> bool:
        """choices_<step>: every option of a choice step listed by one function, in the order offered
        (a claim window: seat order, then declaration order), as (seat, text, option, binding) rows.
        When every option binds the seat first, over all players, one walk over the seats lists them
        all. Returns whether no two rows can read the same (else the runtime checks)."""
        if step.by is None and not all(bound for _, bound, _, _, _, _ in self.plans):
            return False  # no seat to offer an option to: the runtime lists the options one by one
        listing = self.listing_of(step)
        self.kept_listing_tables(step, listing)
        w = self.w
        w.line(f"def choices_{ident(step.name)}(st{self.params(step.params)}):")
        w.indent()
        self.doc(step, f"Every choice of `{step.name}` now, in the order offered.")
        zones_started = self.start_zone_locals()
        self.listing_top(step, listing)
        # (an option's rows appended one by one to `rows` can answer a later option's question: listed_answers.py)
        answers = listing.listed_kept is None and not listing.any_player
        self.listing_step, self.option_spans, self.options_counted = step.name, {}, set()
        plans = self.plans
        self.plans = list(plans)  # (an option whose question later rows answer loses it: later_answers.py)
        self.answered_later = self.later_answered(step, listing)
        self.rows_marked = {j for _, _, used in self.answered_later.values() for j in used} | set(self.answered_later)
        # (the options whose rows are all in `rows` so far: what an option offered alone asks of them, `not rows`;
        # not where rows listed may be taken out again once the later ones are, later_answers.py)
        self.rows_listed = set() if answers and not self.answered_later else None
        self.others_rows = None
        try:
            for group in self.walk_groups(step, listing):
                self.others_listed_before(step, group)
                if len(group) > 1:  # options that begin with the same walk: walked once (shared_walks.py)
                    if answers:  # (their rows, all added by the group's end, answer a question together)
                        self.start_option_rows(tuple(group))
                    self.shared_walk_rows(step, listing, group)
                    if answers:
                        self.end_option_rows(tuple(group))
                    self.rows_listed_now(group)
                    continue
                k = group[0]
                plan = self.plans[k]
                w.line(comment(f"{plan[0].name}: `{plan[0].template}`"))
                if listing.listed_kept is not None:
                    self.rows_kept_with_board(step, listing, k, plan)
                level = w.level
                if answers:
                    self.start_option_rows(k)
                self.mark_rows(k, "from")
                self.option_rows(step, listing, k, plan)
                w.level = level
                self.mark_rows(k, "to")
                if answers:
                    self.end_option_rows(k)
                self.rows_listed_now(group)
                self.kinds = {}
            self.drop_rows_answered_later()
        finally:
            self.plans, self.answered_later, self.rows_marked = plans, {}, set()
        self.option_spans, self.rows_listed, self.others_rows = {}, None, None
        if listing.listed_kept is not None:
            w.dedent()
        if listing.together:
            if listing.all_kept and not listing.distinct:
                w.line("if kept.repeated:", note="two rows of this seat read the same: the first is the one offered")
                w.indent()
                w.line("rows[seat_from:] = kept.first_of_each(rows[seat_from:])")
                w.dedent()
            w.dedent()
        self.listing_bottom(step, listing)
        self.finish_zone_locals(zones_started)
        w.dedent()
        return listing.distinct or listing.all_kept

    def rows_listed_now(self, group: list[int]) -> None:
        if self.rows_listed is not None:
            self.rows_listed.update(self.plans[k][0].name for k in group)

    def others_listed_before(self, step: ir.Step, group: list[int]) -> None:
        """Before the first option offered only when no other is, once every other option is listed: what they
        listed is `rows` (this listing's own, nothing else in it yet), or with several such options, whether it
        had a row then (`others_offered`, as the next may add rows of its own)."""
        if self.rows_listed is None or self.others_rows is not None or not any(self.plans[k][0].alone for k in group):
            return
        if not {option.name for option in step.options if not option.alone} <= self.rows_listed:
            return
        if sum(option.alone for option in step.options) == 1:
            self.others_rows = "rows"
            return
        alone = ", ".join(option.name for option in step.options if option.alone)
        self.w.line("others_offered = bool(rows)", note=f"whether an option but {alone} listed a row")
        self.others_rows = "others_offered"

    def others_listed(self, e: ir.HasLegalMove) -> Optional[str]:
        """`only when no other option is offered` in the listing of its own step, written after every option it
        looks at: read from their rows (others_listed_before); else None."""
        if self.others_rows is None or self.listing_step != e.step or self.depth:
            return None
        rows = self.others_rows  # (`rows`, or `others_offered`: locals of the listing)
        return f"not {rows}" if e.negated else f"bool({rows})"

    def listing_of(self, step: ir.Step) -> Listing:
        """Whether the step's options are listed in one walk over the seats, read apart, and which of their
        rows are kept (per seat and arguments, or by what the listing reads)."""
        any_player = step.by is None
        plans = self.plans
        first = {bound[0] for _, bound, _, _, _, _ in plans} if any_player else set()
        together = (any_player and len(first) == 1 and all(
            isinstance(option.bindings[0].domain, ir.PlayersSet) and domains[bound[0]] == "st._t.seats"
            for option, bound, domains, _, _, _ in plans))
        distinct = (together or not any_player) and self.read_apart(step, plans, any_player)
        # An option whose text reads only labels of its names (a seat's colour, a space's row) makes the same
        # row for the same seat, arguments and binding in every state: each row is made once and kept. In one
        # walk over the seats (a choice `by each player`) whose rows the model cannot read apart, they are kept
        # per seat, text from a table too: the kept rows show that no two rows of a seat read the same.
        per_seat = together and not distinct and self.seats_kept_apart(step)
        memos = {} if any_player and not per_seat or not self.static_params(step) else {
            k: f"memo_{k}"
            for k, (option, bound, _, _, text, _) in enumerate(plans)
            if bound and (per_seat or not re.fullmatch(r"TEXT_\d+\[v_\w+\]", text))  # (a table: made)
            and self.static_text(option)
            and (step.name, option.name) not in self.kept_walks}  # (placements: kept per setup, Tables.placement_rows)
        # Every row kept (none listed otherwise): the kept rows see each text as it is made, so the listing
        # itself offers no two that read the same, and the engine need not look (KeptRows).
        all_kept = bool(memos) and len(memos) == len(plans)
        # A text that reads counters too makes the same row for the same values of them: kept by those as well
        # (rows_kept_by_counters.py), never counted as kept above (their texts are not all seen).
        by_counters = {} if any_player or not self.static_params(step) else self.kept_by_counters(step, plans)
        memos.update((k, f"memo_{k}") for k in by_counters)
        listing = Listing(any_player, first, together, distinct, memos, all_kept, self.listing_reads(step))
        listing.by_counters = by_counters
        return listing

    def seats_kept_apart(self, step: ir.Step) -> bool:
        """Whether a listing that walks every seat (a choice `by each player`) keeps its rows per seat, the texts
        of each seat's rows seen as they are made: while none repeats, the engine need not look for two rows of
        a seat that read the same (StepInfo.distinct), and offers the rows as listed (#40: Goofspiel's bids)."""
        return True

    def kept_rows_of(self, seat: str, step: ir.Step, listing: Listing) -> None:
        """The lines that take the kept rows of ``seat`` (a local's name) and the step's arguments."""
        w = self.w
        key = f"({seat}" + "".join(f", v_{ident(p.name)}" for p in step.params) + ")"
        w.line(f"kept = ROWS_{ident(step.name)}[{key}]")
        for k, memo in listing.memos.items():
            w.line(f"{memo} = kept.by_option[{k}]")

    def kept_listing_tables(self, step: ir.Step, listing: Listing) -> None:
        """The module-level tables a listing keeps its rows in: ROWS_<step> (per seat and arguments) and
        LISTED_<step> (by what the listing read)."""
        w = self.w
        kept_rows = f"ROWS_{ident(step.name)}"
        w.line("")
        w.line("")
        if listing.memos:
            self.rows_kept_used = True
            w.line(f"{kept_rows} = KeptRows({len(self.plans)})",
                   note=f"(seat{''.join(', ' + p.name for p in step.params)}) -> per option, binding -> its row, made once")
            w.line("")
            w.line("")
        if listing.key_parts is not None:
            w.line(f"LISTED_{ident(step.name)} = {{}}", note="what the listing read -> (seat, rows): the same reads, "
                                                          "the same rows")
            w.line("")
            w.line("")

    def listing_top(self, step: ir.Step, listing: Listing) -> None:
        """The listing's first lines: the rows listed before for the same reads, the seat, the kept rows, the
        tests every option of a walk over the seats shares; from here on the listing reads boards through
        locals and keeps its counts."""
        w = self.w
        memo = f"LISTED_{ident(step.name)}"
        if listing.key_parts is not None:
            # What the listing reads of the state (and its arguments): the same reads list the same rows,
            # kept per engine module (rows are never changed once listed).
            w.line(f"key = ({', '.join(self.listing_key(step, listing.key_parts))},)", note="all the listing reads")
            w.line(f"found = {memo}.get(key)")
            w.line("if found is not None:")
            w.indent()
            w.line("return found")
            w.dedent()
        w.line("rows = []")
        if not listing.any_player:
            w.line(f"seat = {self.expr(step.by)}")
        if listing.memos and not listing.together:
            self.kept_rows_of("seat", step, listing)
        listing.counts_at, listing.counts_level = len(w.lines), w.level
        self.bound, self.counted = {v for _, bound, _, _, _, _ in self.plans for v in bound}, {}
        self.repeated, self.memoed = {v for _, bound, _, _, _, _ in self.plans for v in bound[1:]}, {}
        self.counter_lists = {}
        # Listing only reads: each board's contents are looked up once, into a local (see read_boards_first).
        self.board_code = {b: f"board_{b}" for b in range(len(self.m.boards))}
        if listing.together:
            for k, (_, _, _, placed, _, _) in enumerate(self.plans):
                if placed[-1]:
                    w.line(f"_ok{k} = " + " and ".join(f"({self.expr(c)})" for c in placed[-1]),
                           note=" and ".join(c.text for c in placed[-1]))
            w.line(f"for v_{ident(next(iter(listing.first)))} in st._t.seats:")
            w.indent()
            if listing.memos:
                self.kept_rows_of(f"v_{ident(next(iter(listing.first)))}", step, listing)
                if listing.all_kept and not listing.distinct:
                    w.line("seat_from = len(rows)", note="where this seat's rows begin")
        listing.shared = self.shared_domains(self.plans)
        listing.listed_kept = self.listed_kept(step, self.plans, {k: memo for k, memo in listing.memos.items()
                                                                 if k not in listing.by_counters},
                                               listing.key_parts, listing.any_player)

    def rows_kept_with_board(self, step: ir.Step, listing: Listing, k: int, plan: tuple) -> None:
        """The rows kept with the board's contents: the next listing tests only the spaces changed since. On
        a small board it lists afresh (the lines option_rows writes next, under the `else:`)."""
        w = self.w
        _, bound, domains, placed, text, binding_tuple = plan
        listed_kept = listing.listed_kept
        var = f"v_{ident(bound[0])}"
        test = " and ".join(f"({self.expr(c)})" for c in placed[0])
        row = f"(seat, {text}, {k}, {binding_tuple})"
        key = f"('listed', {len(self.listed_keys)!r}, seat" + "".join(f", v_{ident(p.name)}" for p in step.params) + ")"
        self.listed_keys.append(step.name)
        # (on a small board listing afresh costs less: tic-tac-toe's 9 spaces, Hex's 25; even at 49)
        w.line(f"if len({domains[bound[0]]}) >= {LISTED_KEPT_FROM!r}:")
        w.indent()
        w.line(f"rows = st._listed_kept({listed_kept!r}, {key}, lambda {var}: {test}, "
               f"lambda {var}: memo_{k}.get({var}) or kept.make(memo_{k}, {var}, {row}))",
               note=" and ".join(c.text for c in placed[0]))
        w.dedent()
        w.line("else:")
        w.indent()

    def option_rows(self, step: ir.Step, listing: Listing, k: int, plan: tuple) -> None:
        """One option's rows: its loops over its bindings, each condition tested as soon as its names are
        bound, and the row appended (made once where it is kept); a walk over legal placements whose texts
        read labels only is put together by the tables, once per setup."""
        w = self.w
        option, bound, domains, placed, text, binding_tuple = plan
        together = listing.together
        guards = placed[0] if together else placed[-1]
        tests = ([f"_ok{k}"] if together and placed[-1] else []) + [f"({self.expr(c)})" for c in guards]
        if tests:
            w.line(f"if {' and '.join(tests)}:", note=" and ".join(c.text for c in guards) if guards else None)
            w.indent()
        self.option_walk_rows(step, listing, k, plan, 1 if together else 0, "rows")

    def option_walk_rows(self, step: ir.Step, listing: Listing, k: int, plan: tuple, start: int, rows: str) -> None:
        """An option's loops over its bindings from the ``start``-th on, each condition tested as soon as its
        names are bound, and its row appended to the list ``rows`` (made once where it is kept)."""
        w = self.w
        option, bound, domains, placed, text, binding_tuple = plan
        seat = f"v_{ident(bound[0])}" if listing.any_player else "seat"
        row = f"({seat}, {text}, {k}, {binding_tuple})"
        kept, words = self.kept_walks.get((step.name, option.name), (None, ()))
        ahead = self.first_thens_ahead(step, option, placed)
        block = self.block_level(step, listing, k, start)  # (the last walks' rows kept as one block: row_blocks.py)
        for i, var in enumerate(bound[start:block], start=start):
            if var == kept and not placed[i]:
                # The rows of every legal placement, put together by the tables: each text is made once per
                # setup for the same words (it reads labels only: the same in every state).
                head = "".join(f"v_{ident(v)}, " for v in bound[:i])
                w.line(comment("each legal placement's text made once per setup (it reads labels only)"))
                w.line(f"{rows} += st._t.placement_rows(({', '.join(words)}, ), {seat}, {k}, ({head}), {domains[var]}, "
                       f"lambda v_{ident(var)}: {text})")
                return
            self.binding_loop(listing, plan, i, var, ahead if i == len(bound) - 1 else None)
        if block is not None:
            self.block_rows(plan, k, block, rows)
        elif k in listing.by_counters:
            w.line(f"{rows}.append({self.kept_by_counters_row(k, bound, listing.by_counters[k], row)})")
        elif k in listing.memos:
            names = bound[1:] if listing.together else bound  # (kept per seat: by the names bound after it)
            one = f"v_{ident(names[0])}" if len(names) == 1 else "(" + "".join(f"v_{ident(v)}, " for v in names) + ")"
            w.line(f"{rows}.append(memo_{k}.get({one}) or kept.make(memo_{k}, {one}, {row}))")
        else:
            w.line(f"{rows}.append({row})")

    def binding_loop(self, listing: Listing, plan: tuple, i: int, var: str,
                     ahead: Optional[ir.AfterIt] = None) -> None:
        """The loop over an option's ``i``-th binding ``var`` and the conditions tested once it is bound (with
        ``ahead``, the look-ahead asked of the values that pass the others at once: Options.binding_loops)."""
        w = self.w
        _, bound, domains, placed, _, _ = plan
        domain = domains[var]
        if domain in listing.shared:  # listed by several options: made when first needed, then kept
            name = listing.shared[domain]
            domain = f"({name} if {name} is not None else ({name} := {domain}))"
        if ahead is not None:
            self.ahead_loop_head()
        self.binding_loop_head(var, domain)
        if sum(self.kind_tests(c, var) for j in range(i, len(bound)) for c in placed[j]) > 1:
            self.kinds[var] = f"kind_{ident(var)}"
            w.line(f"kind_{ident(var)} = ITEM_KIND[v_{ident(var)}]", note="tested more than once")
        self.invariant_slot(var)
        self.outer = set(bound[:i])  # (the walks outside this one: see once())
        # (a walk of this option's own that may stop: every_between.py)
        self.stoppable = var if ahead is None and isinstance(plan[0].bindings[i].domain, ir.Span) else None
        for c in placed[i]:
            if c is ahead or self.neighbour_test_inline(c):
                continue
            self.skip_unless(c)
        self.outer, self.stoppable = set(), None
        if ahead is not None:
            self.ahead_loop_tail(var, ahead)

    def listing_bottom(self, step: ir.Step, listing: Listing) -> None:
        """The listing's last lines: the locals of what it read put at its top, the rows in the order offered,
        kept by what was read where they are, and returned."""
        w = self.w
        counts_at, counts_level = listing.counts_at, listing.counts_level
        self.declare_counted(counts_at, counts_level)
        w.lines[counts_at:counts_at] = ["    " * counts_level + f"block_{k} = kept.blocks[{k}]" for k in sorted(self.blocks_used)]
        self.blocks_used = set()
        if listing.shared:
            w.lines.insert(counts_at, "    " * counts_level + " = ".join(listing.shared.values())
                           + " = None  # the candidates several options walk, once needed")
        self.read_counters_first(counts_at, counts_level)
        self.read_boards_first(counts_at, counts_level)
        if listing.any_player and not listing.together:
            w.line("rows.sort(key=lambda row: row[0])  # stable: seat order, then declaration order")
        if listing.all_kept and not listing.distinct and not listing.together:
            w.line("if kept.repeated:", note="two rows read the same: the first is the one offered")
            w.indent()
            w.line("rows = kept.first_of_each(rows)")
            w.dedent()
        seat_code = ('SIMULTANEOUS' if step.together else 'ANY_PLAYER') if listing.any_player else 'seat'
        if listing.key_parts is None:
            w.line(f"return {seat_code}, rows")
            return
        memo = f"LISTED_{ident(step.name)}"
        w.line(f"if len({memo}) > 4096:", note="bounded: the states of a game read few distinct ways")
        w.indent()
        w.line(f"{memo}.clear()")
        w.dedent()
        w.line(f"found = {memo}[key] = {seat_code}, rows")
        w.line("return found")
        self.rows_kept.add(step.name)

    def neighbour_test_inline(self, c) -> bool:
        """Inside a listing's loop, where boards are read through locals: `S has an occupied neighbour` for a
        name S, written as a loop over the board's neighbour table (a local read once per listing) that goes
        on to the next candidate when no neighbour is occupied (as State._has_occupied_neighbour asks, from
        the locals the listing reads boards through). Returns whether it wrote the test (else the caller writes
        it as an expression)."""
        if not (isinstance(c, ir.Check) and c.test == "occupied_neighbour" and isinstance(c.subject, ir.Var)
                and is_space(c.subject.type) and not c.subject.type.startswith("placement:")):
            return False
        b = self.boards[board_of(c.subject.type)]
        if b not in self.board_code:
            return False
        w = self.w
        w.line(f"for _near in neighbours_{b}[{self.expr(c.subject)}]:", note=c.text)
        w.indent()
        w.line(f"if {self.cells(b)}[_near] >= 0:")
        w.indent()
        w.line("break")
        w.dedent()
        w.dedent()
        w.line("else:")
        w.indent()
        w.line("continue")
        w.dedent()
        return True
