"""What a seat sees of a state, why an action is refused, and a state's text picture (Engine's part)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lib.pieces import piece_codes
from .common import ANY_PLAYER, CHANCE, EVERY_SEAT, SIMULTANEOUS
from .pending import Action

if TYPE_CHECKING:
    from .state import State


class Describing:
    """Engine's part: a seat's observation, why an action is refused, a state's text picture."""

    __slots__ = ()

    def _observation(self, st: State, seat: int) -> dict:
        # (plain loops throughout: for the few items, counters and queues of a view they cost less than
        # comprehensions, each a function call of its own; State.observation runs at every node of a search)
        t, item_label = st._t, st._labels
        zones: dict[str, Any] = {}
        for zone in self.ZONES:
            base = t.zone_base[zone.name]
            views = []
            for owner in range(st.players if zone.per_player else 1):
                items = st._zones[base + owner]
                view: dict[str, Any] = {"size": len(items)}
                visibility = zone.visibility
                sees_all = visibility == "public" or (visibility == "owner" and owner == seat) or \
                    (visibility == "others" and owner != seat)  # (a zone seen by all but its owner)
                if zone.size_unseen and not sees_all:  # not even how many it holds (nor, so, its top)
                    view = {}
                elif sees_all:
                    labels = []
                    for item in items:
                        labels.append(item_label[item])
                    # A stacked zone shows its order (the last is on top); any other zone is a sorted
                    # multiset, so items with the same label stay indistinguishable.
                    if not zone.stacked:
                        labels.sort()
                    view["items"] = labels
                elif zone.visibility == "top":  # a pile covered but for its top: that one is seen
                    view["items"] = [item_label[items[-1]]] if items else []
                views.append(view)
            zones[zone.name] = views if zone.per_player else views[0]
        boards = {}
        for b, board in enumerate(self.BOARDS):
            labels = board.labels
            boards[board.name] = {labels[c]: item_label[i] for c, i in enumerate(st._boards[b]) if i >= 0}
        counters = {}
        for name, value in st._counters.items():
            counters[name] = value.copy() if value.__class__ is list else value
        for name, words in self.COUNTER_WORDS.items():  # a seat, a direction or a word: by its name (-1: none)
            value = counters[name]
            counters[name] = [words[v] if v >= 0 else "none" for v in value] if value.__class__ is list \
                else words[value] if value >= 0 else "none"
        for name, b in self.SPACE_COUNTERS.items():  # a counter per space: space label -> its count (public)
            labels, value = self.BOARDS[b].labels, st._counters[name]
            counters[name] = {labels[c]: value[c] for c in st._t.cells_in_use[b]}
        queues = {}
        for name, entries in st._queues.items():
            queues[name] = [entry[0] for entry in entries]
        view = {
            "seat": seat,
            "players": st.players,
            "options": st._options.copy(),
            "phase": st._phase,
            "turn": st._turn_number,
            "turn_player": st._turn_seat,
            "leg": st._leg,
            "legs": [dict(leg) for leg in st._legs] if st._legs else [],
            "zones": zones,
            "boards": boards,
            "counters": counters,
            "queues": queues,
            "decision": None,
            "outcome": st.outcome(),
        }
        pending = st._offer()  # the decision, if any (its Actions: who may take each, and its text)
        if pending is not None:
            chooser = pending.seat
            decision = view["decision"] = {"player": "any" if chooser == ANY_PLAYER else
                                           "each" if chooser == SIMULTANEOUS else chooser, "step": st._stack[-1][0]}
            if chooser == SIMULTANEOUS:  # who is still choosing is seen; what the others chose is not
                decision["waiting"] = st.simultaneous_seats()
                for secret_chooser, text in st._chosen:
                    if secret_chooser == seat:
                        decision["chosen"] = text
                        break
            if chooser != CHANCE:
                mine = []
                for action in pending.all_actions():
                    if action.player == seat:
                        mine.append(action.text)
                if mine:
                    decision["choices"] = mine
        return view

    def _why_not(self, st: State, action: Action) -> str:
        decision = st._decision()
        if st._over is not None:
            return "the game is over"
        if decision is None:
            return "nothing is to be decided now"
        seat, entries = decision
        frame = st._stack[-1]
        info = self.STEPS.get(frame[0])  # None at the lot that breaks a tie for first
        step = frame[0] if info is not None else "the lot for first place"
        if seat == SIMULTANEOUS and any(chooser == action.player for chooser, _ in st._chosen):
            return (f"player {action.player + 1} has already chosen, in secret, for {frame[0]}; "
                    f"{', '.join(f'player {s + 1}' for s in st.simultaneous_seats())} still to choose")
        if action.player != seat and seat not in EVERY_SEAT:
            who = "chance" if seat == CHANCE else f"player {seat + 1}"
            return f"it is {who}'s decision ({step}), not {'chance' if action.player == CHANCE else f'player {action.player + 1}'}'s"
        if info is not None and info.kind == "choice":
            for option in info.options:
                for text, binding in option.raw(st, *frame[1]):
                    if text == action.text and (seat not in EVERY_SEAT or binding[0] == action.player):
                        failed = option.check(st, *frame[1], *binding)
                        if failed >= 0:
                            condition, cites = option.conditions[failed]
                            cited = f" [{', '.join(cites)}]" if cites else ""
                            return f"{action.text!r} is not allowed: `{condition}` does not hold{cited}"
        from ..lib.suggestions import close_matches  # (bounded work, however many the choices)
        texts = [e[0].text for e in entries if e[0].player == action.player or seat not in EVERY_SEAT]
        close = close_matches(action.text, texts, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else \
            f"; the choices are: {', '.join(repr(t) for t in texts[:8])}{'...' if len(texts) > 8 else ''}"
        return f"{action.text!r} is not one of the choices for {step}{hint}"

    def _describe(self, st: State) -> str:
        """A short text picture of a state, for the terminal."""
        lines = [f"{self.TITLE}: {st.players} players, turn {st._turn_number} (player {st._turn_seat + 1})"]
        t = st._t
        for b, board in enumerate(self.BOARDS):
            width = len(board.columns)
            label_width = max(len(r) for r in board.rows)
            if board.kind == "triangles":
                lines.append(f"{board.name} (face {t.face[b]}; # = covered, a letter = an uncovered mark):")
                marks = {name: letter for letter, name in board.marks}
                for r, row in enumerate(board.rows):
                    if not any(t.in_use[b][r * width:(r + 1) * width]):
                        continue  # a row of a board piece not laid in this game
                    cells = []
                    for c in range(width):
                        cell = r * width + c
                        if not t.in_use[b][cell]:
                            cells.append(" ")
                        elif st._boards[b][cell] >= 0:
                            cells.append("#")
                        else:
                            cells.append(marks.get(t.mark_of[b][cell], "."))
                    lines.append((f"  {row:<{label_width}} " + " ".join(cells)).rstrip())
                continue
            column_values = self.ITEM_ATTRS.get(board.column_attribute, {})
            # A piece without a number is its own letter (C cross, N nought), said in the heading.
            codes = piece_codes([label for item, label in enumerate(self._labels_shown) if item not in column_values], ".o")
            drawn = sorted({st._labels[i] for i in st._boards[b] if i >= 0 and i not in column_values})
            said = "".join(f", {codes[label]} = {label}" for label in drawn)
            lines.append(f"{board.name} (face {t.face[b]}; o = an empty region space{said}):")
            for r, row in enumerate(board.rows):
                cells = []
                for c in range(width):
                    cell = r * width + c
                    item = st._boards[b][cell]
                    if not t.in_use[b][cell]:
                        cells.append("  ")
                    elif item < 0:
                        region = t.region_of[b][cell]
                        cells.append(" o" if region >= 0 else " .")
                    else:
                        value = column_values.get(item)
                        cells.append(f"{value:>2}" if value is not None else f"{codes[st._labels[item]]:>2}")
                lines.append((f"  {row:<{label_width}} " + " ".join(cells)).rstrip())
        for zone in self.ZONES:
            base = t.zone_base[zone.name]
            for owner in range(st.players if zone.per_player else 1):
                items = st._zones[base + owner]
                who = f" of player {owner + 1}" if zone.per_player else ""
                lines.append(f"{zone.name}{who}: {len(items)}")
        if st._over:
            outcome = st.outcome()
            winners = ", ".join(f"player {s + 1}" for s in outcome["winners"])
            result = "a draw" if outcome["draw"] else f"won by {winners}" if winners else "nobody wins"
            lines.append(f"game over ({outcome['end']}): {result}; ranks "
                         + ", ".join(f"player {s + 1}: {r}" for s, r in enumerate(outcome["ranking"])))
        return "\n".join(lines)
