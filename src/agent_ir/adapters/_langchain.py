"""The IR to and from LangChain's messages (``BaseMessage``: ``SystemMessage``,
``HumanMessage``, ``AIMessage`` with its ``tool_calls``, ``ToolMessage``).

``to_langchain(transcript)`` returns a ``WireRequest`` whose ``fields`` are
``{"messages": [...]}`` (what ``chat_model.invoke(...)`` takes), one LangChain message
per IR message, their content in LangChain's standard (v1) content blocks
(``response_metadata["output_version"] = "v1"`` on an ``AIMessage``, as LangChain marks
them). ``from_langchain(messages)`` reads a list of messages back into
``WireMessages``: content as a string, or through ``content_blocks``, LangChain's own
reading of both the legacy provider-specific ``content`` (OpenAI and Anthropic blocks,
``additional_kwargs`` reasoning and refusals) and v1 blocks.

The mapping (IR -> LangChain, read back the same way):

- ids: the message ``id``; system: ``SystemMessage``; user: ``HumanMessage`` (a string,
  or ``text``, ``image``, ``audio`` and ``file`` blocks with ``base64`` and
  ``mime_type``, a ``url`` or a ``file_id``; a document's file name in
  ``extras["filename"]``); tool result: ``ToolMessage`` (``tool_call_id``, ``name``,
  ``status="error"`` for an error).
- assistant: ``AIMessage``; text: ``text`` (``id``: the item id); thinking:
  ``reasoning`` with the signature in ``extras["signature"]`` (as LangChain reads
  Anthropic's; read back, the message's ``model_provider`` is the signature's maker,
  ``signatureProvider``), redacted thinking as Anthropic's ``redacted_thinking`` in a
  ``non_standard`` block; tool call: a ``tool_call`` block and its entry in
  ``tool_calls``; refusal: ``refusal``; a server tool's call and result:
  ``server_tool_call`` (its ``wire`` in ``extras``) and ``server_tool_result`` (the
  ``wire`` as ``output``); ``usage_metadata`` (cache reads and writes in
  ``input_token_details``, reasoning in ``output_token_details``); the model, provider
  and stop reason in ``response_metadata`` (``model_name``, ``model_provider``,
  ``finish_reason`` in OpenAI's words).

A Gemini ``thoughtSignature`` of a tool call: ``additional_kwargs
["__gemini_function_call_thought_signatures__"]`` by call id, where langchain-google-genai
4 keeps them (its ``_FUNCTION_CALL_THOUGHT_SIGNATURES_MAP_KEY``).

What LangChain has no field for (timestamps, cache breakpoints, citations, Gemini
thought signatures of text and thinking, an image's detail, a document's title, ...) rides in the message's
``response_metadata["agent_ir"]`` (the *carrier*, which no LangChain chat model sends;
see ``agent_ir.adapters._carrier``) so that the IR reads back equal, and what a model
would not get is a ``ConversionWarning`` all the same.

Read from LangChain without an IR form, each a ``PART_NOT_READ`` warning at its path
(``/<message>/content/<block>``, ``/<message>/additional_kwargs/<key>``...): video,
plain-text file blocks, images by file id, audio by URL, invalid and partial tool
calls, a text block's annotations, the ``extras`` LangChain adds that the IR has no
place for, a tool message's ``artifact``, ``additional_kwargs`` keys that
``content_blocks`` does not read, and messages of other types (``ChatMessage``,
``FunctionMessage``...). A system message in blocks is read as its texts joined
(MESSAGES_MERGED); a tool call without an id gets one (TOOL_CALL_ID_ADDED); a tool
message without a name takes its call's (TOOL_NAME_UNKNOWN when none has its id).
Other ``response_metadata`` keys (headers, logprobs, fingerprints) are not read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir.adapters._carrier import CARRIER_KEY, apply
from agent_ir.adapters._common import (
    JsonDict,
    carrier_of,
    guarded,
    input_items,
    signature_maker,
)
from agent_ir.messages import to_json_value
from agent_ir.wire._built import image_source
from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME,
    CallNames,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    assigned_id,
    fits_ir,
    ir_messages,
    transcript_items,
)
from agent_ir.wire._decode import describe_json

__all__ = ["from_langchain", "to_langchain"]

TO = "to_langchain"
FROM = "from_langchain"
FRAMEWORK = "LangChain"
Code = ConversionWarningCode

_FINISH_FROM_IR = {
    "stop": "stop",
    "length": "length",
    "toolCall": "tool_calls",
    "refusal": "content_filter",
}
_FINISH_TO_IR = {value: key for key, value in _FINISH_FROM_IR.items()}
# Anthropic's stop_reason, as langchain-anthropic keeps it in response_metadata.
_STOP_TO_IR = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "toolCall",
    "refusal": "refusal",
}
# additional_kwargs keys content_blocks reads itself, or that repeat tool_calls.
_KWARGS_READ = frozenset({"reasoning_content", "refusal", "tool_calls", "function_call"})
# Where langchain-google-genai (4.x) keeps the Gemini thought signatures of an AIMessage's
# function calls: call id -> the signature as base64 text.
_GEMINI_SIGNATURES = "__gemini_function_call_thought_signatures__"
_REDACTED = "redacted_thinking"


def _lc() -> Any:
    """langchain-core's messages module, imported when a conversion runs."""
    try:
        from langchain_core import messages
    except ImportError as error:  # pragma: no cover - the extra is installed in tests
        raise ImportError(
            "agent_ir's LangChain adapter needs langchain-core: pip install 'agent-ir[langchain]'"
        ) from error
    return messages


# --- IR -> LangChain --------------------------------------------------------------------


def to_langchain(transcript: object) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own) -> ``WireRequest(fields={"messages": [BaseMessage, ...]})``, with a
    warning for each thing a model would not get (see the module docstring)."""
    lc = _lc()
    messages = transcript_items(TO, transcript)
    warnings = Warnings()
    written: list[Any] = []
    names = CallNames()
    # One encoding of the whole transcript (each message's costs a check of its own).
    for index, ir in enumerate(to_json_value(messages)):
        native = _WRITERS[ir["role"]](lc, ir)
        if ir["role"] == "assistant":
            for block in ir["content"]:
                if block["type"] == "toolCall":
                    names.add(index, block["id"], block["name"])
        back = _read_message(lc, native, index, index, Warnings(), names)
        carrier = carrier_of(ir, back, warnings, index, FRAMEWORK)
        if carrier:
            native.response_metadata[CARRIER_KEY] = carrier
        written.append(native)
    return WireRequest(fields={"messages": written}, warnings=warnings.all())


def _write_system(lc: Any, ir: JsonDict) -> Any:
    return lc.SystemMessage(content=ir["content"], id=ir["id"])


def _write_user(lc: Any, ir: JsonDict) -> Any:
    content = ir["content"]
    if type(content) is not str:
        content = [_write_user_block(block) for block in content]
    return lc.HumanMessage(content=content, id=ir["id"])


def _write_tool_result(lc: Any, ir: JsonDict) -> Any:
    content = ir["content"]
    if type(content) is not str:
        content = [_write_user_block(block) for block in content]
    return lc.ToolMessage(
        content=content,
        tool_call_id=ir["toolCallId"],
        name=ir["toolName"],
        status="error" if ir["isError"] else "success",
        id=ir["id"],
    )


def _write_user_block(block: JsonDict) -> JsonDict:
    kind = block["type"]
    if kind == "text":
        return {"type": "text", "text": block["text"]}
    source = block["source"]
    written: JsonDict = {"type": "file" if kind == "document" else kind}
    if source["type"] == "base64":
        written["base64"] = source["data"]
        written["mime_type"] = source["mediaType"]
    elif source["type"] == "url":
        written["url"] = source["url"]
    else:
        written["file_id"] = source["fileId"]
    if kind == "document" and "filename" in block:
        written["extras"] = {"filename": block["filename"]}
    return written


def _write_assistant(lc: Any, ir: JsonDict) -> Any:
    content: list[JsonDict] = []
    calls: list[JsonDict] = []
    for block in ir["content"]:
        written = _write_block(block)
        content.append(written)
        if written["type"] == "tool_call":
            calls.append(dict(written))
    signatures = {
        block["id"]: block["thoughtSignature"]
        for block in ir["content"]
        if block["type"] == "toolCall" and "thoughtSignature" in block
    }
    metadata: JsonDict = {"output_version": "v1"}
    if "model" in ir:
        metadata["model_name"] = ir["model"]
    if "provider" in ir:
        metadata["model_provider"] = ir["provider"]
    finish = _FINISH_FROM_IR.get(ir.get("stopReason", ""))
    if finish is not None:
        metadata["finish_reason"] = finish
    usage = ir.get("usage")
    return lc.AIMessage(
        content=content,
        tool_calls=calls,
        id=ir["id"],
        response_metadata=metadata,
        usage_metadata=None if usage is None else _write_usage(usage),
        additional_kwargs={_GEMINI_SIGNATURES: signatures} if signatures else {},
    )


def _write_usage(usage: JsonDict) -> JsonDict:
    written: JsonDict = {
        "input_tokens": usage["inputTokens"],
        "output_tokens": usage["outputTokens"],
        "total_tokens": usage["inputTokens"] + usage["outputTokens"],
    }
    details = {
        key: usage[name]
        for key, name in (("cache_read", "cacheReadTokens"), ("cache_creation", "cacheWriteTokens"))
        if name in usage
    }
    if details:
        written["input_token_details"] = details
    if "reasoningTokens" in usage:
        written["output_token_details"] = {"reasoning": usage["reasoningTokens"]}
    return written


def _write_block(block: JsonDict) -> JsonDict:
    kind = block["type"]
    if kind == "text":
        written: JsonDict = {"type": "text", "text": block["text"]}
        if "itemId" in block:
            written["id"] = block["itemId"]
        return written
    if kind == "thinking":
        if block.get("redacted") and "signature" in block and not block["thinking"]:
            return {
                "type": "non_standard",
                "value": {"type": _REDACTED, "data": block["signature"]},
            }
        written = {"type": "reasoning", "reasoning": block["thinking"]}
        if "signature" in block:
            written["extras"] = {"signature": block["signature"]}
        return written
    if kind == "toolCall":
        return {
            "type": "tool_call",
            "id": block["id"],
            "name": block["name"],
            "args": block["arguments"],
        }
    if kind == "refusal":
        return {"type": "refusal", "refusal": block["text"]}
    if kind == "serverToolCall":
        written = {
            "type": "server_tool_call",
            "id": block["id"],
            "name": block["name"],
            "args": block["input"],
        }
        if "wire" in block:
            written["extras"] = block["wire"]
        return written
    return {
        "type": "server_tool_result",
        "tool_call_id": block["toolCallId"],
        "status": "success",
        "output": block["wire"],
    }


_WRITERS: dict[str, Callable[[Any, JsonDict], Any]] = {
    "system": _write_system,
    "user": _write_user,
    "toolResult": _write_tool_result,
    "assistant": _write_assistant,
}


# --- LangChain -> IR --------------------------------------------------------------------


def from_langchain(messages: object) -> WireMessages:
    """A list or tuple of LangChain messages -> ``WireMessages``, with a warning for
    each thing without an IR form (see the module docstring). ``WireFormatError`` for
    an item that is not a ``BaseMessage``; ``TranscriptError`` when what was read is
    not valid IR."""
    lc = _lc()
    items = input_items(FROM, messages)
    for index, item in enumerate(items):
        if not isinstance(item, lc.BaseMessage):
            raise WireFormatError(
                FROM, (index,), f"must be a LangChain BaseMessage; it is {type(item).__name__}"
            )
    names = CallNames()
    for index, item in enumerate(items):
        if isinstance(item, lc.AIMessage):
            for call in item.tool_calls:
                if call.get("id"):
                    names.add(index, call["id"], call["name"])
    warnings = Warnings()
    read: list[JsonDict] = []
    for index, item in enumerate(items):
        position = len(read)
        message = guarded(FROM, index, _read_message, lc, item, index, position, warnings, names)
        if message is not None:
            read.append(message)
    return WireMessages(ir_messages(read), warnings.all())


def _read_message(
    lc: Any, item: Any, index: int, position: int, warnings: Warnings, names: CallNames
) -> Any:
    message_id = item.id if type(item.id) is str and item.id.strip() else assigned_id(position)
    if isinstance(item, lc.SystemMessage):
        message = _read_system(lc, item, index, warnings)
    elif isinstance(item, lc.HumanMessage):
        message = _read_user(lc, item, index, warnings)
    elif isinstance(item, lc.AIMessage):
        message = _read_assistant(lc, item, index, message_id, warnings)
    elif isinstance(item, lc.ToolMessage):
        message = _read_tool(lc, item, index, position, warnings, names)
    else:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            -1,
            f"a {type(item).__name__} has no IR form",
            path=f"/{index}",
        )
        return None
    message["id"] = message_id
    carrier = item.response_metadata.get(CARRIER_KEY)
    if carrier is not None:
        message = apply(
            message, carrier, warnings, index, f"/{index}/response_metadata/{CARRIER_KEY}"
        )
    return message


def _read_system(lc: Any, item: Any, index: int, warnings: Warnings) -> JsonDict:
    content = item.content
    if type(content) is not str:
        texts = []
        for block_index, block in enumerate(item.content_blocks):
            if block.get("type") == "text":
                texts.append(_text_of(block, index, block_index))
            else:
                _not_read(warnings, index, block_index, f"a {block.get('type')!r} block")
        if len(texts) > 1:
            warnings.add(
                Code.MESSAGES_MERGED,
                index,
                -1,
                "the system message's text blocks are joined into one text",
                path=f"/{index}/content",
            )
        content = "".join(texts)
    return {"role": "system", "id": "", "content": content}


def _read_user(lc: Any, item: Any, index: int, warnings: Warnings) -> JsonDict:
    content = item.content
    if type(content) is not str:
        content = _read_user_blocks(item.content_blocks, index, warnings)
    return {"role": "user", "id": "", "content": content}


def _read_user_blocks(blocks: list[Any], index: int, warnings: Warnings) -> list[JsonDict]:
    read = []
    for block_index, block in enumerate(blocks):
        converted = _read_user_block(block, index, block_index, warnings)
        if converted is not None:
            read.append(converted)
    return read


def _read_user_block(
    block: Any, index: int, block_index: int, warnings: Warnings
) -> JsonDict | None:
    kind = block.get("type")
    if kind == "text":
        _extras_not_read(block, index, block_index, warnings, ())
        return {"type": "text", "text": _text_of(block, index, block_index)}
    if kind not in ("image", "audio", "file"):
        _not_read(warnings, index, block_index, f"a {kind!r} block")
        return None
    source: JsonDict | None = None
    if block.get("base64"):
        source = {
            "type": "base64",
            "mediaType": block.get("mime_type") or "",
            "data": block["base64"],
        }
    elif block.get("url"):
        source = (
            msgspec.to_builtins(image_source(block["url"]))
            if kind == "image"
            else {"type": "url", "url": block["url"]}
        )
    elif block.get("file_id") and kind == "file":
        source = {"type": "file", "fileId": block["file_id"]}
    if source is None or (kind == "audio" and source["type"] != "base64"):
        _not_read(warnings, index, block_index, f"this {kind} block's source")
        return None
    read: JsonDict = {"type": "document" if kind == "file" else kind, "source": source}
    extras = block.get("extras") or {}
    if kind == "file" and type(extras.get("filename")) is str:
        read["filename"] = extras["filename"]
    _extras_not_read(block, index, block_index, warnings, ("filename",) if kind == "file" else ())
    if not fits_ir(read):
        _not_read(
            warnings, index, block_index, f"a {kind} of media type {block.get('mime_type')!r}"
        )
        return None
    return read


def _text_of(block: Any, index: int, block_index: int) -> str:
    text = block.get("text")
    if type(text) is not str:
        found = describe_json(text) if "text" in block else "missing"
        raise WireFormatError(
            FROM, (index, "content", block_index, "text"), f"must be a string; it is {found}"
        )
    return text


def _read_tool(
    lc: Any, item: Any, index: int, position: int, warnings: Warnings, names: CallNames
) -> JsonDict:
    content = item.content
    if type(content) is not str:
        content = [
            block
            for block in _read_user_blocks(item.content_blocks, index, warnings)
            if block["type"] in ("text", "image") or _dropped(warnings, index, block)
        ]
    name = item.name
    if not (type(name) is str and name.strip()):
        name = names.name(item.tool_call_id, index)
        if name is None:
            warnings.add(
                Code.TOOL_NAME_UNKNOWN,
                index,
                -1,
                f"no tool call has id {item.tool_call_id!r}: the tool name"
                f" {UNKNOWN_TOOL_NAME!r} is used",
                path=f"/{index}/tool_call_id",
            )
            name = UNKNOWN_TOOL_NAME
    if item.artifact is not None:
        _not_read(warnings, index, -1, "a tool message's artifact", "/artifact")
    return {
        "role": "toolResult",
        "id": "",
        "toolCallId": item.tool_call_id,
        "toolName": name,
        "content": content,
        "isError": item.status == "error",
    }


def _dropped(warnings: Warnings, index: int, block: JsonDict) -> bool:
    warnings.add(
        Code.PART_NOT_READ,
        index,
        -1,
        f"a {block['type']} in a tool result has no IR form",
        path=f"/{index}/content",
    )
    return False


def _read_assistant(
    lc: Any, item: Any, index: int, message_id: str, warnings: Warnings
) -> JsonDict:
    metadata = item.response_metadata
    provider = metadata.get("model_provider")
    message = _assistant_fields(item, provider)
    for key in item.additional_kwargs:
        if key not in _KWARGS_READ and key != _GEMINI_SIGNATURES:
            _not_read(
                warnings, index, -1, f"additional_kwargs[{key!r}]", f"/additional_kwargs/{key}"
            )
    for call_index, _call in enumerate(item.invalid_tool_calls):
        _not_read(warnings, index, -1, "an invalid tool call", f"/invalid_tool_calls/{call_index}")
    reader = _BlockReader(index, message_id, provider, warnings)
    for block_index, block in enumerate(item.content_blocks):
        kind = block.get("type")
        read = _BLOCK_READERS.get(kind if type(kind) is str else "", _not_a_block)(
            reader, block, block_index
        )
        if read is not None:
            message["content"].append(read)
    message["content"] += _calls_without_ids(item, index, message_id, warnings)
    _read_signatures(item.additional_kwargs.get(_GEMINI_SIGNATURES), message, index, warnings)
    return message


def _read_signatures(signatures: object, message: JsonDict, index: int, warnings: Warnings) -> None:
    """The Gemini thought signatures langchain-google-genai keeps by call id, onto the
    calls; one that no call has (or not base64 text) is warned."""
    if not signatures:
        return
    pointer = f"/{index}/additional_kwargs/{_GEMINI_SIGNATURES}"
    if not isinstance(signatures, dict):
        _not_read(
            warnings,
            index,
            -1,
            "Gemini thought signatures not by call id",
            pointer[len(f"/{index}") :],
        )
        return
    calls = {block["id"]: block for block in message["content"] if block["type"] == "toolCall"}
    for call_id, signature in signatures.items():
        call = calls.get(call_id)
        if call is None or type(signature) is not str or not signature:
            warnings.add(
                Code.PART_NOT_READ,
                index,
                -1,
                f"the Gemini thought signature of {call_id!r} has no IR form (no such call"
                " or not text)",
                path=f"{pointer}/{str(call_id).replace('~', '~0').replace('/', '~1')}",
            )
            continue
        call["thoughtSignature"] = signature


def _assistant_fields(item: Any, provider: object) -> JsonDict:
    metadata = item.response_metadata
    message: JsonDict = {"role": "assistant", "id": "", "content": []}
    if type(provider) is str:
        message["provider"] = provider
    model = metadata.get("model_name", metadata.get("model"))
    if type(model) is str:
        message["model"] = model
    stop = _FINISH_TO_IR.get(metadata.get("finish_reason") or "") or _STOP_TO_IR.get(
        metadata.get("stop_reason") or ""
    )
    if stop is not None:
        message["stopReason"] = stop
    if item.usage_metadata:
        message["usage"] = _read_usage(item.usage_metadata)
    return message


def _calls_without_ids(
    item: Any, index: int, message_id: str, warnings: Warnings
) -> list[JsonDict]:
    """The tool calls without an id, which content_blocks leaves out, each given one."""
    calls = []
    for call_index, call in enumerate(item.tool_calls):
        if type(call.get("id")) is str and call["id"].strip():
            continue
        call_id = f"{message_id}-call-{call_index}"
        warnings.add(
            Code.TOOL_CALL_ID_ADDED,
            index,
            -1,
            f"a tool call without an id is given the id {call_id!r}",
            path=f"/{index}/tool_calls/{call_index}",
        )
        calls.append(
            {"type": "toolCall", "id": call_id, "name": call["name"], "arguments": call["args"]}
        )
    return calls


def _read_usage(usage: Any) -> JsonDict:
    read: JsonDict = {
        "inputTokens": usage.get("input_tokens", 0),
        "outputTokens": usage.get("output_tokens", 0),
    }
    inputs = usage.get("input_token_details") or {}
    outputs = usage.get("output_token_details") or {}
    for key, name, details in (
        ("cache_read", "cacheReadTokens", inputs),
        ("cache_creation", "cacheWriteTokens", inputs),
        ("reasoning", "reasoningTokens", outputs),
    ):
        if key in details:
            read[name] = details[key]
    return read


class _BlockReader:
    """What reading an AIMessage's content blocks needs."""

    def __init__(self, index: int, message_id: str, provider: object, warnings: Warnings) -> None:
        self.index = index
        self.message_id = message_id
        self.provider = provider if type(provider) is str and provider.strip() else "unknown"
        self.warnings = warnings

    def required(self, block: Any, block_index: int, key: str) -> str:
        """The string at ``key`` of content block ``block_index``; ``WireFormatError``
        when it is missing or not a string."""
        value = block.get(key)
        if type(value) is not str:
            found = describe_json(value) if key in block else "missing"
            raise WireFormatError(
                FROM,
                (self.index, "content", block_index, key),
                f"must be a string; it is {found}",
            )
        return value

    def not_read(self, block_index: int, what: str, suffix: str = "") -> None:
        _not_read(self.warnings, self.index, block_index, what, suffix)

    def extras(self, block: Any, block_index: int, read: tuple[str, ...] = ()) -> None:
        _extras_not_read(block, self.index, block_index, self.warnings, read)


def _text_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict:
    read: JsonDict = {"type": "text", "text": reader.required(block, block_index, "text")}
    block_id = block.get("id")
    if type(block_id) is str and block_id and not block_id.startswith("lc_"):
        read["itemId"] = block_id
    if block.get("annotations"):
        reader.not_read(block_index, "a text block's annotations", "/annotations")
    reader.extras(block, block_index)
    return read


def _reasoning_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict:
    read: JsonDict = {"type": "thinking", "thinking": block.get("reasoning") or ""}
    extras = block.get("extras") or {}
    if type(extras.get("signature")) is str:
        read["signature"] = extras["signature"]
        if reader.provider != "unknown":  # the maker, so that no other format gets it
            read["signatureProvider"] = signature_maker(reader.provider)
    reader.extras(block, block_index, ("signature",))
    return read


def _non_standard_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict | None:
    value = block.get("value")
    if (
        isinstance(value, dict)
        and value.get("type") == _REDACTED
        and type(value.get("data")) is str
    ):
        read = {"type": "thinking", "thinking": "", "signature": value["data"], "redacted": True}
        if reader.provider != "unknown":
            read["signatureProvider"] = signature_maker(reader.provider)
        return read
    reader.not_read(block_index, "a non_standard block")
    return None


def _tool_call_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict:
    call_id = block.get("id")
    if not (type(call_id) is str and call_id.strip()):
        call_id = f"{reader.message_id}-block-{block_index}"
        reader.warnings.add(
            Code.TOOL_CALL_ID_ADDED,
            reader.index,
            block_index,
            f"a tool call without an id is given the id {call_id!r}",
            path=f"/{reader.index}/content/{block_index}",
        )
    reader.extras(block, block_index)
    name = reader.required(block, block_index, "name")
    return {"type": "toolCall", "id": call_id, "name": name, "arguments": block.get("args")}


def _refusal_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict:
    return {"type": "refusal", "text": block.get("refusal") or ""}


def _server_call_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict:
    read: JsonDict = {
        "type": "serverToolCall",
        "provider": reader.provider,
        "id": reader.required(block, block_index, "id"),
        "name": reader.required(block, block_index, "name"),
        "input": block.get("args") or {},
    }
    if block.get("extras"):
        read["wire"] = block["extras"]
    return read


def _server_result_block(reader: _BlockReader, block: Any, block_index: int) -> JsonDict:
    output = block.get("output")
    if block.get("status") != "success":
        reader.not_read(block_index, f"the status {block.get('status')!r}", "/status")
    return {
        "type": "serverToolResult",
        "provider": reader.provider,
        "toolCallId": reader.required(block, block_index, "tool_call_id"),
        "wire": output if isinstance(output, dict) else {"output": output},
    }


def _not_a_block(reader: _BlockReader, block: Any, block_index: int) -> None:
    reader.not_read(block_index, f"a {block.get('type')!r} block")


_BLOCK_READERS: dict[Any, Callable[[_BlockReader, Any, int], JsonDict | None]] = {
    "text": _text_block,
    "reasoning": _reasoning_block,
    "non_standard": _non_standard_block,
    "tool_call": _tool_call_block,
    "refusal": _refusal_block,
    "server_tool_call": _server_call_block,
    "server_tool_result": _server_result_block,
}


def _extras_not_read(
    block: Any, index: int, block_index: int, warnings: Warnings, read: tuple[str, ...]
) -> None:
    extras = block.get("extras") or {}
    unread = sorted(key for key in extras if key not in read)
    if unread:
        _not_read(warnings, index, block_index, f"extras {unread}", "/extras")


def _not_read(
    warnings: Warnings, index: int, block_index: int, what: str, suffix: str = ""
) -> None:
    path = f"/{index}" + (f"/content/{block_index}" if block_index >= 0 else "") + suffix
    warnings.add(Code.PART_NOT_READ, index, block_index, f"{what} has no IR form", path=path)
