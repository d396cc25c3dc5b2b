"""Building and ordering ``Diagnostic``s: the one place their text, pointer and order
are decided, shared by the shape checks and the linkage rules.

A sentence quotes the data only cut (``agent_ir._text.quoted`` and ``cut``, at most
``QUOTE_CHARS`` characters of one value, the rest counted): a key of a shape problem's
place too, since one long key can lead to many problems under it. The pointer is kept
whole: it is the exact place."""

from __future__ import annotations

from collections.abc import Iterable

from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._paths import Path, PathKey, PathSegment, format_path, pointer_key, to_pointer
from agent_ir._text import QUOTE_CHARS, is_valid_unicode, left_out

__all__ = ["diagnostic", "ordered", "transcript_diagnostic", "writable"]

# Shape problems name their place in the sentence ("content[1].arguments must be ...");
# linkage sentences name the tool call instead.
_SHAPE_CODES = frozenset(
    {
        DiagnosticCode.INVALID_TRANSCRIPT,
        DiagnosticCode.INVALID_MESSAGE,
        DiagnosticCode.EMPTY_TOOL_NAME,
        DiagnosticCode.INVALID_TOOL_ARGUMENTS,
    }
)
_CODE_ORDER = {code: position for position, code in enumerate(DiagnosticCode)}


def diagnostic(code: DiagnosticCode, message_index: int, path: Path, reason: str) -> Diagnostic:
    """The diagnostic of ``reason`` at ``path`` inside message ``message_index`` (-1:
    the transcript as a whole, ``path`` then relative to the transcript)."""
    if code in _SHAPE_CODES:
        where = _place(path) or ("transcript" if message_index < 0 else "message")
        reason = f"{where} {reason}"
    full_path = path if message_index < 0 else (message_index, *path)
    return Diagnostic(
        code=code,
        message_index=message_index,
        message=writable(reason),
        path=writable(to_pointer(full_path)),
    )


def _place(path: Path) -> str:
    """``format_path(path)`` with each key longer than ``QUOTE_CHARS`` cut, the rest
    counted: ``arguments["a b…"]`` is written ``arguments["a b"]… (N more characters)``."""
    if all(isinstance(segment, int) or len(segment) <= QUOTE_CHARS for segment in path):
        return format_path(path)  # the usual case
    text = ""
    for segment in path:
        if isinstance(segment, str) and len(segment) > QUOTE_CHARS:
            shown: PathSegment = segment[:QUOTE_CHARS]
            more = left_out(len(segment) - QUOTE_CHARS)
        else:
            shown, more = segment, ""
        # format_path's own writing of a segment after another: ".key", '["a b"]', "[3]"
        piece = format_path((0, shown))[len("[0]") :]
        if not text and piece.startswith("."):
            piece = piece[1:]
        text += piece + more
    return text


def writable(text: str) -> str:
    """``text`` with each lone surrogate (of a key or value that could not be JSON)
    written as the six characters ``\\udXXX``, so that a diagnostic can always be
    printed and encoded as UTF-8 JSON."""
    if is_valid_unicode(text):
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def transcript_diagnostic(reason: str) -> Diagnostic:
    """An INVALID_TRANSCRIPT diagnostic about the transcript as a whole."""
    return diagnostic(DiagnosticCode.INVALID_TRANSCRIPT, -1, (), reason)


def ordered(diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """By message index (the transcript as a whole first, then the tool definitions in
    their order), then position inside the message or definition (JSON Pointer order,
    array indexes numerically), then the order in which the codes are listed; stable."""
    return tuple(sorted(diagnostics, key=_position))


def _position(diagnostic: Diagnostic) -> tuple[int, int, PathKey, int]:
    inside = pointer_key(diagnostic.path, skip=0 if diagnostic.message_index < 0 else 1)
    tool = -1 if diagnostic.tool_index is None else diagnostic.tool_index
    return (diagnostic.message_index, tool, inside, _CODE_ORDER[diagnostic.code])
