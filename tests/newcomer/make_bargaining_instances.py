"""Writes the table of tests/newcomer/games/bargaining.rules from OpenSpiel's bargaining_instances1000.txt.

    python tests/newcomer/make_bargaining_instances.py path/to/bargaining_instances1000.txt

Each line of the .txt is one instance: the pool's counts, player 1's values and player 2's values, each as
books,hats,balls. Each becomes a component with one value of each attribute (`number 17..17 x books 1..1 ...`),
in place of the file's `component instance_...` lines (how a newcomer wrote the file's table; not run by tests).
"""
import sys
from pathlib import Path

RULES = Path(__file__).with_name("games") / "bargaining.rules"


def table(text: str) -> list[str]:
    rows = []
    for n, line in enumerate(line for line in text.split("\n") if line.strip()):
        pool, first, second = (list(map(int, part.split(","))) for part in line.split(" "))
        attrs = [("number", n)]
        attrs += list(zip(("books", "hats", "balls"), pool))
        attrs += list(zip(("books_1", "hats_1", "balls_1"), first))
        attrs += list(zip(("books_2", "hats_2", "balls_2"), second))
        rows.append("component instance_%d: %s [BG-2]" % (n, " x ".join("%s %d..%d" % (a, v, v) for a, v in attrs)))
    return rows


def main(txt: str) -> None:
    lines = RULES.read_text().split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("component instance_"))
    rest = [line for line in lines[first:] if not line.startswith("component instance_")]
    RULES.write_text("\n".join(lines[:first] + table(Path(txt).read_text()) + rest))


if __name__ == "__main__":
    main(sys.argv[1])
