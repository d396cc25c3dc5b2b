"""The JSON-object rule applies to every JSON object of a message (a tool call's
arguments, a server tool's input and wire block, a citation's wire object), and a
block whose type is not a string is reported, never raised on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_ir import validate_json, validate_transcript


def _nested(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


def _assistant(block: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "id": "u", "content": "hi"},
        {"role": "assistant", "id": "a", "content": [block]},
    ]


PLACES = {
    "server input": lambda value: {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": "srvtoolu_1",
        "name": "web_search",
        "input": value,
    },
    "server wire": lambda value: {
        "type": "serverToolCall",
        "provider": "anthropic",
        "id": "srvtoolu_1",
        "name": "web_search",
        "input": {},
        "wire": value,
    },
    "citation wire": lambda value: {
        "type": "text",
        "text": "t",
        "citations": [{"provider": "anthropic", "wire": value}],
    },
}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_an_object_of_64_levels_is_valid_and_of_65_is_reported_at_its_depth(place: str) -> None:
    build = PLACES[place]
    assert validate_transcript(_assistant(build(_nested(64)))) == ()
    deep = _assistant(build(_nested(65)))
    for diagnostics in (validate_transcript(deep), validate_json(json.dumps(deep).encode())):
        assert [
            (d.code, d.message.endswith("is nested deeper than 64 levels")) for d in diagnostics
        ] == [("INVALID_MESSAGE", True)]


@pytest.mark.parametrize("kind", [[], {}, 3, None])
def test_a_block_whose_type_is_not_a_string_is_reported_not_raised_on(kind: Any) -> None:
    transcript = [{"role": "user", "id": "0", "content": [{"type": kind, "text": ""}]}]
    diagnostics = validate_transcript(transcript)
    assert [d.code for d in diagnostics] == ["INVALID_MESSAGE"]
    assert diagnostics[0].path.startswith("/0/content/0")
