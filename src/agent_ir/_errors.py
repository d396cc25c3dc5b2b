"""Every exception agent-ir raises on purpose, under one base::

    AgentIRError
    ├── JsonValueError       (ValueError)             a value is not JSON: JsonObject(...)
    ├── InvalidMessageError  (TypeError, ValueError)  a message constructor refused its input
    ├── TranscriptError      (ValueError)             parse_transcript / loads: invalid transcript
    ├── WireFormatError      (ValueError)             a from_* / reply_from_* input is not of
    │                                                 its format's shape (path, reason)
    └── ProviderError                                 a reply or stream failed (stable code,
                                                      record_index); defined in
                                                      replies.protocol, beside the generated
                                                      code it carries

``except agent_ir.AgentIRError`` catches them all; each keeps the builtin bases it had,
so ``except ValueError`` code goes on working. Anything else escaping a public function
is a bug (``KeyboardInterrupt`` and ``SystemExit`` aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_ir._paths import Path, format_path, to_pointer

if TYPE_CHECKING:
    from agent_ir._generated.diagnostic_schema import Diagnostic

__all__ = [
    "AgentIRError",
    "InvalidMessageError",
    "JsonValueError",
    "TranscriptError",
    "WireFormatError",
    "describe_error",
    "safe_repr",
]


class AgentIRError(Exception):
    """The base of every exception agent-ir raises on purpose."""


class JsonValueError(AgentIRError, ValueError):
    """An untrusted value is not a JSON value; ``path`` says where, relative to its root,
    and ``reason`` what is wrong (``"must be a finite number"``)."""

    def __init__(self, path: Path, reason: str, *, unreadable: bool = False) -> None:
        super().__init__(f"{format_path(path) or 'value'} {reason}")
        self.path = path
        self.reason = reason
        self.unreadable = unreadable
        """True when reading the value raised (a hostile object), not when it was read
        and found not to be JSON."""


class InvalidMessageError(AgentIRError, TypeError, ValueError):
    """A constructor refused its input. Both a ``TypeError`` and a ``ValueError``.

    ``function`` is the constructor's name, ``path`` the place inside the message
    (``("content", 1, "arguments", "items", 2)``), ``code`` the stable diagnostic code
    the same problem gets from ``validate_transcript`` and ``reason`` the sentence.
    """

    def __init__(self, function: str, path: Path, code: str, reason: str) -> None:
        where = format_path(path) or "message"
        super().__init__(f"{function}: {where} {reason}")
        self.function = function
        self.path = path
        self.code = code
        self.reason = reason


class TranscriptError(AgentIRError, ValueError):
    """A transcript is invalid; ``diagnostics`` holds every problem, in order."""

    def __init__(self, diagnostics: tuple[Diagnostic, ...]) -> None:
        first = diagnostics[0]
        more = f" (and {len(diagnostics) - 1} more)" if len(diagnostics) > 1 else ""
        super().__init__(f"{first.code} {_place(first)}: {first.message}{more}")
        self.diagnostics = diagnostics


def _place(diagnostic: Diagnostic) -> str:
    """Where a diagnostic is, as a sentence says it: its message, else its tool
    definition, else the transcript as a whole (whose message index is -1)."""
    if diagnostic.message_index >= 0:
        return f"at message {diagnostic.message_index}"
    if diagnostic.tool_index is not None:
        return f"in tool {diagnostic.tool_index}"
    return "in the transcript"


def describe_error(error: BaseException) -> str:
    """``"TypeName: message"`` of an exception a caller's object raised, never raising:
    a hostile ``__str__`` (or class ``__name__``) is left out of the text instead."""
    name = _type_name(error)
    try:
        text = str(error)
    except Exception:  # a hostile __str__
        return name
    return f"{name}: {text}" if text else name


def safe_repr(value: object) -> str:
    """``repr(value)`` of a caller's object, never raising (its type name instead)."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        return f"<{_type_name(value)}>"
    return text if isinstance(text, str) else f"<{_type_name(value)}>"


def _type_name(value: object) -> str:
    try:
        name = type(value).__name__
    except Exception:  # a metaclass with a hostile __name__
        return "object"
    return name if type(name) is str else "object"


class WireFormatError(AgentIRError, ValueError):
    """Wire input that is not of its format's shape; ``path`` names the place as a
    tuple (``("messages", 2, "content", 0, "type")``), ``pointer`` as a JSON Pointer
    (``"/messages/2/content/0/type"``, the form of every other location agent-ir gives),
    and ``reason`` what is wrong. The message is ``<function>: <pointer> <reason>``, the
    input as a whole written ``/`` (as the decode step writes its root):
    ``from_gemini: /contents/0/role must be ...; it is ...``."""

    def __init__(self, function: str, path: Path, reason: str) -> None:
        self.function = function
        self.path = path
        self.reason = reason
        super().__init__(f"{function}: {self.pointer or '/'} {reason}")

    @property
    def pointer(self) -> str:
        """``path`` as a JSON Pointer (RFC 6901), a lone surrogate of a key written as
        the six characters ``\\udXXX`` (as in a ``Diagnostic.path``), so that it can
        always be written as UTF-8."""
        return to_pointer(self.path).encode("utf-8", "backslashreplace").decode("utf-8")
