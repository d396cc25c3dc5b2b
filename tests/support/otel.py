"""What the OpenTelemetry tests share: a conversation holding every part the IR can
write (``CONVERSATION``), its tool, the conformance transcripts' folder, and the check
of attributes against the project's declaration of the format."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from agent_ir import schemas

from support.builders import PNG_BASE64

CONFORMANCE = Path(__file__).parents[2] / "fixtures" / "conformance" / "transcripts"
# attribute -> (the conventions' file, the declaration's definition)
SCHEMAS = {
    "gen_ai.system_instructions": ("gen-ai-system-instructions.json", "SystemInstructions"),
    "gen_ai.input.messages": ("gen-ai-input-messages.json", "InputMessages"),
    "gen_ai.output.messages": ("gen-ai-output-messages.json", "OutputMessages"),
    "gen_ai.tool.definitions": ("gen-ai-tool-definitions.json", "ToolDefinitions"),
}
DECLARATION = "https://agent-ir.dev/schemas/v1/wire/otel.schema.json"
WEATHER = {
    "name": "weather",
    "description": "The weather of a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}


def user(content: Any, id: str = "u") -> dict[str, Any]:
    return {"role": "user", "id": id, "content": content}


def assistant(*blocks: dict[str, Any], id: str = "a", **fields: Any) -> dict[str, Any]:
    return {"role": "assistant", "id": id, "content": list(blocks), **fields}


def result(call_id: str, content: Any = "sunny", name: str = "weather", **fields: Any) -> Any:
    return {
        "role": "toolResult",
        "id": f"r-{call_id}",
        "toolCallId": call_id,
        "toolName": name,
        "content": content,
        "isError": False,
        **fields,
    }


def call(call_id: str = "c1", name: str = "weather", **arguments: Any) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments}


def warned(request: Any) -> list[tuple[str, str]]:
    return [(str(found.code), found.path) for found in request.warnings]


CONVERSATION = [
    {"role": "system", "id": "s1", "content": "Be brief."},
    {"role": "system", "id": "s2", "content": "Use metric units."},
    user(
        [
            {"type": "text", "text": "Weather here?"},
            {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64}},
            {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
            {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": "AAAA"}},
            {"type": "document", "source": {"type": "file", "fileId": "file-1"}},
        ]
    ),
    assistant(
        {"type": "thinking", "thinking": "Look it up."},
        {"type": "text", "text": "Checking."},
        call("c1", city="Paris"),
        stopReason="toolCall",
        id="a1",
    ),
    result("c1", [{"type": "text", "text": "sunny"}]),
    {"role": "system", "id": "s3", "content": "Answer now."},
    assistant(
        {
            "type": "serverToolCall",
            "provider": "otel",
            "id": "ws1",
            "name": "web_search",
            "input": {"type": "web_search", "query": "Paris"},
        },
        {
            "type": "serverToolResult",
            "provider": "otel",
            "toolCallId": "ws1",
            "wire": {"type": "web_search", "results": ["a"]},
        },
        {"type": "text", "text": "Sunny, 20 C."},
        stopReason="stop",
        id="a2",
    ),
]  # fmt: skip


@functools.cache
def _declared() -> dict[str, jsonschema.Draft202012Validator]:
    text = (schemas.schema_dir() / "wire" / "otel.schema.json").read_text(encoding="utf-8")
    registry: Registry[Any] = Registry().with_resource(
        DECLARATION, Resource.from_contents(json.loads(text), default_specification=DRAFT202012)
    )
    return {
        key: jsonschema.Draft202012Validator(
            {"$ref": f"{DECLARATION}#/$defs/{name}"}, registry=registry
        )
        for key, (_, name) in SCHEMAS.items()
    }


def check_declared(attributes: dict[str, Any]) -> None:
    """Each attribute valid under the project's declaration of the format (closed
    objects: a key the declaration does not hold fails)."""
    validators = _declared()
    for key, value in attributes.items():
        validators[key].validate(value)
