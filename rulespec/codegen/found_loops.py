"""`there is x in C where T` (and a count compared with 0) asked by a loop of its own, not by any() over a
generator expression (#40).

Counts._found_test writes whether one x passes T as `any(T for v_x in C)`. In CPython 3.11 that makes a
function, a generator and a frame resumed once an element at every use: about a microsecond before the first
test on two cores shared by several processes, where a loop in a function costs a quarter of it. Snake's step
asks nine such questions a move over the two seats (`there is q in players where ...`), its end one more; on
two seats the generator is most of the cost. The test is written once into a module-level function,

    def found_in_1(walked, st, v_p, counter_crashed):
        for v_q in walked:
            if <T>:
                return True
        return False

and called as `found_in_1(C, st, v_p, counter_crashed)`: every free name of T is passed (a local of the
caller, or a module name: the same value either way). The answer is the same (any() reads T's truth, the
loop too, and both stop at the first x that passes, so T is tested on the same elements in the same order),
and so is a failure (raised by the same test of the same element; runtime/blame.py skips these functions'
frames, so the rule blamed and the note read are the caller's, as for the generator's). Nothing changes in
the order things are worked out: C is worked out before the first test, as the generator's iterable is, and
the names T reads do not change while T is tested (an expression only reads; T with a `:=`, a lambda or a
comprehension of its own, which could bind or read names otherwise, or reading a kept value's local (`_k0`,
which the generator might never read), keeps the generator, as does a T that
reads nothing of the state: it may be worked out when the module is imported, before the loop is written).
"""

from __future__ import annotations

import ast
import builtins
from typing import Optional

FOUND_PREFIX = "found_in_"  # (runtime/blame.py skips the frames of functions so named)
_BUILTINS = frozenset(dir(builtins))
_OWN_SCOPES = (ast.NamedExpr, ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp, ast.Yield,
               ast.YieldFrom, ast.Await)


def _module_name(name: str) -> bool:
    """A name only the generated module defines (a definition's function, a table, a constant): read there as
    it is here, so not passed."""
    return name.startswith(("define_", FOUND_PREFIX)) or name[:1].isupper()


def free_names(test: str, var: str) -> Optional[list[str]]:
    """The names ``test`` (generated code) reads but ``var``, the module's own and Python's left out, ``st``
    first, then in alphabetical order; None where it binds names of its own or is not an expression."""
    try:
        tree = ast.parse(test, mode="eval")
    except SyntaxError:
        return None
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, _OWN_SCOPES):
            return None
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load) or node.id.startswith("_"):
                return None  # (a kept value's local, `_k0`: perhaps not yet bound where the loop is called)
            if node.id != var and node.id not in names and node.id not in _BUILTINS and not _module_name(node.id):
                names.append(node.id)
    return sorted(names, key=lambda name: (name != "st", name))


class FoundLoops:
    """Whether one element passes a test, asked by a module-level loop (CodeGenerator's part)."""

    FOUND_BY_LOOPS = True  # (off: any() over a generator, as before; the lever's A/B and lock-step tests)

    def found_by_loop(self, test: str, var: str, domain: str) -> str:
        """The code asking whether one ``var`` of ``domain`` passes ``test`` (code reading ``var``): a call of a
        module-level loop written for it, or `any(test for var in domain)` where that cannot be written."""
        names = free_names(test, var) if self.FOUND_BY_LOOPS else None
        walked = free_names(domain, "") if names is not None else None
        if names is None or walked is None or "st" not in names + walked or "walked" in names or var == "walked":
            return f"any({test} for {var} in {domain})"  # (no state read: perhaps a table made at import)
        made = getattr(self, "found_loops_made", None)
        if made is None:
            made = self.found_loops_made = {}
        key = (test, var, tuple(names))
        if key not in made:
            made[key] = FOUND_PREFIX + str(len(made) + 1)
        name, params = made[key], ", ".join([domain, *names])  # (expr() code, and the names it reads)
        return f"{name}({params})"

    def found_loop_lines(self) -> list[str]:
        """The module-level functions of found_by_loop's calls."""
        lines: list[str] = []
        for (test, var, names), name in getattr(self, "found_loops_made", {}).items():
            params = ", ".join(["walked", *names])  # (the names expr() code reads)
            lines += ["", "", f"def {name}({params}):",
                      f"    for {var} in walked:", f"        if {test}:", "            return True", "    return False"]
        return lines + [""] if lines else lines
