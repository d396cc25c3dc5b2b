"""What both framework adapters share: timestamps between the IR's RFC 3339 text and
``datetime``, reading a sequence of framework objects, and the write-then-read-back
step that makes each message's carrier."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from agent_ir._errors import WireFormatError
from agent_ir.adapters._carrier import difference, warn_carried
from agent_ir.wire._common import Warnings

__all__ = [
    "JsonDict",
    "b64",
    "carrier_of",
    "from_timestamp",
    "guarded",
    "input_items",
    "to_timestamp",
    "unb64",
]

JsonDict = dict[str, Any]
T = TypeVar("T")


def to_timestamp(value: object) -> datetime:
    """The ``datetime`` of an IR timestamp (now, in UTC, when absent or one ``datetime``
    cannot hold, such as a leap second: the carrier keeps the text)."""
    if type(value) is str:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
    return datetime.now(UTC)


def from_timestamp(value: object) -> str | None:
    """The IR timestamp of a framework's ``datetime`` (one without an offset read as
    UTC), None for anything else."""
    if not isinstance(value, datetime):
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(data: str) -> bytes:
    """The bytes of IR base64 ``data`` (valid by the IR's pattern)."""
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):  # pragma: no cover - the IR's pattern refuses it
        return data.encode()


def input_items(function: str, value: object) -> Sequence[Any]:
    """The framework messages of ``value`` (a list or tuple); ``WireFormatError`` else."""
    if not isinstance(value, (list, tuple)):
        raise WireFormatError(
            function, (), f"must be a list or tuple of messages; it is {type(value).__name__}"
        )
    return value


def guarded(function: str, index: int, read: Callable[..., T], *arguments: Any) -> T:
    """``read(*arguments)`` of framework message ``index``; a message whose fields are not of the
    types the framework declares (built around its checks) fails there, as a
    ``WireFormatError`` at the message, never as whatever the reading ran into."""
    try:
        return read(*arguments)
    except WireFormatError:
        raise
    except (TypeError, KeyError, AttributeError, ValueError, IndexError) as error:
        raise WireFormatError(
            function,
            (index,),
            f"must be a message of the framework's declared shape; reading it failed with"
            f" {type(error).__name__}: {error}",
        ) from None


def carrier_of(
    ir: JsonDict,
    back: JsonDict,
    warnings: Warnings,
    index: int,
    framework: str,
) -> JsonDict:
    """The carrier of IR message ``ir`` (message ``index``) whose native form reads back
    as ``back``, its losses warned; empty when it reads back equal."""
    carrier = difference(ir, back)
    if carrier:
        warn_carried(warnings, ir, back, carrier, index, framework)
    return carrier
