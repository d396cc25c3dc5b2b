"""Gemini streaming (``streamGenerateContent?alt=sse``), sync or async: ``GeminiState``
turns each decoded chunk into ``ReplyBuilder`` calls; the drivers are
``agent_ir.wire._stream``'s. The chunks, their mapping and the failures:
``docsgen/mapping/gemini.md`` (*Streams*)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir._paths import to_pointer
from agent_ir._text import cut, is_blank, non_empty_id, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.replies.protocol import ProviderErrorCode as Code
from agent_ir.wire._decode import WireError, describe_json
from agent_ir.wire._stream import DONE, AsyncStream, Refusal, StreamState, SyncStream
from agent_ir.wire.gemini._ids import reply_call_id
from agent_ir.wire.gemini._wire import (
    Candidate,
    FunctionCall,
    GenerateContentResponse,
    Part,
    PromptFeedback,
    Response,
    UsageMetadata,
    as_sent,
    decode_response,
)

__all__ = ["AsyncGeminiStream", "GeminiState", "GeminiStream"]

Stop = ResponseStopReason
CHUNK = "GenerateContentResponse"  # how a refusal names a stream's event

FILTERS: Final = frozenset(
    {
        "SAFETY",
        "RECITATION",
        "BLOCKLIST",
        "PROHIBITED_CONTENT",
        "SPII",
        "IMAGE_SAFETY",
        "IMAGE_PROHIBITED_CONTENT",
        "IMAGE_RECITATION",
        "MODEL_ARMOR",
    }
)
_CONTENT_METADATA: Final = (
    ("grounding_metadata", "groundingMetadata"),
    ("citation_metadata", "citationMetadata"),
    ("url_context_metadata", "urlContextMetadata"),
)
# Part keys that describe a part rather than hold content (in either spelling).
_PART_METADATA: Final = frozenset(
    {"thought", "thoughtSignature", "partMetadata", "mediaResolution", "videoMetadata"}
    | {"thought_signature", "part_metadata", "media_resolution", "video_metadata"}
)
# The declared part kinds without an IR form (a part holding one is PART_NOT_READ).
_OTHER_KINDS: Final = tuple(
    (field.name, field.encode_name)
    for field in msgspec.structs.fields(Part)
    if field.encode_name not in _PART_METADATA and field.name not in ("text", "function_call")
)
_RESPONSE_TEXT: Final = msgspec.json.Decoder(GenerateContentResponse)
_NOT_READ = ConversionWarningCode.PART_NOT_READ


class GeminiStream(SyncStream):
    """A Gemini ``streamGenerateContent`` stream read from a sync iterable (``for chunk
    in stream``, ``stream.result()``); see the provider page. ``TypeError`` for a
    blank ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "GeminiStream"
    _start = "first chunk"
    _terminal = "finishReason"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return GeminiState(builder)


class AsyncGeminiStream(AsyncStream):
    """A Gemini ``streamGenerateContent`` stream read from an async iterable (``async
    for``, ``await stream.result()``); see the provider page. ``TypeError`` for a
    blank ``request_id`` or a ``cancel`` that is not an ``asyncio.Event``."""

    _function = "AsyncGeminiStream"
    _start = "first chunk"
    _terminal = "finishReason"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return GeminiState(builder)


_TEXT = "text"
_THINKING = "thinking"


class GeminiState:
    """``GenerateContentResponse`` chunks -> ``ReplyBuilder`` calls (a
    ``StreamState``); one per stream, or one per non-streamed reply (``join`` False:
    each part is a block of its own, ``event`` the function named in refusals)."""

    __slots__ = (
        "_calls",
        "_event",
        "_join",
        "_model",
        "_parts",
        "_reply",
        "_response_id",
        "_run",
        "_signature",
        "_usage",
        "_warned",
    )

    def __init__(self, reply: ReplyBuilder, *, join: bool = True, event: str = CHUNK) -> None:
        self._reply = reply
        self._join = join
        self._event = event
        self._response_id = ""
        self._run: str | None = None  # the open run of parts: text or thinking
        self._signature: str | None = None  # the open run's thoughtSignature
        self._calls = 0
        self._parts = 0  # parts read, across chunks (a warning's path)
        self._usage: tuple[int, int, int | None, int | None] = (0, 0, None, None)
        self._model: str | None = None  # the last modelVersion a chunk named
        self._warned: set[str] = set()

    def handle(self, name: str | None, data: Any) -> None:
        if name is not None and name != "message":
            raise Refusal(f"unknown SSE event {quoted(name)}", Code.PROVIDER_UNKNOWN_EVENT)
        if data is DONE:
            raise Refusal("a [DONE] event (Gemini streams end with the chunk of a finishReason)")
        if type(data) is not dict:
            raise Refusal(f"the chunk is not a JSON object; it is {describe_json(data)}")
        self.chunk(data)

    def handle_text(self, name: str | None, text: str) -> bool:
        """A chunk read straight from its text when it is of its declared shape, has
        no error and needs nothing of its data as it came (``_needs_data``); any other
        is declined (``handle`` reads it)."""
        if name is not None and name != "message":
            return False
        try:
            response = _RESPONSE_TEXT.decode(text)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            return False
        if response.error is not None or _needs_data(response):
            return False
        self._checked(response, None)
        return True

    def end(self) -> None:
        """Nothing is owed: without a finishReason the stream is
        PROVIDER_MISSING_TERMINAL."""

    def chunk(self, data: dict[str, Any]) -> None:
        """One ``GenerateContentResponse`` (a stream's chunk, or a whole reply)."""
        error = data.get("error")
        if error is not None:
            code, message = error_code_and_message(error)
            raise self._reply.fail(code, message)
        try:
            response = decode_response(data)
        except WireError as error:
            raise Refusal(f"{self._event} {error}") from None
        self._checked(response.decoded.value, response)

    def _checked(self, value: GenerateContentResponse, response: Response | None) -> None:
        """``_read``, its own checks (a call's name) refused as the decode's are."""
        try:
            self._read(value, response)
        except WireError as error:
            spelled = response.spelled if response is not None else {}
            said = WireError(as_sent(error.pointer, spelled), error.expected, error.found)
            raise Refusal(f"{self._event} {said}") from None

    def _read(self, value: GenerateContentResponse, response: Response | None) -> None:
        """The chunk decoded; ``response`` the decode with the data as it came (None:
        read from its text, nothing undeclared)."""
        if not self._reply.started:
            self._start(value.response_id)
        candidates = value.candidates or []
        usage = value.usage_metadata
        if usage is not None:
            self._usage = usage_counts(usage)
        if value.model_version is not None and not is_blank(value.model_version):
            self._model = value.model_version
        position = self._chosen(candidates)
        places = _Places(response, position)
        for place in places.chunk:
            self._unread(place)
        if position is not None:
            self._candidate(candidates[position], places)
        elif not candidates:
            self._blocked(value.prompt_feedback)

    def _start(self, response_id: str | None) -> None:
        if response_id is None or not non_empty_id(response_id):
            response_id = self._reply.request_id
        self._response_id = response_id
        self._reply.start(response_id)

    def _chosen(self, candidates: list[Candidate]) -> int | None:
        """The place of the candidate of index 0; each other index is CHOICES_NOT_READ
        (once)."""
        chosen = None
        for position, candidate in enumerate(candidates):
            index = position if candidate.index is None else candidate.index
            if index == 0 and chosen is None:
                chosen = position
            else:
                self._once(
                    f"/candidates/{index}",
                    ConversionWarningCode.CHOICES_NOT_READ,
                    f"candidate {index} is not read (candidateCount > 1): the reply is candidate 0",
                )
        return chosen

    def _candidate(self, candidate: Candidate, places: _Places) -> None:
        content = candidate.content
        if content is not None and content.parts:
            for index, part in enumerate(content.parts):
                self._part(part, index, places)
        for field, name in _CONTENT_METADATA:
            if getattr(candidate, field) is not None:
                self._once(
                    f"/candidates/0/{name}", _NOT_READ, f"the candidate's {name} has no IR form"
                )
        reason = candidate.finish_reason
        if reason:
            self._finish(reason, candidate.finish_message)

    # --- parts ---------------------------------------------------------------------------

    def _part(self, part: Part, index: int, places: _Places) -> None:
        number = self._parts
        self._parts += 1
        signature = part.thought_signature or None
        call = part.function_call
        text = part.text
        raw = places.part(index)
        if call is not None:
            if not self._call(call, signature, number, places.at(index), raw):
                return  # a call in pieces: the part is warned whole
        elif text is not None or _only_metadata(part, raw):
            if part.thought is True:
                self._thought(text or "", signature)
            else:
                self._text(text or "", signature)
        else:
            self._not_read(part, raw, signature, number)
            return  # the warning names its keys
        for rest in places.parts.get(index, ()):
            self._unread(f"/candidates/0/content/parts/{number}{rest}")

    def _text(self, text: str, signature: str | None) -> None:
        reply = self._reply
        if self._run == _THINKING:
            self._close()
        if not self._join:
            if text:
                reply.text(text, block=True, what="text part", thought_signature=signature)
            elif signature is not None:
                reply.sign_text(signature, what="text part")
            return
        if not text:  # a signature alone ends the run: the last text block's, if unsigned
            if signature is not None:
                self._close()
                reply.sign_text(signature, what="text part")
            return
        if self._run == _TEXT and self._signature is not None and signature is not None:
            self._close()  # a second signature in one run: a block keeps one
        reply.text(text, what="text part")
        self._run = _TEXT
        self._signature = signature or self._signature

    def _thought(self, text: str, signature: str | None) -> None:
        reply = self._reply
        if self._run == _TEXT or (self._run == _THINKING and self._signature and signature):
            self._close()
        if not self._join:
            if text or signature is not None:
                if text:
                    reply.thinking(text, what="thought part")
                else:
                    reply.next_thinking_part(what="thought part")
                reply.end_thinking(thought_signature=signature, what="thought part")
            return
        if not text and signature is None:
            return
        if text:
            reply.thinking(text, what="thought part")
        elif self._run != _THINKING:
            reply.next_thinking_part(what="thought part")  # opens the block, no chunk
        self._run = _THINKING
        self._signature = signature or self._signature

    def _call(
        self,
        call: FunctionCall,
        signature: str | None,
        number: int,
        at: str,
        raw: dict[str, Any] | None,
    ) -> bool:
        """The call; False for a call streamed in pieces (PART_NOT_READ)."""
        self._close()
        if call.partial_args is not None or call.will_continue is True:
            at = _part_pointer(number)
            self._reply.warn(
                _NOT_READ,
                at,
                -1,
                f"{at} is a functionCall streamed in pieces (partialArgs/willContinue),"
                " which is not assembled",
            )
            return False
        name = call.name
        if name is None or not non_empty_id(name):
            found = describe_json(name) if name is not None else _absent_name(raw)
            raise WireError(f"{at}/functionCall/name", "a non-empty string", found)
        call_id = call.id
        if call_id is None or not non_empty_id(call_id):
            call_id = reply_call_id(self._response_id, self._calls)
        self._reply.tool_call(
            call_id,
            name,
            {} if call.args is None else call.args,
            what="functionCall",
            thought_signature=signature,
        )
        self._calls += 1
        return True

    def _not_read(
        self, part: Part, raw: dict[str, Any] | None, signature: str | None, number: int
    ) -> None:
        self._close()
        if raw is not None:
            kinds = [_camel(name) for name, value in raw.items() if value is not None]
            kinds = [name for name in kinds if name not in _PART_METADATA]
        else:
            kinds = [name for field, name in _OTHER_KINDS if getattr(part, field) is not None]
        signed = " (its thoughtSignature with it)" if signature is not None else ""
        at = _part_pointer(number)
        self._reply.warn(
            _NOT_READ,
            at,
            -1,
            f"{at} ({cut(', '.join(kinds or ['empty part']), 80)}) has no IR form{signed}",
        )

    def _close(self) -> None:
        """End the open text or thinking run, with its signature."""
        run, signature = self._run, self._signature
        self._run = self._signature = None
        if run == _TEXT:
            if signature is not None:
                self._reply.sign_text(signature, what="text part")
            else:
                self._reply.end_text()
        elif run == _THINKING:
            self._reply.end_thinking(thought_signature=signature, what="thought part")

    # --- the end ---------------------------------------------------------------------------

    def _finish(self, reason: str, message: str | None) -> None:
        self._close()
        if reason == "STOP":
            stop = Stop.TOOL_CALL if self._calls else Stop.STOP
        elif reason == "MAX_TOKENS":
            stop = Stop.LENGTH
        else:
            stop = Stop.ERROR
            why = "a filter of the provider" if reason in FILTERS else "an error"
            said = f": {cut(message, 400)}" if message else ""
            self._reply.warn(
                _NOT_READ,
                "/candidates/0/finishReason",
                -1,
                f"finishReason {cut(reason, 60)} ({why}) ended the reply{said}",
            )
        self._end(stop)

    def _blocked(self, feedback: PromptFeedback | None) -> None:
        """A chunk without candidates: the terminal when the prompt was blocked."""
        reason = feedback.block_reason if feedback is not None else None
        if feedback is None or not reason:
            return
        message = feedback.block_reason_message
        said = f": {cut(message, 400)}" if message else ""
        self._reply.warn(
            _NOT_READ,
            "/promptFeedback/blockReason",
            -1,
            f"the prompt was blocked (blockReason {cut(reason, 60)}){said}",
        )
        self._end(Stop.ERROR)

    def _end(self, stop: ResponseStopReason) -> None:
        input_tokens, output_tokens, cache_read, reasoning = self._usage
        self._reply.finish(
            stop,
            input_tokens,
            output_tokens,
            cache_read_tokens=cache_read,
            reasoning_tokens=reasoning,
            model=self._model,
        )

    def _unread(self, place: str) -> None:
        """A key the declaration does not know, at its place in the reply."""
        self._once(place, _NOT_READ, f"{place} is not read: the IR has no place for it")

    def _once(self, path: str, code: ConversionWarningCode, text: str) -> None:
        if path not in self._warned:
            self._warned.add(path)
            self._reply.warn(code, path, -1, text)


class _Places:
    """Where a chunk's undeclared keys go in the reply, and its parts as they came:
    ``chunk`` the places of the keys outside the parts (those of a candidate not read
    left out), ``parts`` {a part's index in the chunk: the pointers of its keys, from
    the part}."""

    __slots__ = ("_parts", "_prefix", "chunk", "parts")

    def __init__(self, response: Response | None, position: int | None) -> None:
        self.chunk: list[str] = []
        self.parts: dict[int, list[str]] = {}
        self._prefix = f"/candidates/{position}"
        self._parts: list[Any] | None = None
        if response is None:
            return
        if position is not None:
            candidate = response.data["candidates"][position]
            content = candidate.get("content")
            self._parts = content.get("parts") if type(content) is dict else None
        if response.decoded.unread:
            self._sort(response.decoded.unread, position)

    def _sort(self, unread: tuple[str, ...], position: int | None) -> None:
        chosen = self._prefix
        in_parts = f"{chosen}/content/parts/"
        for place in unread:
            if position is not None and place.startswith(in_parts):
                index, _, rest = place[len(in_parts) :].partition("/")
                self.parts.setdefault(int(index), []).append(f"/{rest}")
            elif position is not None and place.startswith(f"{chosen}/"):
                self.chunk.append("/candidates/0" + place[len(chosen) :])
            elif not place.startswith("/candidates/"):
                self.chunk.append(place)

    def part(self, index: int) -> dict[str, Any] | None:
        """The part as it came (None: the chunk was read from its text)."""
        return None if self._parts is None else self._parts[index]

    def at(self, index: int) -> str:
        """The part's pointer in the chunk."""
        return f"{self._prefix}/content/parts/{index}"


def _part_pointer(number: int) -> str:
    """Where part ``number`` of the reply's content is, as the non-streamed reply holds it."""
    return to_pointer(("candidates", 0, "content", "parts", number))


def _needs_data(response: GenerateContentResponse) -> bool:
    """Whether a chunk read from its text must be read from its data instead: it has a
    part without an IR form (its warning names the part's keys in their order) or a
    call without a name (its refusal says what came)."""
    for candidate in response.candidates or ():
        content = candidate.content
        for part in (content.parts or ()) if content is not None else ():
            call = part.function_call
            if call is not None:
                if call.name is None:
                    return True
            elif part.text is None and _other_kind(part):
                return True
    return False


def _other_kind(part: Part) -> bool:
    return any(getattr(part, field) is not None for field, _name in _OTHER_KINDS)


def _only_metadata(part: Part, raw: dict[str, Any] | None) -> bool:
    """A part with no content key (``{"thoughtSignature": ...}``): an empty text part."""
    if raw is None:
        return not _other_kind(part)
    return all(value is None or name in _PART_METADATA for name, value in raw.items())


def _absent_name(raw: dict[str, Any] | None) -> str:
    """How a refusal names the absent name of the call of ``raw`` (a part)."""
    call = raw.get("functionCall") if raw is not None else None
    return "null" if type(call) is dict and "name" in call else "missing"


def _camel(name: str) -> str:
    """A key's camelCase (as the API and the paths of warnings write it)."""
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def usage_counts(usage: UsageMetadata) -> tuple[int, int, int | None, int | None]:
    """(input, output, cache-read, reasoning) token counts of a ``usageMetadata``; see
    the provider page."""
    thoughts = usage.thoughts_token_count
    return (
        (usage.prompt_token_count or 0) + (usage.tool_use_prompt_token_count or 0),
        (usage.candidates_token_count or 0) + (thoughts or 0),
        usage.cached_content_token_count,
        thoughts,
    )


def error_code_and_message(error: object) -> tuple[str, str]:
    """(provider code, message) of a Gemini ``error`` object: its ``status``, else its
    ``code`` as text, else ``"unknown"``; its ``message``, else the error described."""
    code: str | None = None
    message: object = None
    if type(error) is dict:
        status, number = error.get("status"), error.get("code")
        if type(status) is str and non_empty_id(status):
            code = status
        elif type(number) is int or (type(number) is str and non_empty_id(number)):
            code = str(number)
        message = error.get("message")
    if type(message) is not str or not non_empty_id(message):
        message = f"the provider reported an error without a message ({describe_json(error)})"
    return code or "unknown", message
