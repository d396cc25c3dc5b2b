"""Gemini requests checked against the official ``google-genai`` SDK: every
``to_gemini`` output validates with the SDK's own models (which forbid unknown keys),
and the SDK client, pointed at a loopback server, sends the request agent-ir built
(modulo its base64 re-encoding of bytes fields) and that body reads back to the same
IR."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pydantic
import pytest
from google import genai
from google.genai import types
from hypothesis import HealthCheck, given, settings

from agent_ir import to_json_value
from agent_ir.wire import from_gemini, to_gemini

from support.builders import PNG_BASE64
from support.examples import examples
from support.loopback import loopback_only, recording_server
from support.strategies import transcripts
from support.wire_cases import assistant, call, inline, png, result, system, text, user

pytestmark = pytest.mark.allow_hosts(["127.0.0.1"])

REPLY = {
    "candidates": [
        {"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "STOP"}
    ]
}
TOOLS = [
    {
        "name": "weather",
        "description": "The weather in a city",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
    {"name": "shot"},
]


@pytest.fixture(autouse=True)
def _loopback_only() -> Iterator[None]:
    with loopback_only():
        yield


def gemini3_tool_loop() -> list[Any]:
    """A Gemini 3 tool loop as the API signs it: of parallel calls only the first is
    signed; the text reply signs its last part."""
    return [
        system("Answer briefly."),
        user([text("Weather in Paris and Rome? And a screenshot."), png()], id="u1"),
        assistant(
            {"type": "thinking", "thinking": "Two cities.", "thoughtSignature": "c2lnLXRoaW5r"},
            {
                **call("gemini_call_1_1", "weather", {"city": "Paris"}),
                "thoughtSignature": "Ab+/c2ln",
            },
            call("gemini_call_1_2", "weather", {"city": "Rome"}),
            call("call_given", "shot"),
            id="a1",
        ),
        result("gemini_call_1_1", "weather", '{"temp":21,"sky":"clear"}', id="r1"),
        result("gemini_call_1_2", "weather", "service down", is_error=True, id="r2"),
        result("call_given", "shot", [text("captured"), png()], id="r3"),
        assistant(
            text("Paris is 21 degrees and clear; "),
            {"type": "text", "text": "Rome is unknown.", "thoughtSignature": "bGFzdA=="},
            id="a2",
        ),
        user(
            [
                inline("audio", "audio/wav", "UklGRg=="),
                inline("document", "application/pdf", "JVBERi0="),
                {"type": "document", "source": {"type": "file", "fileId": "files/report"}},
            ],
            id="u2",
        ),
    ]


def validate_with_sdk(fields: dict[str, Any]) -> None:
    for content in fields["contents"]:
        types.Content.model_validate(content)
    if "systemInstruction" in fields:
        types.Content.model_validate(fields["systemInstruction"])
    for tool in fields.get("tools", []):
        types.Tool.model_validate(tool)


def test_the_sdk_models_refuse_unknown_keys_so_validation_catches_a_typo() -> None:
    with pytest.raises(pydantic.ValidationError, match="functionCal"):
        types.Content.model_validate({"role": "model", "parts": [{"functionCal": {}}]})
    with pytest.raises(pydantic.ValidationError):
        types.Tool.model_validate({"functionDeclarations": [{"name": "f", "parameter": {}}]})


def test_a_gemini3_tool_loop_validates_with_the_sdk_types() -> None:
    request = to_gemini(gemini3_tool_loop(), tools=TOOLS)
    assert request.warnings == ()
    validate_with_sdk(request.fields)


def _as_gemini_writes_bytes(transcript: list[Any]) -> list[Any]:
    """Generated signatures are any text, Gemini's are base64; generated base64 may
    have non-zero padding bits ("00=="), which the IR's pattern takes and the SDK's
    strict decoder does not: both made canonical (the SDK decodes them)."""
    for message in transcript:
        for block in message["content"] if isinstance(message["content"], list) else ():
            if "thoughtSignature" in block:
                block["thoughtSignature"] = base64.b64encode(
                    block["thoughtSignature"].encode("utf-8", "surrogatepass")
                ).decode()
            source = block.get("source", {})
            if source.get("type") == "base64":
                source["data"] = base64.b64encode(base64.b64decode(source["data"])).decode()
    return transcript


@settings(
    max_examples=examples(60),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(transcripts().map(_as_gemini_writes_bytes))
def test_every_to_gemini_output_validates_with_the_sdk_types(transcript: list[Any]) -> None:
    validate_with_sdk(to_gemini(transcript).fields)


def _decoded(value: Any, key: str | None = None) -> Any:
    """``value`` with bytes fields (``data``, ``thoughtSignature``) decoded, snake_case
    keys the SDK writes made camelCase: how the API reads both spellings alike."""
    if isinstance(value, dict):
        found = {}
        for name, item in value.items():
            camel = (
                name
                if key in ("args", "response", "properties", "parametersJsonSchema")
                else _camel(name)
            )
            if camel in ("data", "thoughtSignature") and isinstance(item, str):
                found[camel] = base64.urlsafe_b64decode(
                    item.replace("+", "-").replace("/", "_") + "=" * (-len(item) % 4)
                )
            else:
                found[camel] = _decoded(item, camel)
        return found
    if isinstance(value, list):
        return [_decoded(item, key) for item in value]
    return value


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


def _ir(messages: Any) -> list[Any]:
    """IR messages in JSON form, without ids, signatures as their bytes."""
    plain = [
        {k: v for k, v in (m if isinstance(m, dict) else to_json_value(m)).items() if k != "id"}
        for m in messages
    ]
    return _decoded(plain)


def test_the_sdk_client_sends_what_to_gemini_built_and_it_reads_back_the_same() -> None:
    transcript = gemini3_tool_loop()
    request = to_gemini(transcript, tools=TOOLS)
    fields = request.fields
    with recording_server(REPLY) as (base_url, recorded):
        client = genai.Client(api_key="x", http_options=types.HttpOptions(base_url=base_url))
        response = client.models.generate_content(
            model="gemini-3-pro-preview",
            contents=fields["contents"],
            config=types.GenerateContentConfig(
                system_instruction=fields["systemInstruction"], tools=fields["tools"]
            ),
        )
    assert response.text == "ok"
    method, path, body = recorded.requests[-1]
    assert (method, path) == ("POST", "/v1/models/gemini-3-pro-preview:generateContent")
    for key in ("contents", "systemInstruction", "tools"):
        assert _decoded(body[key]) == _decoded(fields[key]), key
    # the SDK re-encodes the signatures URL-safe: the bytes are the same
    sent_signature = body["contents"][1]["parts"][1]["thoughtSignature"]
    assert sent_signature != fields["contents"][1]["parts"][1]["thoughtSignature"]
    assert base64.urlsafe_b64decode(sent_signature + "==") == base64.b64decode("Ab+/c2ln")
    read = from_gemini(
        body["contents"], system_instruction=body["systemInstruction"], tools=body["tools"]
    )
    direct = from_gemini(
        fields["contents"], system_instruction=fields["systemInstruction"], tools=fields["tools"]
    )
    assert _ir(read) == _ir(direct)
    assert read.tools == direct.tools
    # the made-up ids come back from the same places, the results pair by name
    assert _ir(read) == _ir(transcript)
    # written back, the SDK's body is what to_gemini built (same bytes)
    again = to_gemini(list(read), tools=list(read.tools or ()))
    assert _decoded(again.fields) == _decoded(fields)


def test_the_sdk_takes_url_safe_unpadded_inline_data_and_from_gemini_makes_it_standard() -> None:
    url_safe = base64.urlsafe_b64encode(base64.b64decode(PNG_BASE64)).decode().rstrip("=")
    content = {
        "role": "user",
        "parts": [{"inlineData": {"mimeType": "image/png", "data": url_safe}}],
    }
    assert types.Content.model_validate(content).parts[0].inline_data.data == base64.b64decode(
        PNG_BASE64
    )  # type: ignore[index, union-attr]
    read = from_gemini([content])
    assert to_json_value(read[0])["content"] == [png()]
