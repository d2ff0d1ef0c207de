"""The site publishes the JSON Schemas of a state and of a simulation record (issue #38): reference/schemas.md,
made from the pydantic types that check them, linked from the generated index."""

from __future__ import annotations

import json
import re

import rulespec
from rulespec.docs.schemas import SCHEMAS_PAGE
from rulespec.docs.site import site_pages
from rulespec.play.simulate_records import RecordedGame, RunFile
from rulespec.runtime.state_schema import state_json_schema


def _pages():
    return {page.path: page for page in site_pages(games={}, house_rules=[], own=[])}


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def test_the_page_holds_the_schemas_of_a_state_and_of_a_record():
    pages = _pages()
    text = pages[SCHEMAS_PAGE].text
    blocks = [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", text, re.S)]
    assert blocks == [state_json_schema(), RecordedGame.model_json_schema(), RunFile.model_json_schema()]
    for schema in blocks:
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert set(schema["required"]) <= set(schema["properties"])
        for ref in _refs(schema):  # every reference is to a definition the schema holds
            assert ref.startswith("#/$defs/") and ref.split("/")[-1] in schema["$defs"], ref
    state = rulespec.random_game(rulespec.load("shrimp"), 3, 0)
    # What only some games write (attributes that can change, positions seen before) is optional; the rest required.
    optional = {"attributes", "seen", "seen_on"}
    assert set(json.loads(state.to_json())) == set(blocks[0]["required"]) == set(blocks[0]["properties"]) - optional
    assert "](reference/schemas.md)" in pages["index.md"].text
