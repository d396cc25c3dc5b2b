"""The IR to and from pydantic-ai's message history (``list[ModelMessage]``: what
``result.all_messages()`` gives and ``agent.run(..., message_history=...)`` takes).

``to_pydantic_ai(transcript)`` returns a ``WireRequest`` whose ``fields`` are
``{"message_history": [...]}`` (pass ``**request.fields`` to ``agent.run``): each
assistant message is a ``ModelResponse``, each run of system, user and tool-result
messages one ``ModelRequest`` with a part per message. ``from_pydantic_ai(messages)``
reads such a list back into ``WireMessages``: a message per request part, one per
response.

The mapping (IR -> pydantic-ai, read back the same way):

- system: ``SystemPromptPart``; user: ``UserPromptPart`` (a string, or a list of
  strings, ``BinaryContent`` for base64 images, audio and documents, ``ImageUrl``
  with the image ``detail`` in ``vendor_metadata``, ``DocumentUrl``, ``UploadedFile``
  for a file id (provider ``anthropic`` for an id starting ``file_``, as Anthropic's
  Files API names them, else ``openai``), and a ``CachePoint`` after a block with a
  cache breakpoint); tool result: ``ToolReturnPart`` (``outcome="failed"`` for an
  error); timestamps: each part's ``timestamp``.
- assistant: ``ModelResponse`` with ``provider_response_id`` (the id, unless it is the
  one ``from_pydantic_ai`` gives a response without one),
  ``model_name``, ``provider_name``, ``timestamp``, ``usage`` (``RequestUsage``) and
  ``finish_reason``; text: ``TextPart`` (``id``: the item id); thinking:
  ``ThinkingPart`` with its ``signature`` and the message's ``provider_name`` (so that
  pydantic-ai sends a signature back to its maker only), redacted thinking as
  pydantic-ai writes it (``id="redacted_thinking"``); tool call: ``ToolCallPart``;
  a server tool's call and result: ``NativeToolCallPart`` (its ``wire`` in
  ``provider_details``) and ``NativeToolReturnPart``; a Gemini ``thoughtSignature``:
  ``provider_details["thought_signature"]``, where pydantic-ai's Google model keeps it.

What pydantic-ai has no field for (message ids of request parts, a refusal, citations,
a cache breakpoint outside user content, a redacted flag on visible thinking, ...)
rides in the message's ``metadata["agent_ir"]`` (the *carrier*, which pydantic-ai
never sends to a model; see ``agent_ir.adapters._carrier``) so that the IR reads back
equal, and what a model would not get is a ``ConversionWarning`` all the same.

Read from pydantic-ai without an IR form, each a ``PART_NOT_READ`` warning at its path
(``/<message>/parts/<part>[/...]``): video, ``AudioUrl``, a response's ``FilePart``
and its ``provider_details``, citations of a ``TextPart``, a thinking part's ``id``, a
``RetryPromptPart`` (read as an error tool result, or a user message without a tool
name, holding the text pydantic-ai sends) and a ``RetryFeedbackPart`` (a user message
of that text), a tool return's ``metadata`` and an outcome
other than success or failed, and the parts pydantic-ai adds for its own machinery
(tool search, compaction, speech, deltas). A request's ``instructions`` are read as a
system message before its parts (SYSTEM_MOVED), once while they stay the same. Not
read and not warned: run and conversation ids, the ``state`` of a message, its
application ``metadata`` other than the carrier, a part's ``dynamic_ref``, usage
details beyond the IR's five counts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir.adapters._carrier import CARRIER_KEY, apply
from agent_ir.adapters._common import (
    JsonDict,
    b64,
    carrier_of,
    from_timestamp,
    guarded,
    input_items,
    to_timestamp,
    unb64,
)
from agent_ir.messages import to_json_value
from agent_ir.wire._common import (
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    assigned_id,
    fits_ir,
    ir_messages,
    parse_arguments,
    transcript_items,
)

__all__ = ["from_pydantic_ai", "to_pydantic_ai"]

TO = "to_pydantic_ai"
FROM = "from_pydantic_ai"
FRAMEWORK = "pydantic-ai"
Code = ConversionWarningCode

_FINISH_TO_IR = {
    "stop": "stop",
    "length": "length",
    "tool_call": "toolCall",
    "error": "error",
    "content_filter": "refusal",
}
_FINISH_FROM_IR = {value: key for key, value in _FINISH_TO_IR.items()}
_REDACTED = "redacted_thinking"
_SIGNATURE = "thought_signature"


def _pai() -> Any:
    """pydantic-ai's messages module, imported when a conversion runs."""
    try:
        from pydantic_ai import messages
    except ImportError as error:  # pragma: no cover - the extra is installed in tests
        raise ImportError(
            "agent_ir's pydantic-ai adapter needs pydantic-ai: pip install 'agent-ir[pydantic-ai]'"
        ) from error
    return messages


# --- IR -> pydantic-ai ----------------------------------------------------------------


def to_pydantic_ai(transcript: object) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own) -> ``WireRequest(fields={"message_history": [ModelRequest |
    ModelResponse, ...]})``, with a warning for each thing a model would not get (see
    the module docstring)."""
    m = _pai()
    messages = transcript_items(TO, transcript)
    warnings = Warnings()
    history: list[Any] = []
    pending: list[tuple[int, JsonDict]] = []

    def flush() -> None:
        if pending:
            history.append(_write_request(m, pending, warnings))
            pending.clear()

    # One encoding of the whole transcript (each message's costs a check of its own).
    for index, ir in enumerate(to_json_value(messages)):
        if ir["role"] == "assistant":
            flush()
            history.append(_write_response(m, ir, index, warnings))
        else:
            pending.append((index, ir))
    flush()
    return WireRequest(fields={"message_history": history}, warnings=warnings.all())


def _write_request(m: Any, messages: list[tuple[int, JsonDict]], warnings: Warnings) -> Any:
    parts = [_write_part(m, ir) for _, ir in messages]
    request = m.ModelRequest(parts=parts)
    start = messages[0][0]
    read = _read_request(m, request, 0, start, Warnings(), _State())
    carriers: JsonDict = {}
    for (index, ir), back in zip(messages, read, strict=True):
        carrier = carrier_of(ir, back, warnings, index, FRAMEWORK)
        if carrier:
            carriers[str(index - start)] = {"role": ir["role"], **carrier}
    if carriers:
        request.metadata = {CARRIER_KEY: {"parts": carriers}}
    return request


def _write_part(m: Any, ir: JsonDict) -> Any:
    timestamp = to_timestamp(ir.get("timestamp"))
    role = ir["role"]
    if role == "system":
        return m.SystemPromptPart(content=ir["content"], timestamp=timestamp)
    if role == "user":
        content = ir["content"]
        if type(content) is not str:
            content = _write_items(m, content)
        return m.UserPromptPart(content=content, timestamp=timestamp)
    content = ir["content"]
    return m.ToolReturnPart(
        tool_name=ir["toolName"],
        content=content if type(content) is str else _write_items(m, content),
        tool_call_id=ir["toolCallId"],
        timestamp=timestamp,
        outcome="failed" if ir["isError"] else "success",
    )


def _write_items(m: Any, blocks: list[JsonDict]) -> list[Any]:
    items: list[Any] = []
    for block in blocks:
        items.append(_write_item(m, block))
        cache = block.get("cacheControl")
        if cache is not None:
            items.append(m.CachePoint(ttl=cache.get("ttl", "5m")))
    return items


def _write_item(m: Any, block: JsonDict) -> Any:
    kind = block["type"]
    if kind == "text":
        return block["text"]
    source = block["source"]
    if source["type"] == "base64":
        return m.BinaryContent(data=unb64(source["data"]), media_type=source["mediaType"])
    if source["type"] == "file":
        file_id = source["fileId"]
        provider = "anthropic" if file_id.startswith("file_") else "openai"
        return m.UploadedFile(file_id=file_id, provider_name=provider)
    if kind == "image":
        detail = block.get("detail")
        metadata = {"detail": detail} if detail is not None else None
        return m.ImageUrl(url=source["url"], vendor_metadata=metadata)
    return m.DocumentUrl(url=source["url"])


def _write_response(m: Any, ir: JsonDict, index: int, warnings: Warnings) -> Any:
    provider = ir.get("provider")
    names = {
        block["id"]: block["name"] for block in ir["content"] if block["type"] == "serverToolCall"
    }
    parts = [_write_block(m, block, provider, names) for block in ir["content"]]
    usage = ir.get("usage") or {}
    response = m.ModelResponse(
        parts=parts,
        usage=m.RequestUsage(
            input_tokens=usage.get("inputTokens", 0),
            output_tokens=usage.get("outputTokens", 0),
            cache_read_tokens=usage.get("cacheReadTokens", 0),
            cache_write_tokens=usage.get("cacheWriteTokens", 0),
            output_reasoning_tokens=usage.get("reasoningTokens", 0),
        ),
        model_name=ir.get("model"),
        timestamp=to_timestamp(ir.get("timestamp")),
        provider_name=provider,
        # An id from_pydantic_ai gave (none in the response) is not written as one.
        provider_response_id=None if ir["id"] == assigned_id(index) else ir["id"],
        finish_reason=_FINISH_FROM_IR.get(ir.get("stopReason", "")),
    )
    back = _read_response(m, response, 0, index, Warnings())
    carrier = carrier_of(ir, back, warnings, index, FRAMEWORK)
    if carrier:
        response.metadata = {CARRIER_KEY: carrier}
    return response


def _write_block(m: Any, block: JsonDict, provider: str | None, names: dict[str, str]) -> Any:
    kind = block["type"]
    signature = block.get("thoughtSignature")
    details = {_SIGNATURE: signature} if signature is not None else None
    if kind in ("text", "refusal"):
        return m.TextPart(content=block["text"], id=block.get("itemId"), provider_details=details)
    if kind == "thinking":
        return m.ThinkingPart(
            content=block["thinking"],
            id=_REDACTED if block.get("redacted") else None,
            signature=block.get("signature"),
            provider_name=provider,
            provider_details=details,
        )
    if kind == "toolCall":
        return m.ToolCallPart(
            tool_name=block["name"],
            args=block["arguments"],
            tool_call_id=block["id"],
            id=block.get("itemId"),
            provider_details=details,
        )
    if kind == "serverToolCall":
        return m.NativeToolCallPart(
            tool_name=block["name"],
            args=block["input"],
            tool_call_id=block["id"],
            provider_name=block["provider"],
            provider_details=block.get("wire"),
        )
    return m.NativeToolReturnPart(
        tool_name=names.get(block["toolCallId"], "unknown"),
        content=block["wire"],
        tool_call_id=block["toolCallId"],
        provider_name=block["provider"],
    )


# --- pydantic-ai -> IR ----------------------------------------------------------------


class _State:
    """What reading carries from one message to the next: the instructions last read."""

    def __init__(self) -> None:
        self.instructions: str | None = None


def from_pydantic_ai(messages: object) -> WireMessages:
    """A pydantic-ai message history (a list or tuple of ``ModelRequest`` and
    ``ModelResponse``) -> ``WireMessages``, with a ``PART_NOT_READ`` warning for each
    thing without an IR form (see the module docstring). ``WireFormatError`` for an
    item that is not a pydantic-ai message; ``TranscriptError`` when what was read is
    not valid IR (tool-call arguments that are not a JSON object, say)."""
    m = _pai()
    items = input_items(FROM, messages)
    warnings = Warnings()
    state = _State()
    read: list[JsonDict] = []
    for index, item in enumerate(items):
        position = len(read)
        if isinstance(item, m.ModelRequest):
            read.extend(
                guarded(FROM, index, _read_request, m, item, index, position, warnings, state)
            )
        elif isinstance(item, m.ModelResponse):
            read.append(guarded(FROM, index, _read_response, m, item, index, position, warnings))
        else:
            raise WireFormatError(
                FROM,
                (index,),
                f"must be a ModelRequest or ModelResponse; it is {type(item).__name__}",
            )
    return WireMessages(ir_messages(read), warnings.all())


def _carrier(metadata: object) -> object:
    if isinstance(metadata, dict):
        return metadata.get(CARRIER_KEY)
    return None


def _read_request(
    m: Any, request: Any, index: int, position: int, warnings: Warnings, state: _State
) -> list[JsonDict]:
    read: list[JsonDict] = []
    instructions = request.instructions
    if instructions and instructions != state.instructions:
        state.instructions = instructions
        warnings.add(
            Code.SYSTEM_MOVED,
            index,
            -1,
            "the request's instructions are read as a system message before its parts"
            " (repeated ones once)",
            path=f"/{index}/instructions",
        )
        read.append({"role": "system", "id": assigned_id(position), "content": instructions})
    carriers = _carrier(request.metadata)
    parts = carriers.get("parts") if isinstance(carriers, dict) else None
    if carriers is not None and not isinstance(parts, dict):
        warnings.add(
            Code.PART_NOT_READ,
            index,
            -1,
            "the agent-ir carrier is not an object of parts: not applied",
            path=f"/{index}/metadata/{CARRIER_KEY}",
        )
    for part_index, part in enumerate(request.parts):
        pointer = f"/{index}/parts/{part_index}"
        reader = _REQUEST_READERS.get(type(part).__name__)
        if reader is None:
            warnings.add(
                Code.PART_NOT_READ,
                index,
                part_index,
                f"a {type(part).__name__} has no IR form",
                path=pointer,
            )
            continue
        message = reader(m, part, index, part_index, warnings)
        message["id"] = assigned_id(position + len(read))
        timestamp = from_timestamp(getattr(part, "timestamp", None))
        if timestamp is not None:
            message["timestamp"] = timestamp
        carrier = parts.get(str(part_index)) if isinstance(parts, dict) else None
        if carrier is not None:
            message = apply(
                message,
                carrier,
                warnings,
                index,
                f"/{index}/metadata/{CARRIER_KEY}/parts/{part_index}",
            )
        read.append(message)
    return read


def _read_system(m: Any, part: Any, index: int, part_index: int, warnings: Warnings) -> JsonDict:
    return {"role": "system", "id": "", "content": part.content}


def _read_user(m: Any, part: Any, index: int, part_index: int, warnings: Warnings) -> JsonDict:
    content = part.content
    if type(content) is not str:
        if not isinstance(content, (list, tuple)):
            raise WireFormatError(
                FROM,
                (index, "parts", part_index, "content"),
                f"must be a string or a list; it is {type(content).__name__}",
            )
        content = _read_items(m, content, f"/{index}/parts/{part_index}/content", index, warnings)
    return {"role": "user", "id": "", "content": content}


def _read_tool_return(
    m: Any, part: Any, index: int, part_index: int, warnings: Warnings
) -> JsonDict:
    pointer = f"/{index}/parts/{part_index}"
    content = part.content
    if type(content) is str:
        read: Any = content
    elif isinstance(content, list) and all(
        type(item) is str or isinstance(item, (m.BinaryContent, m.ImageUrl)) for item in content
    ):
        read = _read_items(m, content, f"{pointer}/content", index, warnings)
    else:
        read = part.model_response_str()
    if part.metadata is not None:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            part_index,
            "a tool return's metadata has no IR form",
            path=f"{pointer}/metadata",
        )
    if part.outcome not in ("success", "failed"):
        warnings.add(
            Code.PART_NOT_READ,
            index,
            part_index,
            f"the outcome {part.outcome!r} has no IR form: read as an error",
            path=f"{pointer}/outcome",
        )
    return {
        "role": "toolResult",
        "id": "",
        "toolCallId": part.tool_call_id,
        "toolName": part.tool_name,
        "content": read,
        "isError": part.outcome != "success",
    }


def _read_retry(m: Any, part: Any, index: int, part_index: int, warnings: Warnings) -> JsonDict:
    text = part.model_response()
    pointer = f"/{index}/parts/{part_index}"
    if part.tool_name is None:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            part_index,
            "a retry prompt without a tool has no IR form: read as a user message of the"
            " text pydantic-ai sends",
            path=pointer,
        )
        return {"role": "user", "id": "", "content": text}
    warnings.add(
        Code.PART_NOT_READ,
        index,
        part_index,
        "a retry prompt has no IR form: read as an error tool result of the text pydantic-ai sends",
        path=pointer,
    )
    return {
        "role": "toolResult",
        "id": "",
        "toolCallId": part.tool_call_id,
        "toolName": part.tool_name,
        "content": text,
        "isError": True,
    }


def _read_feedback(m: Any, part: Any, index: int, part_index: int, warnings: Warnings) -> JsonDict:
    warnings.add(
        Code.PART_NOT_READ,
        index,
        part_index,
        "retry feedback has no IR form: read as a user message of the text pydantic-ai sends",
        path=f"/{index}/parts/{part_index}",
    )
    return {"role": "user", "id": "", "content": part.model_response()}


_REQUEST_READERS: dict[str, Callable[[Any, Any, int, int, Warnings], JsonDict]] = {
    "SystemPromptPart": _read_system,
    "UserPromptPart": _read_user,
    "ToolReturnPart": _read_tool_return,
    "RetryPromptPart": _read_retry,
    "RetryFeedbackPart": _read_feedback,
}


def _read_items(
    m: Any, items: Sequence[Any], pointer: str, index: int, warnings: Warnings
) -> list[JsonDict]:
    blocks: list[JsonDict] = []
    for item_index, item in enumerate(items):
        path = f"{pointer}/{item_index}"
        if isinstance(item, m.CachePoint):
            if not blocks:
                warnings.add(
                    Code.PART_NOT_READ,
                    index,
                    -1,
                    "a cache point before any content has no IR form",
                    path=path,
                )
                continue
            cache: JsonDict = {"type": "ephemeral"}
            if item.ttl != "5m":
                cache["ttl"] = item.ttl
            blocks[-1]["cacheControl"] = cache
            continue
        block = _read_item(m, item, path, index, warnings)
        if block is not None:
            blocks.append(block)
    return blocks


def _read_item(m: Any, item: Any, path: str, index: int, warnings: Warnings) -> JsonDict | None:
    def not_read(what: str) -> None:
        warnings.add(Code.PART_NOT_READ, index, -1, f"{what} has no IR form", path=path)

    if type(item) is str:
        return {"type": "text", "text": item}
    if isinstance(item, m.TextContent):
        if item.metadata is not None:
            not_read("a text content's metadata")
        return {"type": "text", "text": item.content}
    if isinstance(item, m.BinaryContent):
        return _binary(item, not_read)
    if isinstance(item, m.ImageUrl):
        return _image_url(item, not_read)
    if isinstance(item, m.DocumentUrl):
        return {"type": "document", "source": {"type": "url", "url": item.url}}
    if isinstance(item, m.UploadedFile):
        return {"type": "document", "source": {"type": "file", "fileId": item.file_id}}
    not_read(f"a {type(item).__name__}")
    return None


def _binary(item: Any, not_read: Callable[[str], None]) -> JsonDict | None:
    media_type = item.media_type
    kind = media_type.split("/", 1)[0].lower()
    block: JsonDict = {
        "type": {"image": "image", "audio": "audio"}.get(kind, "document"),
        "source": {"type": "base64", "mediaType": media_type, "data": b64(item.data)},
    }
    if kind == "video" or not item.data or not fits_ir(block):
        not_read(f"binary content of media type {media_type!r}")
        return None
    return block


def _image_url(item: Any, not_read: Callable[[str], None]) -> JsonDict:
    block: JsonDict = {"type": "image", "source": {"type": "url", "url": item.url}}
    metadata = dict(item.vendor_metadata or {})
    detail = metadata.pop("detail", None)
    if detail in ("auto", "low", "high"):
        block["detail"] = detail
    elif detail is not None:
        metadata["detail"] = detail
    if metadata:
        not_read(f"the image's vendor_metadata {sorted(metadata)}")
    return block


def _read_response(
    m: Any, response: Any, index: int, position: int, warnings: Warnings
) -> JsonDict:
    provider = _response_provider(response)
    message = _response_fields(response, provider, position)
    if response.provider_details:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            -1,
            "a response's provider_details have no IR form",
            path=f"/{index}/provider_details",
        )
    calls: dict[str, str] = {}
    for part_index, part in enumerate(response.parts):
        reader = _PartReader(part, index, part_index, provider, calls, warnings)
        read = _RESPONSE_READERS.get(type(part).__name__, _not_a_part)
        block = read(reader)
        if block is not None:
            message["content"].append(block)
    carrier = _carrier(response.metadata)
    if carrier is not None:
        message = apply(message, carrier, warnings, index, f"/{index}/metadata/{CARRIER_KEY}")
    return message


def _response_provider(response: Any) -> str | None:
    """The response's provider_name; when it has none, a thinking part's (which names
    its signature's maker: pydantic-ai's FunctionModel, say)."""
    if response.provider_name is not None:
        return str(response.provider_name)
    for part in response.parts:
        if type(part).__name__ == "ThinkingPart" and part.provider_name is not None:
            return str(part.provider_name)
    return None


def _response_fields(response: Any, provider: str | None, position: int) -> JsonDict:
    message: JsonDict = {
        "role": "assistant",
        "id": response.provider_response_id or assigned_id(position),
        "content": [],
    }
    timestamp = from_timestamp(response.timestamp)
    if timestamp is not None:
        message["timestamp"] = timestamp
    if provider is not None:
        message["provider"] = provider
    if response.model_name is not None:
        message["model"] = response.model_name
    usage = _read_usage(response.usage)
    if usage is not None:
        message["usage"] = usage
    stop = _FINISH_TO_IR.get(response.finish_reason or "")
    if stop is not None:
        message["stopReason"] = stop
    return message


def _read_usage(usage: Any) -> JsonDict | None:
    if usage is None:
        return None
    counts = {
        "inputTokens": usage.input_tokens,
        "outputTokens": usage.output_tokens,
        "cacheReadTokens": usage.cache_read_tokens,
        "cacheWriteTokens": usage.cache_write_tokens,
        "reasoningTokens": usage.output_reasoning_tokens,
    }
    if not any(counts.values()):
        return None
    read = {"inputTokens": counts.pop("inputTokens"), "outputTokens": counts.pop("outputTokens")}
    read.update((key, value) for key, value in counts.items() if value)
    return read


class _PartReader:
    """One response part being read, with what its reading needs."""

    def __init__(
        self,
        part: Any,
        index: int,
        part_index: int,
        provider: str | None,
        calls: dict[str, str],
        warnings: Warnings,
    ) -> None:
        self.part = part
        self.index = index
        self.part_index = part_index
        self.provider = provider
        self.calls = calls
        self.warnings = warnings

    def not_read(self, what: str, suffix: str = "") -> None:
        self.warnings.add(
            Code.PART_NOT_READ,
            self.index,
            self.part_index,
            f"{what} has no IR form",
            path=f"/{self.index}/parts/{self.part_index}{suffix}",
        )

    def signed(self, block: JsonDict) -> JsonDict:
        """``block`` with the part's Gemini thought signature; the other
        provider_details warned."""
        details = dict(self.part.provider_details or {})
        value = details.pop(_SIGNATURE, None)
        if type(value) is str and value:
            block["thoughtSignature"] = value
        elif value is not None:
            details[_SIGNATURE] = value
        if details:
            self.not_read(f"provider_details {sorted(details)}", "/provider_details")
        return block


def _text_part(reader: _PartReader) -> JsonDict:
    part = reader.part
    block: JsonDict = {"type": "text", "text": part.content}
    if part.id is not None:
        block["itemId"] = part.id
    if part.citations:
        reader.not_read("a text part's citations", "/citations")
    return reader.signed(block)


def _thinking_part(reader: _PartReader) -> JsonDict:
    part = reader.part
    block: JsonDict = {"type": "thinking", "thinking": part.content}
    if part.signature is not None:
        block["signature"] = part.signature
    if part.id == _REDACTED:
        block["redacted"] = True
    elif part.id is not None:
        reader.not_read("a thinking part's id", "/id")
    if part.provider_name is not None and part.provider_name != reader.provider:
        reader.not_read(f"a thinking part's provider_name {part.provider_name!r}", "/provider_name")
    return reader.signed(block)


def _tool_call_part(reader: _PartReader) -> JsonDict:
    part = reader.part
    block: JsonDict = {
        "type": "toolCall",
        "id": part.tool_call_id,
        "name": part.tool_name,
        "arguments": _arguments(part.args),
    }
    if part.id is not None:
        block["itemId"] = part.id
    return reader.signed(block)


def _native_call_part(reader: _PartReader) -> JsonDict:
    part = reader.part
    reader.calls[part.tool_call_id] = part.tool_name
    block: JsonDict = {
        "type": "serverToolCall",
        "provider": part.provider_name or "unknown",
        "id": part.tool_call_id,
        "name": part.tool_name,
        "input": _arguments(part.args),
    }
    if part.provider_details is not None:
        block["wire"] = _jsonable(part.provider_details)
    return block


def _native_return_part(reader: _PartReader) -> JsonDict:
    part = reader.part
    content = _jsonable(part.content)
    if reader.calls.get(part.tool_call_id, "unknown") != part.tool_name:
        reader.not_read(f"the tool name {part.tool_name!r} of a built-in tool return", "/tool_name")
    if part.outcome != "success":
        reader.not_read(f"the outcome {part.outcome!r} of a built-in tool return", "/outcome")
    return {
        "type": "serverToolResult",
        "provider": part.provider_name or "unknown",
        "toolCallId": part.tool_call_id,
        "wire": content if isinstance(content, dict) else {"content": content},
    }


def _not_a_part(reader: _PartReader) -> None:
    reader.not_read(f"a {type(reader.part).__name__}")


_RESPONSE_READERS: dict[str, Callable[[_PartReader], JsonDict | None]] = {
    "TextPart": _text_part,
    "ThinkingPart": _thinking_part,
    "ToolCallPart": _tool_call_part,
    "NativeToolCallPart": _native_call_part,
    "NativeToolReturnPart": _native_return_part,
}


def _arguments(args: object) -> object:
    if args is None:
        return {}
    if type(args) is str:
        return {} if not args.strip() else parse_arguments(args)
    return args


def _jsonable(value: object) -> Any:
    """``value`` as plain JSON data, as pydantic serializes it for a model."""
    from pydantic_core import to_jsonable_python

    return json.loads(json.dumps(to_jsonable_python(value)))
