"""The site's page of JSON Schemas (reference/schemas.md): the documents rulespec reads back from a file
anyone may have edited, each as the pydantic types that validate it describe it (``json_schema()``)."""

from __future__ import annotations

import json

from .pages import Page

SCHEMAS_PAGE = "reference/schemas.md"


def _block(schema: dict) -> list[str]:
    return ["```json", json.dumps(schema, indent=2, ensure_ascii=False), "```", ""]


def schemas_page() -> Page:
    from ..play.simulate_records import RecordedGame, RunFile
    from ..runtime.state_schema import state_json_schema
    lines = [
        "# JSON Schemas", "",
        "The documents rulespec writes and reads back, as the pydantic types that check them when they are read "
        "describe them (JSON Schema, draft 2020-12). Each is checked against the game too: a schema says what "
        "any game's document may hold, the game what this one's may (its zones, steps, seats and options). "
        "A document that breaks either is refused with the place of its first problem "
        "(`state.zones[3][1]: is a boolean (True), not an item`).", "",
        "## A state", "",
        "What `state.to_json()` writes and `game.from_json(text)` reads back (a position, `game.position(text)`, "
        "is read into the same form and checked the same way; see [Positions](../positions.md)).", "",
        *_block(state_json_schema()),
        "## A simulated game", "",
        "One line of `games.jsonl` in the folder `rulespec simulate --out FOLDER` writes: one game played, "
        "read back by `--resume`.", "",
        *_block(RecordedGame.model_json_schema()),
        "## A simulation run", "",
        "`run.json` in the same folder: the settings of the run, which `--resume` must find unchanged.", "",
        *_block(RunFile.model_json_schema()),
    ]
    return Page(SCHEMAS_PAGE, "\n".join(lines), title="JSON Schemas")
