"""How the checker tells a problem: one diagnostic at its place in the source, a name's mistake once."""

from __future__ import annotations

import dataclasses
import re
from typing import Optional, Sequence

from ..language import ast
from ..language.errors import Diagnostic, SourceText

class Reporting:
    """Reporting: ``error`` adds to ``self.problems`` (a :class:`Diagnostic` each), at the place a node's ``Loc``
    or a finer place found in ``self.sources`` (the texts of the files checked, by path); a mistake about a name
    is told at its first use (``first_report``), its later uses listed (``later_uses``, ``repeated_uses``)."""

    # Messages about a name that is not what it is used as: reported once, at the first use.
    ONCE = re.compile(r"^(unknown name `(?P<a>[^`]*)`( before `of`)?|there is no [a-z ]+ `(?P<b>[^`]*)`|"
                      r"`(?P<c>[^`]*)` is a value of [^,;]*, not a component|"
                      r"no component has the attribute `(?P<d>[^`]*)`( to [a-z ]+)?|"
                      r"`\{(?P<e>[A-Za-z0-9_]*)\}` in \".*\" is not a name known here|"
                      r"`(?P<f>[A-Za-z0-9_]+) of [^`]*` is a word value, but a direction is needed here)$")

    def error(self, loc: Optional[ast.Loc], message: str, *, hint: Optional[str] = None,
              expected: Sequence[str] = (), width: Optional[int] = None, once_for: Optional[str] = None) -> None:
        """One problem at ``loc``. A message about a name (ONCE), or one given ``once_for`` a key (an
        attribute with no order), is reported at its first use only; the later uses are listed in its hint."""
        once = self.ONCE.match(message)
        if once and self.removed and self.removed_still_used(
                next(value for value in once.group("a", "b", "c", "d", "e", "f") if value is not None), loc):
            return  # told at the house rule's `remove` line
        if once or once_for is not None:  # keyed by the name: `set at_stak to 0` and `at_stak > 0` are one mistake
            name = once_for if once_for is not None else \
                next(value for value in once.group("a", "b", "c", "d", "e", "f") if value is not None)
            if name in self.first_report:
                if loc is not None:
                    self.later_uses.setdefault(name, []).append(loc)
                return
            self.first_report[name] = len(self.problems)
        if loc is None:
            self.problems.append(Diagnostic(self.file.path, 1, 1, message, hint=hint, expected=tuple(expected)))
            return
        source = self.sources.get(loc.file) or SourceText(loc.file, "")
        if width is None:
            width = (loc.end_column - loc.column) if loc.end_line == loc.line else len(source.line(loc.line)) - loc.column + 1
        self.problems.append(source.diagnostic(loc.line, loc.column, message, width=max(width, 1),
                                               expected=expected, hint=hint))

    def repeated_uses(self) -> list[Diagnostic]:
        """The problems, each reported once: a first report says where else the same name is used."""
        problems = list(self.problems)
        for name, locs in self.later_uses.items():
            index = self.first_report[name]
            lines = sorted({loc.line for loc in locs})
            shown = ", ".join(map(str, lines[:6])) + (", ..." if len(lines) > 6 else "")
            also = f"it is also used on line{'s' if len(lines) > 1 else ''} {shown}: fixing it here fixes those too"
            if name.startswith("removed:"):  # (uses of what a house rule removes: see Variants.removed_still_used)
                by_file: dict[str, list[int]] = {}
                for loc in locs:
                    by_file.setdefault(loc.file, []).append(loc.line)
                also = "it is also used " + "; ".join(
                    f"on line{'s' if len(lines) > 1 else ''} {', '.join(map(str, sorted(set(lines))[:6]))}"
                    f"{' of ' + file if file != self.file.path else ''}" for file, lines in by_file.items())
            first = problems[index]
            hint = also if not first.hint else f"{first.hint} {also[0].upper()}{also[1:]}" \
                if first.hint.endswith(("?", ".")) else f"{first.hint}; {also}"
            problems[index] = dataclasses.replace(first, hint=hint)
        return problems

    def _line(self, loc: ast.Loc) -> str:
        source = self.sources.get(loc.file)
        return source.line(loc.line) if source else ""

    def text(self, node: ast.Node) -> str:
        loc = node.loc
        source = self.sources.get(loc.file)
        if source is None:
            return ""
        line = loc.line
        if line == loc.end_line:  # most: as source.line(line)[...], without its call
            lines = source.lines
            return lines[line - 1][loc.column - 1: loc.end_column - 1] if 1 <= line <= len(lines) else ""
        lines = [source.line(loc.line)[loc.column - 1:]]
        lines += [source.line(n) for n in range(loc.line + 1, loc.end_line)]
        lines.append(source.line(loc.end_line)[: loc.end_column - 1])
        return " ".join(part.strip() for part in lines if part.strip())

    def _name_loc(self, loc: ast.Loc, name: str) -> ast.Loc:
        """Where ``name`` is written on the first line of ``loc`` (or ``loc`` itself)."""
        source = self.sources.get(loc.file)
        line = source.line(loc.line) if source else ""
        found = re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", line[loc.column - 1:])
        if found is None:
            return loc
        column = loc.column + found.start()
        return ast.Loc(file=loc.file, line=loc.line, column=column, end_line=loc.line, end_column=column + len(name))

    def _var_loc(self, loc: ast.Loc, name: str) -> ast.Loc:
        """Where the variable ``name`` is introduced on the first line of ``loc`` (``name in``, ``name drawn``...)."""
        source = self.sources.get(loc.file)
        line = source.line(loc.line) if source else ""
        pattern = r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?=\s+(in|drawn|rolled|picked|be)(?![A-Za-z0-9_]))"
        found, start = re.search(pattern, line[loc.column - 1:]), loc.column
        if found is None:  # `for each p in ...` of an end: the domain's place is after the name
            found, start = re.search(pattern, line), 1
        if found is None:
            return self._name_loc(loc, name)
        column = start + found.start()
        return ast.Loc(file=loc.file, line=loc.line, column=column, end_line=loc.line, end_column=column + len(name))

    def _string_loc(self, loc: ast.Loc, text: str) -> ast.Loc:
        """Where the quoted ``text`` is written on the line of ``loc`` (or ``loc`` itself)."""
        line = self._line(loc)
        start = line.find(f'"{text}"', loc.column - 1)
        if start < 0:
            return loc
        return ast.Loc(file=loc.file, line=loc.line, column=start + 1, end_line=loc.line,
                       end_column=start + len(text) + 3)

    def _template_loc(self, loc: ast.Loc, template: str, offset: int) -> ast.Loc:
        source = self.sources.get(loc.file)
        line = source.line(loc.line) if source else ""
        start = line.find(f'"{template}"', loc.column - 1)
        if start < 0:
            return loc
        column = start + 2 + offset
        return ast.Loc(file=loc.file, line=loc.line, column=column, end_line=loc.line, end_column=column + 1)

    def _shown_loc(self, d: ast.ComponentDecl) -> ast.Loc:
        """The `shown as "..."` line under a component."""
        source = self.sources.get(d.loc.file)
        for number in range(d.loc.line, d.loc.end_line + 1):
            line = source.line(number) if source else ""
            if re.match(r"\s*shown\s+as\s", line):
                return ast.Loc(file=d.loc.file, line=number, column=1, end_line=number, end_column=len(line) + 1)
        return d.loc

    def _id_loc(self, game: ast.GameDecl) -> ast.Loc:
        """The `id "..."` line under `game`."""
        source = self.sources.get(game.loc.file)
        for number in range(game.loc.line, game.loc.end_line + 1):
            line = source.line(number) if source else ""
            found = re.match(r'\s*id\s+(")', line)
            if found:
                column = found.start(1) + 1
                return ast.Loc(file=game.loc.file, line=number, column=column, end_line=number,
                               end_column=len(line) + 1)
        return game.loc
