"""``reply_from_openai_chat(completion, *, request_id)``: a non-streamed Chat
Completions reply (``client.chat.completions.create()``'s JSON, or the SDK object's
``model_dump()``) as the ``ModelResponse`` that ``OpenAIChatStream`` gives for the same
reply.

Read as the stream reads its chunks: an ``error`` (not null) is PROVIDER_TRANSPORT_ERROR
with its code; ``object`` is absent, ``""`` or ``"chat.completion"``; ``id`` starts the
response (absent, ``null`` or ``""``, as Gemini's compatible API writes it: the
``request_id`` stands for it, as in the stream); the choice of ``index`` 0 is read
(an absent index is 0), each other choice (``n > 1``) is a CHOICES_NOT_READ warning at
``/choices/<k>``; its ``message``: ``reasoning_content`` (or ``reasoning``) -> a
thinking block; ``content`` -> a text block (Mistral's list of parts: ``text`` parts ->
text blocks, ``thinking`` parts -> thinking blocks, another part PART_NOT_READ at
``/choices/0/message/content/<k>``); ``url_citation`` ``annotations`` -> citations of
the text (``{"provider": "openai-chat", "wire": <the annotation>}``; another type, or a
citation with no text before it, PART_NOT_READ at ``/choices/0/message/annotations/<k>``);
``refusal`` -> a refusal block (stop reason "refusal" when the reply ends normally);
``tool_calls`` -> tool calls (arguments parsed by the stream's rule; a call whose
``type`` is not ``function`` is a PART_NOT_READ warning at
``/choices/0/message/tool_calls/<k>``, and ``tool_calls`` with every call skipped stops
with "stop"); a ``function_call`` other than the all-empty one some servers write is
refused (a legacy call has no id); any other key of the message, of a function call or
of its ``function`` that is neither ``null`` nor the API's empty default (the request
reader's list, ``_keys``: ``role``, ``annotations: []``, ``audio``, ``parsed``... say
nothing; a call's ``index`` is read when it is the call's position, as the SDK's
accumulated completion writes it) is a PART_NOT_READ warning at its path, as in the
stream: Groq's ``executed_tools`` at ``/choices/0/message/executed_tools`` (block -1),
the ``extra_content`` of Gemini's compatible API (its thought signature) there or at
``/choices/0/message/tool_calls/<k>/extra_content`` (block ``k``); ``finish_reason``
and ``usage`` (``prompt_tokens``, ``completion_tokens``,
``prompt_tokens_details.cached_tokens``, ``completion_tokens_details.reasoning_tokens``;
Groq's ``x_groq.usage``) map as in the stream. Failures are ``ProviderError``
(``agent_ir.wire._reply``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from agent_ir._text import non_empty_id, quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire._stream import (
    field_error,
    optional_array,
    optional_object,
    optional_string,
)
from agent_ir.wire.openai_chat._keys import FUNCTION_KEYS, REPLY_MESSAGE_KEYS, call_keys
from agent_ir.wire.openai_chat._stream import (
    _FINISH_REASONS,
    CITATION_PROVIDER,
    MESSAGE_PATH,
    _Call,
    _complete,
    _error_code_and_message,
    annotation_kind,
    annotation_not_read,
    choice_not_read,
    content_part,
    finish,
    is_function_call,
    keys_not_read,
    not_a_function_call,
    part_not_read,
    stop_reason,
    usage_counts,
)

__all__ = ["reply_from_openai_chat"]

_F = "reply_from_openai_chat"
_MESSAGE = "/choices/0/message"


def reply_from_openai_chat(completion: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Chat Completions reply; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F,
        completion,
        request_id,
        partial(_read, request_id=request_id),
        start="first chunk",
        terminal="[DONE]",
    )


def _read(reply: ReplyBuilder, data: dict[str, Any], *, request_id: Any) -> None:
    if data.get("error") is not None:
        code, message = _error_code_and_message(data["error"])
        raise reply.fail(code, message)
    kind = optional_string(data, "object", _F)
    if kind not in (None, "", "chat.completion"):
        raise field_error(data, "object", _F, "", "'chat.completion'")
    response_id = optional_string(data, "id", _F)
    # No id (Gemini's compatible API writes ""): the request's id stands for it.
    if response_id is None or not non_empty_id(response_id):
        response_id = str.__str__(request_id)
    reply.start(response_id)
    choices = optional_array(data, "choices", _F) or []
    finish_reason: str | None = None
    refused = False
    calls = 0
    chosen = _chosen(reply, choices)
    if chosen is not None:
        finish_reason, refused, calls = _choice(reply, chosen)
    usage = optional_object(data, "usage", _F)
    at = "/usage"
    if usage is None:
        groq = optional_object(data, "x_groq", _F)
        usage = None if groq is None else optional_object(groq, "usage", _F, "/x_groq")
        at = "/x_groq/usage"
    counts = (0, 0, None, None) if usage is None else usage_counts(usage, _F, at)
    finish(reply, stop_reason(finish_reason, refused=refused, calls=calls), counts)


def _chosen(reply: ReplyBuilder, choices: list[Any]) -> dict[str, Any] | None:
    """The choice of index 0 (an absent index is 0); each other choice (``n > 1``) is
    CHOICES_NOT_READ."""
    chosen = None
    for position, choice in enumerate(choices):
        if type(choice) is not dict:
            raise field_error(choices, position, _F, "/choices", "an object")
        index = choice.get("index", 0)
        if type(index) is not int or index < 0:
            raise field_error(choice, "index", _F, f"/choices/{position}", "an integer >= 0")
        if index == 0 and chosen is None:
            chosen = choice
        else:
            choice_not_read(reply, position)
    return chosen


def _choice(reply: ReplyBuilder, choice: dict[str, Any]) -> tuple[str | None, bool, int]:
    """(finish_reason, refused, tool calls made) of the choice read."""
    message = optional_object(choice, "message", _F, "/choices/0") or {}
    finish_reason = optional_string(choice, "finish_reason", _F, "/choices/0") or None
    if finish_reason is not None and finish_reason not in _FINISH_REASONS:
        raise Refusal(f"unknown finish_reason {quoted(finish_reason)}")
    # What the stream reads of each delta is read; any other key has no IR form.
    keys_not_read(reply, message, REPLY_MESSAGE_KEYS, MESSAGE_PATH, -1)
    reasoning = optional_string(message, "reasoning_content", _F, _MESSAGE)
    if reasoning is None:
        reasoning = optional_string(message, "reasoning", _F, _MESSAGE)
    if reasoning:
        reply.thinking(reasoning, what="reasoning")
        reply.end_thinking()
    cited = _content(reply, message)
    _annotations(reply, message, cited=cited)
    refusal = optional_string(message, "refusal", _F, _MESSAGE)
    if refusal:
        reply.refusal(refusal)
    if is_function_call(message.get("function_call")):
        raise Refusal(
            "message.function_call (a legacy function call) is not supported: "
            "it has no call id; use tools"
        )
    calls, skipped = _tool_calls(reply, message, truncated=finish_reason == "length")
    if skipped and not calls and finish_reason in ("tool_calls", "function_call"):
        finish_reason = "stop"  # every call was skipped: the message holds none
    return finish_reason, bool(refusal), calls


def _content(reply: ReplyBuilder, message: dict[str, Any]) -> bool:
    """The message's ``content``: a string, or (Mistral) a list of text and thinking
    parts; whether the last block is then text (a citation is taken)."""
    content = message.get("content")
    if type(content) is not list:
        content = optional_string(message, "content", _F, _MESSAGE)
        if content:
            reply.text(content, what="content")
        return bool(content)
    last_is_text = False
    at = f"{_MESSAGE}/content"
    for position, part in enumerate(content):
        kind, text = content_part(part, position, _F, at)
        if kind == "text" and text:
            reply.text(text, what="content")
            last_is_text = True
        elif kind == "thinking" and text:
            reply.thinking(text, what="thinking part")
            reply.end_thinking()
            last_is_text = False
        elif kind not in ("text", "thinking"):
            part_not_read(reply, f"{at}/{position}", kind)
    return last_is_text


def _annotations(reply: ReplyBuilder, message: dict[str, Any], *, cited: bool) -> None:
    """``url_citation`` annotations -> citations of the text; any other annotation, or a
    citation with no text, is PART_NOT_READ."""
    annotations = optional_array(message, "annotations", _F, _MESSAGE) or []
    for position, annotation in enumerate(annotations):
        kind = annotation_kind(annotation, position, _F, f"{_MESSAGE}/annotations")
        if kind == "url_citation" and cited:
            reply.cite(CITATION_PROVIDER, annotation)  # read_reply's copy: private
        else:
            annotation_not_read(reply, position, kind, cited=kind == "url_citation")


def _tool_calls(
    reply: ReplyBuilder, message: dict[str, Any], *, truncated: bool
) -> tuple[int, bool]:
    """(calls made, whether a call that is not a function call was skipped)."""
    tool_calls = optional_array(message, "tool_calls", _F, _MESSAGE) or []
    made = 0
    skipped = False
    for position, item in enumerate(tool_calls):
        at = f"{_MESSAGE}/tool_calls/{position}"
        if type(item) is not dict:
            raise field_error(tool_calls, position, _F, f"{_MESSAGE}/tool_calls", "an object")
        kind = optional_string(item, "type", _F, at)
        if kind is not None and kind != "function":
            not_a_function_call(reply, position, kind)
            skipped = True
            continue
        call = _Call(position)
        call.id = optional_string(item, "id", _F, at) or None
        function = optional_object(item, "function", _F, at) or {}
        call.name = optional_string(function, "name", _F, f"{at}/function") or None
        arguments = optional_string(function, "arguments", _F, f"{at}/function")
        if arguments:
            call.arguments.append(arguments)
        path = (*MESSAGE_PATH, "tool_calls", position)
        keys_not_read(reply, item, call_keys(item, position), path, position)
        keys_not_read(reply, function, FUNCTION_KEYS, (*path, "function"), position)
        complete = _complete(call, truncated=truncated)
        if complete is not None:
            assert call.id is not None
            assert call.name is not None
            reply.tool_call(call.id, call.name, complete, what="tool call")
            made += 1
    return made, skipped
