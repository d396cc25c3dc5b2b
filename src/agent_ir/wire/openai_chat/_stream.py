"""A streamed OpenAI Chat Completions reply (``stream: true``), read sync or async:
``ChatState`` decodes each chunk once into its declaration (``_wire``) and turns it into
``ReplyBuilder`` calls; the drivers are ``agent_ir.wire._stream``'s. The events, their
mapping, the end and the failures: ``docsgen/mapping/openai-chat.md`` (*Streams*)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import msgspec

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir._paths import Path, to_pointer
from agent_ir._text import cut, is_blank, non_empty_id, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.replies.protocol import ProviderErrorCode as Code
from agent_ir.wire._common import key_not_read, parse_arguments
from agent_ir.wire._decode import Decoder, Unread, WireError, describe_json
from agent_ir.wire._stream import DONE, AsyncStream, Refusal, StreamState, SyncStream
from agent_ir.wire.mistral._rules import MISTRAL
from agent_ir.wire.openai_chat._keys import DEFAULT_VALUES
from agent_ir.wire.openai_chat._reasoning import (
    MAKER,
    detail_not_read,
    reference,
    reference_of,
)
from agent_ir.wire.openai_chat._wire import (
    Chunk,
    ChunkChoice,
    Delta,
    FileAnnotation,
    Part,
    ReasoningEncrypted,
    ReasoningSummary,
    ReasoningText,
    TextPart,
    ThinkingPart,
    ToolCallDelta,
    UrlCitation,
    carried,
)
from agent_ir.wire.openai_chat._wire import Usage as WireUsage

__all__ = [
    "CITATION_PROVIDER",
    "AsyncOpenAIChatStream",
    "ChatState",
    "OpenAIChatStream",
    "Usage",
    "not_a_function_call",
    "stop_reason",
]

CITATION_PROVIDER = "openai-chat"


class Usage(NamedTuple):
    """A reply's counts: tokens, and the web searches OpenRouter ran (None: not given)."""

    input: int
    output: int
    cache_read: int | None = None
    reasoning: int | None = None
    cache_write: int | None = None
    web_search: int | None = None


_NO_USAGE = Usage(0, 0)

Stop = ResponseStopReason
_FINISH_REASONS = {
    "stop": Stop.STOP,
    "eos": Stop.STOP,
    "tool_calls": Stop.TOOL_CALL,
    "function_call": Stop.TOOL_CALL,
    "length": Stop.LENGTH,
    "model_length": Stop.LENGTH,
    "content_filter": Stop.ERROR,
    "error": Stop.ERROR,
}
_CHUNK_OBJECTS = frozenset({"", "chat.completion.chunk"})
_DELTA = ("choices", 0, "delta")  # where the delta read is, in a chunk
_CHUNK = "chat.completion.chunk"  # the event type a refusal names
# The message of the reply as the non-streamed API returns it: where a warning points.
MESSAGE_PATH: Path = ("choices", 0, "message")
_NO_ITEMS: list[Any] = []  # never changed
_NO_DELTA: Final = Delta()  # never changed

_CHUNKS: Final = Decoder(Chunk)
_CHUNKS_TEXT: Final = msgspec.json.Decoder(Chunk)


class OpenAIChatStream(SyncStream):
    """A streamed Chat Completions reply read from a sync iterable (``for chunk in
    stream``, ``stream.result()``); see the provider page. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "OpenAIChatStream"
    _start = "first chunk"
    _terminal = "[DONE]"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ChatState(builder, builder.request_id)


class AsyncOpenAIChatStream(AsyncStream):
    """A streamed Chat Completions reply read from an async iterable (``async for``,
    ``await stream.result()``); see the provider page. ``TypeError`` for a blank
    ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""

    _function = "AsyncOpenAIChatStream"
    _start = "first chunk"
    _terminal = "[DONE]"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return ChatState(builder, builder.request_id)


class _Call:
    """One tool call being assembled from its deltas."""

    __slots__ = ("arguments", "id", "index", "kind", "name", "skipped")

    def __init__(self, index: int) -> None:
        self.index = index
        self.kind = "function"
        self.id: str | None = None
        self.name: str | None = None
        self.arguments: list[str] = []
        self.skipped = False  # not a function call: no IR form


def choice_not_read(reply: ReplyBuilder, position: int) -> None:
    """The CHOICES_NOT_READ warning of choice ``position`` (``n > 1``: only choice 0 is
    read): the same for a stream and a non-streamed reply."""
    reply.warn(
        ConversionWarningCode.CHOICES_NOT_READ,
        f"/choices/{position}",
        -1,
        f"choice {position} is not read (n > 1): the reply is choice 0",
    )


def annotation_not_read(reply: ReplyBuilder, position: int, kind: str, *, cited: bool) -> None:
    """The PART_NOT_READ warning of annotation ``position`` of the message: not a
    ``url_citation`` (``cited`` False), or a citation with no text to cite from."""
    at = to_pointer(("choices", 0, "message", "annotations", position))
    what = f"{at} ({kind})"
    reply.warn(
        ConversionWarningCode.PART_NOT_READ,
        at,
        -1,
        f"{what} has no text to cite from" if cited else f"{what} has no IR form",
    )


def annotation_kind(annotation: UrlCitation | FileAnnotation | Unread) -> str:
    """The ``type`` of a decoded annotation."""
    if isinstance(annotation, Unread):
        return annotation.type
    return "url_citation" if isinstance(annotation, UrlCitation) else "file"


def part_not_read(reply: ReplyBuilder, at: str, kind: str) -> None:
    """The PART_NOT_READ warning of a content part that is neither text nor thinking."""
    reply.warn(
        ConversionWarningCode.PART_NOT_READ, at, -1, f"a {quoted(kind)} content part has no IR form"
    )


def not_a_function_call(reply: ReplyBuilder, index: int, kind: str) -> None:
    """The PART_NOT_READ warning of a tool call that is not a function call (a custom
    tool's free-text input): the same for a stream and a non-streamed reply."""
    at = to_pointer(("choices", 0, "message", "tool_calls", index))
    reply.warn(ConversionWarningCode.PART_NOT_READ, at, index, f"{at} ({kind}) has no IR form")


# --- the keys not read --------------------------------------------------------------


def only_choice_zero(data: dict[str, Any], *, first: bool) -> dict[str, Any]:
    """``data`` with each choice that is not read (its ``index`` is not 0, or, when
    ``first``, it follows the first of index 0) reduced to its index: what it holds is
    neither decoded nor warned about (its CHOICES_NOT_READ warning says it all)."""
    choices = data.get("choices")
    if type(choices) is not list:
        return data
    read: list[Any] = []
    chosen = False
    for choice in choices:
        index = choice.get("index", 0) if type(choice) is dict else None
        if type(index) is int and index >= 0 and (index != 0 or (first and chosen)):
            read.append({"index": index})
            continue
        chosen = chosen or index == 0
        read.append(choice)
    if all(new is old for new, old in zip(read, choices, strict=True)):
        return data
    return {**data, "choices": read}


def in_order(places: list[str], data: dict[str, Any]) -> list[str]:
    """``places`` (JSON Pointers of keys of ``data``) in the order of ``data``: an
    object's keys before those of the objects it holds, each object's as it holds them."""
    if len(places) < 2:
        return places
    return sorted(places, key=lambda place: _order(place, data))


def _order(place: str, data: Any) -> tuple[tuple[int, int | str], ...]:
    *parents, key = key_path(place)
    order: list[tuple[int, int | str]] = []
    for token in parents:
        data = data[token]
        order.append((0, token) if type(token) is int else (1, token))
    order.append((-1, list(data).index(key)))
    return tuple(order)


def key_path(place: str) -> list[str | int]:
    """A key's JSON Pointer as its path: the array positions above it as integers."""
    tokens = [token.replace("~1", "/").replace("~0", "~") for token in place.split("/")[1:]]
    last = len(tokens) - 1
    return [
        int(token) if index < last and token.isascii() and token.isdigit() else token
        for index, token in enumerate(tokens)
    ]


def taken(places: list[str], under: str, but: str | None = None) -> list[str]:
    """The places under ``under`` (a pointer ending in ``/``) but not under ``but``,
    removed from ``places``."""
    found = [
        place
        for place in places
        if place.startswith(under) and (but is None or not place.startswith(but))
    ]
    for place in found:
        places.remove(place)
    return found


def reply_path(place: str, choice: str, container: str, call: int = -1) -> Path:
    """The path in the non-streamed reply of key ``place`` of what was decoded:
    ``choice`` is the pointer of the choice read, ``container`` its ``message`` or
    ``delta``; ``call`` the index of the tool call the key is in (-1: none)."""
    tokens = key_path(place)
    if not place.startswith(choice + "/"):
        return tuple(tokens)
    rest = tokens[choice.count("/") :]
    if rest[0] != container:
        return ("choices", 0, *rest)
    if call >= 0:
        return (*MESSAGE_PATH, "tool_calls", call, *rest[3:])
    return (*MESSAGE_PATH, *rest[1:])


def key_warning(reply: ReplyBuilder, path: Path, block: int, warned: set[str] | None) -> None:
    """The PART_NOT_READ warning of the key at ``path`` of the reply; ``warned``: the
    pointers already warned about (a stream warns once for each), updated."""
    where = to_pointer(path)
    if warned is not None:
        if where in warned:
            return
        warned.add(where)
    reply.warn(ConversionWarningCode.PART_NOT_READ, where, block, key_not_read(path))


# --- the state ----------------------------------------------------------------------


class ChatState:
    """``chat.completion.chunk`` events -> ``ReplyBuilder`` calls (a ``StreamState``)."""

    __slots__ = (
        "_annotations",
        "_calls",
        "_detail",
        "_detail_keys",
        "_emitted_calls",
        "_ended",
        "_finish",
        "_last_is_text",
        "_model",
        "_other_choices",
        "_other_parts",
        "_pending",
        "_refused",
        "_reply",
        "_request_id",
        "_signature",
        "_signed_by",
        "_skipped",
        "_thinking",
        "_unread",
        "_usage",
    )

    def __init__(self, reply: ReplyBuilder, request_id: str = "response") -> None:
        self._reply = reply
        self._request_id = request_id  # the response id when the chunks carry none
        self._thinking = False  # a thinking block is open
        self._detail: int | None = None  # the reasoning detail the open block reads
        self._detail_keys: dict[str, str] = {}  # its id and format, as they came
        self._signature: str | None = None  # its reference once its signature came
        self._signed_by = MAKER  # who made it: OpenRouter (a detail's), Mistral (a part's)
        self._last_is_text = False  # the last block so far is text: a citation is taken
        self._calls: dict[int, _Call] = {}
        self._emitted_calls = 0
        self._skipped = False  # a tool call that is not a function call was skipped
        self._finish: str | None = None  # the provider's finish_reason, once seen
        self._refused = False
        self._usage = _NO_USAGE
        self._model: str | None = None  # the last model a chunk named
        self._ended = False  # the response ended
        self._other_choices: set[int] = set()  # indexes other than 0 seen (and warned)
        self._other_parts: set[str] = set()  # content part types warned about
        self._annotations = 0  # annotations seen, for their paths
        self._pending: list[tuple[int, dict[str, Any]]] = []  # citations before any text
        self._unread: set[str] = set()  # pointers of the keys warned about (not read)

    # --- events -----------------------------------------------------------------------

    def handle(self, name: str | None, data: Any) -> None:
        if name is None or name == "message":
            if data is DONE:
                self._done()
            else:
                self._chunk_data(data)
        elif name == "error":
            self._failure(_error_value(data))
        else:
            self._unknown(f"event {quoted(name)}")

    def handle_text(self, name: str | None, text: str) -> bool:
        """A chunk that needs nothing of its data as it came (no error, no annotation,
        no key to warn about), read straight from its text when it is of its declared
        shape; any other event is declined (``handle`` reads it)."""
        if name is not None and name != "message":
            return False
        try:
            chunk = _CHUNKS_TEXT.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return False
        if chunk.error is not None or not _plain(chunk):
            return False
        self._chunk(chunk, None, None)
        return True

    def end(self) -> None:
        if not self._ended and self._finish is not None:
            self._end()

    def _done(self) -> None:
        if not self._reply.started:
            raise Refusal("[DONE] before any chunk with an id", Code.PROVIDER_MISSING_START)
        if self._finish is None:
            self._close_thinking()
            self._tool_calls(truncated=False)
        self._end()

    def _failure(self, error: object) -> None:
        code, message = _error_code_and_message(error)
        raise self._reply.fail(code, message)

    def _unknown(self, what: str) -> None:
        raise Refusal(f"unknown {what}", Code.PROVIDER_UNKNOWN_EVENT)

    # --- chunks -----------------------------------------------------------------------

    def _chunk_data(self, data: Any) -> None:
        """A chunk as JSON data: decoded once, what it does not read set apart."""
        if type(data) is not dict:
            raise Refusal(f"a chunk must be a JSON object, not {describe_json(data)}")
        if data.get("error") is not None:
            self._failure(data["error"])
        kind = data.get("object")
        if type(kind) is str and kind not in _CHUNK_OBJECTS:
            self._unknown(f"object {quoted(kind)}")
        data = only_choice_zero(data, first=False)
        try:
            decoded = _CHUNKS(data)
        except WireError as error:
            raise Refusal(f"{_CHUNK} {error}") from None
        chunk: Chunk = decoded.value
        places = list(decoded.unread)
        for position, choice in enumerate(chunk.choices or _NO_ITEMS):
            if choice.index == 0 and choice.delta is not None:
                at = f"/choices/{position}/delta"
                places.extend(carried(choice.delta, at))
                if choice.delta.audio is not None:
                    places.extend(carried(choice.delta.audio, f"{at}/audio"))
                for call, item in enumerate(choice.delta.tool_calls or _NO_ITEMS):
                    places.extend(carried(item, f"{at}/tool_calls/{call}"))
        self._chunk(chunk, in_order(places, data), data)

    def _chunk(self, chunk: Chunk, unread: list[str] | None, data: dict[str, Any] | None) -> None:
        """``unread``: the places of the keys to warn about, in order (taken as they
        are warned); ``data``: the chunk as it came (None from ``handle_text``: a
        chunk that needs nothing of it)."""
        kind = chunk.object
        if kind is not None and kind not in _CHUNK_OBJECTS:
            self._unknown(f"object {quoted(kind)}")
        if unread:
            for place in taken(unread, "/", "/choices/"):
                key_warning(self._reply, tuple(key_path(place)), -1, self._unread)
        choices = chunk.choices or _NO_ITEMS
        usage = chunk.usage
        if usage is None and chunk.x_groq is not None:
            usage = chunk.x_groq.usage
        if not self._reply.started:
            response_id = chunk.id
            if response_id is None or not non_empty_id(response_id):
                if not choices and usage is None:
                    return  # Azure's prompt-filter chunk: nothing the IR takes
                response_id = self._request_id  # Snowflake's chunks: "id": ""
            self._reply.start(response_id)
        for position, choice in enumerate(choices):
            self._choice(choice, position, unread, data)
        self._reported(usage, chunk.model)

    def _reported(self, usage: WireUsage | None, model: str | None) -> None:
        """A chunk's usage and model replace those of the chunks before it (a blank
        model, Azure's content-filter chunks', names none)."""
        if usage is not None:
            self._usage = usage_counts(usage)
        if model is not None and not is_blank(model):
            self._model = model

    def _choice(
        self,
        choice: ChunkChoice,
        position: int,
        unread: list[str] | None,
        data: dict[str, Any] | None,
    ) -> None:
        index = choice.index
        if index != 0:
            if index not in self._other_choices:
                self._other_choices.add(index)
                choice_not_read(self._reply, index)
            return
        delta = choice.delta or _NO_DELTA
        at = f"/choices/{position}"
        if unread:
            for place in taken(unread, at + "/", f"{at}/delta/tool_calls/"):
                key_warning(self._reply, reply_path(place, at, "delta"), -1, self._unread)
        self._text(delta)
        if delta.annotations:
            assert data is not None, "handle_text declines annotations"
            self._citations(delta, data["choices"][position]["delta"]["annotations"])
        self._tool_call_deltas(delta, at, unread)
        finish = choice.finish_reason
        if finish:  # null and "" mean none yet
            self._finish_reason(finish)

    def _text(self, delta: Delta) -> None:
        """Reasoning, content and refusal."""
        if delta.reasoning_details:  # reasoning is its plain copy
            self._details(delta.reasoning_details)
        else:
            reasoning = delta.reasoning_content
            if reasoning is None:
                reasoning = delta.reasoning
            if reasoning:
                self._reasoning(reasoning)
        content = delta.content
        if type(content) is list:
            self._content_parts(content)
        elif content:
            assert isinstance(content, str)
            self._content(content)
        audio = delta.audio
        if audio is not None and audio.transcript:
            self._content(audio.transcript, what="audio.transcript")
        refusal = delta.refusal
        if refusal:
            self._still_open("refusal")
            self._close_thinking()
            self._refused = True
            self._last_is_text = False
            self._reply.refusal(refusal)

    def _details(self, details: Sequence[Any]) -> None:
        """Pieces of OpenRouter's ``reasoning_details``: the pieces of one detail (its
        ``index``) are one thinking block, signed with the detail's reference once its
        signature comes; an encrypted detail is a redacted block of its own."""
        for position, detail in enumerate(details):
            if type(detail) is Unread:
                detail_not_read(self._reply, position, detail)
                continue
            index = position if detail.index is None else detail.index
            if self._thinking and self._detail != index:
                self._close_thinking()
            if type(detail) is ReasoningEncrypted:
                self._still_open("reasoning_details")
                if detail.data is None:
                    detail_not_read(self._reply, index, detail)
                    continue
                self._close_thinking()
                self._last_is_text = False
                self._reply.end_thinking(
                    reference(detail), redacted=True, what="reasoning", signature_provider=MAKER
                )
                continue
            self._detail_piece(detail, index)

    def _detail_piece(self, detail: ReasoningText | ReasoningSummary, index: int) -> None:
        text = detail.text if isinstance(detail, ReasoningText) else detail.summary
        if text:
            self._reasoning(text)
        self._detail = index
        for key in ("id", "format"):
            if getattr(detail, key) is not None:
                self._detail_keys[key] = getattr(detail, key)
        if type(detail) is ReasoningText and detail.signature is not None:
            self._still_open("reasoning_details")
            self._thinking = True  # a signature alone signs an empty block
            self._last_is_text = False
            found = {"type": "reasoning.text", **self._detail_keys}
            self._signature = reference_of({**found, "signature": detail.signature})
            self._signed_by = MAKER

    def _reasoning(self, reasoning: str) -> None:
        self._still_open("reasoning")
        self._thinking = True
        self._last_is_text = False
        self._reply.thinking(reasoning, what="reasoning")

    def _content(self, content: str, what: str = "content") -> None:
        self._still_open(what)
        self._close_thinking()
        self._reply.text(content, what=what)
        self._last_is_text = True
        if self._pending:
            pending, self._pending = self._pending, []
            for _position, citation in pending:
                self._reply.cite(CITATION_PROVIDER, citation)

    def _content_parts(self, parts: Sequence[Part | Unread]) -> None:
        """Mistral's ``content`` as a list of parts: text parts -> text, thinking parts
        -> thinking; a part of another type is PART_NOT_READ (once for each type)."""
        for part in parts:
            match part:
                case TextPart(text=text):
                    if text:
                        self._content(text)
                case ThinkingPart(thinking=pieces, signature=signature):
                    text = thinking_text(pieces)
                    if text or (signature is not None and not self._thinking):
                        self._reasoning(text)
                    if signature is not None:  # Mistral's: the block's, at its end
                        self._signature, self._signed_by = signature, MISTRAL.name
                case Unread(type=kind) if kind not in self._other_parts:
                    self._other_parts.add(kind)
                    part_not_read(self._reply, "/choices/0/message/content", kind)

    def _citations(self, delta: Delta, raw: list[dict[str, Any]]) -> None:
        """``annotations``: each ``url_citation`` is a citation of the text (one that
        comes before any text waits for it), the annotation as it came (``raw``); any
        other annotation is PART_NOT_READ."""
        self._still_open("annotations")
        for index, annotation in enumerate(delta.annotations or _NO_ITEMS):
            position = self._annotations
            self._annotations += 1
            if not isinstance(annotation, UrlCitation):
                kind = annotation_kind(annotation)
                annotation_not_read(self._reply, position, kind, cited=False)
            elif self._last_is_text:
                self._reply.cite(CITATION_PROVIDER, raw[index])  # the event's own: private
            else:
                self._pending.append((position, raw[index]))

    def _tool_call_deltas(self, delta: Delta, at: str, unread: list[str] | None) -> None:
        """``at``: the pointer of the delta's choice."""
        if is_function_call(delta.function_call):
            raise Refusal(
                f"{_CHUNK} {to_pointer((*_DELTA, 'function_call'))} (a legacy function call) "
                "is not supported: "
                "it has no call id; use tools"
            )
        tool_calls = delta.tool_calls
        if not tool_calls:
            return
        self._still_open("tool_calls")
        for position, item in enumerate(tool_calls):
            self._tool_call_delta(item, position, at, unread)
        self._close_thinking()
        self._last_is_text = False

    def _tool_call_delta(
        self, item: ToolCallDelta, position: int, at: str, unread: list[str] | None
    ) -> None:
        """The delta ``tool_calls[position]`` of the choice at ``at``."""
        # Mistral sends each call whole, without an index: its position is its index.
        index = position if item.index is None else item.index
        call = self._calls.get(index)
        if call is None:
            call = self._calls[index] = _Call(index)
        kind = item.type
        if kind is not None and kind != "function":
            call.skipped = True
            call.kind = kind
        if call.skipped:
            return
        if unread:
            for place in taken(unread, f"{at}/delta/tool_calls/{position}/"):
                path = reply_path(place, at, "delta", index)
                key_warning(self._reply, path, index, self._unread)
        function = item.function
        call.id = call.id or item.id or None
        if function is not None:
            call.name = call.name or function.name or None
            if function.arguments:
                call.arguments.append(function.arguments)

    def _finish_reason(self, finish: str) -> None:
        if finish not in _FINISH_REASONS:
            raise Refusal(f"unknown finish_reason {quoted(finish)}")
        if self._finish is not None:
            if finish != self._finish:
                raise Refusal(
                    f"finish_reason {quoted(finish)} after finish_reason {quoted(self._finish)}"
                )
            return
        self._finish = finish
        self._close_thinking()
        self._tool_calls(truncated=finish == "length")

    def _still_open(self, what: str) -> None:
        if self._finish is not None:
            at = to_pointer((*_DELTA, *what.split(".")))
            raise Refusal(f"{_CHUNK} {at} after finish_reason {quoted(self._finish)}")

    # --- what is owed ------------------------------------------------------------------

    def _close_thinking(self) -> None:
        if self._thinking:
            self._thinking = False
            signature, self._signature = self._signature, None
            self._detail, self._detail_keys = None, {}
            self._reply.end_thinking(signature, signature_provider=self._signed_by)

    def _tool_calls(self, *, truncated: bool) -> None:
        """The assembled calls, in index order; ``truncated``: the output limit cut the
        reply, and an incomplete call is dropped."""
        calls, self._calls = self._calls, {}
        for index in sorted(calls):
            call = calls[index]
            if call.skipped:
                not_a_function_call(self._reply, index, call.kind)
                self._skipped = True
                continue
            arguments = _complete(call, truncated=truncated)
            if arguments is not None:
                assert call.id is not None
                assert call.name is not None
                self._reply.tool_call(call.id, call.name, arguments, what="tool call")
                self._emitted_calls += 1

    def _end(self) -> None:
        self._ended = True
        for position, citation in self._pending:
            annotation_not_read(self._reply, position, citation["type"], cited=True)
        self._pending = []
        stop = stop_reason(
            self._finish, refused=self._refused, calls=self._emitted_calls, skipped=self._skipped
        )
        finish(self._reply, stop, self._usage, self._model)


def _plain(chunk: Chunk) -> bool:
    """Whether a chunk needs nothing of its data as it came: no annotation (cited as it
    came) and no declared key the IR has no place for that is not null (warned in the
    order of the data)."""
    for choice in chunk.choices or _NO_ITEMS:
        delta = choice.delta
        if delta is None:
            continue
        if delta.annotations or delta.audio is not None or delta.prefix is not None:
            return False
        for item in delta.tool_calls or _NO_ITEMS:
            if item.custom is not None:
                return False
    return True


def finish(reply: ReplyBuilder, stop: ResponseStopReason, usage: Usage, model: str | None) -> None:
    """The reply's terminal with its usage and model (stream and reply alike)."""
    searches = usage.web_search
    reply.finish(
        stop,
        usage.input,
        usage.output,
        cache_read_tokens=usage.cache_read,
        cache_write_tokens=usage.cache_write,
        reasoning_tokens=usage.reasoning,
        server_tool_requests=None if searches is None else [("web_search", searches)],
        model=model,
    )


def is_function_call(value: object) -> bool:
    """Whether a ``function_call`` is a legacy function call: not null, and not the
    all-empty object some servers write in every message."""
    return value is not None and value != DEFAULT_VALUES["function_call"]


def thinking_text(pieces: list[Any] | None) -> str:
    """The text of a thinking part (Mistral's): its ``text`` parts, joined."""
    return "".join(
        piece["text"]
        for piece in pieces or _NO_ITEMS
        if type(piece) is dict and piece.get("type") == "text" and type(piece.get("text")) is str
    )


def stop_reason(
    finish: str | None, *, refused: bool, calls: int, skipped: bool = False
) -> ResponseStopReason:
    """The reply's stop reason from its ``finish_reason`` (a known one, or None), whether
    it held a refusal, how many tool calls it made and whether it skipped any (custom
    tool calls: stream and reply alike). A refusal that ended normally (``stop`` or no
    finish_reason, no tool call) is "refusal"; ``tool_calls`` when every call was
    skipped is "stop" (the message holds no call; the warnings name them)."""
    if finish is None or finish == "stop" or (skipped and not calls):
        if calls:
            return Stop.TOOL_CALL
        return Stop.REFUSAL if refused else Stop.STOP
    return _FINISH_REASONS[finish]


# --- values --------------------------------------------------------------------------


def _complete(call: _Call, *, truncated: bool) -> dict[str, Any] | None:
    """The arguments of ``call`` when it is complete; ``None`` for an incomplete call
    when ``truncated``; ``Refusal`` for one otherwise."""
    what = (
        f"tool call {quoted(call.id)} ({cut(str(call.name))})"
        if call.id
        else f"tool call {call.index}"
    )
    arguments = _arguments("".join(call.arguments))
    if call.id is None or call.name is None or arguments is None:
        if truncated:
            return None
        if call.id is None:
            raise Refusal(f"tool call {call.index} ({cut(str(call.name))}) has no id")
        if call.name is None:
            raise Refusal(f"{what} has no function name")
        text = "".join(call.arguments)
        raise Refusal(f"{what} arguments are not a JSON object: {text[:80]!r}")
    return arguments


def _arguments(text: str) -> dict[str, Any] | None:
    """The JSON object ``text`` holds (``{}`` for empty text), else ``None``: the
    conversion modules' rule (``_common.parse_arguments``: no duplicate keys, NaN or
    infinite numbers)."""
    if not text.strip():
        return {}
    value = parse_arguments(text)
    return value if type(value) is dict else None


def usage_counts(usage: WireUsage) -> Usage:
    """``prompt_tokens``, ``completion_tokens`` and, when given,
    ``prompt_tokens_details.cached_tokens`` (else Mistral's ``num_cached_tokens``) and
    ``cache_write_tokens``, ``completion_tokens_details.reasoning_tokens`` and
    OpenRouter's ``server_tool_use_details.web_search_requests`` (stream and reply
    alike)."""
    prompt = usage.prompt_tokens_details
    completion = usage.completion_tokens_details
    tools = usage.server_tool_use_details
    cached = None if prompt is None else prompt.cached_tokens
    return Usage(
        usage.prompt_tokens,
        usage.completion_tokens,
        usage.num_cached_tokens if cached is None else cached,
        None if completion is None else completion.reasoning_tokens,
        None if prompt is None else prompt.cache_write_tokens,
        None if tools is None else tools.web_search_requests,
    )


def _error_value(data: Any) -> object:
    """The error object of an ``event: error``: ``data.error`` when there is one."""
    if type(data) is dict and data.get("error") is not None:
        return data["error"]
    return None if data is DONE else data


def _error_code_and_message(error: object) -> tuple[str, str]:
    code: str | None = None
    message: object = error
    if type(error) is dict:
        code = _code(error.get("code")) or _code(error.get("type"))
        message = error.get("message")
    if not non_empty_id(message):
        message = f"the provider reported an error without a message: {_excerpt(error)}"
    assert isinstance(message, str)
    return code or "unknown", message


def _code(value: object) -> str | None:
    if type(value) is int:
        return str(value)
    return value if non_empty_id(value) else None  # type: ignore[return-value]


def _excerpt(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    except (ValueError, TypeError, RecursionError):
        text = describe_json(value)
    return text if len(text) <= 200 else text[:200] + "..."
