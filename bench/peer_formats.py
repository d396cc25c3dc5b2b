"""The bench transcript in each peer library's own format, as bytes that peer writes.

Each converter takes a transcript in agent-ir's JSON form (what ``json.loads`` of
``agent_ir.dumps`` returns) and returns one peer message per agent-ir message, serialized
by the peer's own writer where it has one, compactly:

- pydantic-ai: ``ModelRequest``/``ModelResponse`` written by
  ``ModelMessagesTypeAdapter.dump_json``. A user message is a request with a
  ``UserPromptPart``, a system message one with a ``SystemPromptPart``, a tool result one
  with a ``ToolReturnPart`` (``outcome="failed"`` for an error); an assistant message is a
  response with ``ThinkingPart``, ``TextPart`` and ``ToolCallPart`` parts in block order,
  its usage, model and finish reason. Message ids go to ``metadata["id"]`` (pydantic-ai
  has no id field); the format requires timestamps, so an undated message gets ``UNDATED``.
- langchain-core: ``HumanMessage``/``AIMessage`` (``tool_calls``, ``usage_metadata``, model
  and finish reason in ``response_metadata``)/``ToolMessage``/``SystemMessage``, written
  by ``messages_to_dict`` (``{"type", "data"}`` entries) or by
  ``TypeAdapter(list[AnyMessage]).dump_json`` (the ``data`` dicts alone). Thinking is a
  ``{"type": "reasoning"}`` content block.
- openai: ``ChatCompletionMessageParam`` dicts (a TypedDict union: no writer of its own,
  so ``json.dumps``): user/assistant (``tool_calls`` with the arguments as JSON
  text)/tool/system. The format has no message ids, model, usage, finish reason or
  thinking: they are dropped.

Not converted (``ValueError``): image, audio and document blocks, which the bench
transcript does not contain.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

UNDATED = datetime(2025, 1, 1, tzinfo=UTC)
_FINISH_REASON = {"stop": "stop", "length": "length", "toolCall": "tool_call", "error": "error"}
_OPENAI_FINISH_REASON = {"stop": "stop", "length": "length", "toolCall": "tool_calls"}

Transcript = list[dict[str, Any]]


def _compact(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _texts(content: str | list[dict[str, Any]]) -> str | list[str]:
    """Plain-text content, or the texts of a list of text blocks."""
    if isinstance(content, str):
        return content
    for block in content:
        if block["type"] != "text":
            raise ValueError(f"not converted: {block['type']} blocks")
    return [block["text"] for block in content]


# --- pydantic-ai ------------------------------------------------------------------------


def to_pydantic_ai(transcript: Transcript) -> bytes:
    """``ModelMessagesTypeAdapter.dump_json`` of the transcript as pydantic-ai messages."""
    from pydantic_ai.messages import ModelMessagesTypeAdapter

    return ModelMessagesTypeAdapter.dump_json([_pydantic_ai_message(m) for m in transcript])


def _pydantic_ai_message(message: dict[str, Any]) -> Any:
    from pydantic_ai import messages as ai

    metadata = {"id": message["id"]}
    when = datetime.fromisoformat(message["timestamp"]) if "timestamp" in message else UNDATED
    role = message["role"]
    if role == "assistant":
        usage = message.get("usage", {})
        return ai.ModelResponse(
            parts=[_pydantic_ai_part(block) for block in message["content"]],
            usage=ai.RequestUsage(
                input_tokens=usage.get("inputTokens", 0), output_tokens=usage.get("outputTokens", 0)
            ),
            model_name=message.get("model"),
            provider_name=message.get("provider"),
            finish_reason=_FINISH_REASON.get(message.get("stopReason", "")),  # type: ignore[arg-type]
            timestamp=when,
            metadata=metadata,
        )
    if role == "user":
        part: Any = ai.UserPromptPart(_texts(message["content"]), timestamp=when)
    elif role == "system":
        part = ai.SystemPromptPart(message["content"], timestamp=when)
    else:
        part = ai.ToolReturnPart(
            message["toolName"],
            _texts(message["content"]),
            message["toolCallId"],
            timestamp=when,
            outcome="failed" if message["isError"] else "success",
        )
    return ai.ModelRequest(parts=[part], timestamp=when, metadata=metadata)


def _pydantic_ai_part(block: dict[str, Any]) -> Any:
    from pydantic_ai import messages as ai

    if block["type"] == "text":
        return ai.TextPart(block["text"])
    if block["type"] == "thinking":
        return ai.ThinkingPart(block["thinking"], signature=block.get("signature"))
    return ai.ToolCallPart(block["name"], block["arguments"], block["id"])


# --- langchain-core ---------------------------------------------------------------------


def to_langchain_dicts(transcript: Transcript) -> bytes:
    """``messages_to_dict`` of the transcript as langchain-core messages."""
    from langchain_core.messages import messages_to_dict

    return _compact(messages_to_dict([_langchain_message(m) for m in transcript]))


def to_langchain_models(transcript: Transcript) -> bytes:
    """``TypeAdapter(list[AnyMessage]).dump_json`` of the transcript as langchain-core
    messages."""
    from langchain_core.messages import AnyMessage
    from pydantic import TypeAdapter

    adapter = TypeAdapter(list[AnyMessage])
    return adapter.dump_json([_langchain_message(m) for m in transcript])


def _langchain_message(message: dict[str, Any]) -> Any:
    from langchain_core import messages as lc

    role = message["role"]
    if role == "user":
        return lc.HumanMessage(_texts(message["content"]), id=message["id"])
    if role == "system":
        return lc.SystemMessage(message["content"], id=message["id"])
    if role == "toolResult":
        return lc.ToolMessage(
            _texts(message["content"]),
            id=message["id"],
            tool_call_id=message["toolCallId"],
            name=message["toolName"],
            status="error" if message["isError"] else "success",
        )
    return _langchain_ai_message(message)


def _langchain_ai_message(message: dict[str, Any]) -> Any:
    from langchain_core import messages as lc

    blocks = [block for block in message["content"] if block["type"] != "toolCall"]
    content: Any = [_langchain_block(block) for block in blocks]
    if len(blocks) == 1 and blocks[0]["type"] == "text":
        content = blocks[0]["text"]
    usage = message.get("usage")
    metadata = {
        name: value
        for name, value in (
            ("model_name", message.get("model")),
            ("model_provider", message.get("provider")),
            ("finish_reason", _OPENAI_FINISH_REASON.get(message.get("stopReason", ""))),
        )
        if value is not None
    }
    return lc.AIMessage(
        content,
        id=message["id"],
        tool_calls=[
            {"name": block["name"], "args": block["arguments"], "id": block["id"]}
            for block in message["content"]
            if block["type"] == "toolCall"
        ],
        usage_metadata=None
        if usage is None
        else {
            "input_tokens": usage["inputTokens"],
            "output_tokens": usage["outputTokens"],
            "total_tokens": usage["inputTokens"] + usage["outputTokens"],
        },
        response_metadata=metadata,
    )


def _langchain_block(block: dict[str, Any]) -> dict[str, Any]:
    if block["type"] == "text":
        return {"type": "text", "text": block["text"]}
    return {"type": "reasoning", "reasoning": block["thinking"]}


# --- openai -----------------------------------------------------------------------------


def to_openai(transcript: Transcript) -> bytes:
    """The transcript as a list of openai ``ChatCompletionMessageParam`` dicts."""
    return _compact([_openai_message(message) for message in transcript])


def _openai_message(message: dict[str, Any]) -> dict[str, Any]:
    role = message["role"]
    if role in ("user", "system"):
        return {"role": role, "content": _openai_content(_texts(message["content"]))}
    if role == "toolResult":
        return {
            "role": "tool",
            "tool_call_id": message["toolCallId"],
            "content": _openai_content(_texts(message["content"])),
        }
    texts = [block["text"] for block in message["content"] if block["type"] == "text"]
    param: dict[str, Any] = {
        "role": "assistant",
        "content": texts[0] if len(texts) == 1 else (_openai_content(texts) or None),
    }
    calls = [
        {
            "id": block["id"],
            "type": "function",
            "function": {"name": block["name"], "arguments": _compact(block["arguments"]).decode()},
        }
        for block in message["content"]
        if block["type"] == "toolCall"
    ]
    if calls:
        param["tool_calls"] = calls
    return param


def _openai_content(texts: str | list[str]) -> str | list[dict[str, str]]:
    if isinstance(texts, str):
        return texts
    return [{"type": "text", "text": text} for text in texts]
