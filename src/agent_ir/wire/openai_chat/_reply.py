"""``reply_from_openai_chat(completion, *, request_id)``: a non-streamed Chat
Completions reply (``client.chat.completions.create()``'s JSON, or the SDK object's
``model_dump()``) as the ``ModelResponse`` that ``OpenAIChatStream`` gives for the same
reply.

Read as the stream reads its chunks: an ``error`` (not null) is PROVIDER_TRANSPORT_ERROR
with its code; ``object`` is absent, ``""`` or ``"chat.completion"``; ``id`` starts the
response; one choice (``index`` 0); its ``message``: ``reasoning_content`` (or
``reasoning``) -> a thinking block, ``content`` -> a text block, ``refusal`` -> stop
reason "error" (the IR has no refusal block), ``tool_calls`` -> tool calls (arguments
parsed by the stream's rule; a call whose ``type`` is not ``function`` is a
PART_NOT_READ warning at ``/choices/0/message/tool_calls/<k>``); ``finish_reason`` and
``usage`` (``prompt_tokens``, ``completion_tokens``; Groq's ``x_groq.usage``) map as in
the stream. Failures are ``ProviderError`` (``agent_ir.wire._reply``).
"""

from __future__ import annotations

from typing import Any

from agent_ir._text import quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import (
    field_count,
    field_error,
    field_name,
    optional_array,
    optional_object,
    optional_string,
)
from agent_ir.wire.openai_chat._stream import (
    _FINISH_REASONS,
    _Call,
    _complete,
    _error_code_and_message,
    not_a_function_call,
    stop_reason,
)

__all__ = ["reply_from_openai_chat"]

_F = "reply_from_openai_chat"
_MESSAGE = "/choices/0/message"


def reply_from_openai_chat(completion: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Chat Completions reply; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(_F, completion, request_id, _read, start="first chunk", terminal="[DONE]")


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    if data.get("error") is not None:
        code, message = _error_code_and_message(data["error"])
        raise reply.fail(code, message)
    kind = optional_string(data, "object", _F)
    if kind not in (None, "", "chat.completion"):
        raise field_error(data, "object", _F, "", "'chat.completion'")
    reply.start(field_name(data, "id", _F))
    choices = optional_array(data, "choices", _F) or []
    if len(choices) > 1:
        raise Refusal(f"{len(choices)} choices: only one choice (n=1) is supported")
    finish: str | None = None
    refused = False
    calls = 0
    if choices:
        finish, refused, calls = _choice(reply, choices)
    reply.finish(stop_reason(finish, refused=refused, calls=calls), *_usage(data))


def _choice(reply: ReplyBuilder, choices: list[Any]) -> tuple[str | None, bool, int]:
    """(finish_reason, refused, tool calls made) of the one choice."""
    choice = choices[0]
    if type(choice) is not dict:
        raise field_error(choices, 0, _F, "/choices", "an object")
    if choice.get("index", 0) != 0:
        raise field_error(choice, "index", _F, "/choices/0", "0")
    message = optional_object(choice, "message", _F, "/choices/0") or {}
    finish = optional_string(choice, "finish_reason", _F, "/choices/0") or None
    if finish is not None and finish not in _FINISH_REASONS:
        raise Refusal(f"unknown finish_reason {quoted(finish)}")
    reasoning = optional_string(message, "reasoning_content", _F, _MESSAGE)
    if reasoning is None:
        reasoning = optional_string(message, "reasoning", _F, _MESSAGE)
    if reasoning:
        reply.thinking(reasoning, what="reasoning")
        reply.end_thinking()
    content = optional_string(message, "content", _F, _MESSAGE)
    if content:
        reply.text(content, what="content")
    refused = bool(optional_string(message, "refusal", _F, _MESSAGE))
    if message.get("function_call") is not None:
        raise Refusal(
            "message.function_call (a legacy function call) is not supported: "
            "it has no call id; use tools"
        )
    calls = _tool_calls(reply, message, truncated=finish == "length")
    return finish, refused, calls


def _tool_calls(reply: ReplyBuilder, message: dict[str, Any], *, truncated: bool) -> int:
    tool_calls = optional_array(message, "tool_calls", _F, _MESSAGE) or []
    made = 0
    for position, item in enumerate(tool_calls):
        at = f"{_MESSAGE}/tool_calls/{position}"
        if type(item) is not dict:
            raise field_error(tool_calls, position, _F, f"{_MESSAGE}/tool_calls", "an object")
        kind = optional_string(item, "type", _F, at)
        if kind is not None and kind != "function":
            not_a_function_call(reply, position, kind)
            continue
        call = _Call(position)
        call.id = optional_string(item, "id", _F, at) or None
        function = optional_object(item, "function", _F, at) or {}
        call.name = optional_string(function, "name", _F, f"{at}/function") or None
        arguments = optional_string(function, "arguments", _F, f"{at}/function")
        if arguments:
            call.arguments.append(arguments)
        complete = _complete(call, truncated=truncated)
        if complete is not None:
            assert call.id is not None
            assert call.name is not None
            reply.tool_call(call.id, call.name, complete, what="tool call")
            made += 1
    return made


def _usage(data: dict[str, Any]) -> tuple[int, int]:
    usage = optional_object(data, "usage", _F)
    at = "/usage"
    if usage is None:
        groq = optional_object(data, "x_groq", _F)
        usage = None if groq is None else optional_object(groq, "usage", _F, "/x_groq")
        at = "/x_groq/usage"
    if usage is None:
        return 0, 0
    return (
        field_count(usage, "prompt_tokens", _F, at),
        field_count(usage, "completion_tokens", _F, at),
    )
