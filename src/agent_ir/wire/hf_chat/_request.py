"""The IR to and from Hugging Face chat datasets: TRL's conversational format, the
``messages`` (and ``tools``) of a dataset row as transformers chat templates take them.

``to_hf_chat(transcript, tools=...)`` returns a ``WireRequest`` whose ``fields`` are one
dataset row: ``{"messages": [...]}``, with ``"tools": [...]`` when tools are given.
``from_hf_chat(messages, tools=...)`` reads a row's ``messages`` (and ``tools``) back
(``WireMessages``: the IR messages, their ``warnings`` and the ``tools`` as
``ToolDefinition``). Every loss is a ``ConversionWarning`` (``message_index``: the
message's index in that call's input; ``block_index``: the block or part, -1 for the
message as a whole).

IR -> dataset row
-----------------
- system -> ``{"role": "system", "content": text}``.
- user: string content stays a string; blocks become parts: text -> ``{"type": "text",
  "text"}``; image -> ``{"type": "image", "url"}`` (a ``data:<mediaType>;base64,<data>``
  URL for a base64 source; processors' chat templates load both), its ``detail`` not
  sent (IMAGE_DETAIL_NOT_SENT); audio -> AUDIO_NOT_SENT, document -> DOCUMENT_NOT_SENT,
  dropped (the format has parts for them only as files a processor loads).
- assistant -> ``{"role": "assistant", "content", "reasoning_content"?, "tool_calls"?}``:
  ``content`` is the text of its one text block when it has exactly one and it is not
  empty, ``""`` when it has none, else a list of text parts (one per block, so several
  blocks, or one empty block, come back as they were); refusal blocks are sent as text
  (REFUSAL_AS_TEXT). Thinking -> ``reasoning_content`` (the key Qwen3's and DeepSeek's
  templates read), several thinking blocks joined by a blank line (``"\\n\\n"``; they
  read back as one); its ``signature`` is not sent (SIGNATURE_CHANGED: it reads back as
  none); redacted thinking and empty thinking carry nothing a template can show:
  THINKING_NOT_SENT. Tool calls -> ``tool_calls: [{"id", "type": "function",
  "function": {"name", "arguments"}}]``, the arguments a JSON object (a mapping, as chat
  templates want it, never JSON text). Hosted-tool blocks -> SERVER_TOOL_NOT_SENT. The
  format has one content, one ``reasoning_content`` and one list of calls per message:
  they read back in that order (thinking, text, calls), whatever order the blocks had.
- toolResult -> ``{"role": "tool", "tool_call_id", "name", "content"}``: the call id and
  the tool name are both written, so they read back as they were; a string stays a
  string, blocks become text and image parts; ``isError: true`` -> ERROR_FLAG_NOT_SENT.
- A Gemini ``thoughtSignature`` (on any block) has no chat-template form:
  SIGNATURE_NOT_SENT at ``.../content/<j>/thoughtSignature``, after the other warnings.
- ``cacheControl`` -> CACHE_CONTROL_NOT_SENT; a text block's ``citations`` ->
  CITATIONS_NOT_SENT (paths: the field). Message ids, timestamps and an assistant's
  provider, model, usage and stopReason are not part of a row: not sent, no warning
  (reading back assigns ``assigned_id(position)``).
- ``tools`` (``ToolDefinition`` objects or their JSON form, as ``validate_transcript``
  takes them) -> ``[{"type": "function", "function": {"name", "description"?,
  "parameters"?, "strict"?}}]`` (OpenAI's function form, which ``get_json_schema``
  writes). A definition that is not valid is a ``TranscriptError`` with its
  INVALID_TOOL_DEFINITION diagnostics (``tool_index``), as ``validate_transcript``
  reports it.

Dataset row -> IR
-----------------
- Roles ``system`` (and ``developer``, as gpt-oss templates write it) -> system (text
  parts joined without a separator); ``user``; ``assistant``; ``tool`` -> toolResult
  (``isError: false``). Any other role is a ``WireFormatError``.
- ``content``: a string, or a list of typed parts: ``text``; ``image`` with ``url`` or
  ``image`` holding a URL (a data URL holding an image the IR takes -> a base64 source,
  else a URL source); an image part without one (a placeholder whose image is in
  another column, a local ``path``) and parts of other types are PART_NOT_READ.
  ``content`` absent or null is allowed for an assistant only (TRL writes a calling
  assistant without it); ``""`` gives no text block.
- ``reasoning_content`` or ``thinking`` (a non-empty string) -> one thinking block
  before the text (no signature); both present: ``thinking`` is PART_NOT_READ.
- ``tool_calls``: ``{"type": "function" (or absent), "id"?, "function": {"name",
  "arguments"}}``; ``arguments`` a JSON object, or JSON text of one (as OpenAI writes
  it: read as that object, so it is written back as a mapping), absent, null, ``""`` or
  only whitespace -> ``{}``; text that holds anything but a JSON object is kept, so
  ``ir_messages`` raises ``TranscriptError`` (INVALID_TOOL_ARGUMENTS), never a guess.
- Ids. Datasets often have none. A call without an ``id`` gets
  ``<assigned_id(position)>-call-<n>`` (``message-0003-call-1``: its message's assigned
  id and its place among the message's calls, counted from 1; a suffix ``-2``, ``-3``...
  when an id of the input already is that). A ``tool`` message answers, in this order:
  the call its ``tool_call_id`` names; else the first earlier call not yet answered
  whose name is its ``name``; else, with no ``name``, the first earlier call not yet
  answered. Its ``toolCallId`` is that call's id (given or assigned), its ``toolName``
  its ``name``, else the call's name. A message without ``tool_call_id`` that answers
  no call gets ``<assigned_id(position)>-result`` (an orphan ``validate_transcript``
  reports) and, without ``name``, ``UNKNOWN_TOOL_NAME`` with TOOL_NAME_UNKNOWN. Ids and
  pairings made this way are not warned about: they are this rule, applied to every
  row without ids.
- ``null`` means absent everywhere (a ``datasets`` table written with struct columns
  gives every message every key any message has, null where it had none: they are not
  warned about). Other keys are PART_NOT_READ, at their path.
- ``tools``: a list of ``{"type": "function" (or absent), "function": {"name",
  "description"?, "parameters"?, "strict"?}}``, or JSON text of one (some datasets
  store the column as a string) -> ``ToolDefinition``; a tool of another type is
  PART_NOT_READ and left out; other keys (``return``, which ``get_json_schema`` writes)
  are PART_NOT_READ at ``/tools/<i>/function/<key>``. These warnings concern no
  message: their ``message_index`` is -1 and their path starts at ``/tools``.
- ``WireFormatError`` (paths start at ``messages`` or ``tools``) for input not of this
  shape: not a list of objects, an unknown role, a missing or mistyped field, a part
  without a string ``type``, a tool name that is blank.

Limits of ``datasets`` (Arrow) tables. ``load_dataset("json", ...)`` (datasets 5 and
later) and ``Dataset.from_list(rows, on_mixed_types="use_json")`` store what
``to_hf_chat`` wrote as JSON, and give it back as written. A table with struct columns
(``Dataset.from_list(rows)`` without that option) makes every object of a column have
every key that object has in any row, null where it had none: nulls at the message and
part level say nothing and read back as written, but a key Arrow added to a call's
``arguments`` (or inside a tool's ``parameters``) cannot be told from a key that holds
null: it is kept, so such arguments read back with extra null keys. Such a table also
refuses a column whose values differ in type across rows (string content in one message
and parts in another, an argument that is a number in one call and a string in
another).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from agent_ir._diagnostics import ordered
from agent_ir._errors import TranscriptError
from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    DocumentBlock,
    ImageBlock,
    RefusalBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._jsonobject import JsonObject
from agent_ir._paths import Path, to_pointer
from agent_ir._text import is_blank, quoted
from agent_ir._tools import read_tools
from agent_ir.wire._common import (
    UNKNOWN_TOOL_NAME,
    CallNames,
    ConversionWarningCode,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    assigned_id,
    data_url,
    image_source,
    ir_messages,
    is_missing,
    key_not_read,
    must_be,
    must_be_one_of,
    not_read,
    parse_arguments,
    plain_arguments,
    read_wire,
    transcript_items,
    unread_keys,
    warn_thought_signatures,
    wire_list,
    wire_object,
    wire_string,
)
from agent_ir.wire.openai_chat._tools import chat_tools

__all__ = ["from_hf_chat", "to_hf_chat"]

TO = "to_hf_chat"
FROM = "from_hf_chat"
Code = ConversionWarningCode
JsonDict = dict[str, Any]

THINKING_SEPARATOR = "\n\n"
"""What joins the text of several thinking blocks into one ``reasoning_content``."""


# --- IR -> dataset row ------------------------------------------------------------------


def to_hf_chat(transcript: object, *, tools: object = None) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own; linkage is not required) and ``tools`` (a list or tuple of
    ``ToolDefinition`` or their JSON form, or None) -> ``WireRequest(fields={"messages":
    [...], "tools": [...]})``, ``"tools"`` only when tools are given, with a warning for
    each loss (see the module docstring). ``TranscriptError`` (INVALID_TOOL_DEFINITION)
    when a tool definition is not valid."""
    messages = transcript_items(TO, transcript)
    warnings = Warnings()
    written = [
        _WRITERS[type(message)](message, index, warnings) for index, message in enumerate(messages)
    ]
    fields: JsonDict = {"messages": written}
    if tools is not None:
        fields["tools"] = _tool_definitions(tools)
    warn_thought_signatures(warnings, messages, "chat-template")
    return WireRequest(fields=fields, warnings=warnings.all())


def _tool_definitions(tools: object) -> list[JsonDict]:
    read = read_tools(tools)
    if read.problems:
        raise TranscriptError(ordered(read.problems))
    return chat_tools([definition for definition in read.definitions if definition])


def _system(message: Any, index: int, warnings: Warnings) -> JsonDict:
    _cache_control(message, index, -1, warnings)
    return {"role": "system", "content": message.content}


def _user(message: Any, index: int, warnings: Warnings) -> JsonDict:
    content = message.content
    if type(content) is str:
        return {"role": "user", "content": content}
    parts = []
    for block_index, block in enumerate(content):
        part = _user_part(block, index, block_index, warnings)
        if part is not None:
            parts.append(part)
    return {"role": "user", "content": parts}


def _user_part(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict | None:
    kind = type(block)
    if kind is AudioBlock or kind is DocumentBlock:
        code = Code.AUDIO_NOT_SENT if kind is AudioBlock else Code.DOCUMENT_NOT_SENT
        what = "audio" if kind is AudioBlock else "a document"
        warnings.add(code, index, block_index, f"{what} has no part in a chat dataset")
        return None
    return _part(block, index, block_index, warnings)


def _part(block: Any, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    """A text or image block -> its part, with the warnings of what it cannot carry."""
    _cache_control(block, index, block_index, warnings)
    if type(block) is TextBlock:
        if block.citations:
            warnings.add(
                Code.CITATIONS_NOT_SENT,
                index,
                block_index,
                "a text part has no citations",
                field="citations",
            )
        return {"type": "text", "text": block.text}
    assert isinstance(block, ImageBlock)
    if block.detail is not None:
        warnings.add(
            Code.IMAGE_DETAIL_NOT_SENT,
            index,
            block_index,
            "an image part has no detail",
            field="detail",
        )
    source = block.source
    if type(source) is Base64Source:
        return {"type": "image", "url": data_url(source.media_type, source.data)}
    return {"type": "image", "url": source.url}  # type: ignore[union-attr]


def _assistant(message: Any, index: int, warnings: Warnings) -> JsonDict:
    texts: list[str] = []
    thinking: list[str] = []
    calls: list[JsonDict] = []
    for block_index, block in enumerate(message.content):
        kind = type(block)
        if kind is TextBlock:
            _part(block, index, block_index, warnings)  # its warnings
            texts.append(block.text)
        elif kind is ToolCallBlock:
            _cache_control(block, index, block_index, warnings)
            calls.append(_tool_call(block))
        elif kind is ThinkingBlock:
            if _sends_thinking(block, index, block_index, warnings):
                thinking.append(block.thinking)
        elif kind is RefusalBlock:
            warnings.add(
                Code.REFUSAL_AS_TEXT,
                index,
                block_index,
                "a chat dataset has no refusal: sent as text",
            )
            texts.append(block.text)
        else:
            warnings.add(
                Code.SERVER_TOOL_NOT_SENT,
                index,
                block_index,
                "a chat dataset has no hosted-tool blocks",
            )
    wire: JsonDict = {"role": "assistant", "content": _assistant_content(texts)}
    if thinking:
        wire["reasoning_content"] = THINKING_SEPARATOR.join(thinking)
    if calls:
        wire["tool_calls"] = calls
    return wire


def _assistant_content(texts: list[str]) -> str | list[JsonDict]:
    if not texts:
        return ""
    if len(texts) == 1 and texts[0]:
        return texts[0]
    return [{"type": "text", "text": text} for text in texts]


def _sends_thinking(block: ThinkingBlock, index: int, block_index: int, warnings: Warnings) -> bool:
    if block.redacted or not block.thinking:
        what = "redacted thinking" if block.redacted else "empty thinking"
        warnings.add(
            Code.THINKING_NOT_SENT,
            index,
            block_index,
            f"{what} has nothing a chat template can show",
        )
        return False
    if block.signature is not None:
        warnings.add(
            Code.SIGNATURE_CHANGED,
            index,
            block_index,
            "reasoning_content has no signature: it reads back as none",
            field="signature",
        )
    return True


def _tool_call(block: ToolCallBlock) -> JsonDict:
    return {
        "id": block.id,
        "type": "function",
        "function": {"name": block.name, "arguments": plain_arguments(block.arguments)},
    }


def _tool_result(message: Any, index: int, warnings: Warnings) -> JsonDict:
    _cache_control(message, index, -1, warnings)
    if message.is_error:
        warnings.add(
            Code.ERROR_FLAG_NOT_SENT,
            index,
            -1,
            "a tool message has no error flag",
            field="isError",
        )
    content = message.content
    if type(content) is not str:
        content = [
            _part(block, index, block_index, warnings) for block_index, block in enumerate(content)
        ]
    return {
        "role": "tool",
        "tool_call_id": message.tool_call_id,
        "name": message.tool_name,
        "content": content,
    }


def _cache_control(value: Any, index: int, block_index: int, warnings: Warnings) -> None:
    if getattr(value, "cache_control", None) is not None:
        warnings.add(
            Code.CACHE_CONTROL_NOT_SENT,
            index,
            block_index,
            "a chat dataset has no cache breakpoints",
            field="cacheControl",
        )


_Writer = Callable[[Any, int, Warnings], JsonDict]
_WRITERS: dict[type, _Writer] = {
    SystemMessage: _system,
    UserMessage: _user,
    AssistantMessage: _assistant,
    ToolResultMessage: _tool_result,
}


# --- dataset row -> IR ------------------------------------------------------------------


# The levels above a call's arguments in a row (messages/<i>/tool_calls/<j>/function/
# arguments) and above a tool's parameters (tools/<i>/function/parameters): they do not
# count toward the IR's bound on those objects (see read_wire), so what to_hf_chat
# writes reads back.
ARGUMENTS_OFFSET = 6
PARAMETERS_OFFSET = 4


def from_hf_chat(messages: object, *, tools: object = None) -> WireMessages:
    """A dataset row's ``messages`` (JSON values) and ``tools`` (a list of OpenAI-form
    function tools, JSON text of one, or None) -> ``WireMessages``: the IR messages,
    a warning for each wire part that has no IR form, and the tools as
    ``ToolDefinition`` (``tools``; None when none were given; see the module docstring). ``WireFormatError`` when the input is
    not of the format's shape; ``TranscriptError`` when a message read is not valid IR
    (tool-call arguments that are not a JSON object: INVALID_TOOL_ARGUMENTS)."""
    wire = read_wire(FROM, messages, ("messages",), offset=ARGUMENTS_OFFSET)
    if type(wire) is not list:
        raise must_be(FROM, ("messages",), "a list of messages", wire)
    reader = _Reader(wire)
    for index, message in enumerate(wire):
        reader.read(index, message)
    definitions = None if tools is None else _read_tools(tools, reader.warnings)
    return WireMessages(ir_messages(reader.messages), reader.warnings.all(), definitions)


class _Reader:
    """Reads wire messages in order, pairing tool messages with the calls they answer."""

    def __init__(self, wire: list[Any]) -> None:
        self.warnings = Warnings("/messages")
        self.messages: list[JsonDict] = []
        self.given_ids, self.call_names = _given_calls(wire)
        # The calls not answered yet, in order: (id, name).
        self.pending: list[tuple[str, str]] = []

    def read(self, index: int, message: object) -> None:
        path: Path = ("messages", index)
        message = wire_object(FROM, message, path)
        role = wire_string(FROM, message, "role", path)
        reader = _ROLE_READERS.get(role)
        if reader is None:
            raise must_be_one_of(FROM, (*path, "role"), list(_ROLE_READERS), role)
        fields, read = reader(self, message, index)
        self._unread(message, {"role", *read}, index, -1, path)
        ir_role = "toolResult" if role == "tool" else "system" if role == "developer" else role
        self.messages.append({"role": ir_role, "id": assigned_id(index), **fields})

    def system(self, message: JsonDict, index: int) -> _Read:
        content = _content(message, index)
        if not isinstance(content, str):
            content = "".join(block["text"] for block in self._parts(content, index, _TEXT))
        return {"content": content}, {"content"}

    def user(self, message: JsonDict, index: int) -> _Read:
        content = _content(message, index)
        if not isinstance(content, str):
            content = self._parts(content, index, _TEXT_AND_IMAGE)
        return {"content": content}, {"content"}

    def assistant(self, message: JsonDict, index: int) -> _Read:
        blocks = self._thinking(message, index)
        content = message.get("content")
        if type(content) is str:
            if content:
                blocks.append({"type": "text", "text": content})
        elif content is not None:
            if type(content) is not list:
                raise must_be(
                    FROM, ("messages", index, "content"), "a string or a list of parts", content
                )
            blocks += self._parts(content, index, _TEXT)
        calls = message.get("tool_calls")
        if calls is not None:
            path = ("messages", index, "tool_calls")
            for position, call in enumerate(wire_list(FROM, calls, path)):
                blocks.append(self._tool_call(call, index, position))
        return {"content": blocks}, _ASSISTANT_KEYS

    def tool(self, message: JsonDict, index: int) -> _Read:
        content = _content(message, index)
        if not isinstance(content, str):
            content = self._parts(content, index, _TEXT_AND_IMAGE)
        given_id = _optional_string(message, "tool_call_id", ("messages", index))
        name = _optional_string(message, "name", ("messages", index))
        call_id, call_name = self._answered_call(given_id, name, index)
        if name is None:
            name = call_name
        if name is None:
            self.warnings.add(
                Code.TOOL_NAME_UNKNOWN,
                index,
                -1,
                f"the tool message names no tool and answers no call: the tool name "
                f"{quoted(UNKNOWN_TOOL_NAME)} is used",
            )
            name = UNKNOWN_TOOL_NAME
        result = {"toolCallId": call_id, "toolName": name, "content": content, "isError": False}
        return result, {"content", "tool_call_id", "name"}

    # -- thinking and calls ------------------------------------------------------------

    def _thinking(self, message: JsonDict, index: int) -> list[JsonDict]:
        path = ("messages", index)
        found = [
            (key, _optional_string(message, key, path)) for key in ("reasoning_content", "thinking")
        ]
        texts = [(key, text) for key, text in found if text]
        for key, _text in texts[1:]:
            self._not_read(index, -1, (*path, key), key_not_read((*path, key)))
        return [{"type": "thinking", "thinking": text} for _key, text in texts[:1]]

    def _tool_call(self, call: object, index: int, position: int) -> JsonDict:
        path: Path = ("messages", index, "tool_calls", position)
        call = wire_object(FROM, call, path)
        kind = call.get("type")
        if kind is not None and kind != "function":
            raise must_be_one_of(FROM, (*path, "type"), ["function"], kind)
        call_id = _optional_string(call, "id", path)
        function_path = (*path, "function")
        if "function" not in call:
            raise is_missing(FROM, function_path)
        function = wire_object(FROM, call["function"], function_path)
        name = wire_string(FROM, function, "name", function_path)
        arguments = _arguments(function.get("arguments"), (*function_path, "arguments"))
        self._unread(call, {"id", "type", "function"}, index, -1, path)
        self._unread(function, {"name", "arguments"}, index, -1, function_path)
        if call_id is None:
            call_id = self._assigned_call_id(index, position)
        self.pending.append((call_id, name))
        return {"type": "toolCall", "id": call_id, "name": name, "arguments": arguments}

    def _assigned_call_id(self, index: int, position: int) -> str:
        base = f"{assigned_id(index)}-call-{position + 1}"
        call_id, suffix = base, 1
        while call_id in self.given_ids:
            suffix += 1
            call_id = f"{base}-{suffix}"
        self.given_ids.add(call_id)
        return call_id

    def _answered_call(
        self, given_id: str | None, name: str | None, index: int
    ) -> tuple[str, str | None]:
        """The id and name of the call a tool message answers (see the module
        docstring); taken off the calls not answered yet."""
        if given_id is not None:
            for position, (call_id, call_name) in enumerate(self.pending):
                if call_id == given_id:
                    del self.pending[position]
                    return call_id, call_name
            return given_id, self.call_names.name(given_id, index)
        for position, (call_id, call_name) in enumerate(self.pending):
            if name is None or call_name == name:
                del self.pending[position]
                return call_id, call_name
        return f"{assigned_id(index)}-result", None

    # -- parts -------------------------------------------------------------------------

    def _parts(self, content: list[Any], index: int, kinds: frozenset[str]) -> list[JsonDict]:
        """Parts of the ``kinds`` -> blocks; any other part is PART_NOT_READ."""
        blocks = []
        for part_index, part in enumerate(content):
            path = ("messages", index, "content", part_index)
            part = wire_object(FROM, part, path)
            kind = wire_string(FROM, part, "type", path)
            block = None
            if kind in kinds:
                block, read = _PART_READERS[kind](part, path)
                if block is not None:
                    self._unread(part, {"type", *read}, index, part_index, path)
            if block is None:
                what = f"a {quoted(kind)} part" if kind not in kinds else "an image without a URL"
                self._not_read(index, part_index, path, not_read(what))
                continue
            blocks.append(block)
        return blocks

    # -- warnings ----------------------------------------------------------------------

    def _not_read(self, index: int, block_index: int, path: Path, text: str) -> None:
        self.warnings.add(Code.PART_NOT_READ, index, block_index, text, path=to_pointer(path))

    def _unread(
        self, value: JsonDict, read: set[str], index: int, block_index: int, path: Path
    ) -> None:
        for key in unread_keys(value, read):
            self._not_read(index, block_index, (*path, key), key_not_read((*path, key)))


# What was read, and the keys it was read from.
_Read = tuple[JsonDict, set[str]]
_ASSISTANT_KEYS = {"content", "tool_calls", "reasoning_content", "thinking"}
_ROLE_READERS: dict[str, Callable[[_Reader, JsonDict, int], _Read]] = {
    "system": _Reader.system,
    "developer": _Reader.system,
    "user": _Reader.user,
    "assistant": _Reader.assistant,
    "tool": _Reader.tool,
}
_TEXT = frozenset({"text"})
_TEXT_AND_IMAGE = frozenset({"text", "image"})


def _given_calls(wire: list[Any]) -> tuple[set[str], CallNames]:
    """Every id the input gives a call, and the names of those calls by id (for a tool
    message whose id names a call already answered, or a later one). Messages and calls
    not of the format's shape are left out here and refused when they are read."""
    ids: set[str] = set()
    names = CallNames()
    for index, message in enumerate(wire):
        calls = message.get("tool_calls") if type(message) is dict else None
        for call in calls if type(calls) is list else ():
            function = call.get("function") if type(call) is dict else None
            call_id = call.get("id") if type(call) is dict else None
            if type(call_id) is str:
                ids.add(call_id)
                name = function.get("name") if type(function) is dict else None
                if type(name) is str:
                    names.add(index, call_id, name)
    return ids, names


def _text_part(part: JsonDict, path: Path) -> tuple[JsonDict | None, set[str]]:
    return {"type": "text", "text": wire_string(FROM, part, "text", path)}, {"text"}


def _image_part(part: JsonDict, path: Path) -> tuple[JsonDict | None, set[str]]:
    for key in ("url", "image"):
        url = part.get(key)
        if url is not None:
            url = wire_string(FROM, part, key, path)
            return {"type": "image", "source": image_source(url)}, {key}
    return None, set()


_PART_READERS: dict[str, Callable[[JsonDict, Path], tuple[JsonDict | None, set[str]]]] = {
    "text": _text_part,
    "image": _image_part,
}


def _content(message: JsonDict, index: int) -> str | list[Any]:
    """A message's required ``content``: a string or a list of parts."""
    path = ("messages", index, "content")
    content = message.get("content")
    if content is None:
        raise is_missing(FROM, path)
    if isinstance(content, str) or type(content) is list:
        return content
    raise must_be(FROM, path, "a string or a list of parts", content)


def _optional_string(value: JsonDict, key: str, path: Path) -> str | None:
    """``value[key]``: a string, or None when it is absent or null."""
    if value.get(key) is None:
        return None
    return wire_string(FROM, value, key, path)


def _arguments(value: object, path: Path) -> object:
    """A call's arguments: a JSON object as it is; JSON text -> ``parse_arguments``
    (empty or only whitespace: ``{}``); absent or null -> ``{}``."""
    if value is None:
        return {}
    if type(value) is dict:
        return value
    if type(value) is str:
        return {} if is_blank(value) else parse_arguments(value)
    raise must_be(FROM, path, "an object or JSON text of one", value)


# --- tools ----------------------------------------------------------------------------------


def _read_tools(tools: object, warnings: Warnings) -> tuple[ToolDefinition, ...]:
    if type(tools) is str:
        try:
            tools = json.loads(tools)
        except (ValueError, RecursionError):
            raise WireFormatError(
                FROM, ("tools",), "must be a list of tools or JSON text of one"
            ) from None
    wire = read_wire(FROM, tools, ("tools",), offset=PARAMETERS_OFFSET)
    definitions = []
    for index, tool in enumerate(wire_list(FROM, wire, ("tools",))):
        definition = _read_tool(tool, index, warnings)
        if definition is not None:
            definitions.append(definition)
    return tuple(definitions)


def _read_tool(tool: object, index: int, warnings: Warnings) -> ToolDefinition | None:
    path: Path = ("tools", index)
    tool = wire_object(FROM, tool, path)
    kind = tool.get("type")
    if kind is not None and kind != "function":
        what = f"a {quoted(kind)} tool" if type(kind) is str else "a tool of no known type"
        warnings.add_tool(Code.TOOL_NOT_READ, index, not_read(what))
        return None
    function_path = (*path, "function")
    if "function" not in tool:
        raise is_missing(FROM, function_path)
    function = wire_object(FROM, tool["function"], function_path)
    name = wire_string(FROM, function, "name", function_path)
    if is_blank(name):
        raise WireFormatError(
            FROM, (*function_path, "name"), "must hold a character other than whitespace"
        )
    fields: dict[str, Any] = {"name": name}
    for key, kind_name, expected in _TOOL_FIELDS:
        value = function.get(key)
        if value is None:
            continue
        if type(value) is not expected:
            raise must_be(FROM, (*function_path, key), kind_name, value)
        fields[key] = JsonObject(value) if key == "parameters" else value
    for key in unread_keys(tool, {"type", "function"}):
        _tool_not_read(warnings, index, (*path, key))
    for key in unread_keys(function, {"name", *(key for key, _, _ in _TOOL_FIELDS)}):
        _tool_not_read(warnings, index, (*function_path, key))
    return ToolDefinition(**fields)


_TOOL_FIELDS = (
    ("description", "a string", str),
    ("parameters", "an object", dict),
    ("strict", "a boolean", bool),
)


def _tool_not_read(warnings: Warnings, index: int, path: Path) -> None:
    """PART_NOT_READ for a key of tool definition ``index``, at its place."""
    warnings.add_tool(Code.PART_NOT_READ, index, key_not_read(path), path=to_pointer(path))
