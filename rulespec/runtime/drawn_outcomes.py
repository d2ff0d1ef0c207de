"""A chance node's outcomes and their probabilities (State.chance_outcomes), and a static draw's, listed from
pairs the engine keeps (#40).

A draw whose outcome texts read component labels only (StepInfo.text_static) has one Action per item for the
engine's lifetime (Pending.shared_action). Where every outcome is as likely (the items read differently, so
its weights are None), each Action is paired with one probability, 1 over the number of items: a pair depends
on the item and that number alone. So the pairs are made once per engine as well, kept by the number of
items, and the node's outcomes are its items looked up in one C loop, instead of a list of Actions and then a
list of pairs made outcome by outcome (a deal from a deck of 52: two Python loops of 52). A short draw (at
most SHORT_LISTING outcomes: Kuhn poker's 3 cards) is listed one by one, its Actions kept with it, which
``apply()`` looks along faster than it looks an item up. Its outcomes (and Actions) depend on the items it draws
from alone, so they are kept by those items (KEPT_SHORT_DRAWS at most): a draw from the same items, Kuhn poker's
deal from the same three cards in every game, hands out a copy of them instead of pairing outcome by outcome.
Any chance node's outcomes, once listed, are kept with its Pending (Pending.outcomes): a Pending never changes
once listed but to fill in what it derives, and every state that shares it (a listing made once, Pig's roll of
the die; kept by what its outcomes read; a clone's) hands out a copy of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pending import _uniform, probability, uniform

if TYPE_CHECKING:
    from .pending import Pending

KEPT_SIZES = 64  # the numbers of items a draw keeps pairs for at once (more: forgotten, made again when asked)
KEPT_SHORT_DRAWS = 4096  # the sets of items a short draw keeps its outcomes for at once (likewise)


def drawn_outcomes(pending: "Pending") -> list:
    """The outcomes of a static draw whose outcomes are all as likely: [(Action, probability)] in the order of
    its items, the Actions the engine's own (those ``legal_actions()`` gives, listed_outcomes' pairs)."""
    items = pending.items
    by_size = pending.shared_tables()[2]
    pairs = by_size.get(len(items))
    if pairs is None:
        if len(by_size) >= KEPT_SIZES:
            by_size.clear()
        pairs = by_size[len(items)] = {}
    try:
        return list(map(pairs.__getitem__, items))
    except KeyError:  # an item not yet drawn from so many
        chance = uniform(len(items))
        for item in items:
            if item not in pairs:
                pairs[item] = (pending.shared_action(item), chance)
        return list(map(pairs.__getitem__, items))


def listed_outcomes(pending: "Pending") -> list:
    """Any chance node's outcomes: [(Action, probability)], its Actions listed (and kept with it), paired one by
    one with a probability made once per distinct weight (Fractions are immutable: shared); a static draw's,
    every outcome as likely, kept by the items it draws from."""
    if not outcomes_kept():
        return _paired(pending)
    outcomes = pending.outcomes
    if outcomes is not None:
        return outcomes.copy()  # (the caller may change its list)
    if pending.weights is None and pending.shared is not None and pending.items is not None:
        by_items = pending.shared_tables()[3]
        items = tuple(pending.items)
        kept = by_items.get(items)
        if kept is None:
            outcomes = _paired(pending)
            if len(by_items) >= KEPT_SHORT_DRAWS:
                by_items.clear()
            kept = by_items[items] = (pending.actions.copy(), outcomes)
        elif pending.actions is None:  # (the engine's Actions of these items: apply() looks along them)
            pending.actions = kept[0].copy()
        outcomes = kept[1]
    else:
        outcomes = _paired(pending)
    pending.outcomes = outcomes
    return outcomes.copy()


def outcomes_kept() -> bool:
    """Whether a chance node's outcomes are kept with its Pending and a short static draw's by the items it draws
    from (#40, helper gallery5)."""
    return True


def _paired(pending: "Pending") -> list:
    """The outcomes of listed_outcomes, paired one by one."""
    actions = pending.actions
    if actions is None:
        actions = pending.all_actions()
    weights = pending.weights
    outcomes = []  # (plain loops: on this scale cheaper than list(zip(...)), which makes three objects first)
    if weights is None:  # every outcome as likely: one probability
        chance = _uniform.get(len(actions)) or uniform(len(actions))
        for action in actions:
            outcomes.append((action, chance))
        return outcomes
    total = sum(weights)
    made = {weight: probability(weight, total) for weight in set(weights)}  # one Fraction per distinct weight
    for action, weight in zip(actions, weights):
        outcomes.append((action, made[weight]))
    return outcomes
