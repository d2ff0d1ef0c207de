"""`simulate --resume` reads a folder anyone may have edited (issue #37): a last line cut off by an
interruption is dropped, its game played again and the report says so; any other damage to
games.jsonl or run.json is refused with the file, the line and the field, never an internal error
and never counted into the report."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.simulate import GAMES_FILE, RUN_FILE, ResumeProblem, comparison_plans, simulate

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"
THREE_TILES = str(HOUSE / "three-tiles.rules")
PLANS = comparison_plans(Path(THREE_TILES))
GAMES = 6
runner = CliRunner()


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("played") / "out"
    result = runner.invoke(app, ["simulate", THREE_TILES, "-n", str(GAMES), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def folder(played, tmp_path) -> Path:
    return Path(shutil.copytree(played, tmp_path / "out"))


def lines_of(folder: Path) -> list[bytes]:
    return (folder / GAMES_FILE).read_bytes().splitlines(keepends=True)


def resumed(folder: Path):
    notices: list[str] = []
    sides = simulate(PLANS, games=GAMES, players=2, out=folder, resume=True, notices=notices)
    return sides, notices


@pytest.mark.parametrize("cut", [1, 40, 200])  # bytes cut from the end: the newline only, mid-record, most of it
def test_a_last_line_cut_off_is_dropped_played_again_and_reported(played, folder, cut):
    whole = (played / GAMES_FILE).read_bytes()
    assert len(lines_of(played)) == 2 * GAMES and len(whole.splitlines()[-1]) > 200
    (folder / GAMES_FILE).write_bytes(whole[:-cut])
    result = runner.invoke(app, ["simulate", THREE_TILES, "-n", str(GAMES), "-o", str(folder), "--resume"])
    assert result.exit_code == 0, result.output
    said = f"games.jsonl:{2 * GAMES}: the last line was cut off"
    assert f"resumed: {2 * GAMES - 1} games" in result.output and said in " ".join(result.output.split())
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    assert summary["resumed"] == 2 * GAMES - 1 and summary["run"]["resume_notices"][0].startswith(said)
    assert f"Resumed: {said}" in (folder / "report.md").read_text(encoding="utf-8")
    assert sorted(lines_of(folder)) == sorted(lines_of(played))  # the dropped game played again, the same


def record(line: bytes) -> dict:
    return json.loads(line)


def dumped(row: dict) -> bytes:
    return json.dumps(row).encode() + b"\n"


def changed(**fields):
    return lambda line: dumped({**record(line), **fields})


def without(key: str):
    return lambda line: dumped({k: v for k, v in record(line).items() if k != key})


def raw(text: str):
    return lambda line: text.encode() + b"\n"


# (what is done to line 3, what the refusal says): line 3 is a middle line of the 12
DAMAGE = [
    (raw("not json"), "Invalid JSON"),
    (lambda line: line[:len(line) // 2] + b"\n", "Invalid JSON"),  # a middle line cut off
    (raw('{"side": 0, "seed": ' + "[" * 50_000 + "]" * 50_000 + "}"), "recursion limit"),  # deep nesting
    (raw("[" * 2_000_000), "longer than 1,048,576 bytes"),
    (raw("\x00" * 50), "Invalid JSON"),
    (lambda line: b"\xff\xfe" + line, "Invalid JSON"),  # not UTF-8
    (raw("[1, 2]"), "object"),
    (raw("{}"), "Field required"),
    (without("turns"), "turns: Field required"),
    (changed(bonus=1), "bonus: Extra inputs are not permitted"),
    (lambda line: line.replace(b'"seed": ', b'"seed": ' + b"9" * 5000, 1), "number out of range"),
    (lambda line: line.replace(b'"actions": ', b'"actions": ' + b"9" * 5000, 1), "number out of range"),
    # each field of the wrong type
    (changed(side="0"), "side: Input should be a valid integer"),
    (changed(seed=2.5), "seed: Input should be a valid integer"),
    (changed(actions="3"), "actions: Input should be a valid integer"),
    (changed(chance=None), "chance: Input should be a valid integer"),
    (changed(turns=True), "turns: Input should be a valid integer"),
    (changed(end=5), "end: Input should be a valid string"),
    (changed(winners={"0": 1}), "winners: Input should be a valid array"),
    (changed(winners=["0"]), "winners[0]: Input should be a valid integer"),
    (changed(scores=[]), "scores: Input should be an object"),
    (changed(scores={"penalty": "x"}), "scores.penalty: Input should be a valid array"),
    (changed(fires=[]), "fires: Input should be an object"),
    (changed(fires={"step setup": "1"}), 'fires["step setup"]: Input should be a valid integer'),
    (changed(error=7), "error: Input should be a valid string"),
    (changed(races=[[1]]), "races[0]: List should have at least 2 items"),
    (changed(seat_fires={}), "seat_fires: Input should be a valid array"),
    # absurd values
    (changed(side=5), "side: 5, but the run plays 2 rule file(s)"),
    (changed(side=-1), "side: Input should be greater than or equal to 0"),
    (changed(seed=-1), "seed: -1 is not one of the run's (0 to 5)"),
    (changed(seed=10 ** 6), "seed: 1000000 is not one of the run's"),
    (changed(actions=-3), "actions: Input should be greater than or equal to 0"),
    (changed(actions=10 ** 11), "actions: 100000000000 decisions"),
    (changed(turns=10 ** 30), "turns: Input should be less than or equal to"),
    (changed(turns=10 ** 9), "turns: 1000000000 turns in a game of"),
    (changed(winners=[7]), "winners[0]: 7 is not another seat of a 2-player game"),
    (changed(winners=[0, 0]), "winners[1]: 0 is not another seat"),
    (changed(scores={"penalty": [1, 2, 3]}), "scores.penalty: 3 values for 2 players"),
    (changed(races=[[1, 0]]), "races: 1 seats in a 2-player game"),
    (changed(end="won | <b>"), "end: String should match pattern"),
    (changed(fires={"| injected | row": 1}), 'fires["| injected | row"] (key): String should match pattern'),
    (changed(error="boom"), "end: "),  # an error, but not the end of a game that stopped with one
    (changed(error="x" * 20_000), "error: String should have at most 10000 characters"),
]


@pytest.mark.parametrize("damage, said", DAMAGE, ids=[f"damage{k}" for k in range(len(DAMAGE))])
def test_a_damaged_line_is_refused_with_its_number_and_field(folder, damage, said):
    lines = lines_of(folder)
    lines[2] = damage(lines[2])
    (folder / GAMES_FILE).write_bytes(b"".join(lines))
    with pytest.raises(ResumeProblem) as refused:
        resumed(folder)
    message = str(refused.value)
    assert f"{GAMES_FILE}:3: " in message and said in message, message
    assert "not a record rulespec wrote" in message and "internal error" not in message
    assert (folder / GAMES_FILE).read_bytes() == b"".join(lines)  # refused: nothing truncated or rewritten


def test_a_game_recorded_twice_is_refused(folder):
    lines = lines_of(folder)
    (folder / GAMES_FILE).write_bytes(b"".join(lines[:3] + [lines[1]] + lines[3:]))
    with pytest.raises(ResumeProblem, match=r"games\.jsonl:4: a second record of side 0's game of seed"):
        resumed(folder)


RUN_DAMAGE = [
    (lambda run: b'{"players": ', "Invalid JSON"),
    (lambda run: b"[]", "object"),
    (lambda run: b"[" * 100_000, "recursion limit"),
    (lambda run: b" " * 2_000_000, "longer than"),
    (lambda run: json.dumps({**run, "players": "2"}).encode(), "players: Input should be a valid integer"),
    (lambda run: json.dumps({**run, "games": 10 ** 30}).encode(), "games: Input should be less than or equal to"),
    (lambda run: json.dumps({**run, "seats": ["clever", "random"]}).encode(), "seats[0]: Input should be"),
    (lambda run: json.dumps({**run, "plans": [["a", "b", "c"]]}).encode(), "plans[0][2]: Input should be a valid array"),
    (lambda run: json.dumps({**run, "extra": 1}).encode(), "extra: Extra inputs are not permitted"),
    (lambda run: json.dumps({k: v for k, v in run.items() if k != "first_seed"}).encode(), "first_seed: Field required"),
    (lambda run: json.dumps(run).replace('"first_seed": 0', '"first_seed": ' + "9" * 5000).encode(),
     "number out of range"),
]


@pytest.mark.parametrize("damage, said", RUN_DAMAGE, ids=[f"run{k}" for k in range(len(RUN_DAMAGE))])
def test_a_damaged_run_file_is_refused(folder, damage, said):
    run = json.loads((folder / RUN_FILE).read_text(encoding="utf-8"))
    (folder / RUN_FILE).write_bytes(damage(run))
    with pytest.raises(ResumeProblem) as refused:
        resumed(folder)
    message = str(refused.value)
    assert f"{RUN_FILE}: " in message and said in message and "not a run.json rulespec wrote" in message, message


def test_the_command_refuses_a_damaged_folder_in_one_line(folder):
    lines = lines_of(folder)
    lines[4] = b'{"side": 0, "seed": [[[[' + b"\n"
    (folder / GAMES_FILE).write_bytes(b"".join(lines))
    result = runner.invoke(app, ["simulate", THREE_TILES, "-n", str(GAMES), "-o", str(folder), "--resume"])
    assert result.exit_code == 2, result.output
    assert "games.jsonl:5: Invalid JSON" in " ".join(result.output.split())
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_a_linked_games_file_is_neither_read_nor_truncated(folder, tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b'{"secret": "kept"}\n' + b"no newline at the end")
    (folder / GAMES_FILE).unlink()
    (folder / GAMES_FILE).symlink_to(elsewhere)
    with pytest.raises(ResumeProblem, match="a link; a run's folder holds its own files only"):
        resumed(folder)
    assert elsewhere.read_bytes() == b'{"secret": "kept"}\n' + b"no newline at the end"


def test_the_records_model_is_loaded_by_resume_only():
    code = "import sys, rulespec, rulespec.play.simulate; print('rulespec.play.simulate_records' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "False", done.stderr
