"""The `rulespec docs`, `rulespec site` and `rulespec simulate` commands (registered on rulespec.cli.console.app, as those of rulespec.cli are)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Optional

import typer
from rich.text import Text

from ..cli.cluster_options import CLUSTER, DASHBOARD, INSECURE, TLS_CA_FILE, TLS_CERT, TLS_KEY, cluster_target
from ..lib.texts import terminal_safe
from ..output_files import UnsafePath
from ..cli.console import EXIT_PROBLEM, EXIT_USAGE, UsageProblem, _command, _Io, _load, _parse_options, _resolve, _shown_path, _Stop, app


def _mkdocs_problem(error: Exception) -> str:
    return f"the site did not build: {error}"


def _kept(io: _Io, problem: UnsafePath) -> None:
    """A path in a folder's .generated that rulespec will not delete: said, and kept."""
    io.err.print(terminal_safe(f"kept: {problem} (it is listed in .generated)"), highlight=False, markup=False)


def _out_folder(path: Optional[Path], option: str = "--out") -> None:
    """A folder to write in (made if it is missing): refused at once when it, or a folder it would be
    made in, is a file."""
    if path is None:
        return
    for existing in (path, *path.parents):
        if existing.exists():
            if not existing.is_dir():
                raise UsageProblem(f"{option} {path} is a file, not a folder" if existing == path else
                                   f"{option} {path}: {existing} is a file, not a folder")
            return


@app.command()
@_command
def docs(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR",
                                       help="Where to write (default: docs-<game id>)."),
    html: bool = typer.Option(False, "--html", help="Also build the HTML pages (mkdocs build --strict) into DIR/site."),
    force: bool = typer.Option(False, "--force", help="Replace DIR/docs, DIR/mkdocs.yml and DIR/site even if "
                                                      "rulespec did not write them (without it, such a one is "
                                                      "left alone and nothing is written)."),
) -> None:
    """Write the pages of one rule file (and its variants, and its diff against its base) as Markdown and SVG."""
    from .site import build_standalone, write_standalone
    from .sources import load_source
    _out_folder(out)
    path = _resolve(rule_file)
    model = load_source(path).model  # a problem in the rules is reported before anything is written
    target = out or Path(f"docs-{model.game_id}")
    _out_folder(target)
    pages = write_standalone(path, target, force=force, refused=lambda problem: _kept(io, problem))
    pictures = sum(len(p.files) for p in pages)
    io.print(Text("wrote ", style="green") + Text(f"{len(pages)} pages and {pictures} pictures for {model.title} "
                                                  f"in {_shown_path(target / 'docs')}"))
    for page in pages:
        io.print(f"  {_shown_path(target / 'docs' / page.path)}")
    if html:
        try:
            site = build_standalone(target, force=force)
        except UnsafePath:
            raise  # a usage problem (console._command), not MkDocs'
        except Exception as error:  # mkdocs reports through its own exceptions (Abort, ConfigurationError)
            io.error(_mkdocs_problem(error))
            raise _Stop(EXIT_PROBLEM)
        io.print(Text("built ", style="green") + Text(f"{_shown_path(site / 'index.html')}"))
    else:
        io.print(f"build the HTML with `rulespec docs {rule_file} --html`, or `mkdocs serve -f "
                 f"{_shown_path(target / 'mkdocs.yml')}` to browse it")


SITE_HELP = (
    "Build the rules site of this folder's rule files and the bundled games (`mkdocs build --strict`).\n\n"
    "A page for each of your rule files (house rules too, with their diff), each bundled game, variant and "
    "house rule, the language reference and the tutorial. This folder's mkdocs.yml is used when there is one "
    "(this checkout's, or your own: rulespec adds the Markdown extensions and stylesheet its pages need, and "
    "never writes into your docs folder); otherwise a default configuration. Needs MkDocs and Material: the "
    "docs extra of rulespec.\n\n"
    "MkDocs runs what an mkdocs.yml asks for: its hooks and plugins, YAML Python tags (!!python/...), a theme's "
    "templates. rulespec reads the folder's mkdocs.yml (and what it INHERITs) first and refuses one that asks "
    "for any of these (rulespec's own hook and MkDocs' and Material's quiet plugins aside) unless you give "
    "--trust-config: do not give it for a folder you did not write, such as a cloned repository.\n\n"
    "The site folder is emptied and rebuilt only if rulespec built it (it holds .rulespec-site), it is empty, or "
    "--force is given; the Markdown folder likewise (it holds .generated).")


@app.command(help=SITE_HELP)
@_command
def site(
    io: _Io,
    paths: Optional[list[Path]] = typer.Argument(
        None, metavar="[PATHS]...", show_default=False,
        help="Your rule files, or folders of them (default: the *.rules of this folder and of its rules/)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR",
                                       help="The HTML folder (default: site, or the site_dir of this folder's "
                                            "mkdocs.yml); with --markdown-only, the Markdown folder (default: docs)."),
    markdown_only: bool = typer.Option(False, "--markdown-only",
                                       help="Only write the Markdown and SVG pages; do not run MkDocs."),
    bundled: bool = typer.Option(True, "--bundled/--no-bundled",
                                 help="With the bundled games and house rules (the default), or only yours."),
    force: bool = typer.Option(False, "--force", help="Empty and rewrite the output folder even if rulespec did "
                                                      "not write it."),
    trust_config: bool = typer.Option(False, "--trust-config",
                                      help="Let this folder's mkdocs.yml run its hooks, plugins, Python tags "
                                           "and templates (only for a folder you trust)."),
) -> None:
    """Build the rules site (the help, SITE_HELP, is one paragraph a line: typer keeps a docstring's breaks)."""
    from .site import DocsExtraMissing, UntrustedConfig, build_site, own_rule_files, write_site_docs
    _out_folder(out)
    root = Path.cwd()
    from ..pipeline.rule_paths import RulePathRefused
    try:
        own = own_rule_files(paths or (), folder=root)
    except (FileNotFoundError, RulePathRefused) as error:
        raise UsageProblem(str(error)) from None
    from ..resources import in_checkout
    from .site import project_root
    from ..cli.progress import StageProgress  # rich.progress, imported by the commands that show one
    if not own and not (in_checkout() and root.resolve() == project_root().resolve()):  # the checkout's are bundled
        looked = "in the folders given" if paths else "here (*.rules, rules/*.rules)"
        if not bundled:  # an empty site, likely from the wrong folder
            raise UsageProblem(f"no rule files of yours {looked} and --no-bundled: nothing to build "
                               f"(give your rule files: rulespec site PATHS...)")
        io.err.print(f"note: no rule files of yours {looked}: the site has the bundled games only",
                     highlight=False, markup=False)
    if markdown_only:
        target = out or root / "docs"
        with StageProgress(io.err, "site", "rule files") as progress:
            changed = write_site_docs(target, progress=progress, rule_files=own, bundled=bundled, force=force,
                                      refused=lambda problem: _kept(io, problem))
        io.print(Text("generated ", style="green") + Text(f"{_shown_path(target)} ({len(changed)} files "
                                                          f"changed)"))
        return
    try:
        with StageProgress(io.err, "site", "rule files") as progress:
            built = build_site(root, site_dir=out, progress=progress, rule_files=own, bundled=bundled,
                               force=force, trust_config=trust_config)
    except DocsExtraMissing as error:
        io.error(str(error))
        raise _Stop(EXIT_USAGE)
    except UntrustedConfig as error:
        raise UsageProblem(str(error)) from None
    except UnsafePath:
        raise  # a usage problem (console._command), not MkDocs'
    except ImportError:
        raise
    except RuntimeError as error:
        io.error(str(error))
        raise _Stop(EXIT_PROBLEM)
    except Exception as error:
        from ..language.errors import RuleError
        if isinstance(error, RuleError) or isinstance(getattr(error, "__cause__", None), RuleError):
            raise error if isinstance(error, RuleError) else error.__cause__
        io.error(_mkdocs_problem(error))
        raise _Stop(EXIT_PROBLEM)
    io.print(Text("built ", style="green") + Text(f"{_shown_path(built / 'index.html')} "
                                                  f"(browse: python -m http.server -d {_shown_path(built)})"))


@app.command()
@_command
def simulate(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    games: int = typer.Option(200, "--games", "-n", help="Games to play of each rule file."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="How many players (default: the fewest)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes to play in (0: one per core)."),
    seed: int = typer.Option(0, "--seed", help="The first seed; game k uses seed + k, the same for both files."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR",
                                       help="Where to write summary.json, report.md and the charts "
                                            "(default: simulate-<game id>)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
    option: Optional[list[str]] = typer.Option(None, "--option", metavar="NAME=VALUE", help="A game option (repeatable)."),
    policy: str = typer.Option("random", "--policy", metavar="random|greedy|mcts",
                               help="How the players choose: uniformly at random, greedy (each seat tries some "
                                    "offered actions and takes the one that ranks it best right after), or mcts "
                                    "(a tree search of 24 simulations per decision, rulespec/play/mcts.py)."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", metavar="N",
                                            help="A game with no end after N steps stops with an error (default: "
                                                 "100 x (turn limit + 1) x players, or 1,000,000)."),
    seat: Optional[list[str]] = typer.Option(None, "--seat", metavar="K=POLICY",
                                             help="Seat K (from 1) plays by POLICY (random, greedy or mcts); the "
                                                  "others by --policy (repeatable: --seat 1=mcts --seat 2=random). "
                                                  "K=POLICY:reaction=TIME also gives it a reaction time (--reaction)."),
    reaction: Optional[list[str]] = typer.Option(None, "--reaction", metavar="[K=]TIME",
                                                 help="Seat K's reaction time in a claim window (any player may "
                                                      "act): 0.8s, 0.8s..1.5s (uniform) or lognormal(0.9, 0.3) "
                                                      "(median, sigma); without K, every seat's. The fastest claim "
                                                      "wins; seats given none take 0.5s..1.5s. Repeatable."),
    mcts_simulations: int = typer.Option(24, "--mcts-simulations", metavar="N",
                                         help="The rollout budget of an mcts seat: simulations per decision."),
    resume: bool = typer.Option(False, "--resume",
                                help="Continue an interrupted run from its --out folder: games already in "
                                     "games.jsonl are counted, not played again (same settings needed)."),
    cluster: Optional[str] = CLUSTER,
    tls_ca_file: Optional[Path] = TLS_CA_FILE,
    tls_cert: Optional[Path] = TLS_CERT,
    tls_key: Optional[Path] = TLS_KEY,
    insecure: bool = INSECURE,
    dashboard: bool = DASHBOARD,
    effect: float = typer.Option(2.0, "--effect", metavar="POINTS",
                                 help="For shares (wins by seat, endings), also the games needed to detect a "
                                      "difference of POINTS percentage points (power 0.8, 5%)."),
) -> None:
    """Play many seeded games and compare them with the base game: length, endings, seats, scores, rules fired.

    Each game is appended to DIR/games.jsonl as it is played (memory does not grow with --games), so an
    interrupted run continues with --resume. With a base game, each figure's difference (house rule minus
    base) has a 95% confidence interval (normal approximation for shares, Welch for means) and the games
    per side needed to detect it with power 0.8.
    """

    # (over 80 lines only by its 21 options, declared in the signature where typer reads them; the run is below)
    from ..play.simulate import comparison_plans, simulate as run, write_report
    _out_folder(out)  # before any game is played
    path = _resolve(rule_file)
    options = _parse_options(option, path)
    engine = _load(path, variant or [], options)  # a bad file, variant or option is reported here
    count = players if players is not None else engine.min_players
    _check_counts(engine, count, games, jobs, policy, max_steps)
    seats, reactions = _seats_and_reactions(count, seat or [], reaction or [])
    if mcts_simulations < 1:
        raise UsageProblem("--mcts-simulations must be at least 1")
    if effect <= 0:
        raise UsageProblem("--effect must be more than 0")
    target_cluster = cluster_target(cluster, tls_ca_file, tls_cert, tls_key, insecure, dashboard)
    jobs = jobs or os.cpu_count() or 1
    plans = comparison_plans(path, variant or [])
    for plan in plans[:-1]:  # the base must allow this player count and these options too
        _check_counts(_load(Path(plan.path), list(plan.variants), options), count)
    target = out or Path(f"simulate-{engine.model.game_id}")
    _out_folder(target)
    from ..play.simulate import run_parameters, seat_policies
    by_seat = seat_policies(count, policy, seats)
    backend = f"{jobs} process{'es' if jobs > 1 else ''}"
    _announce(io, engine.name, games, len(plans), count, _players_text(count, policy, by_seat, seats, reactions),
              seed, f"cluster {cluster}" if cluster else backend)
    notices: list[str] = []  # what --resume mended (a last line cut off), for the report
    sides = _played(io, engine.model.game_id, cluster, games * len(plans), lambda progress: run(
        plans, games, count, seed=seed, jobs=jobs, options=options, progress=progress, policy=policy,
        max_steps=max_steps, seats=seats, mcts_simulations=mcts_simulations, out=target, resume=resume,
        cluster=target_cluster, reactions=reactions, notices=notices))
    parameters = run_parameters(plans, games, count, seed, options, by_seat, max_steps, mcts_simulations,
                                [reactions.get(k) for k in range(count)])
    parameters["backend"] = cluster and f"dask {cluster}" or backend
    if notices:
        parameters["resume_notices"] = notices
    summary = write_report(sides, count, target, engine.name, run=parameters, effect=effect)
    _print_summary(io, summary, target, notices)


def _check_counts(engine, count: int, games: int = 1, jobs: int = 0, policy: str = "random",
                  max_steps: Optional[int] = None) -> None:
    """simulate's numbers within their bounds: the players (those ``engine`` allows), games, jobs, steps."""
    if not engine.min_players <= count <= engine.max_players:
        raise UsageProblem(f"{engine.name} is played by {engine.min_players} to {engine.max_players} players, "
                           f"not {count}")
    if games < 1:
        raise UsageProblem("--games must be at least 1")
    if jobs < 0:
        raise UsageProblem("--jobs must be 0 (one per core) or more")
    if policy not in ("random", "greedy", "mcts"):
        raise UsageProblem(f"--policy is random, greedy or mcts, not {policy!r}")
    if max_steps is not None and max_steps < 1:
        raise UsageProblem("--max-steps must be at least 1")


def _seats_and_reactions(count: int, seat: list[str], reaction: list[str]) -> tuple[dict[int, str], dict[int, str]]:
    """simulate's --seat K=POLICY[:reaction=TIME] and --reaction [K=]TIME read: by seat (from 0), its policy;
    by seat, its reaction time."""
    from ..play.races import parse_reaction
    seats: dict[int, str] = {}
    reactions: dict[int, str] = {}

    def reaction_of(k: int, text: str, given: str, flag: str) -> None:
        try:
            reactions[k] = str(parse_reaction(text))
        except ValueError as problem:
            raise UsageProblem(f"{flag} {given}: {problem}")

    for given in reaction:  # [K=]TIME: a seat's, or every seat's
        number, sign, text = given.partition("=")
        if not sign:
            for k in range(count):
                reaction_of(k, given, given, "--reaction")
            continue
        if not number.strip().isdigit() or not 1 <= int(number) <= count:
            raise UsageProblem(f"--reaction is [K=]TIME with K a seat 1 to {count}, not {given!r}")
        reaction_of(int(number) - 1, text, given, "--reaction")
    for given in seat:
        number, _, chosen = given.partition("=")
        chosen, _, parameter = chosen.partition(":")
        if not number.strip().isdigit() or chosen.strip() not in ("random", "greedy", "mcts") \
                or (parameter and not parameter.strip().startswith("reaction=")):
            raise UsageProblem(f"--seat is K=POLICY or K=POLICY:reaction=TIME (POLICY: random, greedy or mcts), "
                               f"not {given!r}")
        if not 1 <= int(number) <= count:
            raise UsageProblem(f"--seat {given}: there are seats 1 to {count}")
        seats[int(number) - 1] = chosen.strip()
        if parameter:
            reaction_of(int(number) - 1, parameter.strip()[len("reaction="):], given, "--seat")
    return seats, reactions


def _players_text(count: int, policy: str, by_seat: list[str], seats: dict[int, str], reactions: dict[int, str]) -> str:
    """Who plays, as simulate's first line says it: each seat's policy where they differ, reaction times."""
    from ..play.races import DEFAULT_REACTION
    text = ", ".join(f"{p} (seat {k + 1})" for k, p in enumerate(by_seat)) if seats else f"{policy} players"
    if reactions:
        text += ", reaction times " + ", ".join(f"{reactions.get(k, DEFAULT_REACTION)} (seat {k + 1})"
                                                for k in range(count))
    return text


def _announce(io: _Io, name: str, games: int, files: int, count: int, players_text: str, seed: int,
              where: str) -> None:
    """simulate's first line: the games of each rule file, the players, the seeds and where they are played."""
    io.print(Text(f"{name}: {games} games of each of {files} rule file"
                  f"{'s' if files > 1 else ''}, {count} players, {players_text}, seeds {seed}..{seed + games - 1}, "
                  f"{where}", style="bold"))


def _played(io: _Io, game_id: str, cluster: Optional[str], total: int, play: Callable) -> list:
    """The games ``play`` plays (given the progress bar's callback: games done), ``total`` of them in all; a
    run that cannot be resumed or a cluster that cannot be reached is a usage problem."""
    from ..cli.progress import StageProgress
    from ..play.cluster import ClusterUnavailable
    from ..play.simulate import ResumeProblem
    try:
        with StageProgress(io.err, f"simulate {game_id}", "games") as progress:
            return play(lambda n: progress.advance("games", n, total))
    except ResumeProblem as problem:
        raise UsageProblem(str(problem))
    except ClusterUnavailable as problem:  # --cluster without the extra
        raise UsageProblem(str(problem))
    except OSError as problem:  # --cluster: no scheduler at that address
        raise UsageProblem(f"--cluster {cluster}: {problem}")


def _print_summary(io: _Io, summary: dict, target: Path, notices: list[str]) -> None:
    """What simulate did: games resumed or retried, the comparison's table, the files written, the errors
    (which make it exit with a problem)."""
    from rich.table import Table
    from ..play.simulate import comparison_headers, comparison_rows
    if summary["resumed"]:
        io.print(f"resumed: {summary['resumed']} games read back from {_shown_path(target / 'games.jsonl')}")
    for notice in notices:
        io.print(f"resumed: {notice}")
    if summary["retried"]:
        io.print(f"retried: {summary['retried']} chunks of games played again after a worker died")
    table = Table(show_header=True, header_style="bold")
    table.add_column("")
    for header in comparison_headers(summary):
        table.add_column(header, justify="right")
    for what, cells in comparison_rows(summary):
        table.add_row(what, *cells)
    io.out.print(table)
    if summary["charts"]:
        io.print(f"wrote {_shown_path(target / 'report.md')}, {_shown_path(target / 'summary.json')} and "
                 f"{len(summary['charts'])} charts ({', '.join(summary['charts'])})")
    else:  # matplotlib is not installed
        io.print(f"wrote {_shown_path(target / 'report.md')} and {_shown_path(target / 'summary.json')}; "
                 f"{summary['charts_skipped']}")
    errors = [e for side in summary["sides"] for e in side["errors"]]
    if errors:
        io.error(f"{len(errors)} game(s) stopped with an error in the rules, e.g. {errors[0]}")
        raise _Stop(EXIT_PROBLEM)
