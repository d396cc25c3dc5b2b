"""``reply_from_openai_chat(completion, *, request_id)``: a non-streamed Chat Completions
reply as the ``ModelResponse`` that ``OpenAIChatStream`` gives for the same reply (the
mapping: ``docsgen/mapping/openai-chat.md``)."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from agent_ir._text import non_empty_id, quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._decode import Decoder, Unread, WireError, describe_json
from agent_ir.wire._reply import read_reply
from agent_ir.wire.mistral._rules import MISTRAL
from agent_ir.wire.openai_chat._reasoning import read_details
from agent_ir.wire.openai_chat._stream import (
    _FINISH_REASONS,
    _NO_USAGE,
    CITATION_PROVIDER,
    _Call,
    _complete,
    _error_code_and_message,
    annotation_kind,
    annotation_not_read,
    choice_not_read,
    finish,
    in_order,
    is_function_call,
    key_path,
    key_warning,
    not_a_function_call,
    only_choice_zero,
    part_not_read,
    reply_path,
    stop_reason,
    taken,
    thinking_text,
    usage_counts,
)
from agent_ir.wire.openai_chat._wire import (
    Choice,
    Completion,
    Message,
    TextPart,
    ThinkingPart,
    UrlCitation,
    carried,
)

__all__ = ["reply_from_openai_chat"]

_F = "reply_from_openai_chat"
_MESSAGE = "/choices/0/message"
_OBJECTS = ("", "chat.completion")
_COMPLETIONS: Final = Decoder(Completion)
_NO_MESSAGE: Final = Message()  # never changed


def reply_from_openai_chat(completion: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Chat Completions reply; see the module
    docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F,
        completion,
        request_id,
        partial(read_completion, request_id=request_id),
        start="first chunk",
        terminal="[DONE]",
    )


def read_completion(
    reply: ReplyBuilder, data: dict[str, Any], *, request_id: Any, function: str = _F
) -> None:
    """The reader ``read_reply`` calls with a Chat Completions reply (``function``: the
    ``reply_from_*`` its refusals name: Mistral's replies are read here too)."""
    data = only_choice_zero(_checked(reply, data, function), first=True)
    try:
        decoded = _COMPLETIONS(data)
    except WireError as error:
        raise Refusal(f"{function} {error}") from None
    completion: Completion = decoded.value
    response_id = completion.id
    # No id (Gemini's compatible API writes ""): the request's id stands for it.
    if response_id is None or not non_empty_id(response_id):
        response_id = str.__str__(request_id)
    reply.start(response_id)
    choices = completion.choices or []
    chosen = next((k for k, choice in enumerate(choices) if choice.index == 0), None)
    places = list(decoded.unread)
    if chosen is not None:
        places.extend(_carried(choices[chosen], f"/choices/{chosen}"))
    unread = in_order(places, data)
    for place in taken(unread, "/", "/choices/"):
        key_warning(reply, tuple(key_path(place)), -1, None)
    for position in range(len(choices)):
        if position != chosen:
            choice_not_read(reply, position)
    finish_reason: str | None = None
    refused = False
    calls = 0
    if chosen is not None:
        at = f"/choices/{chosen}"
        raw = data["choices"][chosen].get("message")
        finish_reason, refused, calls = _choice(reply, choices[chosen], at, raw, unread)
    usage = completion.usage
    if usage is None and completion.x_groq is not None:
        usage = completion.x_groq.usage
    counts = _NO_USAGE if usage is None else usage_counts(usage)
    stop = stop_reason(finish_reason, refused=refused, calls=calls)
    finish(reply, stop, counts, completion.model)


def _checked(reply: ReplyBuilder, data: dict[str, Any], function: str) -> dict[str, Any]:
    """``data``, once it is neither an error nor another object."""
    if data.get("error") is not None:
        code, message = _error_code_and_message(data["error"])
        raise reply.fail(code, message)
    kind = data.get("object")
    if type(kind) is str and kind not in _OBJECTS:
        raise Refusal(f"{function} /object must be 'chat.completion'; it is {describe_json(kind)}")
    return data


def _carried(choice: Choice, at: str) -> list[str]:
    """The places of the declared keys of the message read (of the choice at ``at``)
    that carry what the IR has no place for: ``prefix``, the ``audio``'s ``id``,
    ``data`` and ``expires_at``, a call's ``custom``, and its ``index`` when it is not
    the call's position."""
    message = choice.message
    if message is None:
        return []
    at += "/message"
    places = list(carried(message, at))
    if message.audio is not None:
        places.extend(carried(message.audio, f"{at}/audio"))
    for index, call in enumerate(message.tool_calls or ()):
        places.extend(carried(call, f"{at}/tool_calls/{index}"))
        if call.index is not None and not (type(call.index) is int and call.index == index):
            places.append(f"{at}/tool_calls/{index}/index")
    return places


def _choice(
    reply: ReplyBuilder, choice: Choice, at: str, raw: Any, unread: list[str]
) -> tuple[str | None, bool, int]:
    """(finish_reason, refused, tool calls made) of the choice read (at ``at``; ``raw``
    its message as it came)."""
    message = choice.message or _NO_MESSAGE
    finish_reason = choice.finish_reason or None
    if finish_reason is not None and finish_reason not in _FINISH_REASONS:
        raise Refusal(f"unknown finish_reason {quoted(finish_reason)}")
    for place in taken(unread, at + "/", f"{at}/message/tool_calls/"):
        key_warning(reply, reply_path(place, at, "message"), -1, None)
    if message.reasoning_details:  # reasoning is its plain copy
        read_details(reply, message.reasoning_details)
    else:
        reasoning = message.reasoning_content
        if reasoning is None:
            reasoning = message.reasoning
        if reasoning:
            reply.thinking(reasoning, what="reasoning")
            reply.end_thinking()
    cited = _content(reply, message)
    transcript = None if message.audio is None else message.audio.transcript
    if transcript:
        reply.text(transcript, what="audio.transcript")
        cited = True
    _annotations(reply, message, raw, cited=cited)
    refusal = message.refusal
    if refusal:
        reply.refusal(refusal)
    if is_function_call(message.function_call):
        raise Refusal(
            f"{_F} {at}/message/function_call (a legacy function call) is not supported: "
            "it has no call id; use tools"
        )
    truncated = finish_reason == "length"
    calls, skipped = _tool_calls(reply, message, at, unread, truncated=truncated)
    if skipped and not calls and finish_reason in ("tool_calls", "function_call"):
        finish_reason = "stop"  # every call was skipped: the message holds none
    return finish_reason, bool(refusal), calls


def _content(reply: ReplyBuilder, message: Message) -> bool:
    """The message's ``content``: a string, or (Mistral) a list of text and thinking
    parts; whether the last block is then text (a citation is taken)."""
    content = message.content
    if type(content) is not list:
        if content:
            assert isinstance(content, str)
            reply.text(content, what="content")
        return bool(content)
    last_is_text = False
    for position, part in enumerate(content):
        match part:
            case TextPart(text=text) if text:
                reply.text(text, what="content")
                last_is_text = True
            case ThinkingPart(thinking=pieces, signature=signature):
                text = thinking_text(pieces)
                if text or signature is not None:
                    reply.thinking(text, what="thinking part")
                    # A signed thinking part is Magistral's: Mistral made the signature.
                    maker = MISTRAL.name
                    reply.end_thinking(signature, what="thinking part", signature_provider=maker)
                    last_is_text = False
            case Unread(type=kind):
                part_not_read(reply, f"{_MESSAGE}/content/{position}", kind)
    return last_is_text


def _annotations(reply: ReplyBuilder, message: Message, raw: Any, *, cited: bool) -> None:
    """``url_citation`` annotations -> citations of the text (the annotation as it
    came, in ``raw``, the message); any other annotation, or a citation with no text,
    is PART_NOT_READ."""
    for position, annotation in enumerate(message.annotations or ()):
        if isinstance(annotation, UrlCitation) and cited:
            reply.cite(CITATION_PROVIDER, raw["annotations"][position])  # read_reply's copy
        else:
            kind = annotation_kind(annotation)
            annotation_not_read(reply, position, kind, cited=kind == "url_citation")


def _tool_calls(
    reply: ReplyBuilder, message: Message, at: str, unread: list[str], *, truncated: bool
) -> tuple[int, bool]:
    """(calls made, whether a call that is not a function call was skipped); ``at``:
    the pointer of the message's choice."""
    made = 0
    skipped = False
    for position, item in enumerate(message.tool_calls or ()):
        kind = item.type
        if kind is not None and kind != "function":
            not_a_function_call(reply, position, kind)
            skipped = True
            continue
        call = _Call(position)
        call.id = item.id or None
        function = item.function
        if function is not None:
            call.name = function.name or None
            if function.arguments:
                call.arguments.append(function.arguments)
        for place in taken(unread, f"{at}/message/tool_calls/{position}/"):
            key_warning(reply, reply_path(place, at, "message", position), position, None)
        complete = _complete(call, truncated=truncated)
        if complete is not None:
            assert call.id is not None
            assert call.name is not None
            reply.tool_call(call.id, call.name, complete, what="tool call")
            made += 1
    return made, skipped
