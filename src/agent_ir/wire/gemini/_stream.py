"""Gemini streaming: ``GeminiStream(source, *, request_id, cancel=None)`` reads the
server-sent events of ``streamGenerateContent?alt=sse`` (``generate_content_stream``)
from a sync iterable, ``AsyncGeminiStream`` from an async one; both drive
``GeminiState`` (one ``handle(event)`` per event, calling the ``ReplyBuilder``; the
drivers are ``agent_ir.wire._stream``'s). ``source`` yields the raw bytes in any
chunking, or the chunks already decoded (each a ``GenerateContentResponse`` as a JSON
object: the items of ``json.loads(body)`` of ``streamGenerateContent`` without
``alt=sse``, which answers with one JSON array, read the same), or a mix.

Every ``data:`` is one ``GenerateContentResponse`` chunk; Gemini names no events and
sends no ``[DONE]`` (an SSE ``event:`` other than the default "message" is
PROVIDER_UNKNOWN_EVENT, a ``[DONE]`` PROVIDER_INVALID_EVENT). Field names are read in
the API's camelCase and in the snake_case of an SDK object's
``model_dump(mode="json")`` (``thoughtSignature`` or ``thought_signature``, ...; null
is absent). A missing or ill-typed field is PROVIDER_INVALID_EVENT naming its JSON
pointer in the chunk, what it must be and what it is (``agent_ir.wire._stream``'s
field readers): ``GenerateContentResponse /candidates/0/content/parts/1/functionCall/args
must be an object or null; it is an array``.

A chunk, in this order:

* ``error`` (not null: ``{"error": {"code", "message", "status"}}``, what the API sends
  for a failure mid-stream): PROVIDER_TRANSPORT_ERROR whose ``provider_code`` is the
  error's ``status`` (``RESOURCE_EXHAUSTED``, ``INTERNAL``...), else its ``code`` as
  text (``429``), else ``"unknown"``; its message is the error's ``message``.
* ``responseId``: the first chunk starts the response with it; a first chunk without
  one (absent, null or ``""``) starts it with the stream's ``request_id`` (the caller's
  own and unique to the request, so message ids stay unique in a transcript). Later
  chunks repeat it and are not compared.
* ``candidates``: the candidate whose ``index`` is 0 (an absent index is its place in
  the list) is read; a candidate of another index (``candidateCount`` > 1) is not, with
  one CHOICES_NOT_READ warning (``/candidates/<index>``) the first time it is seen.
* ``usageMetadata``: the counts so far (cumulative: the last one seen is the reply's).
* ``promptFeedback.blockReason`` with no candidates: the prompt was blocked, see *The
  end*.

The candidate's ``content.parts``, each in turn (a part is an object; only its
non-null keys count):

* ``text`` (``thought`` absent or false) -> text_delta. The text parts of a run (no
  other part between them, across chunks) make ONE text block: Gemini cuts its text
  into pieces at arbitrary places. Its ``thoughtSignature`` (Gemini signs the part,
  and in a stream the signature often arrives on a final part whose text is ``""``)
  is the block's, whichever piece carries it; a second signature in one run closes the
  block signed with the first, and its piece starts a new block (a block keeps one
  signature, none is lost). A part with empty text and a signature ends the run and
  signs its block when the block is unsigned (``ReplyBuilder.sign_text``: the last text
  block if it is unsigned, else an empty text block that keeps the signature, as after
  a call); empty text without one emits nothing.
* ``thought: true`` -> thinking_delta; a run of thought parts is ONE thinking block,
  ended (thinking_end with ``thoughtSignature`` as the block's ``thoughtSignature``,
  the same rule as text) by the next part of another kind or by the finish.
* ``functionCall {id?, name, args?}`` (it arrives whole) -> tool_call: ``id`` when
  present, else ``gemini_call_<responseId>_<n>`` (``agent_ir.wire.gemini._ids``;
  ``n`` the call's place among the reply's calls, from 0), ``args`` (absent or null:
  ``{}``) must be an object, ``name`` a non-empty string, and the part's
  ``thoughtSignature`` kept on the call (Gemini 3 signs the first call of a step; the
  API refuses the next request without it). A call streamed in pieces
  (``partialArgs`` or ``willContinue``, Vertex's ``streamFunctionCallArguments``) is
  not assembled: PART_NOT_READ.
* any other part (``executableCode``, ``codeExecutionResult``, ``inlineData`` (an image
  model's picture), ``fileData``, ``functionResponse``, ``toolCall``,
  ``toolResponse``, ...) -> a PART_NOT_READ warning (its signature goes with it, as
  the warning says); it ends the open text or thinking run. Never a failure.
* a part with only a ``thoughtSignature`` (no text key) is read as an empty text part.
  ``partMetadata``, ``mediaResolution`` and ``videoMetadata`` are not read.

The path of a part's warning is ``/candidates/0/content/parts/<n>``, ``n`` counting
the stream's parts from 0 across chunks; warnings name fields in camelCase, as the API
writes them, whichever spelling came. The candidate's ``groundingMetadata``,
``citationMetadata`` and ``urlContextMetadata`` (sources the IR cannot tie to its
text) are PART_NOT_READ (``/candidates/0/<key>``), once each; ``safetyRatings``,
``avgLogprobs``, ``logprobsResult``, ``tokenCount`` and ``citation``-less metadata
are not read.

The end
-------
The terminal is the chunk whose candidate 0 has a ``finishReason`` (Gemini puts it on
the last chunk, with that chunk's parts read first), or a chunk with
``promptFeedback.blockReason`` and no candidates; the stream settles there and closes
the source (nothing after it is read). ``finishReason``:

* ``STOP`` -> "stop", or "tool_call" when the reply has tool calls (Gemini says
  ``STOP`` after calls);
* ``MAX_TOKENS`` -> "length";
* the provider's filters (``SAFETY``, ``RECITATION``, ``BLOCKLIST``,
  ``PROHIBITED_CONTENT``, ``SPII``, ``IMAGE_SAFETY``, ``IMAGE_PROHIBITED_CONTENT``,
  ``IMAGE_RECITATION``, ``MODEL_ARMOR``) -> "error": the provider cut the reply, as an
  OpenAI ``content_filter`` (a "refusal" is the model declining in its own words,
  which Gemini does as ordinary text);
* anything else (``MALFORMED_FUNCTION_CALL``, ``UNEXPECTED_TOOL_CALL``,
  ``TOO_MANY_TOOL_CALLS``, ``MISSING_THOUGHT_SIGNATURE``, ``MALFORMED_RESPONSE``,
  ``LANGUAGE``, ``OTHER``, ``IMAGE_OTHER``, ``NO_IMAGE``, ``CONTINUATION``,
  ``FINISH_REASON_UNSPECIFIED`` and values this module does not know) -> "error".

An "error" finish keeps why in a PART_NOT_READ warning at
``/candidates/0/finishReason`` (the IR has no field for a provider's message): the
reason and the candidate's ``finishMessage`` (for ``MALFORMED_FUNCTION_CALL``, the call
the model wrote). A blocked prompt (no candidates, ``promptFeedback.blockReason``) ends
with "error" and no content, with a PART_NOT_READ warning at
``/promptFeedback/blockReason`` naming the reason and its ``blockReasonMessage``.

Usage (the last ``usageMetadata``; missing counts are 0, no usage at all is 0 and 0):
``inputTokens`` = ``promptTokenCount`` (cached content included) +
``toolUsePromptTokenCount``; ``outputTokens`` = ``candidatesTokenCount`` +
``thoughtsTokenCount``; ``reasoningTokens`` = ``thoughtsTokenCount`` and
``cacheReadTokens`` = ``cachedContentTokenCount`` when the reply gives them. The other
keys (``totalTokenCount``, the ``*TokensDetails`` breakdowns by modality,
``trafficType``, ``serviceTier``) repeat or split those counts and are not read.

A stream that ends before its terminal is PROVIDER_MISSING_TERMINAL, after the chunks
already emitted. ``reply_from_gemini`` reads a non-streamed reply with the same code,
each part a block of its own.
"""

from __future__ import annotations

from typing import Any, Final

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.model_stream_schema import ResponseStopReason
from agent_ir._text import cut, non_empty_id, quoted
from agent_ir.replies.builder import ReplyBuilder
from agent_ir.replies.protocol import ProviderErrorCode as Code
from agent_ir.wire._stream import (
    DONE,
    AsyncStream,
    Refusal,
    StreamState,
    SyncStream,
    describe_json,
    field_error,
    field_name,
    optional_array,
    optional_count,
    optional_object,
    optional_string,
)
from agent_ir.wire.gemini._ids import reply_call_id

__all__ = ["AsyncGeminiStream", "GeminiState", "GeminiStream"]

Stop = ResponseStopReason
CHUNK = "GenerateContentResponse"  # how the field readers name a stream's event

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
_CONTENT_METADATA = ("groundingMetadata", "citationMetadata", "urlContextMetadata")
# Part keys that describe a part rather than hold content.
_PART_METADATA = frozenset({"thought", "thoughtSignature", "partMetadata", "mediaResolution"})
_PART_METADATA |= {"thought_signature", "part_metadata", "media_resolution"}
_PART_METADATA |= {"videoMetadata", "video_metadata"}
_SNAKE: dict[str, str] = {}


def key(value: dict[str, Any], name: str) -> str:
    """The key ``value`` holds the field ``name`` (camelCase) under: ``name``, or its
    snake_case form when only that is there (an SDK object's ``model_dump``)."""
    if name in value:
        return name
    snake = _SNAKE.get(name)
    if snake is None:
        snake = _SNAKE[name] = "".join(f"_{c.lower()}" if c.isupper() else c for c in name)
    return snake if snake in value else name


def get(value: dict[str, Any], name: str) -> Any:
    """``value``'s field ``name`` in either spelling (``None`` when absent)."""
    return value.get(key(value, name))


class GeminiStream(SyncStream):
    """A Gemini ``streamGenerateContent`` stream read from a sync iterable (``for chunk
    in stream``, ``stream.result()``); see the module docstring. ``TypeError`` for a
    blank ``request_id`` or a ``cancel`` that is not a ``threading.Event``."""

    _function = "GeminiStream"
    _start = "first chunk"
    _terminal = "finishReason"

    def _state(self, builder: ReplyBuilder) -> StreamState:
        return GeminiState(builder)


class AsyncGeminiStream(AsyncStream):
    """A Gemini ``streamGenerateContent`` stream read from an async iterable (``async
    for``, ``await stream.result()``); see the module docstring. ``TypeError`` for a
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
        self._warned: set[str] = set()

    def handle(self, name: str | None, data: Any) -> None:
        if name is not None and name != "message":
            raise Refusal(f"unknown SSE event {quoted(name)}", Code.PROVIDER_UNKNOWN_EVENT)
        if data is DONE:
            raise Refusal("a [DONE] event (Gemini streams end with the chunk of a finishReason)")
        if type(data) is not dict:
            raise Refusal(f"the chunk is not a JSON object; it is {describe_json(data)}")
        self.chunk(data)

    def end(self) -> None:
        """Nothing is owed: without a finishReason the stream is
        PROVIDER_MISSING_TERMINAL."""

    def chunk(self, data: dict[str, Any]) -> None:
        """One ``GenerateContentResponse`` (a stream's chunk, or a whole reply)."""
        event = self._event
        error = data.get("error")
        if error is not None:
            code, message = error_code_and_message(error)
            raise self._reply.fail(code, message)
        if not self._reply.started:
            self._start(data)
        candidates = optional_array(data, key(data, "candidates"), event) or []
        usage = optional_object(data, key(data, "usageMetadata"), event)
        if usage is not None:
            self._usage = usage_counts(usage, event, f"/{key(data, 'usageMetadata')}")
        candidate = self._chosen(candidates)
        if candidate is not None:
            self._candidate(candidate)
        elif not candidates:
            self._blocked(data)

    def _start(self, data: dict[str, Any]) -> None:
        response_id = optional_string(data, key(data, "responseId"), self._event)
        if response_id is None or not non_empty_id(response_id):
            response_id = self._reply.request_id
        self._response_id = response_id
        self._reply.start(response_id)

    def _chosen(self, candidates: list[Any]) -> dict[str, Any] | None:
        """The candidate of index 0; each other index is CHOICES_NOT_READ (once)."""
        chosen = None
        for position, candidate in enumerate(candidates):
            if type(candidate) is not dict:
                raise field_error(candidates, position, self._event, "/candidates", "an object")
            index = candidate.get("index", position)
            if index is None:
                index = position
            if type(index) is not int or index < 0:
                at = f"/candidates/{position}"
                raise field_error(candidate, "index", self._event, at, "an integer >= 0")
            if index == 0 and chosen is None:
                chosen = candidate
            else:
                self._once(
                    f"/candidates/{index}",
                    ConversionWarningCode.CHOICES_NOT_READ,
                    f"candidate {index} is not read (candidateCount > 1): the reply is candidate 0",
                )
        return chosen

    def _candidate(self, candidate: dict[str, Any]) -> None:
        event, at = self._event, "/candidates/0"
        content = optional_object(candidate, "content", event, at)
        if content is not None:
            parts = optional_array(content, "parts", event, f"{at}/content") or []
            for position in range(len(parts)):
                self._part(parts, position)
        for name in _CONTENT_METADATA:
            if get(candidate, name) is not None:
                self._once(
                    f"{at}/{name}",
                    ConversionWarningCode.PART_NOT_READ,
                    f"the candidate's {name} has no IR form",
                )
        reason_key = key(candidate, "finishReason")
        reason = optional_string(candidate, reason_key, event, at)
        if reason:
            message = optional_string(candidate, key(candidate, "finishMessage"), event, at)
            self._finish(reason, message)

    # --- parts ---------------------------------------------------------------------------

    def _part(self, parts: list[Any], position: int) -> None:
        event = self._event
        at = f"/candidates/0/content/parts/{position}"
        number = self._parts
        self._parts += 1
        part = parts[position]
        if type(part) is not dict:
            raise field_error(parts, position, event, "/candidates/0/content/parts", "an object")
        signature = optional_string(part, key(part, "thoughtSignature"), event, at) or None
        call = optional_object(part, key(part, "functionCall"), event, at)
        text = optional_string(part, "text", event, at)
        if call is not None:
            self._call(call, signature, f"{at}/{key(part, 'functionCall')}", number)
        elif text is not None or _only_metadata(part):
            if part.get("thought") is True:
                self._thought(text or "", signature)
            else:
                self._text(text or "", signature)
        else:
            self._not_read(part, signature, number)

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

    def _call(self, call: dict[str, Any], signature: str | None, at: str, number: int) -> None:
        event = self._event
        self._close()
        if call.get("partialArgs") is not None or call.get("partial_args") is not None:
            self._streamed_call(number)
            return
        if call.get("willContinue") is True or call.get("will_continue") is True:
            self._streamed_call(number)
            return
        name = field_name(call, "name", event, at)
        arguments = optional_object(call, "args", event, at)
        call_id = optional_string(call, "id", event, at)
        if call_id is None or not non_empty_id(call_id):
            call_id = reply_call_id(self._response_id, self._calls)
        self._reply.tool_call(
            call_id,
            name,
            {} if arguments is None else arguments,
            what="functionCall",
            thought_signature=signature,
        )
        self._calls += 1

    def _streamed_call(self, number: int) -> None:
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            f"/candidates/0/content/parts/{number}",
            -1,
            f"parts[{number}] is a functionCall streamed in pieces (partialArgs/willContinue),"
            " which is not assembled",
        )

    def _not_read(self, part: dict[str, Any], signature: str | None, number: int) -> None:
        self._close()
        kinds = [_camel(name) for name, value in part.items() if value is not None]
        kinds = [name for name in kinds if name not in _PART_METADATA] or ["empty part"]
        signed = " (its thoughtSignature with it)" if signature is not None else ""
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            f"/candidates/0/content/parts/{number}",
            -1,
            f"parts[{number}] ({cut(', '.join(kinds), 80)}) has no IR form{signed}",
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
                ConversionWarningCode.PART_NOT_READ,
                "/candidates/0/finishReason",
                -1,
                f"finishReason {cut(reason, 60)} ({why}) ended the reply{said}",
            )
        input_tokens, output_tokens, cache_read, reasoning = self._usage
        self._reply.finish(
            stop,
            input_tokens,
            output_tokens,
            cache_read_tokens=cache_read,
            reasoning_tokens=reasoning,
        )

    def _blocked(self, data: dict[str, Any]) -> None:
        """A chunk without candidates: the terminal when the prompt was blocked."""
        event = self._event
        feedback_key = key(data, "promptFeedback")
        feedback = optional_object(data, feedback_key, event)
        if feedback is None:
            return
        at = f"/{feedback_key}"
        reason_key = key(feedback, "blockReason")
        reason = optional_string(feedback, reason_key, event, at)
        if not reason:
            return
        message = optional_string(feedback, key(feedback, "blockReasonMessage"), event, at)
        said = f": {cut(message, 400)}" if message else ""
        self._reply.warn(
            ConversionWarningCode.PART_NOT_READ,
            "/promptFeedback/blockReason",
            -1,
            f"the prompt was blocked (blockReason {cut(reason, 60)}){said}",
        )
        input_tokens, output_tokens, cache_read, reasoning = self._usage
        self._reply.finish(
            Stop.ERROR,
            input_tokens,
            output_tokens,
            cache_read_tokens=cache_read,
            reasoning_tokens=reasoning,
        )

    def _once(self, path: str, code: ConversionWarningCode, text: str) -> None:
        if path not in self._warned:
            self._warned.add(path)
            self._reply.warn(code, path, -1, text)


def _camel(name: str) -> str:
    """A key's camelCase (as the API and the paths of warnings write it)."""
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def _only_metadata(part: dict[str, Any]) -> bool:
    """A part with no content key (``{"thoughtSignature": ...}``): an empty text part."""
    return all(value is None or name in _PART_METADATA for name, value in part.items())


def usage_counts(
    usage: dict[str, Any], event: str, at: str
) -> tuple[int, int, int | None, int | None]:
    """(input, output, cache-read, reasoning) token counts of a ``usageMetadata``; see
    the module docstring."""

    def count(name: str) -> int | None:
        return optional_count(usage, key(usage, name), event, at)

    prompt = count("promptTokenCount") or 0
    tool_prompt = count("toolUsePromptTokenCount") or 0
    candidates = count("candidatesTokenCount") or 0
    thoughts = count("thoughtsTokenCount")
    cached = count("cachedContentTokenCount")
    return prompt + tool_prompt, candidates + (thoughts or 0), cached, thoughts


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
