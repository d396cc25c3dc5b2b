"""What the OpenTelemetry tests share: the attributes checked against the conventions'
own JSON Schemas (``/work/shared/specs/otel-genai``, when present) and against the
project's declaration of the format (``schemas/v1/wire/otel.schema.json``, always)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from support.otel import SCHEMAS, check_declared

CONVENTIONS = Path(os.environ.get("AGENT_IR_OTEL_SPECS", "/work/shared/specs/otel-genai"))

Check = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="session")
def declared() -> Check:
    """Checks each attribute against the project's declaration (closed objects: a key
    the declaration does not hold fails)."""
    return check_declared


@pytest.fixture(scope="session")
def conventions() -> Check:
    """Checks each attribute against the conventions' schema of it; skips when the
    conventions' files are not on this machine."""
    if not all((CONVENTIONS / file).is_file() for file, _ in SCHEMAS.values()):
        pytest.skip(
            f"the OpenTelemetry GenAI conventions' JSON Schemas are not in {CONVENTIONS} "
            "(set AGENT_IR_OTEL_SPECS to a copy of model/gen-ai/ of "
            "open-telemetry/semantic-conventions-genai)"
        )
    loaded = {
        key: json.loads((CONVENTIONS / file).read_text(encoding="utf-8"))
        for key, (file, _) in SCHEMAS.items()
    }

    validators = {key: jsonschema.Draft202012Validator(schema) for key, schema in loaded.items()}
    members = {
        (key, name): jsonschema.Draft202012Validator(
            {"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"}
        )
        for key, schema in loaded.items()
        for name in schema["$defs"]
    }

    def check(attributes: dict[str, Any]) -> None:
        for key, value in attributes.items():
            validators[key].validate(value)
            # Each union ends with a generic member that takes any object with a type
            # (GenericPart, GenericToolDefinition): check each part against the member
            # its type names too, or a text part without its content would pass.
            for item, name in _members(key, value):
                members[key, name].validate(item)

    return check


PART_MEMBERS = {
    "text": "TextPart",
    "tool_call": "ToolCallRequestPart",
    "tool_call_response": "ToolCallResponsePart",
    "server_tool_call": "ServerToolCallPart",
    "server_tool_call_response": "ServerToolCallResponsePart",
    "blob": "BlobPart",
    "file": "FilePart",
    "uri": "UriPart",
    "reasoning": "ReasoningPart",
    "compaction": "CompactionPart",
}


def _members(key: str, value: list[Any]) -> list[tuple[Any, str]]:
    """(each part or tool, the conventions' definition its type names)."""
    if key == "gen_ai.tool.definitions":
        return [(tool, "FunctionToolDefinition") for tool in value if tool["type"] == "function"]
    if key == "gen_ai.system_instructions":
        return [(part, "TextPart") for part in value if part["type"] == "text"]
    return [
        (part, PART_MEMBERS[part["type"]])
        for message in value
        for part in message["parts"]
        if part["type"] in PART_MEMBERS
    ]
