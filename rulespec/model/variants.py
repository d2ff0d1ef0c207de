"""Variants and house rules: the declarations as checked, a base merged under its house rule, variants applied."""

from __future__ import annotations

import dataclasses
import re
from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from .renames import RENAMABLE, TEXT_FIELDS as _TEXT_FIELDS, renamed


def _mentions(node, name: str) -> bool:
    """Whether a declaration (or a part of one) names ``name``: in a name it refers by, or a text's `{...}`."""
    if isinstance(node, str):
        return node == name
    if isinstance(node, tuple):
        return any(_mentions(part, name) for part in node)
    if not isinstance(node, ast.Node):
        return False
    template = getattr(node, "template", None)
    if isinstance(template, str) and re.search(r"\{[^}]*(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])",
                                               template):
        return True
    return any(_mentions(getattr(node, f.name), name) for f in dataclasses.fields(node) if f.name not in _TEXT_FIELDS)


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
                if change.target not in names and change.target in self.removed:
                    if change.action != "remove":  # (both taking it out agree)
                        self.error(self.removed[change.target].loc,
                                   f"`{change.target}` cannot be removed: variant `{wanted}` changes it, at "
                                   f"{self._place(change.loc)}",
                                   hint=f"replace or remove variant `{wanted}` in this file too, or keep "
                                        f"`{change.target}`")
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
        base's, in its place), its `replace option`s and `remove`s applied; a base that is itself a house rule
        merged over its own base first. A file that extends nothing may replace or remove none."""
        self.replaced: list[tuple[ast.Node, ast.Node]] = []  # (a base declaration, this file's change to it)
        self.removed: dict[str, ast.Removal] = {}  # what a `remove` in the chain took out, by name
        self.removed_decls: dict[str, ast.Node] = {}  # and the declarations it took out
        merged = self._merged(self.file, self.base, decls, option_replaces)
        self.merged_decls = merged
        return merged

    def _merged(self, rule_file: ast.RuleFile, base: Optional[ast.RuleFile], decls: list,
                option_replaces: list) -> list:
        extends = [d for d in decls if d.kind == "extends"]
        removals = [d for d in decls if d.kind == "remove"]
        renamings = [d for d in decls if d.kind == "rename"]
        decls = [d for d in decls if d.kind not in ("remove", "rename")]
        if extends:
            if base is None:
                self.error(extends[0].loc, f"this file extends \"{extends[0].base}\", which was not given")
            else:
                own = [d for d in decls if d.kind != "extends"]
                merged = self._merged(base, base.base, [d for d in base.declarations if d.kind != "option_replace"],
                                      [d for d in base.declarations if d.kind == "option_replace"])
                merged = self.rename_in_base(merged, renamings, own)
                first_at: dict[tuple, int] = {}  # (kind, name) -> its first place in merged
                for i, old in enumerate(merged):
                    first_at.setdefault((old.kind, ast.declaration_name(old)), i)
                for decl in own:
                    key = (decl.kind, ast.declaration_name(decl))
                    i = first_at.get(key)
                    if i is not None:
                        if rule_file is self.file:
                            self.replaced.append((merged[i], decl))
                        merged[i] = kept_action_numbers(decl, merged[i])
                    else:
                        first_at[key] = len(merged)
                        merged.append(decl)
                decls = merged
                self.replace_options(decls, option_replaces, own, rule_file is self.file)
                self.remove_from_base(decls, removals, own, rule_file is self.file)
        for replace in option_replaces if not extends else ():
            self.error(replace.loc, f"`replace option {ast.declaration_name(replace)}` changes the game this file "
                                    f"extends, but this file extends none",
                       hint="start the file with `extends \"GAME\"`, or put the change in a variant")
        for removal in removals if not extends else ():
            self.error(removal.loc, f"`remove {removal.target}` takes a declaration out of the game this file "
                                    f"extends, but this file extends none",
                       hint="start the file with `extends \"GAME\"`, put the removal in a variant, or delete "
                            f"`{removal.target}` itself")
        for renaming in renamings if not extends else ():
            self.error(renaming.loc, f"`rename {renaming.old} to {renaming.new}` renames a declaration of the game "
                                     f"this file extends, but this file extends none",
                       hint="start the file with `extends \"GAME\"`, or rename the declaration where it is declared")
        return decls

    def rename_in_base(self, decls: list, renamings: Sequence[ast.Renaming], own: Sequence) -> list:
        """A house rule's `rename OLD to NEW`s, made on its base's merged declarations before its own are merged
        over them: the declaration and every use of it in the base take the new name. The house rule's own text
        already uses the new names (an OLD it writes is its own declaration of that name)."""
        own_names = {ast.declaration_name(d): d for d in own}
        by_name: dict[str, ast.Renaming] = {}  # each rename by the names of the declaration it renamed
        by_new_name: dict[str, ast.Renaming] = {}
        for renaming in renamings:
            old, new = renaming.old, renaming.new
            names = {ast.declaration_name(d): d for d in decls}
            target = names.get(old)
            if old in by_name:
                self.error(renaming.loc, f"`{old}` is renamed twice",
                           hint=f"the first `rename` is at line {by_name[old].loc.line}; rename a declaration once")
            elif new in by_new_name:
                self.error(renaming.loc, f"`{new}` is already the new name of `{by_new_name[new].old}`",
                           hint=f"that `rename` is at line {by_new_name[new].loc.line}; choose another new name")
            elif target is None or target.kind == "game":
                renamable = [n for n, d in names.items() if d.kind in RENAMABLE]
                self.error(renaming.loc, f"the game this file extends has no `{old}` to rename",
                           hint=did_you_mean(old, renamable) or "name a definition, step, counter, zone or end of "
                                                                 "the base")
            elif target.kind not in RENAMABLE:
                what = self.KIND_WORDS.get(target.kind, target.kind)
                self.error(renaming.loc, f"`{old}` is {what}: a house rule renames only a definition, step, "
                                         f"counter, zone or end",
                           hint=f"replace {what.split(' ', 1)[-1]} `{old}` by declaring one of its kind and name in "
                                f"this file, or remove it")
            elif new in names:
                taken = names[new]
                self.error(renaming.loc, f"`{new}` is already taken: the game this file extends declares it at "
                                         f"{taken.loc.file}:{taken.loc.line}",
                           hint="choose a name the base does not use")
            elif new in own_names:
                self.error(renaming.loc, f"`{new}` is declared in this file, at line {own_names[new].loc.line}, and "
                                         f"is also the new name of `{old}`",
                           hint=f"choose another new name, or replace `{old}` by declaring one of its kind and name")
            else:
                decls = [renamed(d, old, new) for d in decls]
            by_name.setdefault(old, renaming)
            by_name.setdefault(new, renaming)
            by_new_name.setdefault(new, renaming)
        return decls

    def remove_from_base(self, decls: list, removals: Sequence[ast.Removal], own: Sequence, top: bool) -> None:
        """A house rule's `remove NAME`s: each takes one declaration of its base out of ``decls``. What the rest
        still uses is told at the `remove` line (see ``removed_still_used``)."""
        own_names = {ast.declaration_name(d): d for d in own}
        removable = [ast.declaration_name(d) for d in decls if d.kind != "game"]  # (before any is removed)
        for removal in removals:
            target = removal.target
            names = [ast.declaration_name(d) for d in decls]
            if target in self.removed and self.removed[target].loc.file == removal.loc.file:
                self.error(removal.loc, f"`{target}` is removed twice",
                           hint=f"the first `remove` is at line {self.removed[target].loc.line}")
            elif target in own_names:
                self.error(removal.loc, f"`{target}` is declared in this file, at line "
                                        f"{own_names[target].loc.line}, and removed here",
                           hint="delete the declaration, or the `remove`: a house rule either replaces a "
                                "declaration of its base (by declaring one of the same kind and name) or removes it")
            elif target not in names or decls[names.index(target)].kind == "game":
                self.error(removal.loc, f"the game this file extends has no `{target}` to remove",
                           hint=did_you_mean(target, removable) or "name a declaration of the base: a definition, "
                                "a step, an end, an example...")
            else:
                index = names.index(target)
                if top:
                    self.replaced.append((decls[index], removal))
                self.removed_decls[target] = decls.pop(index)
                self.removed[target] = removal

    def removed_still_used(self, name: str, loc: Optional[ast.Loc]) -> bool:
        """A name a house rule removed but a declaration still uses (the checker found it unknown there): told
        once, at the `remove` line, naming the user and its place; False for a name nothing removed."""
        removal = self.removed.get(name)
        if removal is None or loc is None:
            return removal is not None
        key = "removed:" + name
        user = self._declaration_at(loc)
        where = self._place(loc)
        if key in self.first_report:  # a further user: listed beside the first
            self.later_uses.setdefault(key, []).append(loc)
            return True
        self.first_report[key] = len(self.problems)
        self.error(removal.loc, f"`{name}` cannot be removed: {user} still uses it, at {where}",
                   hint=f"remove or replace {user} in this file too, or keep `{name}`")
        return True

    def _declaration_at(self, loc: ast.Loc) -> str:
        """The declaration written around ``loc`` (the last of its file to start at or above it), in words."""
        replaced_options = [d for f in self.chain_files() for d in f.declarations if d.kind == "option_replace"]
        around = [d for d in [*self.merged_decls, *replaced_options] if d.loc.file == loc.file and d.loc.line <= loc.line]
        if not around:
            return "a declaration"
        d = max(around, key=lambda d: d.loc.line)
        name = ast.declaration_name(d)
        kind = "option" if d.kind == "option_replace" else self.KIND_WORDS.get(d.kind, d.kind).split(" ", 1)[-1]
        return f"the `{d.kind}` declaration" if name == d.kind else f"{kind} `{name}`"

    def _place(self, loc: ast.Loc) -> str:
        """``loc`` as a reader of this file finds it: `line N` here, `the base game's FILE:N` elsewhere."""
        if loc.file == self.file.path:
            return f"line {loc.line}"
        return f"{loc.file}:{loc.line}, in the game this file extends"

    def unused_by_house_rule(self, d: ast.Node, message: str) -> bool:
        """A declaration of a base left unused by a house rule (``message`` says it is unused): told at the house
        rule's change that dropped its last use, else at the `extends` line, not inside the base (which alone
        uses it). False for a declaration of this file, or of a game extending none."""
        if self.base is None or d.loc.file == self.file.path:
            return False
        name = ast.declaration_name(d) if d.kind != "ruling" else d.id
        cause = next((change for old, change in self.replaced if _mentions(old, name)), None)
        extends = next(x for x in self.file.declarations if x.kind == "extends")
        if cause is None:
            self.error(extends.loc, f"{message} once this file's changes are made (it is declared at {d.loc.file}:"
                                    f"{d.loc.line}, in the game this file extends)",
                       hint=f"remove it too: `remove {name}`, or use it in a rule")
            return True
        what = "`remove " + cause.target + "`" if cause.kind == "remove" else \
            f"this file's {cause.kind.replace('_', ' ')} `{ast.declaration_name(cause)}`"
        self.error(cause.loc, f"{message} once {what} replaces the one that used it (it is declared at "
                              f"{d.loc.file}:{d.loc.line}, in the game this file extends)",
                   hint=f"remove it too, with `remove {name}` in this file, or use it here")
        return True

    def in_house_rule(self, d: ast.Node) -> bool:
        """Whether ``d`` is written in a house rule (this file or a base between it and the game it starts from),
        not in the game at the bottom of the chain."""
        return self.base is not None and d.loc.file != self.chain_files()[-1].path

    def chain_files(self) -> list[ast.RuleFile]:
        """This file, the file it extends, the file that one extends, and so on."""
        files, base = [self.file], self.base
        while base is not None:
            files.append(base)
            base = base.base
        return files

    def both_change(self, change: ast.Change, wanted: str, other_variant: str, other: ast.Change, what: str) -> None:
        if other_variant == wanted:
            self.error(change.loc, f"variant `{wanted}` changes `{what}` twice",
                       hint=f"the other change is at {other.loc}; make it one change")
        else:
            self.error(change.loc, f"variants `{other_variant}` and `{wanted}` both change `{what}`",
                       hint=f"the other change is at {other.loc}; combine them into one variant")

    def replace_options(self, decls: list, replaces: Sequence[ast.OptionReplace], own: Sequence,
                        top: bool = True) -> None:
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
            old = self.replace_option(decls, replace, "this file")
            if old is not None and top:
                self.replaced.append((old, replace))

    def replace_option(self, decls: list, replace: ast.OptionReplace, who: str) -> Optional[ast.OptionChoice]:
        """Replace one option of a choice in ``decls``, keeping its other options and their order; the option
        replaced, or None."""
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
        return next(o for o in choice.options if o.name == replace.option.name)

    def _restated_by_house_rule(self, change: ast.Change, wanted: str, decls: list, names: list) -> bool:
        """Whether an example the base's variant ``wanted`` adds is restated by the house rule: its own example
        of the same name `with variant wanted` (the house rule's changes may change how the example plays)."""
        if self.base is None or change.declaration is None or change.declaration.kind != "example":
            return False
        return any(d.kind == "example" and name == change.target and self.in_house_rule(d)
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
        if self.in_house_rule(d):
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
        files = self.chain_files()
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


def kept_action_numbers(decl, base):
    """A house rule's game header keeps its base's `actions numbered 0 to N` (and `chance outcomes numbered 0 to
    N`) unless it says its own: the base's options (chance steps) are numbered, and a header restated for a new
    title or id must not leave them without the header."""
    if decl.kind != "game":
        return decl
    for field in ("action_numbers", "chance_numbers"):
        if getattr(decl, field) is None and getattr(base, field) is not None:
            decl = dataclasses.replace(decl, **{f"{field}{part}": getattr(base, f"{field}{part}")
                                                for part in ("", "_cites", "_rulings", "_loc")})
    return decl
