"""Variants and house rules: the declarations as checked, a base merged under its house rule, variants applied."""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean

class Variants:
    """Variants and house rules: ``declarations`` merges a house rule over its base (``self.base``), applies the
    variants asked for (``applied_variants``), notes which variant adds an example (``example_variants``) and
    sets aside the examples about other variants (``examples_set_aside``); ``left_out_of_base`` lists what a
    house rule takes from its base for a player count it no longer seats."""

    def declarations(self, variants: Sequence[str]) -> tuple[list, list[ast.VariantDecl]]:
        decls = list(self.file.declarations)
        option_replaces = [d for d in decls if d.kind == "option_replace"]
        decls = [d for d in decls if d.kind != "option_replace"]
        decls = self.merged_with_base(decls, option_replaces)
        available = [d for d in decls if d.kind == "variant"]
        decls = [d for d in decls if d.kind != "variant"]
        by_name = {v.name: v for v in available}
        touched: dict[str, tuple[str, ast.Change]] = {}
        self.applied_variants = set(variants)
        names: Optional[list[str]] = None  # declaration_name of each of decls, kept in step with it
        for wanted in variants:
            variant = by_name.get(wanted)
            if variant is None:
                self.error(None, f"there is no variant `{wanted}`",
                           hint=did_you_mean(wanted, by_name) or f"known variants: {', '.join(by_name) or 'none'}")
                continue
            for change in variant.changes:
                if change.target in touched and change.action == "remove" and touched[change.target][1].action == "remove":
                    continue  # two variants that both drop a clause agree
                if change.target in touched:
                    other_variant, other = touched[change.target]
                    self.both_change(change, wanted, other_variant, other, change.target)
                    continue
                # An option `turn.draw` is part of its choice `turn`: changing the one and the other clash too.
                part = next((t for t in touched if t == change.target.split(".")[0] or
                             t.startswith(change.target + ".")), None)
                if part is not None:
                    self.both_change(change, wanted, *touched[part], min(change.target, part, key=len))
                    continue
                touched[change.target] = (wanted, change)
                if change.declaration is not None and change.declaration.kind == "option_replace":
                    if change.action == "replace_option":
                        self.replace_option(decls, change.declaration, f"variant `{wanted}`")
                        names = None  # decls changed in place
                    else:
                        self.error(change.loc, f"`{change.action} replace option` is not a change",
                                   hint=f"write `replace option {change.target} ...` on its own")
                    continue
                if names is None:
                    names = [ast.declaration_name(d) for d in decls]
                if change.action == "add":
                    if self._restated_by_house_rule(change, wanted, decls, names):
                        continue  # the house rule's own example of that name, about this variant, replaces it
                    if change.target in names:
                        self.error(change.loc, f"variant `{wanted}` adds `{change.target}`, which already exists",
                                   hint="use `replace` to change an existing clause")
                    else:
                        decls.append(change.declaration)
                        names.append(ast.declaration_name(change.declaration))
                        if change.declaration.kind == "example":
                            self.example_variants[change.target] = {wanted}
                    continue
                if change.target not in names:
                    self.error(change.loc, f"variant `{wanted}` changes `{change.target}`, which does not exist",
                               hint=did_you_mean(change.target, names))
                    continue
                index = names.index(change.target)
                if change.action == "remove":
                    del decls[index]
                    del names[index]
                else:
                    if change.declaration.kind != decls[index].kind:
                        self.error(change.loc, f"`{change.target}` is a {decls[index].kind}; it cannot be replaced "
                                               f"by a {change.declaration.kind}")
                    decls[index] = change.declaration
                    names[index] = ast.declaration_name(change.declaration)
        # An example about other variants than these is set aside (`rulespec check` runs it under its own).
        self.examples_set_aside = [d for d in decls if d.kind == "example"
                                   and not self._example_applies(d, variants, available)]
        decls = [d for d in decls if all(d is not other for other in self.examples_set_aside)]
        return decls, available

    def merged_with_base(self, decls: list, option_replaces: list) -> list:
        """A house rule's declarations merged over its base's (one of the same kind and name replaces the
        base's, in its place), its `replace option`s applied; a file that extends nothing may replace none."""
        extends = [d for d in decls if d.kind == "extends"]
        if extends:
            if self.base is None:
                self.error(extends[0].loc, f"this file extends \"{extends[0].base}\", which was not given")
            else:
                own = [d for d in decls if d.kind != "extends"]
                merged = list(self.base.declarations)
                first_at: dict[tuple, int] = {}  # (kind, name) -> its first place in merged
                for i, old in enumerate(merged):
                    first_at.setdefault((old.kind, ast.declaration_name(old)), i)
                for decl in own:
                    key = (decl.kind, ast.declaration_name(decl))
                    i = first_at.get(key)
                    if i is not None:
                        merged[i] = decl
                    else:
                        first_at[key] = len(merged)
                        merged.append(decl)
                decls = merged
                self.replace_options(decls, option_replaces, own)
        for replace in option_replaces if not extends else ():
            self.error(replace.loc, f"`replace option {ast.declaration_name(replace)}` changes the game this file "
                                    f"extends, but this file extends none",
                       hint="start the file with `extends \"GAME\"`, or put the change in a variant")
        return decls

    def both_change(self, change: ast.Change, wanted: str, other_variant: str, other: ast.Change, what: str) -> None:
        if other_variant == wanted:
            self.error(change.loc, f"variant `{wanted}` changes `{what}` twice",
                       hint=f"the other change is at {other.loc}; make it one change")
        else:
            self.error(change.loc, f"variants `{other_variant}` and `{wanted}` both change `{what}`",
                       hint=f"the other change is at {other.loc}; combine them into one variant")

    def replace_options(self, decls: list, replaces: Sequence[ast.OptionReplace], own: Sequence) -> None:
        """A house rule's `replace option` declarations, applied to its merged declarations."""
        own_choices = {ast.declaration_name(d): d for d in own if d.kind == "choice"}
        seen: dict[str, ast.OptionReplace] = {}
        for replace in replaces:
            target = ast.declaration_name(replace)
            if target in seen:
                self.error(replace.loc, f"option `{target}` is replaced twice",
                           hint=f"the first replacement is at {seen[target].loc}")
                continue
            seen[target] = replace
            if replace.choice in own_choices:
                self.error(replace.loc, f"choice `{replace.choice}` is declared again in this file, so "
                                        f"`replace option {target}` would change its own copy",
                           hint=f"change option `{replace.option.name}` where the choice is, at "
                                f"{own_choices[replace.choice].loc}")
                continue
            self.replace_option(decls, replace, "this file")

    def replace_option(self, decls: list, replace: ast.OptionReplace, who: str) -> None:
        """Replace one option of a choice in ``decls``, keeping its other options and their order."""
        target = ast.declaration_name(replace)
        names = [ast.declaration_name(d) for d in decls]
        choices = [name for name, d in zip(names, decls) if d.kind == "choice"]
        if replace.choice not in names:
            self.error(replace.loc, f"{who} replaces option `{target}`, but there is no choice `{replace.choice}`",
                       hint=did_you_mean(replace.choice, choices) or f"choices: {', '.join(choices) or 'none'}")
            return
        index = names.index(replace.choice)
        choice = decls[index]
        if choice.kind != "choice":
            self.error(replace.loc, f"{who} replaces option `{target}`, but `{replace.choice}` is a {choice.kind}, "
                                    f"not a choice: only a choice has options",
                       hint=did_you_mean(replace.choice, choices) or f"choices: {', '.join(choices) or 'none'}")
            return
        options = [o.name for o in choice.options]
        if replace.option.name not in options:
            self.error(replace.loc, f"{who} replaces option `{target}`, but choice `{replace.choice}` has no option "
                                    f"`{replace.option.name}`",
                       hint=did_you_mean(replace.option.name, options) or
                       f"its options: {', '.join(options)}; to add an option, replace the whole choice")
            return
        decls[index] = dataclasses.replace(choice, options=tuple(
            replace.option if o.name == replace.option.name else o for o in choice.options))

    def _restated_by_house_rule(self, change: ast.Change, wanted: str, decls: list, names: list) -> bool:
        """Whether an example the base's variant ``wanted`` adds is restated by the house rule: its own example
        of the same name `with variant wanted` (the house rule's changes may change how the example plays)."""
        if self.base is None or change.declaration is None or change.declaration.kind != "example":
            return False
        return any(d.kind == "example" and name == change.target and d.loc.file == self.file.path
                   and wanted in d.variants for d, name in zip(decls, names))

    def example_own_variants(self, d: ast.ExampleDecl) -> set[str]:
        """The variants an example is about: its `with variant ...`, and the variant that adds it."""
        return set(d.variants) | self.example_variants.get(d.name, set())

    def _example_applies(self, d: ast.ExampleDecl, variants: Sequence[str], available: list) -> bool:
        """Whether the example belongs in a model checked with ``variants``. A rule file's example holds
        under its own variants and is run under any further ones (a variant removes those it breaks); an
        example a house rule adds is about exactly the variants it names, so it does not run under every
        variant given on the command line (ruling, see the reference's "Executable examples")."""
        names = {v.name for v in available}
        for name in d.variants:
            if name not in names:
                self.error(self._name_loc(d.loc, name), f"example `{d.name}` is about variant `{name}`, which "
                                                        f"the game does not have", width=len(name),
                           hint=did_you_mean(name, names) or f"its variants: {', '.join(sorted(names)) or 'none'}")
                return False
        own = self.example_own_variants(d)
        if self.base is not None and d.loc.file == self.file.path:
            return own == set(variants)
        return own <= set(variants)

    def _inherited_for_unseated_count(self, d, players: int, what: str) -> bool:
        """Whether ``d`` is a declaration a house rule takes from its base for a player count that the house
        rule no longer seats (its own `players` line changed): the base's 4-player example or leave-out says
        nothing about a game for 2 to 3, so it is left out (and listed in the model), not an error."""
        if self.base is None or not players or not self.games or d.loc.file == self.file.path:
            return False
        game = self.games[0]
        if game.loc.file != self.file.path or game.min_players <= players <= game.max_players:
            return False
        self.left_out_of_base.append(f"{what} {d.name}" if what == "example" else f"the {what} with {players} players")
        return True

    def _rulings_in_variants(self) -> set[str]:
        """Rulings applied by a variant's declarations count as applied (the variant is checked on its own)."""
        found: set[str] = set()
        files = [self.file] + ([self.base] if self.base is not None else [])
        # a house rule extending a game keeps the game's variants
        stack: list = [d for rule_file in files for d in rule_file.declarations if d.kind == "variant"]
        fields_of: dict[type, tuple[str, ...]] = {}  # per node class, its fields (worked out once)
        while stack:  # every node inside the variants
            node = stack.pop()
            if isinstance(node, tuple):
                stack.extend(node)
                continue
            if not isinstance(node, ast.Node):
                continue
            found.update(getattr(node, "rulings", ()) or ())
            fields = fields_of.get(node.__class__)
            if fields is None:
                fields = fields_of[node.__class__] = tuple(f.name for f in dataclasses.fields(node))
            for name in fields:
                child = getattr(node, name)
                if isinstance(child, (ast.Node, tuple)):
                    stack.append(child)
        return found
