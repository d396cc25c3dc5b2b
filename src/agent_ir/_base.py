"""The hand-written bases of every generated type (codegen passes them to the generator).

msgspec gives frozen, keyword-only Structs that forbid unknown fields and omit absent
optional fields when encoded. Four things the generator cannot say are added here:

* an absent optional field reads ``None``, while a JSON ``null`` for it stays invalid
  (``Absent``);
* the tag of a tagged union (``role`` of a message, ``type`` of a block, source or
  chunk) is readable as an ordinary class attribute, although msgspec keeps it out of
  the fields (so it is neither set nor copied per instance);
* ``message.text``, ``message.length`` and ``AssistantMessage.tool_calls``: what users
  look for on a message;
* ``str(message)`` is a one-line summary for people; ``repr`` stays msgspec's, which
  shows the fields as you would type them;
* a ``ToolDefinition`` made from plain values is checked and its ``parameters`` frozen
  when it is made (``ToolDefinitionStruct``): the one IR value users build directly
  from its class, with no constructor of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar

import msgspec

from agent_ir._errors import InvalidMessageError, JsonValueError
from agent_ir._jsonobject import JsonObject, freeze_object
from agent_ir._paths import Path
from agent_ir._text import is_blank, is_valid_unicode

if TYPE_CHECKING:
    from agent_ir._generated.message_schema import ToolCallBlock

SUMMARY_TEXT_LIMIT = 50

_T = TypeVar("_T")

# The type of an optional field, written ``usage: Absent[Usage] = None`` by codegen
# (``= field(name=..., default=None)`` when the JSON name differs). Type checkers read
# ``Absent[X]`` as ``X | None``; at run time it is ``X``, so msgspec keeps refusing null.
if TYPE_CHECKING:
    Absent: TypeAlias = _T | None
else:

    class Absent:
        """An optional field that is absent or a value, never ``null``: ``Absent[X]``.

        The schemas say an optional field is either left out or holds a value; a JSON
        ``null`` is invalid. Generated code writes such a field ``name: Absent[X] = None``:

        * decoding: an absent field reads ``None`` (msgspec fills in a default without
          validating it), and an explicit ``null`` stays invalid (``Expected `object`,
          got `null```), because at run time ``Absent[X]`` is just ``X``;
        * encoding: a ``None`` field is omitted (``omit_defaults=True``), so it
          round-trips as absent;
        * static typing: type checkers read ``Absent[X]`` as ``X | None``, which is what
          the attribute holds.

        Not supported: telling "absent" from "``None`` passed to the constructor" (msgspec
        does not validate ``__init__`` arguments; both read and encode as absent).
        """

        def __class_getitem__(cls, item: object) -> object:
            return item


NonBlankString: TypeAlias = str
"""The schema's NonEmptyString on the hot fields of a message (ids, tool names),
generated without its ``\\S`` pattern: msgspec would call Python's ``re`` once per
string, measured at about 40% of validating a transcript. The rule is not dropped:
``agent_ir.validation._checks.values_valid`` checks it in the pass it makes anyway. The fields
are listed once, in ``agent_ir._hand_checked.NON_BLANK_FIELDS``."""


class _TagAttributeMeta(msgspec.StructMeta):
    """Exposes each tagged class's tag value under its tag field's name."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> Any:
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        config = cls.__struct_config__
        if isinstance(config.tag_field, str) and isinstance(config.tag, str):
            setattr(cls, config.tag_field, config.tag)
        return cls


class IRStruct(
    msgspec.Struct,
    metaclass=_TagAttributeMeta,
    frozen=True,
    forbid_unknown_fields=True,
    kw_only=True,
    omit_defaults=True,
    repr_omit_defaults=True,
    gc=False,
):
    """Frozen, keyword-only, unknown fields forbidden, unset optionals omitted.

    Not tracked by the garbage collector (``gc=False``): an IR value is frozen and holds
    only strings, numbers, tuples of IR values and ``JsonObject``s, so it cannot be part
    of a reference cycle, and the collector scanning every message of a large
    transcript cost about a fifth of ``loads`` with the collector on. (A value built
    directly from the generated classes around a mutable container could close a cycle
    through it; such a cycle would never be collected. Build IR values with the
    constructors or ``parse_transcript``.)"""


class TaggedStruct(IRStruct, frozen=True):
    """A block, source or chunk: one branch of a union tagged by ``type``."""

    type: ClassVar[str]


class MessageStruct(IRStruct, frozen=True):
    """A message: one branch of the union tagged by ``role``."""

    role: ClassVar[str]
    if TYPE_CHECKING:  # declared by each generated message, not here (field order)
        content: Any

    @property
    def text(self) -> str:
        """The message's text: its ``str`` content, or its text blocks concatenated in
        order (thinking, tool calls, images, audio and documents are never rendered)."""
        content = self.content
        if isinstance(content, str):
            return content
        return "".join([block.text for block in content if block.type == "text"])

    @property
    def length(self) -> int:
        """The number of characters of ``text``: a history budget is one expression,
        ``sum(message.length for message in transcript)``."""
        return len(self.text)

    def __str__(self) -> str:
        return message_summary(self)


class AssistantStruct(MessageStruct, frozen=True):
    """The base of ``AssistantMessage``: its tool calls where users look for them."""

    @property
    def tool_calls(self) -> tuple[ToolCallBlock, ...]:
        """The message's toolCall blocks, in order."""
        return tuple([block for block in self.content if block.type == "toolCall"])


# Non-text blocks are named in a summary, never rendered.
_PLACEHOLDERS = {"image": " [image] ", "audio": " [audio] ", "document": " [document] "}
_PLACEHOLDERS["thinking"] = " [thinking] "
_PLACEHOLDERS["refusal"] = " [refusal] "
_PLACEHOLDERS["serverToolCall"] = " [server tool call] "
_PLACEHOLDERS["serverToolResult"] = " [server tool result] "


def message_summary(message: Any) -> str:
    """``Message(toolResult) [call-read-001]: {"name":"pify-docs"}``: role, the result's
    call id, the number of tool calls, then the text with a placeholder for each image,
    audio, document and thinking block (``look [image]``), on one line, cut to 50
    characters."""
    parts = [f"Message({message.role})"]
    if message.role == "toolResult":
        parts.append(f"[{message.tool_call_id}]")
    content = message.content
    if isinstance(content, str):
        text = content
    else:
        text = "".join(
            [
                block.text if block.type == "text" else _PLACEHOLDERS.get(block.type, "")
                for block in content
            ]
        )
        calls = sum(1 for block in content if block.type == "toolCall")
        if calls:
            parts.append(f"({calls} tool call{'' if calls == 1 else 's'})")
    text = " ".join(text.split())
    if len(text) > SUMMARY_TEXT_LIMIT:
        text = text[:SUMMARY_TEXT_LIMIT] + "..."
    head = " ".join(parts)
    return f"{head}: {text}" if text else head


class ToolDefinitionStruct(IRStruct, frozen=True):
    """The base of ``ToolDefinition``. msgspec checks a definition's fields when it
    decodes one, not when it is built (``ToolDefinition(name=..., parameters={...})``),
    and a tool definition has no constructor function of its own: so it is checked
    here, when it is made, as decoding checks it, and its ``parameters`` (any mapping)
    become a ``JsonObject``, a private frozen copy. Every ``ToolDefinition`` is thus one
    that every entry point taking tools reads as its JSON form. A value decoding would
    refuse is an ``InvalidMessageError`` (code INVALID_TOOL_DEFINITION) naming the
    field; a decoded definition passes the same checks at the cost of a few type
    tests. Whether ``parameters`` is a valid JSON Schema is the validator's to say."""

    if TYPE_CHECKING:  # declared by the generated class (field order)
        name: str
        description: str | None
        parameters: Any
        strict: bool | None

    def __post_init__(self) -> None:
        name = self.name
        if type(name) is not str or is_blank(name) or not is_valid_unicode(name):
            raise _refused(("name",), "must be a non-empty string of valid Unicode")
        description = self.description
        if description is not None and (
            type(description) is not str or not is_valid_unicode(description)
        ):
            raise _refused(("description",), "must be a string of valid Unicode")
        if self.strict is not None and type(self.strict) is not bool:
            raise _refused(("strict",), "must be a boolean")
        parameters = self.parameters
        if parameters is not None and not issubclass(type(parameters), JsonObject):
            try:
                frozen = freeze_object(parameters)
            except JsonValueError as error:
                raise _refused(("parameters", *error.path), error.reason) from None
            msgspec.structs.force_setattr(self, "parameters", frozen)


def _refused(path: Path, reason: str) -> InvalidMessageError:
    return InvalidMessageError("ToolDefinition", path, "INVALID_TOOL_DEFINITION", reason)
