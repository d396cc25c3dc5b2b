"""The hand-written base of every wire declaration (``schemas/v1/wire/``, generated
into ``agent_ir._generated.wire``) and the two constrained types the declarations use.

It sits below the generated code, as ``agent_ir._base`` does for the IR's types; the
decode step (``agent_ir.wire._decode``) reads what it declares: ``rest_kept`` and
``empty_tag_read`` are documented there.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from agent_ir._text import BLANK_CHARACTERS

__all__ = ["NON_BLANK_PATTERN", "Count", "NonBlank", "WireStruct"]

# A string that is not blank: msgspec's pattern is searched, so "holds one character
# that is not blank" (the blank characters of agent_ir._text, as ids and names use).
NON_BLANK_PATTERN = "[^" + "".join(f"\\u{ord(c):04x}" for c in BLANK_CHARACTERS) + "]"
NonBlank = Annotated[str, msgspec.Meta(min_length=1, pattern=NON_BLANK_PATTERN)]
"""An id, a name or a code: a string that is not empty or blank."""
Count = Annotated[int, msgspec.Meta(ge=0)]
"""A count or an index: an integer >= 0 (not a boolean, not 1.0)."""


class WireStruct(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """The base of every wire declaration. Undeclared keys fail the fast path, so the
    walk names them (``Decoded.unread``) unless the class sets ``rest_kept``.

    Not tracked by the garbage collector (``gc=False``), as the IR's Structs are not: a
    decoded wire value holds only JSON values and other wire values made after it, so it
    is never part of a reference cycle, and the collector's passes over the tens of
    thousands a request decodes into were 5% of reading it (Bedrock, OTel)."""

    rest_kept: ClassVar[bool] = False
    empty_tag_read: ClassVar[bool] = False
