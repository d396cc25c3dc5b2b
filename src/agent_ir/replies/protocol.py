"""The normalized side of every provider boundary: chunks, the terminal response, errors.

A provider adapter turns untrusted transport data into these types and nothing else:
``TextDeltaChunk`` and ``ToolCallChunk`` while a reply streams, one ``ModelResponse`` at
its end, and ``ProviderError`` (with a stable ``ProviderErrorCode``) when it fails. The
chunk and response types are the generated msgspec Structs of
``schemas/v1/model-stream.schema.json``; ``ProviderError`` is the exception form of that
schema's ``ProviderFailure`` object.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Protocol, runtime_checkable

from agent_ir._errors import AgentIRError
from agent_ir._generated.model_stream_schema import (
    ModelChunk,
    ModelResponse,
    ProviderErrorCode,
    RefusalDeltaChunk,
    TextDeltaChunk,
    ThinkingDeltaChunk,
    ToolCallChunk,
)

__all__ = [
    "ModelChunk",
    "ModelResponse",
    "ModelStream",
    "ProviderError",
    "ProviderErrorCode",
    "RefusalDeltaChunk",
    "TextDeltaChunk",
    "ThinkingDeltaChunk",
    "ToolCallChunk",
]


class ProviderError(AgentIRError):
    """A provider-boundary failure with a stable code.

    ``ProviderError(code, message, *, record_index=None, provider_code=None)``:
    ``code`` is a ``ProviderErrorCode`` or its string value (any other value is a
    ``ValueError``); ``record_index`` is the 0-based index of the transport record the
    failure is tied to (for ``PROVIDER_MISSING_TERMINAL``, the number of records read),
    ``None`` when no record is; ``provider_code`` is the provider's own code for a
    transport error. All three are read-only. ``to_json_value()`` gives the shape of the
    schema's ``ProviderFailure`` object.

    Anyone may raise it from their own adapter; an adapter of this package never takes a
    ``ProviderError`` raised by code it calls (a record source, a hostile container) for
    one of its own.
    """

    __slots__ = ("_code", "_message", "_provider_code", "_record_index")

    def __init__(
        self,
        code: ProviderErrorCode | str,
        message: str,
        *,
        record_index: int | None = None,
        provider_code: str | None = None,
    ) -> None:
        if not isinstance(message, str):
            raise TypeError(f"ProviderError message must be a str, not {type(message).__name__}")
        if record_index is not None and (type(record_index) is not int or record_index < 0):
            raise ValueError(
                f"ProviderError record_index must be an int >= 0 or None, not {record_index!r}"
            )
        if provider_code is not None and not isinstance(provider_code, str):
            raise TypeError(
                f"ProviderError provider_code must be a str or None, not {type(provider_code).__name__}"
            )
        super().__init__(message)
        self._code = ProviderErrorCode(code)
        self._message = str.__str__(message)
        self._record_index = record_index
        self._provider_code = None if provider_code is None else str.__str__(provider_code)

    @property
    def code(self) -> ProviderErrorCode:
        """The stable code of the failure."""
        return self._code

    @property
    def message(self) -> str:
        """A sentence for people; its wording may change."""
        return self._message

    @property
    def record_index(self) -> int | None:
        """0-based index of the record the failure is tied to, or ``None``."""
        return self._record_index

    @property
    def provider_code(self) -> str | None:
        """The provider's own error code (transport errors), or ``None``."""
        return self._provider_code

    def to_json_value(self) -> dict[str, Any]:
        """``{"code", "message", "recordIndex"?, "providerCode"?}``: the schema's
        ``ProviderFailure`` object as fresh builtins; absent values are omitted."""
        value: dict[str, Any] = {"code": self._code.value, "message": self._message}
        if self._record_index is not None:
            value["recordIndex"] = self._record_index
        if self._provider_code is not None:
            value["providerCode"] = self._provider_code
        return value

    def __str__(self) -> str:
        return f"{self._code.value}: {self._message}"

    def __repr__(self) -> str:
        extras = ""
        if self._record_index is not None:
            extras += f", record_index={self._record_index!r}"
        if self._provider_code is not None:
            extras += f", provider_code={self._provider_code!r}"
        return f"ProviderError({self._code.value!r}, {self._message!r}{extras})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (self._code.value, self._message, self._record_index, self._provider_code),
        )


def _rebuild(
    code: str, message: str, record_index: int | None, provider_code: str | None
) -> ProviderError:
    return ProviderError(code, message, record_index=record_index, provider_code=provider_code)


@runtime_checkable
class ModelStream(Protocol):
    """One streamed model reply: an async iterator of ``ModelChunk`` plus its result.

    ``async for chunk in stream`` yields the chunks in order; ``await stream.result()``
    gives the ``ModelResponse``. Either may be used alone or both together, in any
    order: every chunk is still yielded once, and a failure rejects both with the same
    ``ProviderError``. ``await stream.aclose()`` (also on leaving ``async with stream``)
    stops processing early and releases the transport.
    """

    def __aiter__(self) -> ModelStream: ...

    async def __anext__(self) -> ModelChunk: ...

    async def result(self) -> ModelResponse: ...

    async def aclose(self) -> None: ...

    async def __aenter__(self) -> ModelStream: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...
