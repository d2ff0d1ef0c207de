"""Counterexamples: engines loaded once per game, variants and options; an action list replayed on a
new game (:func:`replay`, and :func:`replay_and_check`, which re-runs the checks where it ends); and the
counterexample file, a comment header and one action per line::

    # game: shell-we
    # players: 3
    # options: side=B
    # variants:
    # property: invariant:no_bonus_chain
    # message: ...
    chance: draw red 10
    player 1: play red 3

written by :func:`save_counterexample` and read by :func:`load_counterexample` (``rulespec replay``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterable, Optional, Sequence, Union

from ..output_files import output_file
from ..pipeline import load
from ..runtime.engine import Engine, IllegalAction, State
from .failures import Failure, ReplayError, options_text
from .properties import check_state

COUNTEREXAMPLE_DIR = Path(".hypothesis") / "counterexamples"

_ENGINES: dict[tuple, Engine] = {}


def load_engine(name_or_path: Union[str, Path], variants: Sequence[str], options: Optional[dict[str, str]]) -> Engine:
    """The engine of a bundled game or rule file, with these variants and options, loaded once (a rule file
    again when it changes)."""
    key = (str(name_or_path), tuple(variants), tuple(sorted((options or {}).items())))
    path = Path(name_or_path)
    if path.exists():
        key += (path.stat().st_mtime_ns, path.stat().st_size)
    game = _ENGINES.get(key)
    if game is None:
        game = _ENGINES[key] = load(name_or_path, variants=tuple(variants), options=dict(options or {}))
    return game


def replay(name_or_path: Union[str, Path, Engine], actions: Iterable[str], players: int,
           options: Optional[dict[str, str]] = None, variants: Sequence[str] = ()) -> State:
    """The state reached by playing ``actions`` (``str(action)`` texts, chance outcomes included as
    ``chance: ...``) from a new game. Raises :class:`ReplayError` at the first action that fails."""
    game = name_or_path if isinstance(name_or_path, Engine) else load_engine(name_or_path, variants, options)
    state = game.new_game(players)
    for index, text in enumerate(actions):
        try:
            state.apply(text)
        except Exception as error:  # the failing action is often the counterexample itself
            raise ReplayError(index, text, error, state) from error
    return state


def save_counterexample(path: Union[str, Path], failure: Failure) -> Path:
    """Write ``failure`` as a counterexample file (comment header, then one action per line)."""
    folder, name = output_file(path)  # its folder made; never written through a link
    message = " | ".join(failure.message.splitlines())
    lines = [f"# game: {failure.game}", f"# players: {failure.players}",
             f"# options: {' '.join(f'{k}={v}' for k, v in sorted(failure.options.items()))}",
             f"# variants: {' '.join(failure.variants)}", f"# property: {failure.property}",
             f"# message: {message}"]
    folder.write_text(name, "\n".join(lines + list(failure.actions)) + "\n")
    return Path(path)


def load_counterexample(path: Union[str, Path], allowed_dirs: Sequence[Union[str, Path]] = ()) -> Failure:
    """Read a file written by :func:`save_counterexample` (or by hand: only `# game` and `# players`
    are required; blank lines are ignored). The game is a bundled game's name or a `.rules` file below
    the counterexample's folder, the working directory or an allowed folder (``allowed_dirs``,
    rulespec/pipeline/rule_paths.py): any other is a ValueError naming the line, and that file is not read."""
    path = Path(path)
    header: dict[str, str] = {}
    game_line = 0
    actions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#"):
            match = re.match(r"#\s*(\w+):\s?(.*)$", line)
            if match and match.group(1) not in header:
                header[match.group(1)] = match.group(2).strip()
                game_line = number if match.group(1) == "game" else game_line
        elif line.strip():
            actions.append(line.strip())
    if "game" not in header or "players" not in header:
        raise ValueError(f"{path}: a counterexample starts with `# game: ...` and `# players: N` lines")
    from ..pipeline.rule_paths import RulePathRefused, confined_rule_file
    try:
        near = [Path(), path.parent, *map(Path, allowed_dirs)]
        confined_rule_file(header["game"], Path(), near, "the current folder")
    except RulePathRefused as refused:
        raise ValueError(f"{path}:{game_line}: its game is {refused.name!r}, {refused.reason}; "
                         f"{refused.hint}") from None
    options = dict(part.split("=", 1) for part in header.get("options", "").split() if "=" in part)
    return Failure(property=header.get("property", ""), message=header.get("message", ""),
                   players=int(header["players"]), options=options, actions=actions, game=header["game"],
                   variants=tuple(header.get("variants", "").split()), path=path)


def replay_and_check(name_or_path: Union[str, Path], actions: Sequence[str], players: int,
                     options: Optional[dict[str, str]] = None, variants: Sequence[str] = (),
                     out=None) -> list[Failure]:
    """Replay an action list, print what happens, and run :func:`check_state` on the final state."""
    out = out or sys.stdout
    game = load_engine(name_or_path, variants, options)
    print(f"{game.TITLE}: {players} players, options {options_text(game._option_values)}, "
          f"{len(actions)} actions", file=out)
    try:
        previous = replay(game, actions[:-1], players) if actions else None
        state = replay(game, actions, players)
    except ReplayError as error:
        print(f"replay stopped: {error}", file=out)
        return [Failure("offered_actions_apply" if not isinstance(error.error, IllegalAction) else "replay",
                        str(error), players, dict(game._option_values), list(actions[:error.index + 1]),
                        str(name_or_path), tuple(variants))]
    failures = check_state(game, state, previous, str(name_or_path), variants)
    print(f"turn {state._turn_number}, {'over' if state.is_terminal() else 'in play'}; "
          f"violations: {state._violations or 'none'}", file=out)
    for failure in failures:
        print(f"{failure.property}: {failure.message}", file=out)
    if not failures:
        print("every check passes on the final state", file=out)
    return failures
