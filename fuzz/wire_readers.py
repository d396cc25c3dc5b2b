"""The ``from_wire`` target: the eight ``from_*`` request readers and the six
``reply_from_*`` reply readers on structures. Importable without atheris.

An input is a structure (``fuzz.structures``) whose base is ``[reader, value]`` or
``[reader, value, system]`` (a seed holds a valid request or reply there); when the
mutated structure is not of that form, the reader is picked by the input's length and
the whole structure is its value. The oracle, per input:

* ``from_*``: success, ``WireFormatError`` whose ``pointer`` is a JSON Pointer under the
  request field (``/messages``, ``/input``, ``/contents``; the system prompt's
  ``/system``, ``/systemInstruction``; any for OTel's attributes), or ``TranscriptError``
  (documented: a read message the IR refuses) and nothing else;
* on success: a ``WireMessages`` of IR messages that ``validate_transcript`` finds no
  shape problem in (``ir_messages`` checks each message), warnings with JSON Pointer
  paths under the request field; ``to_*`` of the messages does not raise, and reading
  its output back (``from_*(to_*(from_*(x)))``) succeeds (what comes back is not
  compared: the writers merge, move and leave out messages, each with a warning, and
  block boundaries and ids are not promised to survive);
* every reader (each has a fast path): the fast path and the
  checked path agree: the same messages and warnings, or the same error type and
  pointer (the checked path is forced by making ``unchecked_wire`` return None, as it
  does for input it may not read unchecked);
* ``reply_from_*``: success or ``ProviderError`` PROVIDER_INVALID_EVENT,
  PROVIDER_TRANSPORT_ERROR or (a Responses status that has not ended)
  PROVIDER_MISSING_TERMINAL, with ``record_index`` None; a response's message is valid IR
  and converts with ``to_*``;
* the input is not mutated, and every call takes at most ``fuzz.targets.TIME_LIMIT``.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from agent_ir import (
    ProviderError,
    ProviderErrorCode,
    TranscriptError,
    to_json_value,
    validate_transcript,
)
from agent_ir.wire import (
    WireFormatError,
    WireMessages,
    from_anthropic,
    from_bedrock_converse,
    from_gemini,
    from_hf_chat,
    from_mistral,
    from_openai_chat,
    from_openai_responses,
    from_otel,
    reply_from_anthropic,
    reply_from_bedrock_converse,
    reply_from_gemini,
    reply_from_mistral,
    reply_from_openai_chat,
    reply_from_openai_responses,
    to_anthropic,
    to_bedrock_converse,
    to_gemini,
    to_hf_chat,
    to_mistral,
    to_openai_chat,
    to_openai_responses,
    to_otel,
)
from agent_ir.wire.anthropic import _request as anthropic_request
from agent_ir.wire.bedrock_converse import _request as bedrock_request
from agent_ir.wire.gemini import _request as gemini_request
from agent_ir.wire.hf_chat import _request as hf_request
from agent_ir.wire.mistral import _request as mistral_request
from agent_ir.wire.openai_chat import _request as chat_request
from agent_ir.wire.openai_responses import _request as responses_request
from agent_ir.wire.otel import _read as otel_read
from fuzz.structures import decode_structure

__all__ = ["READERS", "REQUEST_READERS", "WIRE_POOL", "from_wire", "is_pointer", "written_request"]

REQUEST_ID = "request-fuzz"
READERS = [
    "from_openai_chat",
    "from_openai_responses",
    "from_anthropic",
    "reply_from_openai_chat",
    "reply_from_openai_responses",
    "reply_from_anthropic",
    "from_gemini",
    "from_bedrock_converse",
    "from_mistral",
    "from_hf_chat",
    "from_otel",
    "reply_from_gemini",
    "reply_from_bedrock_converse",
    "reply_from_mistral",
]
_POINTER = re.compile(r"(/([^~/]|~[01])*)*")


def is_pointer(text: object) -> bool:
    """Whether ``text`` is a JSON Pointer (RFC 6901) that UTF-8 can write."""
    if type(text) is not str or _POINTER.fullmatch(text) is None:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


WIRE_POOL: list[Any] = [
    ["from_openai_chat", [{"role": "user", "content": "hi"}]],
    [
        "from_openai_chat",
        [
            {"role": "system", "content": "be brief"},
            {"role": "user", "content": [{"type": "text", "text": "read a"}]},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "read", "arguments": '{"path": "a"}'},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": "x"},
        ],
    ],
    [
        "from_openai_responses",
        [
            {"role": "user", "content": "read a"},
            {"type": "function_call", "call_id": "c1", "name": "read", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "x"},
        ],
    ],
    [
        "from_anthropic",
        [
            {"role": "user", "content": "read a"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "c1", "name": "read", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "x"}],
            },
        ],
        "be brief",
    ],
    [
        "reply_from_anthropic",
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": "hi"}],
            "stop_reason": "end_turn",
            "usage": {"input_tokens": 1, "output_tokens": 2},
        },
    ],
    [
        "reply_from_openai_chat",
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": "hi"},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 2},
        },
    ],
    [
        "reply_from_openai_responses",
        {
            "id": "resp_1",
            "object": "response",
            "status": "completed",
            "output": [
                {
                    "type": "message",
                    "id": "msg_1",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": "hi", "annotations": []}],
                }
            ],
            "usage": {"input_tokens": 1, "output_tokens": 2},
        },
    ],
    [
        "reply_from_gemini",
        {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": "hi"}]},
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 2},
            "modelVersion": "gemini-2.5-flash",
        },
    ],
    [
        "reply_from_bedrock_converse",
        {
            "output": {"message": {"role": "assistant", "content": [{"text": "hi"}]}},
            "stopReason": "end_turn",
            "usage": {"inputTokens": 1, "outputTokens": 2, "totalTokens": 3},
            "metrics": {"latencyMs": 10},
        },
    ],
    [
        "reply_from_mistral",
        {
            "id": "cmpl-1",
            "object": "chat.completion",
            "model": "mistral-small-latest",
            "created": 1,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": "hi"},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3},
        },
    ],
]


class _Request(NamedTuple):
    """A request reader: its writer, the request field it reads (None: the whole value,
    OTel's span attributes), its module (whose ``unchecked_wire`` turns its fast path
    on), and the keyword of its system prompt (None: none)."""

    function: Callable[..., WireMessages]
    writer: Callable[..., Any]
    field: str | None
    module: Any
    system: str | None = None


_FROM: dict[str, _Request] = {
    "from_openai_chat": _Request(from_openai_chat, to_openai_chat, "messages", chat_request),
    "from_openai_responses": _Request(
        from_openai_responses, to_openai_responses, "input", responses_request
    ),
    "from_anthropic": _Request(
        from_anthropic, to_anthropic, "messages", anthropic_request, "system"
    ),
    "from_gemini": _Request(
        from_gemini, to_gemini, "contents", gemini_request, "system_instruction"
    ),
    "from_bedrock_converse": _Request(
        from_bedrock_converse, to_bedrock_converse, "messages", bedrock_request, "system"
    ),
    "from_mistral": _Request(from_mistral, to_mistral, "messages", mistral_request),
    "from_hf_chat": _Request(from_hf_chat, to_hf_chat, "messages", hf_request),
    "from_otel": _Request(from_otel, to_otel, None, otel_read),
}
_WRITTEN_SYSTEM = {"system": "system", "system_instruction": "systemInstruction"}
"""A system keyword -> the field ``to_*`` writes the system prompt in."""
REQUEST_READERS = list(_FROM)


def written_request(reader: str, messages: Any) -> list[Any]:
    """``[reader, value(, system)]``: what the reader's ``to_*`` writes for ``messages``,
    as a seed of this target (the value the reader reads, and the system prompt beside
    it when the writer wrote one)."""
    value, system = _read_back(_FROM[reader], _FROM[reader].writer(messages).fields)
    return [reader, value] if system is None else [reader, value, system]


def _read_back(request: _Request, fields: dict[str, Any]) -> tuple[Any, Any]:
    """(the value, the system prompt or None) the reader reads from a written request's
    ``fields``."""
    value = fields if request.field is None else fields[request.field]
    return value, fields.get(_WRITTEN_SYSTEM[request.system]) if request.system else None


_REPLY: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "reply_from_openai_chat": (reply_from_openai_chat, to_openai_chat),
    "reply_from_openai_responses": (reply_from_openai_responses, to_openai_responses),
    "reply_from_anthropic": (reply_from_anthropic, to_anthropic),
    "reply_from_gemini": (reply_from_gemini, to_gemini),
    "reply_from_bedrock_converse": (reply_from_bedrock_converse, to_bedrock_converse),
    "reply_from_mistral": (reply_from_mistral, to_mistral),
}
REPLY_CODES = frozenset(
    {
        ProviderErrorCode.PROVIDER_INVALID_EVENT,
        ProviderErrorCode.PROVIDER_TRANSPORT_ERROR,
        # A Responses reply whose status says it has not ended (queued, in_progress...).
        ProviderErrorCode.PROVIDER_MISSING_TERMINAL,
    }
)


def from_wire(data: bytes) -> None:
    """One reader on a structure decoded from ``data``; see the module docstring."""
    from fuzz import known
    from fuzz.reference import same_json
    from fuzz.targets import OracleFailure, _plain_copy, _tagged

    value = decode_structure(data, WIRE_POOL)
    reader, arguments = _reader_of(value, len(data))
    before = _plain_copy(arguments)
    with _tagged(known.wire_causes, arguments):
        if reader in _FROM:
            _check_from(reader, *arguments)
        else:
            _check_reply(reader, arguments[0])
    if not same_json(arguments, before):
        raise OracleFailure(f"{reader} mutated its input", "")


def _reader_of(value: Any, size: int) -> tuple[str, list[Any]]:
    if type(value) is list and 2 <= len(value) <= 3 and value[0] in READERS:
        reader = value[0]
        if reader in _FROM:
            system = value[2] if len(value) == 3 and _FROM[reader].system else None
            return reader, [value[1], system]
        return reader, [value[1]]
    reader = READERS[size % len(READERS)]
    return reader, ([value, None] if reader in _FROM else [value])


def _read(reader: str, value: Any, system: Any) -> Any:
    request = _FROM[reader]
    if request.system is not None:
        return request.function(value, **{request.system: system})
    return request.function(value)


@contextlib.contextmanager
def _checked_path(module: Any) -> Iterator[None]:
    """The reader's fast path off: ``unchecked_wire`` says no input may be read unchecked."""
    original = module.unchecked_wire
    module.unchecked_wire = lambda value: None
    try:
        yield
    finally:
        module.unchecked_wire = original


def _outcome(reader: str, value: Any, system: Any, how: str) -> Any:
    from fuzz.targets import OracleFailure, call

    outcome = call(f"{reader} ({how})", _read, reader, value, system)
    error = outcome.error
    if error is None:
        return outcome.value
    if type(error) is TranscriptError:
        return error
    if type(error) is not WireFormatError:
        raise OracleFailure(f"{reader} raised {type(error).__name__}", f"{how}: {error!r}"[:300])
    pointer = error.pointer
    if not is_pointer(pointer) or not _under_request(reader, pointer):
        raise OracleFailure(
            f"{reader}: WireFormatError pointer is not under the request", repr(pointer)
        )
    return error


def _under_request(reader: str, pointer: str) -> bool:
    """Whether ``pointer`` is under the reader's request field or its system prompt's
    (named as the request names it: Gemini's ``/systemInstruction``); OTel reads a whole
    mapping: any pointer."""
    request = _FROM[reader]
    if request.field is None:
        return True
    return pointer.startswith(f"/{request.field}") or (
        request.system is not None and pointer.startswith(f"/{_WRITTEN_SYSTEM[request.system]}")
    )


def _summary(outcome: Any) -> Any:
    if type(outcome) is WireFormatError:
        return ("WireFormatError", outcome.pointer)
    if type(outcome) is TranscriptError:
        return ("TranscriptError", [(d.code, d.message_index, d.path) for d in outcome.diagnostics])
    messages = [to_json_value(message) for message in outcome]
    warnings = [to_json_value(warning) for warning in outcome.warnings]
    return ("ok", messages, warnings)


def _check_from(reader: str, value: Any, system: Any) -> None:
    from fuzz.targets import SHAPE_CODES, OracleFailure, call

    fast = _outcome(reader, value, system, "fast path")
    with _checked_path(_FROM[reader].module):
        checked = _outcome(reader, value, system, "checked path")
    if _summary(fast) != _summary(checked):
        raise OracleFailure(
            f"{reader}: the fast and the checked path disagree",
            f"{_summary(fast)!r}"[:300] + " != " + f"{_summary(checked)!r}"[:300],
        )
    if isinstance(fast, BaseException):
        return
    if type(fast) is not WireMessages:
        raise OracleFailure(f"{reader} result is not WireMessages", type(fast).__name__)
    messages = list(fast)
    diagnostics = validate_transcript(messages)
    if any(d.code in SHAPE_CODES for d in diagnostics):
        raise OracleFailure(f"{reader} made invalid IR", repr(diagnostics)[:300])
    for warning in fast.warnings:
        if not is_pointer(warning.path) or not _under_request(reader, warning.path):
            raise OracleFailure(
                f"{reader}: a warning's path is not under the request", repr(warning)
            )
    request = _FROM[reader]
    written = call(f"to_* of {reader}", request.writer, messages)
    if written.error is not None:
        error = written.error
        raise OracleFailure(
            f"to_* of {reader}'s messages raised {type(error).__name__}", repr(error)[:300]
        )
    again_value, again_system = _read_back(request, written.value.fields)
    again = _outcome(reader, again_value, again_system, "reading to_*'s output")
    if isinstance(again, BaseException):
        raise OracleFailure(
            f"{reader} refuses what to_* wrote", f"{type(again).__name__}: {again}"[:300]
        )


def _check_reply(reader: str, value: Any) -> None:
    from fuzz.targets import SHAPE_CODES, OracleFailure, call

    function, writer = _REPLY[reader]
    outcome = call(reader, lambda: function(value, request_id=REQUEST_ID))
    error = outcome.error
    if error is not None:
        if type(error) is not ProviderError:
            raise OracleFailure(f"{reader} raised {type(error).__name__}", repr(error)[:300])
        if error.code not in REPLY_CODES or error.record_index is not None:
            raise OracleFailure(f"{reader} failed with {error.code.value}", repr(error)[:300])
        return
    response = outcome.value
    message = response.message
    diagnostics = validate_transcript([message])
    if any(d.code in SHAPE_CODES for d in diagnostics):
        raise OracleFailure(f"{reader} made an invalid message", repr(diagnostics)[:300])
    if response.request_id != REQUEST_ID:
        raise OracleFailure(f"{reader}: the response has another request id", repr(response)[:300])
    written = call(f"to_* of {reader}", writer, [message])
    if written.error is not None:
        error = written.error
        raise OracleFailure(
            f"to_* of {reader}'s message raised {type(error).__name__}", repr(error)[:300]
        )
