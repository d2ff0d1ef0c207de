"""Options of a choice that begin with the same walk, listed by one walk (issue #40).

Breakthrough's `move` and `capture` both walk `for s in grid, c in -1..1`, both first asking that s holds a
piece of the player's: listed one after the other, each option walks the board and tests every space again.
Consecutive options whose first names are walked over the same values, with the same tests, share those
loops: each option's own tests and loops are written inside them, and its rows gathered in a list of its
own, so the rows are offered in the order they were before (every row of the first option, then the next's).
The walk is shared up to the first level whose tests differ (that level's loop shared, its tests not), so
no test is asked more often than before. Decided from the generator's plan of each option (its walks' code
and its tests' code); a listing with no such options is written as before.
"""

from __future__ import annotations

from ..model import ir
from .quoting import comment, ident


class SharedWalks:
    """The walks several options of a listing share (CodeGenerator's part)."""

    def walk_groups(self, step: ir.Step, listing) -> list[list[int]]:
        """The options of a listing in runs of consecutive ones that share their first walk (a run of one: an
        option listed on its own, as option_rows writes it). At most one option of a run tests something
        before its names are bound, so the shared walk is made only when a walk of it was made before."""
        groups: list[list[int]] = []
        for k in range(len(self.plans)):
            if groups and self.may_share(step, listing, groups[-1][0]) and self.may_share(step, listing, k) \
                    and self.shared_depth([groups[-1][0], k]) > 0 \
                    and sum(bool(self.plans[j][3][-1]) for j in groups[-1] + [k]) <= 1:
                groups[-1].append(k)
            else:
                groups.append([k])
        return groups

    def may_share(self, step: ir.Step, listing, k: int) -> bool:
        """Whether option k's walk may be shared: written as plain loops (not over the seats of a claim window,
        nor kept with a board, nor a placement walk kept per setup, nor gathered for a look-ahead)."""
        option, bound, _, placed, _, _ = self.plans[k]
        return (bool(bound) and not listing.together and listing.listed_kept is None
                and (step.name, option.name) not in self.kept_walks
                and self.first_thens_ahead(step, option, placed) is None)

    def tests_code(self, conditions: list) -> list[str]:
        return [self.expr(c) for c in conditions]

    def shared_depth(self, group: list[int]) -> int:
        """How many of the first names the group's options walk together: the same names over the same
        values, every level but the last shared one with the same tests."""
        plans = [self.plans[k] for k in group]
        first = plans[0]
        depth = 0
        for i, var in enumerate(first[1]):
            if any(len(p[1]) <= i or p[1][i] != var or p[2][var] != first[2][var] for p in plans):
                break
            depth = i + 1
            if any(self.tests_code(p[3][i]) != self.tests_code(first[3][i]) for p in plans):
                break
        return depth

    def shared_walk_rows(self, step: ir.Step, listing, group: list[int]) -> None:
        """The rows of a run of options sharing their first walk: the shared loops and the tests they all
        make, then each option's own tests and loops inside, its rows gathered apart and added in order."""
        w = self.w
        depth = self.shared_depth(group)
        blocks = [self.block_level(step, listing, k) for k in group]
        if all(level is not None for level in blocks):  # (their last walks' rows kept as blocks: row_blocks.py)
            depth = min(depth, max(blocks))
        plans = [self.plans[k] for k in group]
        _, bound, domains, placed, _, _ = plans[0]
        names = ", ".join(self.plans[k][0].name for k in group)
        w.line(comment(f"{names}: one walk over {', '.join(bound[:depth])} (the same values, the same first tests)"))
        for k in group[1:]:
            w.line(f"rows_{k} = []", note=f"{self.plans[k][0].name}'s rows, offered after the ones before it")
        self.mark_rows(group[0], "from")
        level = w.level
        # The one option's tests before any name (`not must_jump(player)`), asked once before the walk, as
        # before (the others have none: the walk is made whenever it was).
        guarded = {k: self.plans[k][3][-1] for k in group if self.plans[k][3][-1]}
        # (one line a test, each with its own text: a failing test is blamed on its own words, runtime/blame.py)
        for k, guards in guarded.items():
            w.line(f"_ok{k} = ({self.expr(guards[0])})", note=guards[0].text)
            for c in guards[1:]:
                w.line(f"_ok{k} = _ok{k} and ({self.expr(c)})", note=c.text)
        self.kinds = {}
        for i, var in enumerate(bound[:depth]):
            self.binding_loop_head(var, domains[var])
            if sum(self.kind_tests(c, var) for p in plans for j in range(i, len(p[1])) for c in p[3][j]) > 1:
                self.kinds[var] = f"kind_{ident(var)}"
                w.line(f"kind_{ident(var)} = ITEM_KIND[v_{ident(var)}]", note="tested more than once")
            self.invariant_slot(var)
            common = self.common_tests([p[3][i] for p in plans])
            for c in placed[i][:common]:
                self.skip_unless(c)
        common = self.common_tests([p[3][depth - 1] for p in plans])
        shared_kinds = dict(self.kinds)
        for k, plan in zip(group, plans):
            self.kinds = dict(shared_kinds)  # (an option's own loops name their own kind locals)
            option, own_bound, _, own_placed, _, _ = plan
            w.line(comment(f"{option.name}: `{option.template}`"))
            inner = w.level
            own = own_placed[depth - 1][common:]
            if k in guarded:
                w.line(f"if _ok{k}:")
                w.indent()
            for c in own:
                w.line(f"if ({self.expr(c)}):", note=c.text)
                w.indent()
            self.option_walk_rows(step, listing, k, plan, depth, "rows" if k == group[0] else f"rows_{k}")
            w.level = inner
        w.level = level
        self.mark_rows(group[0], "to")
        for k in group[1:]:
            self.mark_rows(k, "from")
            w.line(f"rows += rows_{k}")
            self.mark_rows(k, "to")
        self.kinds = {}

    def common_tests(self, levels: list[list]) -> int:
        """How many leading tests every option makes alike at one level."""
        codes = [self.tests_code(tests) for tests in levels]
        n = 0
        while all(len(c) > n for c in codes) and all(c[n] == codes[0][n] for c in codes):
            n += 1
        return n
