"""Where rulespec reads a rule file that another file names, and nowhere else.

A path the person at the keyboard types (``rulespec check PATH``) or a program passes to
``rulespec.load(PATH)`` is read as given. A game named by the *content* of something someone else may
have written is read only through :func:`confined_rule_file`: a house rule's ``extends``, a
counterexample's ``# game:`` line, the ``game`` of an OpenSpiel game string and the game of the
adapters (``rulespec.openspiel``, ``rulespec.pettingzoo``). It names either a bundled game or house
rule (``shell-we``, ``shell-we/three-tiles``), or a file whose name ends in ``.rules`` and that lies,
symbolic links followed, below one of the folders allowed for that reader: the extending file's
folder; the counterexample's folder or the working directory; the working directory for the
adapters; and for every reader the bundled folders, the folders in ``RULESPEC_RULES_PATH`` (separated
as in ``PATH``; ``rulespec --allow-dir DIR`` adds to it) and those of :func:`allowing`
(``rulespec.load(..., allowed_dirs=...)``). Anything else is refused with :class:`RulePathRefused`
before the file is opened, so no other file's text can reach a message.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from pathlib import Path
from typing import Iterable, Iterator, Sequence, Union

from ..resources import house_rules_dir, rulebooks_dir

RULES_PATH_ENV = "RULESPEC_RULES_PATH"
RULES_SUFFIX = ".rules"

_ALLOWED: contextvars.ContextVar[tuple[Path, ...]] = contextvars.ContextVar("rulespec_allowed_dirs", default=())


class RulePathRefused(ValueError):
    """A game named by a file's content that rulespec does not read: ``reason`` completes a sentence
    about the name (``which is no bundled game ...``), ``hint`` says what would be read."""

    def __init__(self, name: str, reason: str, hint: str):
        super().__init__(f"cannot load {name!r}, {reason} ({hint})")
        self.name, self.reason, self.hint = name, reason, hint


@contextlib.contextmanager
def allowing(folders: Iterable[Union[str, Path]]) -> Iterator[None]:
    """Within this block, rule files below ``folders`` may also be named (by ``extends``, a
    counterexample, an adapter's game)."""
    token = _ALLOWED.set(_ALLOWED.get() + tuple(Path(folder) for folder in folders))
    try:
        yield
    finally:
        _ALLOWED.reset(token)


def allow_in_environment(folders: Iterable[Union[str, Path]]) -> None:
    """Add ``folders`` (made absolute) to RULESPEC_RULES_PATH, for this process and the processes it
    starts: a local cluster's workers load the same house rules (``rulespec --allow-dir DIR``)."""
    named = [folder for folder in os.environ.get(RULES_PATH_ENV, "").split(os.pathsep) if folder.strip()]
    named += [str(Path(folder).absolute()) for folder in folders]
    if named:
        os.environ[RULES_PATH_ENV] = os.pathsep.join(named)


def allowed_folders() -> tuple[Path, ...]:
    """The folders every reader allows besides its own: RULESPEC_RULES_PATH's, then :func:`allowing`'s."""
    named = os.environ.get(RULES_PATH_ENV, "").split(os.pathsep)
    return tuple(Path(folder) for folder in named if folder.strip()) + _ALLOWED.get()


def _bundled_by_name(name: str) -> Union[Path, None]:
    from .bundled import bundled_house_rules, bundled_rulebooks
    return bundled_rulebooks().get(name) or bundled_house_rules().get(name)


def _resolved(path: Path) -> Union[Path, None]:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop, a name the system cannot look up, a NUL
        return None


def _below(path: Path, folders: Sequence[Path]) -> bool:
    for folder in folders:
        resolved = _resolved(folder)
        if resolved is not None and path.is_relative_to(resolved):
            return True
    return False


def confined_rule_file(name: str, relative_to: Path, near: Sequence[Path], where: str,
                       names: bool = True) -> Path:
    """The rule file a file's content names: a bundled game's or house rule's file for its name (unless
    ``names`` is False: a file's name only), else ``relative_to / name`` when ``name`` ends in ``.rules``,
    resolves below ``near``, the bundled folders or an allowed folder, and is a regular file. ``where``
    says what ``relative_to`` is ("this file", "the current folder") for the hint. Anything else raises
    RulePathRefused; nothing is opened."""
    if not isinstance(name, str):
        raise TypeError(f"a game is named by text, not {name!r}")
    bundled = _bundled_by_name(name) if names and name and "\0" not in name else None
    if bundled is not None:
        return bundled
    path = relative_to / name if name and "\0" not in name else None
    if path is None or Path(name).suffix != RULES_SUFFIX:
        plain = path is not None and not Path(name).suffix and "/" not in name and "\\" not in name
        raise RulePathRefused(name, "which is no bundled game or house rule" if plain else
                              f"which is neither a bundled game nor a `{RULES_SUFFIX}` file",
                              _known_hint(name) if plain else f"name a bundled game or a `{RULES_SUFFIX}` file")
    folders = (*near, rulebooks_dir(), house_rules_dir(), *allowed_folders())
    resolved = _resolved(path)
    if resolved is None or not _below(resolved, folders):
        shown = ", ".join(str(_resolved(folder) or folder) for folder in dict.fromkeys((*near, *allowed_folders())))
        raise RulePathRefused(name, "which is outside the folders rule files are read from",
                              f"a `{RULES_SUFFIX}` file below {shown or 'no folder'} is read; name another folder "
                              f"with `rulespec --allow-dir DIR` or {RULES_PATH_ENV}")
    try:
        is_file = path.is_file()
    except (OSError, ValueError):
        is_file = False
    if not is_file:
        raise RulePathRefused(name, f"which is missing: there is no rule file {path}",
                              f"give the path of the rule file relative to {where}, or a bundled game's id")
    return path


def folder_to_allow(name: str, near: Sequence[Path]) -> Union[Path, None]:
    """The folder to allow (``--allow-dir``) for a reader that allows ``near`` to read the rule file
    ``name`` (relative to the working directory); None when none is needed or would help."""
    try:
        confined_rule_file(name, Path(), near, "the current folder")
    except RulePathRefused:
        resolved = _resolved(Path(name)) if name and "\0" not in name else None
        try:
            if resolved is not None and Path(name).suffix == RULES_SUFFIX and resolved.is_file():
                return resolved.parent
        except OSError:
            pass
    return None


def _known_hint(name: str) -> str:
    import difflib
    from .bundled import bundled_house_rules, bundled_rulebooks
    games, house_rules = bundled_rulebooks(), bundled_house_rules()
    close = difflib.get_close_matches(name, [*games, *house_rules], n=1)
    return f"did you mean `{close[0]}`?" if close else f"bundled games: {', '.join(games) or 'none'}"
