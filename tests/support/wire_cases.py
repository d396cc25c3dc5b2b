"""What the wire conversion tests (``tests/wire``) share: IR messages and blocks in JSON
form, short ids by default, the warnings of a conversion as tuples, and the tool name a
result reads back with.

Each builder returns a fresh value, so a test may mutate what it gets.
"""

from __future__ import annotations

from typing import Any

from agent_ir.wire import ConversionWarningCode, WireMessages, WireRequest

from support.builders import PNG_BASE64

# --- IR messages and blocks in JSON form -----------------------------------------------


def system(content: str, id: str = "s") -> dict[str, Any]:
    return {"role": "system", "id": id, "content": content}


def user(content: Any, id: str = "u") -> dict[str, Any]:
    return {"role": "user", "id": id, "content": content}


def assistant(*blocks: dict[str, Any], id: str = "a") -> dict[str, Any]:
    return {"role": "assistant", "id": id, "content": list(blocks)}


def result(
    call_id: str, name: str, content: Any = "done", *, is_error: bool = False, id: str = "r"
) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": id,
        "toolCallId": call_id,
        "toolName": name,
        "content": content,
        "isError": is_error,
    }


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def call(call_id: str, name: str, arguments: Any = None) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments or {}}


def inline(kind: str, media_type: str, data: str) -> dict[str, Any]:
    """An ``image``, ``document`` or ``audio`` block (``kind``) with a base64 source."""
    return {"type": kind, "source": {"type": "base64", "mediaType": media_type, "data": data}}


def png() -> dict[str, Any]:
    return inline("image", "image/png", PNG_BASE64)


# --- what a conversion gives ------------------------------------------------------------


def warned(result: WireRequest | WireMessages) -> list[tuple[str, int, int]]:
    """The warnings of ``result`` as (code, message index, block index)."""
    return [(w.code, w.message_index, w.block_index) for w in result.warnings]


def call_name(transcript: list[Any], index: int) -> str | None:
    """The name a result at ``index`` reads back with: that of the nearest earlier call
    with its id, else of the first later one; None when there is no such call."""
    call_id = transcript[index]["toolCallId"]
    calls = [
        (position, block["name"])
        for position, message in enumerate(transcript)
        if message["role"] == "assistant"
        for block in message["content"]
        if block["type"] == "toolCall" and block["id"] == call_id
    ]
    earlier = [name for position, name in calls if position < index]
    later = [name for position, name in calls if position > index]
    return (earlier[-1:] or later[:1] or [None])[0]


def located(result: WireRequest | WireMessages) -> list[tuple[str, str]]:
    """The warnings of ``result`` as (code, path)."""
    return [(w.code, w.path) for w in result.warnings]


def resolve(document: Any, pointer: str) -> Any:
    """The value the JSON Pointer ``pointer`` (RFC 6901) names in ``document``;
    ``KeyError`` or ``IndexError`` when it names nothing there."""
    value = document
    for token in pointer.split("/")[1:] if pointer else ():
        key = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, list):
            if not (key.isascii() and key.isdigit()) or (len(key) > 1 and key[0] == "0"):
                raise KeyError(key)
            value = value[int(key)]
        else:
            value = value[key]
    return value


def without_thought_signatures(
    transcript: list[Any], expected: list[dict[str, Any]], losses: list[tuple[str, int, int]]
) -> tuple[list[dict[str, Any]], list[tuple[str, int, int]]]:
    """A round-trip model of a format without Gemini's ``thoughtSignature``: the
    expected messages without it, and the losses followed by one SIGNATURE_NOT_SENT
    per signed block (every ``to_*`` but ``to_gemini`` warns them after its own)."""
    signed = [
        (ConversionWarningCode.SIGNATURE_NOT_SENT, index, block_index)
        for index, message in enumerate(transcript)
        if not isinstance(message["content"], str)
        for block_index, block in enumerate(message["content"])
        if "thoughtSignature" in block
    ]
    return [_unsigned(message) for message in expected], [*losses, *signed]


def _unsigned(message: dict[str, Any]) -> dict[str, Any]:
    content = message.get("content")
    if not isinstance(content, list):
        return message
    blocks = [
        {k: v for k, v in block.items() if k != "thoughtSignature"}
        if isinstance(block, dict)
        else block
        for block in content
    ]
    return {**message, "content": blocks}
