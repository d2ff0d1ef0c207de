"""Examples: each line's names and values checked, its action texts matched against what the game could offer."""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from ..lib.suggestions import close_matches
from ..lib.texts import difference, skeleton, terminal_safe
from . import ir
from .action_texts import ActionTexts
from .ir import BOOL, INT, SEAT, ZONE
from .value_types import describe_type, expand_items

class Examples:
    """Examples: reads the model's parts set by ``build`` (``checked_steps``, ``checked_boards``,
    ``example_decls``); an action text is checked once the rest is sound (``deferred_actions``, run with
    ``running_deferred``), against the game's texts (``_action_texts``, made once)."""

    def examples_checked(self, decls: list, steps: Sequence[ir.Step], boards: Sequence[ir.Board],
                         available: list) -> tuple[tuple[ir.Example, ...], tuple[ir.ExampleElsewhere, ...]]:
        """(the examples of this model, every other example the file declares with why it does not run here:
        about other variants, or left out with a player count a house rule no longer seats)."""
        self.checked_steps, self.checked_boards = steps, boards  # what an example's action texts are matched against
        self.deferred_actions: list = []
        self.example_decls = decls
        examples, elsewhere = [], []
        for d in decls:
            if d.kind != "example":
                continue
            players = next((line.number for line in d.lines if line.what == "players"), 0)
            if self._inherited_for_unseated_count(d, players, "example"):
                elsewhere.append(self.example_elsewhere(d, self.example_own_variants(d), players))
            else:
                examples.append(self.example(d))
        names = {v.name for v in available}
        # Examples about variants this model does not apply (`with variant ...`, or added by a variant):
        # `rulespec check` runs them under their own variants (rulespec/pipeline/example_plan.py).
        elsewhere += [self.example_elsewhere(d, self.example_own_variants(d)) for d in self.examples_set_aside
                      if set(d.variants) <= names]
        restated = {(d.name, v) for d in [*decls, *self.examples_set_aside] if d.kind == "example"
                    and self.in_house_rule(d) for v in d.variants}
        for variant in available:
            if variant.name not in self.applied_variants:
                elsewhere += [self.example_elsewhere(c.declaration, {variant.name, *c.declaration.variants})
                              for c in variant.changes if c.action in ("add", "replace")
                              and c.declaration is not None and c.declaration.kind == "example"
                              and (c.target, variant.name) not in restated]  # (the house rule's own replaces it)
        return tuple(examples), tuple(elsewhere)

    def example_elsewhere(self, d: ast.ExampleDecl, own: set[str], players: int = 0) -> ir.ExampleElsewhere:
        """An example this model does not run, with the reason in words."""
        missing, extra = sorted(own - self.applied_variants), sorted(self.applied_variants - own)

        def variants(names: list[str]) -> str:
            return f"variant{'s' if len(names) > 1 else ''} {', '.join(names)}"
        if players:
            reason = f"for {players} players, which this house rule does not seat"
        elif missing:
            reason = f"about {variants(missing)}, not applied here"
        else:
            reason = f"written for {variants(sorted(own)) if own else 'the game'} without {variants(extra)}"
        return ir.ExampleElsewhere(d.name, d.title, d.loc, tuple(sorted(own)), reason)

    def run_deferred_actions(self) -> None:
        """The examples' action texts, checked once the rest of the model is sound."""
        if not self.problems:
            self.running_deferred = True
            for check_action in self.deferred_actions:
                check_action()

    def _component_labels(self) -> set[str]:
        """Every component's label, as examples name them: worked out once, not once per example."""
        labels = self.__dict__.get("_labels_of_components")
        if labels is None:
            labels = self._labels_of_components = {label for _, _, label in expand_items(
                [ir.Component(c.name, None, (), (), tuple((a.name, a.values) for a in c.attributes), c.copies, c.shown_as)
                 for c in self.components.values()])}
        return labels

    def example(self, d: ast.ExampleDecl) -> ir.Example:
        self.cites_of(d, f"example `{d.name}`")
        for name, value in d.with_options:
            option = self.options.get(name)
            if option is None:
                self.error(self._name_loc(d.loc, name), f"there is no option `{name}`", width=len(name),
                           hint=did_you_mean(name, self.options))
            elif value not in option.values:
                self.error(self._name_loc(d.loc, value), f"`{value}` is not a value of option `{name}`",
                           width=len(value), hint=did_you_mean(value, option.values))
        # (a die whose faces could not be worked out has no labels to hold examples to: one mistake, one error)
        labels = self._component_labels() if getattr(self, "items_bounded", True) \
            and not getattr(self, "faces_unknown", False) else None
        game = self.games[0] if self.games else None
        players = next((line.number for line in d.lines if line.what == "players"), game.min_players if game else 0)
        lines = [self.example_line(d, line, players, labels) for line in d.lines]
        self.example_legs_scored(d)
        return ir.Example(d.name, d.loc, d.cites, d.rulings, d.title, tuple(lines),
                          tuple(sorted(self.example_own_variants(d))), tuple(d.with_options))

    def example_line(self, d: ast.ExampleDecl, line: ast.ExampleLine, players: int,
                     labels: Optional[set]) -> ir.ExampleLine:
        """One line of an example, checked (a `for every` block with the lines under it)."""
        w = line.what
        if w == "for_every":
            return self.example_for_every(d, line, players, labels)
        if w in ("leg_scores", "match_total"):
            return self.example_match_line(line, players)
        if w == "items":
            target = self.expr(line.expr, {})
            if target.type not in (ZONE, "?") and not target.type.startswith("spaces:"):
                self.error(line.expr.loc, f"`{target.text}` is {describe_type(target.type)}; put components in a "
                                          f"zone or on a board")
            for ref in line.items if labels is not None else ():
                if ref.label not in labels:
                    self.error(ref.loc, f"there is no component called \"{ref.label}\"",
                               hint=did_you_mean(ref.label, labels))
            return ir.ExampleLine(w, line.loc, target=target, items=tuple((r.label, r.at) for r in line.items))
        if w == "fact":
            return ir.ExampleLine(w, line.loc, expr=self.expr(line.expr, {}, BOOL))
        if w == "step":
            node = ast.Then(loc=line.loc, step=line.name, args=line.args)
            return ir.ExampleLine(w, line.loc, name=line.name, args=self.call_args(node, {}))
        if w == "counter":
            seat = self.expr(line.expr, {}, SEAT) if line.expr is not None else None
            if line.name not in self.counters:
                self.error(line.loc, f"there is no counter `{line.name}`", hint=did_you_mean(line.name, self.counters))
                return ir.ExampleLine(w, line.loc, name=line.name, number=line.number, expr=seat)
            number = self.given_held_value(line) if line.values or self.counter_value_type(line.name) != INT \
                else line.number
            return ir.ExampleLine(w, line.loc, name=line.name, number=number, expr=seat)
        if w in ("space_counter", "space_count"):
            return ir.ExampleLine(w, line.loc, name=line.name, number=line.number, values=tuple(line.values),
                                  value=line.value, **self.example_space_counter(line))
        if w == "option":
            option = self.options.get(line.name)
            if option is None:
                self.error(line.loc, f"there is no option `{line.name}`", hint=did_you_mean(line.name, self.options))
            elif line.value not in option.values:
                self.error(line.loc, f"`{line.value}` is not a value of option `{line.name}`",
                           hint=did_you_mean(line.value, option.values))
            return ir.ExampleLine(w, line.loc, name=line.name, value=line.value)
        if w in ("action", "refused", "legal", "illegal", "numbered"):
            chance = line.value.startswith("chance:")
            if w == "numbered" and not (self.chance_numbered if chance else self.numbered):
                self.error(line.loc, f"the game does not number its {'chance outcomes' if chance else 'actions'}, so "
                                     f"no {'outcome' if chance else 'action'} has a number",
                           hint="add `chance outcomes numbered 0 to N` to the game's header and `numbered EXPR` to "
                                "its chance steps" if chance else "add `actions numbered 0 to N` to the game's header "
                                                                  "and `numbered EXPR` to its options")
            self.example_action(d, line, line.value, players, labels)
            return ir.ExampleLine(w, line.loc, name=line.name, value=line.value, number=line.number)
        if w == "position":  # read against the engine's tables (examples.position_diagnostics)
            return ir.ExampleLine(w, line.loc, position=line.position)
        if w in self.FACTS:
            return self.example_fact(d, line, players, labels)
        if w == "over":
            if line.name not in self.ends:
                self.error(line.loc, f"there is no end `{line.name}`", hint=did_you_mean(line.name, self.ends))
            return ir.ExampleLine(w, line.loc, name=line.name)
        if w == "players" and self.games and not self.games[0].min_players <= line.number <= self.games[0].max_players:
            game = self.games[0]
            self.error(line.loc, f"the game is not played with {line.number} players",
                       hint=f"it is played by {game.min_players} to {game.max_players} players")
        return ir.ExampleLine(w, line.loc, number=line.number, name=line.name, value=line.value)

    FACTS = ("setup", "wins", "draw", "game_over", "not_over", "ranking", "returns", "offered_exactly", "offered",
             "offered_no", "decides", "chance_outcomes", "chance_even", "sees", "not_sees", "space_empty",
             "space_holds", "turn_number", "turn_of", "phase", "leg", "ran", "gained", "lost", "place", "chance_read",
             "log", "sees_top")

    def example_fact(self, d: ast.ExampleDecl, line: ast.ExampleLine, players: int, labels: Optional[set]) -> ir.ExampleLine:
        """One of the facts and checks of an example beyond a plain condition: names resolved, texts matched
        against what the game could ever produce, each mistake at its position."""
        w, loc = line.what, line.loc
        seat = self.expr(line.expr, {}, SEAT) if line.expr is not None and w not in ("gained", "lost") else None
        exprs = tuple(self.expr(e, {}, SEAT) for e in line.exprs)
        fields: dict = {}
        if w == "setup":
            if line.number is not None:
                self.example_leg(line, line.number)
            for text in line.values:
                self.example_action(d, line, text if text.startswith("chance:") else "chance: " + text, players,
                                    labels, written=text)
        elif w in ("ranking",) and players and len(exprs) != players:
            self.error(loc, f"a ranking names every player once: {players} players, {len(exprs)} named")
        elif w == "returns":
            if players and len(line.ratios) != players:
                self.error(loc, f"the returns are one number per player: {players} players, {len(line.ratios)} given")
            for top, bottom in line.ratios:
                if bottom == 0:
                    self.error(loc, f"{top}/0 is no number", hint="a payoff is a whole number or a fraction a/b, b > 0")
        elif w == "place" and players and line.number > players:
            self.error(loc, f"there is no place {line.number} in a ranking of {players} players")
        elif w in ("chance_even", "chance_read"):
            for text in line.values:  # each a template of the game's chance outcomes, some fields filled in
                self.example_action(d, line, "chance: " + text.removeprefix("chance:").strip(), players, labels,
                                    written=text, pattern=True)
        elif w == "log":
            for text in line.values:
                self.example_action(d, line, text, players, labels, pattern=True)
        elif w == "chance_outcomes":
            for text, (top, bottom) in zip(line.values, line.ratios):
                self.example_action(d, line, text if text.startswith("chance:") else "chance: " + text, players,
                                    labels, written=text)
                if bottom == 0 or not 0 < top <= bottom:
                    self.error(self._string_loc(loc, text), f"the probability of \"{text}\" is {top}/{bottom}; a "
                                                           f"chance outcome has a probability above 0, at most 1")
        elif w in ("offered_exactly", "offered", "offered_no"):
            for text in line.values:
                if w == "offered_exactly":
                    self.example_action(d, line, text, players, labels)
                else:
                    number = seat.index + 1 if isinstance(seat, ir.SeatConst) else 1
                    self.example_action(d, line, f"player {number}: {text}", players, labels, written=text,
                                        pattern=True)
        elif w in ("sees", "not_sees", "sees_top"):
            zone = self.expr(line.args[0], {})
            declared = self.zones.get(zone.zone) if isinstance(zone, ir.ZoneRef) else None
            if w == "sees_top" and declared is not None and declared.visibility != "top":
                self.error(line.args[0].loc, f"zone `{declared.name}` is not `only top seen`: a seat sees all of it "
                                             f"or none of it", hint="say `sees` or `does not see`")
            if zone.type not in (ZONE, "?"):
                self.error(line.args[0].loc, f"`{zone.text}` is {describe_type(zone.type)}; a seat sees (or does "
                                             f"not see) what a zone holds", hint="name one zone: `rack of player 1`")
            fields["target"] = zone
        elif w in ("space_empty", "space_holds"):
            fields.update(self.example_space(line))
            for item in line.values:
                if labels is not None and item not in labels:
                    self.error(self._string_loc(loc, item), f"there is no component called \"{item}\"",
                               hint=did_you_mean(item, labels))
        elif w == "phase" and line.name not in ("setup", "play"):
            self.error(self._name_loc(loc, line.name), f"there is no phase `{line.name}`", width=len(line.name),
                       expected=("setup", "play"), hint=did_you_mean(line.name, ("setup", "play")))
        elif w == "leg":
            self.example_leg(line, line.number)
        elif w == "ran":
            decls = getattr(self, "example_decls", ())
            keys = {x.name: x.name for x in decls if x.kind in ("step", "choice", "chance")}
            keys.update({x.name: "trigger " + x.name for x in decls if x.kind == "trigger"})
            keys.update({x.name: "instead " + x.name for x in decls if x.kind == "instead"})
            if line.name not in keys:
                self.error(self._name_loc(loc, line.name), f"there is no step, trigger or `instead` called "
                                                          f"`{line.name}`", width=len(line.name),
                           hint=did_you_mean(line.name, keys))
            fields["value"] = keys.get(line.name, line.name)
        elif w in ("gained", "lost"):
            target = self.expr(line.expr, {})
            if target.type not in (ZONE, "?") and not target.type.startswith("spaces:"):
                self.error(line.expr.loc, f"`{target.text}` is {describe_type(target.type)}; a zone or a board "
                                          f"gains and loses components")
            for ref in line.items:
                if labels is not None and ref.label not in labels:
                    self.error(ref.loc, f"there is no component called \"{ref.label}\"", hint=did_you_mean(ref.label, labels))
            fields["target"] = target
        fields.setdefault("value", line.value)
        return ir.ExampleLine(w, loc, number=line.number, name=line.name, expr=seat, exprs=exprs,
                              values=tuple(line.values) or tuple(r.label for r in line.items), ratios=tuple(line.ratios),
                              **fields)

    def example_leg(self, line: ast.ExampleLine, number: int) -> None:
        """A leg an example names (`then it is leg 2`, `given set-up of leg 2`) must be one of the match's."""
        match = next((m for m in getattr(self, "example_decls", ()) if m.kind == "match"), None)
        if match is None:
            self.error(line.loc, "the game is no match of several legs, so it is always its first game",
                       hint="a variant may make it one: `example ... with variant <it>`")
        elif not 1 <= number <= len(match.legs):
            self.error(line.loc, f"match `{match.name}` has {len(match.legs)} legs, not a leg {number}")

    def example_space(self, line: ast.ExampleLine) -> dict:
        """The board and space index of a space fact's label (`space "blue 6"`, `space "r1c2" on sea`)."""
        from .action_texts import board_labels
        boards = [b for b in getattr(self, "checked_boards", ()) if line.name is None or b.name == line.name]
        if line.name is not None and not boards:
            self.error(self._name_loc(line.loc, line.name), f"there is no board `{line.name}`",
                       width=len(line.name), hint=did_you_mean(line.name, self.boards))
            return {}
        found = [(b.name, board_labels(b).index(line.value)) for b in boards if line.value in board_labels(b)]
        loc = self._string_loc(line.loc, line.value)
        if not found:
            every = [label for b in boards for label in board_labels(b)]
            self.error(loc, f"no board has a space \"{line.value}\"" if line.name is None else
                       f"board `{line.name}` has no space \"{line.value}\"",
                       hint=(lambda close: f"did you mean \"{close[0]}\"?" if close else None)(
                           close_matches(line.value, every, n=1)))
            return {}
        if len(found) > 1:
            self.error(loc, f"\"{line.value}\" is a space of several boards ({', '.join(n for n, _ in found)})",
                       hint=f"say which: `space \"{line.value}\" on {found[0][0]}`")
        return {"board": found[0][0], "space": found[0][1]}

    def example_space_counter(self, line: ast.ExampleLine) -> dict:
        """The board and space of `given counter seeds of "1 3" is 5` and `then seeds of "1 3" = 5`: a counter
        per space, on a space of its board by its label."""
        counter = self.counters.get(line.name)
        if counter is None or counter.board is None:
            kept = [name for name, c in self.counters.items() if c.board is not None]
            self.error(self._name_loc(line.loc, line.name), f"there is no counter `{line.name}` kept per space"
                       if counter is not None or line.what == "space_counter" else f"unknown name `{line.name}` before "
                       f"`of` a space's label", width=len(line.name), hint=did_you_mean(line.name, kept))
            return {}
        self.used.add("counter:" + line.name)
        return self.example_space(dataclasses.replace(line, name=counter.board))

    def example_action(self, d: ast.ExampleDecl, line: ast.ExampleLine, text: str, players: int,
                       labels: Optional[set], written: Optional[str] = None, pattern: bool = False) -> None:
        """An action text of an example must be one the game could offer in some state (a misspelt text is
        never legal, and `then "..." is not legal` would then assert nothing), by a seat the example has."""
        if labels is None or not hasattr(self, "checked_steps"):
            return
        if not getattr(self, "running_deferred", False):
            # Checked once the rest of the file checks: templates, seats or names with a mistake of their own
            # would make every action text a second mistake.
            self.deferred_actions.append(lambda: self.example_action(d, line, text, players, labels, written, pattern))
            return
        if self.example_own_variants(d) != self.applied_variants or line.loc.file != self.file.path:
            # Under other rules than its own (more variants, a house rule's changes to its base) an example
            # may not hold: its run says so, not the check.
            return
        texts = getattr(self, "_action_texts", None)
        if texts is None:
            texts = self._action_texts = ActionTexts(self.checked_steps, sorted(labels), self.checked_boards)
        loc = self._string_loc(line.loc, text if written is None else written)
        seat, chance, choice = texts.split(text)
        if pattern and "{" in choice:  # `is offered no "play {tile}"`: no action of that template at all
            if not texts.has_template(choice, chance):
                self.error(loc, f"no template of the game reads \"{choice}\"",
                           expected=tuple(f"\"{t}\"" for t in texts.shown(chance))[:12],
                           hint=did_you_mean(choice, texts.shown(chance)))
            return
        if seat is None and not chance:
            self.error(loc, f"\"{text}\" is not an action: an action reads `player N: <choice>` or "
                            f"`chance: <outcome>`, as the game prints it", hint=self._did_you_mean_action(texts, text, 1, False))
        elif seat is not None and players and not 1 <= seat <= players:
            self.error(loc, f"\"{text}\" names player {seat}, but the example has {players} players "
                            f"(player 1 to player {players})", hint=f"say `given {seat} players`, or name a player it has"
                       if self.games and seat <= self.games[0].max_players else None)
        elif not texts.matches(choice, chance):
            what = "no chance outcome of the game reads" if chance else "no action the game could offer reads"
            hint = self._did_you_mean_action(texts, text, seat, chance)
            if hint is None and any("{player}" in shown for shown in texts.shown(chance)):
                hint = "a player in a text reads as its name: `{player}` shows `player 1`, not `1`"
            self.error(loc, f"{what} \"{choice}\": no {'outcome' if chance else 'option'} template matches it",
                       expected=tuple(f"\"{t}\"" for t in texts.shown(chance))[:12], hint=hint)

    @staticmethod
    def _did_you_mean_action(texts: ActionTexts, text: str, seat: Optional[int], chance: bool) -> Optional[str]:
        close = texts.suggestion(text, seat, chance)
        mine, theirs = texts.split(text)[2], texts.split(close)[2] if close else ""
        if close and mine != theirs and skeleton(mine) == skeleton(theirs):  # the same to the eye: say what differs
            return f"did you mean \"{terminal_safe(close)}\"? They look alike, but this text has " \
                   f"{difference(mine, theirs)}"
        return f"did you mean \"{close}\"?" if close else None
