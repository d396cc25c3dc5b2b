"""What each kind of IR content becomes in a provider's format and what reading it back
gives, shown by running the conversions when the site is built: ``to_<format>`` on a
small transcript per kind, its warnings, then ``from_<format>`` on what it wrote."""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from typing import Any

__all__ = ["SAMPLES", "TOOL_LOOP", "Converted", "convert", "example", "mapping"]

_USER = {"role": "user", "id": "u1", "content": "What is the weather in Paris?"}
_CALL = {
    "type": "toolCall",
    "id": "call_1",
    "name": "get_weather",
    "arguments": {"city": "Paris"},
}
_RESULT = {
    "role": "toolResult",
    "id": "r1",
    "toolCallId": "call_1",
    "toolName": "get_weather",
    "content": [{"type": "text", "text": "18 °C, sunny"}],
    "isError": False,
}


def _user(*blocks: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"role": "user", "id": "u1", "content": list(blocks)}]


def _reply(*blocks: dict[str, Any]) -> list[dict[str, Any]]:
    return [_USER, {"role": "assistant", "id": "a1", "content": list(blocks)}]


# (what the transcript shows, the transcript in the IR's JSON form)
SAMPLES: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "A system message and a user's question",
        [{"role": "system", "id": "s1", "content": "Answer in one sentence."}, _USER],
    ),
    (
        "An image, inline",
        _user(
            {"type": "text", "text": "What is this?"},
            {
                "type": "image",
                "source": {"type": "base64", "mediaType": "image/png", "data": "iVBORw0KGgo="},
            },
        ),
    ),
    (
        "An image by URL, with a detail level",
        _user(
            {
                "type": "image",
                "source": {"type": "url", "url": "https://example.com/cat.png"},
                "detail": "low",
            },
        ),
    ),
    (
        "A PDF document",
        _user(
            {
                "type": "document",
                "source": {
                    "type": "base64",
                    "mediaType": "application/pdf",
                    "data": "JVBERi0xLjcK",
                },
                "filename": "report.pdf",
            },
        ),
    ),
    (
        "Audio",
        _user(
            {
                "type": "audio",
                "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklGRiQAAABXQVZF"},
            },
        ),
    ),
    (
        "A prompt-cache breakpoint",
        _user(
            {"type": "text", "text": "A long document...", "cacheControl": {"type": "ephemeral"}}
        ),
    ),
    (
        "A tool call and its result",
        [*_reply(_CALL), _RESULT],
    ),
    (
        "Thinking with its signature, then the answer",
        _reply(
            {"type": "thinking", "thinking": "Paris is in France.", "signature": "EqQBCkYIB..."},
            {"type": "text", "text": "Paris is in France."},
        ),
    ),
    (
        "A refusal",
        _reply({"type": "refusal", "text": "I can't help with that."}),
    ),
]


@dataclass(frozen=True)
class Converted:
    """One sample through a format: what was sent (the request's fields), the warnings
    of sending it, the IR read back from it, and the warnings of reading it."""

    sent: dict[str, Any]
    sent_warnings: list[str]
    back: list[Any]
    back_warnings: list[str]
    same: bool


def convert(folder: str, transcript: list[dict[str, Any]], reader: Any) -> Converted:
    """``transcript`` (IR JSON) through ``to_<folder>`` and back through ``from_<folder>``
    (``reader``: the format's request keys, ``RequestReader``)."""
    import agent_ir
    from agent_ir import wire

    write = getattr(wire, f"to_{folder}")
    # A writer of binary values (Bedrock's bytes for boto3) writes the JSON form here.
    binary = {"binary": "base64"} if "binary" in inspect.signature(write).parameters else {}
    request = write(agent_ir.parse_transcript(transcript), **binary)
    sent = dict(request.fields)
    read = getattr(wire, f"from_{folder}")
    # from_anthropic(messages, *, system=...), from_gemini(contents, *,
    # system_instruction=...): the keyword that is not tools takes the system key.
    keywords = [
        parameter.name
        for parameter in inspect.signature(read).parameters.values()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.name != "tools"
    ]
    given = {}
    if reader.system_key in sent and keywords:
        given[keywords[0]] = sent[reader.system_key]
    back = read(sent[reader.messages_key], **given)
    back_json = agent_ir.to_json_value(tuple(back))
    return Converted(
        sent=sent,
        sent_warnings=[_warning(found) for found in request.warnings],
        back=back_json,
        back_warnings=[_warning(found) for found in back.warnings],
        same=_without_ids(back_json) == _without_ids(transcript),
    )


def _warning(found: Any) -> str:
    return f"{found.code.value} at {found.path}" if found.path else found.code.value


def _without_ids(messages: Any) -> Any:
    """The messages without their own ids (which reading assigns), blocks untouched."""
    return [{key: item for key, item in message.items() if key != "id"} for message in messages]


TOOL_LOOP = [SAMPLES[0][1][0], *SAMPLES[6][1], {
    "role": "assistant", "id": "a2", "content": [{"type": "text", "text": "18 °C and sunny."}],
}]  # fmt: skip
"""The page's first example: a system message, a question, a tool call, its result
and the answer."""


def example(folder: str, reader: Any) -> list[str]:
    """The page's first example: ``TOOL_LOOP`` sent with ``to_<folder>``, as code and
    the request's fields it gives."""
    done = convert(folder, TOOL_LOOP, reader)
    if done.sent_warnings:  # the words below say nothing is lost
        raise ValueError(f"to_{folder}: the example warns {done.sent_warnings}")
    return [
        "```python",
        "from agent_ir import parse_transcript",
        f"from agent_ir.wire import to_{folder}",
        "",
        f"transcript = parse_transcript({_python(TOOL_LOOP)})",
        f"to_{folder}(transcript).fields",
        "```",
        "",
        "gives the request's keys, to pass to the SDK (`warnings` is empty: nothing lost):",
        "",
        "```json",
        json.dumps(done.sent, indent=2, ensure_ascii=False),
        "```",
        "",
    ]


def _python(value: Any) -> str:
    text = json.dumps(value, indent=4, ensure_ascii=False)
    return (
        text.replace(": false", ": False").replace(": true", ": True").replace(": null", ": None")
    )


def mapping(folder: str, reader: Any, code_link: Any) -> list[str]:
    """For each sample: the IR, what is sent, the warnings, and what is read back."""
    lines: list[str] = []
    for title, transcript in SAMPLES:
        done = convert(folder, transcript, reader)
        lines += [
            f"### {title}",
            "",
            "```text",
            f"IR:        {_compact(transcript)}",
            f"sent:      {_compact(done.sent)}",
            f"read back: {'the same IR' if done.same else _compact(_without_ids(done.back))}",
            "```",
            "",
        ]
        warned = [
            *(f"sending: {_linked(text, code_link)}" for text in done.sent_warnings),
            *(f"reading back: {_linked(text, code_link)}" for text in done.back_warnings),
        ]
        lines += [f"Warned: {'; '.join(warned)}." if warned else "Nothing is warned.", ""]
    return lines


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _linked(warning: str, code_link: Any) -> str:
    code, _, where = warning.partition(" at ")
    return code_link(code) + (f" at `{where}`" if where else "")
