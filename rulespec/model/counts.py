"""How many declarations of each kind a checked model holds, and how many rulebook clauses they cite.

`rulespec check` and a game's page both print these numbers, from this one function.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import ir

# The rule file's word for each kind, in the order the counts are listed; `noun` says it in a sentence.
KIND_NOUNS = {
    "game": "game", "ruling": "ruling", "option": "option", "define": "definition",
    "seat_attribute": "seat attribute", "dice": "dice declaration", "component": "component",
    "leave_out": "leave-out",
    "zone": "zone", "counter": "counter", "queue": "queue", "board": "board", "shape": "shape", "fit": "fit",
    "setup": "setup", "turns": "turn order", "choice": "choice", "chance": "chance", "step": "step",
    "trigger": "trigger", "instead": "instead", "end": "end", "score": "score", "ranking": "ranking",
    "returns": "returns", "match": "match", "invariant": "invariant", "example": "example",
}


@dataclass(frozen=True)
class DeclarationCounts:
    kinds: tuple[tuple[str, int], ...]  # (kind, how many), only the kinds present, in KIND_NOUNS' order
    clauses: int  # distinct rulebook clause IDs cited (a ruling's ID is not a rulebook clause)
    rulings: int
    examples: int

    @property
    def total(self) -> int:
        return sum(n for _, n in self.kinds)


def declaration_counts(model: ir.Model) -> DeclarationCounts:
    """The declarations the model was checked from (a house rule's merged over its base, the chosen variants
    applied; the `variant` declarations themselves are not counted: they are listed as variants)."""
    steps = {kind: sum(1 for s in model.steps if {"auto": "step"}.get(s.kind, s.kind) == kind)
             for kind in ("choice", "chance", "step")}
    found = {
        "game": 1, "ruling": len(model.rulings), "option": len(model.options), "component": len(model.components),
        "leave_out": len(model.leave_outs), "zone": len(model.zones), "counter": len(model.counters),
        "queue": len(model.queues), "board": len(model.boards), "shape": len(model.shapes), "fit": len(model.fits),
        "setup": int(model.setup is not None), "turns": int(model.turns is not None), **steps,
        "trigger": len(model.triggers), "instead": len(model.insteads), "end": len(model.ends),
        "score": len(model.scores), "ranking": int(model.ranking is not None), "match": int(model.match is not None),
        "define": len(model.definitions), "returns": int(model.returns is not None),
        "seat_attribute": len(model.seat_attributes),
        "invariant": len(model.invariants), "example": len(model.examples),
    }
    # A `dice` declaration is one declaration of the file: not the component, zones and chance it makes.
    dice = len(getattr(model, "dice", ()))
    made_zones = sum(2 + (getattr(d, "lost", None) is not None) for d in getattr(model, "dice", ()))
    found.update({"dice": dice, "component": found["component"] - dice, "zone": found["zone"] - made_zones,
                  "chance": found["chance"] - dice})
    clauses = model.cited_clauses() - {r.name for r in model.rulings}
    return DeclarationCounts(tuple((kind, found[kind]) for kind in KIND_NOUNS if found[kind]), len(clauses),
                             len(model.rulings), len(model.examples))
