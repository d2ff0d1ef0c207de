"""A count or call in a listing's condition that reads several chosen names, all bound by loops outside the one
being tested, is the same for every value of the inner loops: worked out once per value of the loop binding the
innermost of its names, when first needed, and kept in a local (#40).

Lines of Action's move goes as far as its line holds pieces: `for s in grid, d in directions of grid, t in line of 8
from s towards d` tests `distance(s, t) = pieces_on_line(s, d)` at every t, though the count reads s and d alone.
Counts.once keeps a value that reads none of the chosen names (a local for the whole listing) or one of them met
again (a dict by its value); this keeps one that reads several, in a local reset at the top of the innermost of
their loops (`_h0 = None`), read as `(_h0 if _h0 is not None else (_h0 := ...))`. The listing only reads (a
look-ahead undoes what it writes), so the value is the one the call would give at each use; it is worked out at
its first use, as before, so nothing is worked out that was not (nor fails where nothing failed).

Each loop a listing writes leaves a slot line after its head (invariant_slot); once the listing's conditions are
written, a slot some value was kept in becomes its reset and the others are taken out (resolve_invariant_slots):
a listing with no such value is written as before.
"""

from __future__ import annotations

from typing import Optional

from .quoting import ident

SLOT = "\0loop-invariant slot "  # (a NUL: no line of generated code starts with it)


class LoopInvariants:
    """Values kept once per value of an outer loop of a listing (CodeGenerator's part)."""

    def invariant_slot(self, var: str) -> None:
        """After the head of a listing's loop over ``var`` (and the tests it skips by at once): where the locals
        of the values kept once per value of its name are reset, if any is."""
        n = self.invariant_slots = getattr(self, "invariant_slots", 0) + 1
        self.w.line(SLOT + f"{n} {ident(var)}")

    def loop_invariant(self, names: set[str], code: str) -> Optional[str]:
        """The code reading ``code`` (a count or call reading the chosen ``names``, more than one) from a local
        kept once per value of the innermost loop binding them, when each is bound by a loop open here and a loop
        inside all of theirs is open too (else its value changes at every use, or is used once a value: None)."""
        if any(name in self.var_code for name in names):
            return None
        open_slots = self._open_slots()
        where = {var: (index, slot) for index, slot, var in open_slots}
        names = {ident(name) for name in names}
        if not names <= set(where):
            return None
        innermost, slot = max(where[name] for name in names)
        if not any(index > innermost for index, _, _ in open_slots):
            return None
        kept = self.__dict__.setdefault("invariant_locals", {})
        key = (slot, code)
        if key not in kept:
            kept[key] = f"_h{len(kept)}"
        local = kept[key]
        return f"({local} if {local} is not None else ({local} := {code}))"

    def _open_slots(self) -> list[tuple[int, str, str]]:
        """The slots of the loops still open where the next line is written (line index, slot, name), outermost
        first: a loop is open while no line after its slot, nor the next, is indented less than the slot."""
        lines, found, least = self.w.lines, [], 4 * self.w.level
        for index in range(len(lines) - 1, -1, -1):
            text = lines[index]
            if not text:
                continue
            indent = len(text) - len(text.lstrip(" "))
            if text.lstrip(" ").startswith(SLOT):
                if indent <= least:
                    found.append((index, *text.split()[-2:]))
            elif text.lstrip(" ").startswith("def "):
                break
            least = min(least, indent)
        return found[::-1]

    def resolve_invariant_slots(self) -> None:
        """Each slot of the listing just written: the reset of the locals kept once per value of its loop, or
        taken out when none is."""
        kept = self.__dict__.pop("invariant_locals", {})
        by_slot: dict[str, list[str]] = {}
        for (slot, _), local in kept.items():
            by_slot.setdefault(slot, []).append(local)
        lines = self.w.lines
        for index in range(len(lines) - 1, -1, -1):
            text = lines[index]
            if text.startswith("def "):
                break  # (the functions before are resolved)
            if not text.lstrip(" ").startswith(SLOT):
                continue
            slot = text.split()[-2]
            if slot in by_slot:
                indent = text[:len(text) - len(text.lstrip(" "))]
                lines[index] = (indent + " = ".join(by_slot[slot]) + " = None  # the same for every value of the loops "
                                "inside: worked out once a value of this loop's, when first needed")
            else:
                del lines[index]
