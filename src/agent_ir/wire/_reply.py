"""Reading a non-streamed reply: what the three ``reply_from_*`` functions share.

``read_reply`` copies the untrusted reply once (JSON data only), hands it to the
provider's reader with a ``ReplyBuilder`` (the same builder, and the same builder calls,
as the provider's stream), and returns the ``ModelResponse``. Every refusal is a
``ProviderError``: PROVIDER_INVALID_EVENT in the stream's wording, written as every wire
refusal is (``reply_from_anthropic: /content/2/input must be an object; it is null``), a
provider's own error as PROVIDER_TRANSPORT_ERROR with its code; ``record_index`` is
``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent_ir._errors import JsonValueError
from agent_ir._jsoncopy import copy_json
from agent_ir._text import non_empty_id, quoted
from agent_ir.replies.builder import Refusal, ReplyBuilder
from agent_ir.replies.protocol import ModelResponse, ProviderError, ProviderErrorCode
from agent_ir.wire._decode import describe_json

__all__ = ["read_reply"]

Reader = Callable[[ReplyBuilder, dict[str, Any]], None]


def read_reply(
    function: str,
    reply: object,
    request_id: object,
    read: Reader,
    *,
    start: str,
    terminal: str,
    offset: int = 0,
) -> ModelResponse:
    """The ``ModelResponse`` of ``reply`` read by ``read``; see the module docstring.
    ``TypeError`` for a blank ``request_id``. ``offset``: the levels above a free JSON
    value of the reply (Anthropic's ``content/<j>/input``) that do not count toward the
    IR's bound on arguments (``copy_json``'s)."""
    if not non_empty_id(request_id):
        raise TypeError(f"{function}: request_id must be a non-empty str, not {quoted(request_id)}")
    assert isinstance(request_id, str)
    data = _copied(function, reply, offset)
    builder = ReplyBuilder(str.__str__(request_id), start=start, terminal=terminal)
    try:
        read(builder, data)
    except Refusal as refusal:
        said = str(refusal)
        # The field readers' refusals name the function already, as the stream names
        # the event (``reply_from_x /id ...``): written ``<function>: <pointer> ...``.
        if said.startswith(f"{function} /"):
            said = said[len(function) + 1 :]
        own = refusal.provider_code is not None
        message = said if own else f"{function}: {said}"
        raise ProviderError(refusal.code, message, provider_code=refusal.provider_code) from None
    response = builder.response
    assert response is not None, "a reader ends with finish() or raises"
    return response


def _copied(function: str, reply: object, offset: int) -> dict[str, Any]:
    try:
        data = copy_json(reply, transport=True, offset=offset)
    except JsonValueError as error:
        hint = "" if isinstance(reply, dict) else " (pass an SDK object's model_dump())"
        raise ProviderError(
            ProviderErrorCode.PROVIDER_INVALID_EVENT,
            f"{function}: the reply is not JSON data: {error}{hint}",
        ) from None
    if type(data) is not dict:
        raise ProviderError(
            ProviderErrorCode.PROVIDER_INVALID_EVENT,
            f"{function}: the reply must be a JSON object; it is {describe_json(data)}",
        )
    return data
