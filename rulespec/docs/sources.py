"""A rule file's declarations as the docs see them: kind, name, source text and checked model node.

The list is the one the checker works from (``pipeline.check_rules(...).merged``: a house rule's
declarations merged over its base, the chosen variants applied), so what the docs show is what was
checked. Each entry keeps the exact rule-file text of its declaration, read back from the file it came from, for
the "Rule file" tab and for the diff of a variant or house rule against its base.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from ..language import ast
from ..model import ir
from ..pipeline import CheckedRules, check_rules, resolve_path
from .english import anchor, human


@dataclass(frozen=True)
class Declaration:
    kind: str  # the rule file's word: game, ruling, component, choice, trigger...
    name: str  # the name variants and house rules use for it
    file: str
    line: int
    text: str  # its source text
    node: object  # the checked model node (ir.Cited), the Model for `game`, or the AST node of a variant
    anchor: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.name)

    @property
    def title(self) -> str:
        if self.kind == "game":
            return "game"
        if self.name.startswith(human(self.kind)) or self.kind == self.name:
            return self.name
        if self.kind == "ruling":
            return f"ruling {self.name}"
        return f"{human(self.kind)} {self.name}"


class Texts:
    """The text of every rule file read so far, by the path its locations name."""

    def __init__(self) -> None:
        self._texts: dict[str, list[str]] = {}

    def add(self, path: str, text: str) -> None:
        self._texts[path] = text.splitlines()

    def lines(self, path: str) -> list[str]:
        if path not in self._texts:
            try:
                self._texts[path] = Path(path).read_text(encoding="utf-8").splitlines()
            except OSError:
                self._texts[path] = []
        return self._texts[path]

    def of(self, loc: ast.Loc) -> str:
        """The source text of a node: its lines, dedented, without trailing blank or comment lines."""
        lines = self.lines(loc.file)
        # A block's end is where the next line's first token starts: that line is not part of it (inside a
        # variant, the next change is indented, so its column alone does not say so).
        ends_inside = loc.end_line <= len(lines) and lines[loc.end_line - 1][:loc.end_column - 1].strip()
        last = loc.end_line if ends_inside else loc.end_line - 1
        last = max(min(last, len(lines)), loc.line)
        chunk = lines[loc.line - 1:last]
        if not chunk:
            return ""
        first = chunk[0]
        indent = len(first) - len(first.lstrip(" "))
        chunk[0] = first[loc.column - 1:]
        rest = [line[indent:] if line[:indent].strip() == "" else line.lstrip() for line in chunk[1:]]
        out = [chunk[0]] + rest
        while out and (not out[-1].strip() or out[-1].lstrip().startswith("#")):
            out.pop()
        return "\n".join(line.rstrip() for line in out)


def _ir_index(model: ir.Model) -> dict[tuple[str, str], object]:
    index: dict[tuple[str, str], object] = {("game", "game"): model}
    groups = {
        "ruling": model.rulings, "option": model.options, "component": model.components,
        "leave_out": model.leave_outs, "zone": model.zones, "counter": model.counters, "queue": model.queues,
        "board": model.boards, "shape": getattr(model, "shapes", ()), "fit": model.fits, "trigger": model.triggers,
        "instead": model.insteads, "end": model.ends, "score": model.scores, "invariant": model.invariants,
        "example": model.examples, "define": getattr(model, "definitions", ()), "dice": getattr(model, "dice", ()),
    }
    for kind, decls in groups.items():
        for d in decls:
            index[(kind, d.name)] = d
    for step in model.steps:
        index[({"auto": "step"}.get(step.kind, step.kind), step.name)] = step
    if model.setup is not None:
        index[("setup", "setup")] = model.setup
    if model.turns is not None:
        index[("turns", "turns")] = model.turns
    if model.ranking is not None:
        index[("ranking", "ranking")] = model.ranking
    if getattr(model, "returns", None) is not None:
        index[("returns", "returns")] = model.returns
    if getattr(model, "match", None) is not None:
        index[("match", model.match.name)] = model.match
    return index


def declaration_anchor(kind: str, name: str, taken: set[str]) -> str:
    if kind == "ruling":
        candidate = name if name not in taken else anchor("ruling", name)
    elif kind == name or name.startswith(human(kind) + " "):
        candidate = anchor("", name.replace(" ", "-"))
    else:
        candidate = anchor(kind, name)
    base, n = candidate, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


@dataclass(frozen=True)
class RuleSource:
    """A checked rule file with its declarations in order, and what it was built from."""

    path: Path
    variants: tuple[str, ...]
    model: ir.Model
    declarations: tuple[Declaration, ...]
    variant_decls: tuple[ast.VariantDecl, ...]
    base_path: Optional[Path]  # the file this one extends, if any
    texts: Texts

    def find(self, kind: str, name: str) -> Optional[Declaration]:
        return next((d for d in self.declarations if d.key == (kind, name)), None)


@functools.lru_cache(maxsize=64)
def _checked(path: str, variants: tuple[str, ...]) -> CheckedRules:
    """What the pipeline makes of a rule file, kept for the pages of one build."""
    return check_rules(Path(path), variants)


def clear_cache() -> None:
    """Forget models and engines (a site build starts with this, so edits are seen)."""
    _checked.cache_clear()
    _engine.cache_clear()


def cached_rules(name_or_path: str | Path, variants: Sequence[str] = ()) -> CheckedRules:
    return _checked(str(resolve_path(name_or_path)), tuple(variants))


def cached_model(name_or_path: str | Path, variants: Sequence[str] = ()) -> ir.Model:
    return cached_rules(name_or_path, variants).model


@functools.lru_cache(maxsize=64)
def _engine(path: str, variants: tuple[str, ...]):
    """The engine for a rule file, as ``rulespec.load`` makes it, from the cached model."""
    from ..pipeline import engine_for_model
    return engine_for_model(_checked(path, variants).model, Path(path))


def cached_engine(name_or_path: str | Path, variants: Sequence[str] = ()):
    try:
        return _engine(str(resolve_path(name_or_path)), tuple(variants))
    except Exception:  # anything unusual: the pipeline's own loader says what is wrong
        import rulespec
        return rulespec.load(name_or_path, variants=variants)


def load_source(name_or_path: str | Path, variants: Sequence[str] = (), clause_ids: Sequence[str] = ()) -> RuleSource:
    """Check a rule file (raising RuleError on a problem) and list its declarations with their text."""
    path = resolve_path(name_or_path)
    checked = cached_rules(path, variants)
    model = checked.model
    texts = Texts()
    texts.add(checked.rule_file.path, checked.rule_file.text)
    if checked.base is not None:
        texts.add(checked.base.path, checked.base.text)
    decls, available = checked.merged
    index = _ir_index(model)
    taken: set[str] = set(clause_ids)
    out = []
    for d in decls:
        if d.kind in ("extends", "clause"):  # (a clause's text is shown with the clause: model.clause_texts)
            continue
        name = ast.declaration_name(d)
        node = index.get((d.kind, name))
        out.append(Declaration(d.kind, name, d.loc.file, d.loc.line, _text(texts, d), node,
                               declaration_anchor(d.kind, name, taken)))
    return RuleSource(path, tuple(variants), model, tuple(out), tuple(available), checked.base_path, texts)


def _inside(inner: ast.Loc, outer: ast.Loc) -> bool:
    return inner.file == outer.file and outer.line <= inner.line <= outer.end_line


def _text(texts: Texts, d) -> str:
    """A declaration's source text; a choice with an option replaced (`replace option CHOICE.OPTION`) is
    shown as its own text with that option's lines swapped for the replacement's."""
    text = texts.of(d.loc)
    options = getattr(d, "options", None) if d.kind == "choice" else None
    if not options or all(_inside(o.loc, d.loc) for o in options):
        return text
    lines = text.split("\n")
    heading = next((k for k, line in enumerate(lines) if k and re.match(r"\s+option\s", line)), len(lines))
    out = lines[:heading]  # the choice's own lines, then each option: its own text or the replacement's
    for option in options:
        own = _own_lines(texts.of(option.loc).split("\n"))
        if not _inside(option.loc, d.loc):  # `replace option turn.draw "..."` reads `option draw "..."` here
            own[0] = re.sub(r"^replace\s+option\s+\w+\s*\.\s*", "option ", own[0])
        out += ["  " + line if line else line for line in own]
    return "\n".join(out)


def _own_lines(lines: list[str]) -> list[str]:
    """An option's lines without the next option's first line: the parser ends an indented block where the
    next line at its own depth starts, so an option's location reaches that line."""
    end = next((k for k, line in enumerate(lines) if k and line.strip() and not line[:1].isspace()), len(lines))
    own = lines[:end]
    while own and (not own[-1].strip() or own[-1].lstrip().startswith("#")):
        own.pop()
    return own


def base_declarations(source: RuleSource) -> Optional[tuple[str, list[Declaration]]]:
    """What a variant or house rule is compared with: (a label, the base's declarations)."""
    if source.variants:
        base = load_source(source.path)
        return (f"{source.model.title} without variants", list(base.declarations))
    if source.base_path is not None:
        base = load_source(source.base_path)
        return (f"{base.model.title} ({base.path.name})", list(base.declarations))
    return None


@dataclass(frozen=True)
class Change:
    status: str  # changed | added | removed
    kind: str
    name: str
    diff: str  # unified diff of the declaration's text


def diff_declarations(before: Sequence[Declaration], after: Sequence[Declaration],
                      before_label: str = "base", after_label: str = "this") -> list[Change]:
    old = {d.key: d for d in before}
    new = {d.key: d for d in after}
    changes = []
    keys = list(dict.fromkeys([d.key for d in after] + [d.key for d in before]))
    for key in keys:
        a, b = old.get(key), new.get(key)
        if a is not None and b is not None and a.text == b.text:
            continue
        status = "changed" if a is not None and b is not None else ("added" if a is None else "removed")
        a_lines = (a.text + "\n").splitlines(keepends=True) if a is not None else []
        b_lines = (b.text + "\n").splitlines(keepends=True) if b is not None else []
        diff = "".join(difflib.unified_diff(a_lines, b_lines, fromfile=before_label, tofile=after_label, n=2))
        changes.append(Change(status, key[0], key[1], diff))
    return changes
