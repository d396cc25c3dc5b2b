"""``reply_from_gemini(response, *, request_id)``: a non-streamed Gemini reply
(``generateContent``'s ``GenerateContentResponse`` as JSON) as the ``ModelResponse``
that ``GeminiStream`` gives for the same content.

Pass the JSON body as the API sends it (camelCase), or an SDK object's
``response.model_dump(mode="json")`` (snake_case keys, read the same). A signature is
kept as the string the reply holds: the API writes standard base64, and
``model_dump(mode="json")`` writes the SDK's bytes in URL-safe base64 (the API takes
both back); plain ``model_dump()`` holds ``bytes``, which is not JSON data and is
refused (PROVIDER_INVALID_EVENT).

Read as the stream reads one chunk that is the whole reply (``GeminiState``: decoded
once into ``agent_ir.wire.gemini._wire``'s declarations, see
``agent_ir.wire.gemini._stream`` for every mapping: ``error``, ``responseId`` (absent:
the ``request_id`` stands for it), candidate 0 and CHOICES_NOT_READ for the others,
parts, ``finishReason``, ``promptFeedback.blockReason``, ``usageMetadata``, a key not
declared as PART_NOT_READ at its place), with one difference: **each part is a block
of its own**, with its own ``thoughtSignature`` (the stream joins a run of text pieces,
and of thought pieces, into one block; the reply's parts are the model's own division). A part with empty text and a signature
signs the text block before it when that block is unsigned, else it is an empty text
block that keeps the signature. A reply whose candidate has no ``finishReason``, and
that is not a blocked prompt, has not ended: PROVIDER_INVALID_EVENT. Failures are
``ProviderError`` (``agent_ir.wire._reply``); paths in warnings are JSON pointers into
the reply (``/candidates/0/content/parts/2``).
"""

from __future__ import annotations

from typing import Any

from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse
from agent_ir.wire._reply import read_reply
from agent_ir.wire.gemini._stream import GeminiState

__all__ = ["reply_from_gemini"]

_F = "reply_from_gemini"

# The levels above a functionCall's args in a reply
# (candidates/<i>/content/parts/<j>/functionCall/args): the arguments may nest as deep
# as the IR's.
REPLY_ARGS_OFFSET = 7


def reply_from_gemini(response: object, *, request_id: object) -> ModelResponse:
    """The ``ModelResponse`` of a non-streamed Gemini ``GenerateContentResponse``; see
    the module docstring. ``TypeError`` for a blank ``request_id``."""
    return read_reply(
        _F,
        response,
        request_id,
        _read,
        start="GenerateContentResponse",
        terminal="finishReason",
        offset=REPLY_ARGS_OFFSET,
    )


def _read(reply: ReplyBuilder, data: dict[str, Any]) -> None:
    GeminiState(reply, join=False, event=_F).chunk(data)
    if reply.response is None:
        raise Refusal(
            "the reply has no finishReason on candidates[0] and no promptFeedback.blockReason"
            " (a reply without one has not ended)"
        )
