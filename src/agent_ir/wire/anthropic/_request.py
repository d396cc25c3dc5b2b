"""Anthropic Messages: the IR to and from a Messages API request's ``system`` and
``messages`` (``anthropic.Anthropic().messages.create(model=..., max_tokens=...,
**to_anthropic(transcript).fields)``).

``to_anthropic(transcript)`` gives ``WireRequest.fields == {"system": ..., "messages":
[...]}``, ``system`` left out when the transcript has no system message. With
``tools=``, both ways also write and read the request's ``tools`` (the mapping is
``_tools``'s). Message by
message:

- system: the top-level ``system``. One system message without a cache breakpoint is
  the plain string; several, or one with ``cacheControl``, are a list of ``text``
  blocks, one per system message in order, each with its ``cache_control`` (they read
  back as the same system messages). A system message after the first non-system
  message cannot keep its place there: SYSTEM_MOVED (it becomes the next block of the
  top-level system).
- Prompt-cache breakpoints: the ``cacheControl`` of a system message, a text, image or
  document block, a tool call and a tool-result message (on its ``tool_result`` block;
  blocks inside the result keep their own) is written as ``cache_control {type:
  "ephemeral"}``, with its ``ttl`` ("5m" or "1h") when it has one.
- user: a string stays a string; blocks become ``text {text}`` (with its
  ``citations``, below), ``image {source}`` and ``document {source}`` (with its
  ``title``, ``context`` and ``citations {enabled}`` when the IR has them). An image
  source is ``base64 {media_type, data}`` (only image/jpeg, image/png, image/gif and
  image/webp, matched exactly; any other media type is IMAGE_NOT_SENT) or ``url
  {url}``; an image's ``detail`` has no Anthropic form (IMAGE_DETAIL_NOT_SENT at
  ``.../detail``). A document source is ``base64`` for application/pdf, ``text
  {media_type: "text/plain", data}`` for text/plain (its bytes decoded as UTF-8; bytes
  that are not UTF-8 are DOCUMENT_NOT_SENT), ``url {url}`` or ``file {file_id}``; a
  base64 document of any other media type is DOCUMENT_NOT_SENT; a document's
  ``filename`` has no Anthropic form (DOCUMENT_DETAIL_NOT_SENT at ``.../filename``).
  Audio has no Anthropic form: AUDIO_NOT_SENT.
- Citations of a text block (in any message) whose ``provider`` is "anthropic" are its
  ``citations``, each ``wire`` as it is (an empty list stays an empty list); another
  provider's citations are not sent: CITATIONS_NOT_SENT at ``.../citations``, one
  warning per block.
- A Gemini ``thoughtSignature`` (on any block) has no Anthropic form: SIGNATURE_NOT_SENT
  at ``.../content/<j>/thoughtSignature``, after the other warnings.
- assistant: ``text {text}``; a tool call is ``tool_use {id, name, input}`` (``input``
  the arguments object); thinking with a signature is ``thinking {thinking,
  signature}``; redacted thinking (``redacted: true``, its opaque data kept in the IR's
  ``signature``) is ``redacted_thinking {data}``, and text it still holds is not sent
  (THINKING_NOT_SENT). Thinking without a signature cannot be sent back:
  THINKING_NOT_SENT. A refusal has no Anthropic block: it is a ``text`` block,
  REFUSAL_AS_TEXT. A server-tool call of provider "anthropic" is ``server_tool_use {id,
  name, input}`` with the keys of its ``wire`` (whose ``type``, when there, replaces
  ``server_tool_use``, as ``mcp_tool_use``); a server-tool result is its ``wire`` with
  ``tool_use_id`` (its ``toolCallId``). Keys of a ``wire`` whose value is ``null`` are
  left out (they say nothing). SERVER_TOOL_NOT_SENT (the block is not sent): a
  server-tool block of another provider, or one whose ``wire`` type is not one
  ``from_anthropic`` reads back as the same kind of block (a call: ``server_tool_use``
  or ``mcp_tool_use``; a result: any type but ``tool_result`` and the other assistant
  block types), or whose ``wire`` repeats a field the block holds itself (``id``,
  ``name``, ``input``; ``tool_use_id``). The item ids (``itemId``) and a tool call's
  ``namespace`` are another format's bookkeeping (OpenAI Responses): not sent, without
  a warning. The reply's metadata (usage, model, provider, stopReason, timestamp) is
  not part of a request: left out without a warning, like every message's id and
  timestamp.
- tool results: consecutive tool-result messages become ONE user turn of ``tool_result
  {tool_use_id, content, is_error}`` blocks (``content`` the result's string, or its
  ``text``/``image`` blocks converted as for a user; an image the API cannot take is
  IMAGE_NOT_SENT; ``is_error`` always sent). The tool name is not sent: reading back
  takes it from the calls (the nearest earlier ``tool_use`` with the result's id, else
  the first later one); when that gives another name, or no call has the id,
  TOOL_NAME_NOT_SENT. A user message that directly follows the
  results is appended to that same turn after them (its string as one text block), as
  the API wants results first in the turn that answers the calls. Other consecutive
  same-role messages stay separate messages: the API combines consecutive turns of
  one role itself, and keeping them apart lets them be read back one by one.
- A user or assistant message with no block to send (an empty list of blocks, or only
  blocks that are not sent) is left out: the API refuses empty messages.
  MESSAGE_NOT_SENT, block index -1. A left-out message is as if absent: results around
  it share a turn.
  Empty text (``""``, a ``text`` block of whitespace) is sent as it is: the API
  refuses it, but the conversion does not edit content; repair the transcript first.

``from_anthropic(messages, *, system=None)`` reads a request's ``messages`` (a list)
and its ``system`` (a string, or a list of blocks), the inverse of the above:

- ``system``: a string is one system message; in a list each ``text`` block is one
  system message (with its cache breakpoint) and any other block is PART_NOT_READ. A
  ``role: "system"`` message (the SDK's ``MessageParam`` has one) is read the same way,
  in its place (a non-text block there, as a ``tool_addition``, is PART_NOT_READ too).
- ``cache_control`` on a system, text, image, document, ``tool_use`` or
  ``tool_result`` block is the IR's ``cacheControl`` (a ``tool_result``'s on the
  tool-result message): ``{"type": "ephemeral"}`` with an optional ``ttl`` of "5m" or
  "1h". Any other value (another ``type`` or ``ttl``, another key, not an object) is
  PART_NOT_READ at ``.../cache_control``, never an error; ``null`` is none.
- user: a string stays a string; ``text`` (its ``citations``, a list of objects, each
  an Anthropic ``Citation`` whose ``wire`` is the object as it is), ``image`` (base64
  or url source) and ``document`` (base64, url or file source; a ``text`` source
  becomes base64 of its UTF-8 bytes with its media type; its ``title``, ``context``
  and ``citations.enabled``) are IR blocks. ``tool_result`` blocks split the turn:
  each is one tool-result message and each run of other blocks between them one user
  message, in order; a tool result's content (absent: ``""``) is its string or its
  text and image blocks, ``is_error`` absent is false. Its ``toolName`` comes from the
  ``tool_use`` with that id in the nearest earlier assistant message, else in the first
  later one; a result whose call is nowhere gets ``UNKNOWN_TOOL_NAME`` (``"unknown"``)
  with a TOOL_NAME_UNKNOWN warning at the ``tool_result`` block (``validate_transcript``
  reports it as an orphan).
- assistant: a string is one text block; ``text`` (with its citations),
  ``thinking {thinking, signature}``, ``redacted_thinking {data}`` (thinking ``""``,
  ``signature`` the data, ``redacted: true``) and ``tool_use`` (``input`` becomes the
  arguments; an ``input`` that is not an object is a ``TranscriptError``
  INVALID_TOOL_ARGUMENTS, never a guess) are IR blocks. ``server_tool_use`` and
  ``mcp_tool_use`` are server-tool calls (provider "anthropic"; ``id``, ``name``,
  ``input``, an object; the other keys but null ones as ``wire``, with the ``type``
  when it is not ``server_tool_use``; a plain ``server_tool_use`` has no ``wire``).
  Every other block with a ``tool_use_id`` (``web_search_tool_result``,
  ``web_fetch_tool_result``, ``code_execution_tool_result``,
  ``bash_code_execution_tool_result``, ``text_editor_code_execution_tool_result``,
  ``tool_search_tool_result``, ``mcp_tool_result``, ...) but ``tool_result`` is a
  server-tool result (``toolCallId`` its ``tool_use_id``, ``wire`` the block without
  it and its null keys).
- To append a model's reply, give its content as JSON: ``{"role": "assistant",
  "content": response.to_dict()["content"]}`` (or the ``content`` of the response's
  JSON). SDK model objects are not JSON values: ``WireFormatError``.
- PART_NOT_READ (the block is left out, block index its position in the message):
  block types with no IR form (``compaction``, ``search_result``,
  ``container_upload``, ...), a block the message's IR role cannot hold (an image in an
  assistant message, a ``tool_use`` or a server-tool result in a user one, a
  ``tool_result`` in an assistant one), an image by file id, a document with a
  ``content`` source, an empty ``text`` document, tool result parts other than text and
  image (``tool_reference``, ``document``). A read block or message with keys the IR
  has no place for (``citations`` on a system block, a whole response's ``usage``) is
  read without them, with a PART_NOT_READ warning naming them. Keys whose value is
  ``null`` are read as absent without a warning, as is a ``caller`` of type ``direct``
  (the default) on a ``tool_use``.
- Messages get ids ``assigned_id(position)`` by their IR position (Anthropic messages
  have none); warnings name the wire message's index in ``messages`` and the block's
  index in its content. A value not of the request's shape (a message that is not an
  object, a role other than user/assistant/system, a block without a string ``type``,
  a missing or mistyped field, ``citations`` that are not a list of objects) is a
  ``WireFormatError`` naming its path (from ``messages`` or ``system``); a message the
  IR refuses (a blank tool-call id, arguments that are not an object) is a
  ``TranscriptError`` whose diagnostics index the IR messages.

Round trips IR -> wire -> IR keep roles, order, text, tool-call ids, names and
arguments, system messages one by one, cache breakpoints, Anthropic citations and
server-tool blocks; they lose, with a warning each, what is listed above, and without
one: ids and metadata, item ids and namespaces, the string form of a user message
merged after results (it comes back as a text block), ``redacted: false`` (comes back
absent), null-valued keys of a server-tool ``wire`` and the exact base64 text of a
text/plain document (the bytes are kept; the text comes back canonical).

Round trips wire -> IR -> wire (a recorded request read and written back) are exact
but for what is warned and for forms the API reads alike, which come back in one form
without a warning (the IR keeps no memory of the form): an assistant message's string
content comes back as one ``text`` block; a ``system`` list of one ``text`` block
without ``cache_control`` comes back as that string, and an empty ``system`` list as
no ``system``; a user turn that follows a turn of tool results comes back joined to
it; keys whose value is ``null`` and the default ``caller`` are left out;
``is_error: false`` and an empty result ``content`` are written out.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from typing import Any, Final

from agent_ir._fastpath import is_rereadable
from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    AudioBlock,
    Base64Source,
    CacheControl,
    DocumentBlock,
    FileSource,
    ImageBlock,
    Message,
    RefusalBlock,
    ServerToolCallBlock,
    ServerToolResultBlock,
    SystemMessage,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    ToolResultMessage,
    UrlSource,
    UserMessage,
)
from agent_ir._paths import Path, to_pointer
from agent_ir._text import cut, quoted
from agent_ir.wire._common import (
    CallNames,
    ConversionWarningCode,
    Direct,
    Unchecked,
    Warnings,
    WireMessages,
    WireRequest,
    assigned_id,
    exact_dicts,
    exact_keys,
    ir_messages,
    is_missing,
    key_not_read,
    must_be,
    must_be_one_of,
    not_read,
    plain_arguments,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    unread_keys,
    warn_thought_signatures,
    warn_tool_name,
    wire_object,
    wire_string,
)
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.anthropic._tools import anthropic_tools, read_anthropic_tools

__all__ = ["from_anthropic", "to_anthropic"]

TO: Final = "to_anthropic"
FROM: Final = "from_anthropic"

PROVIDER: Final = "anthropic"
IMAGE_MEDIA_TYPES: Final = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})
PDF: Final = "application/pdf"
PLAIN_TEXT: Final = "text/plain"

# The cache_control values the IR holds: {"type": "ephemeral"} with an optional ttl.
CACHE_TTLS: Final = frozenset({"5m", "1h"})
# The block type of a plain server-tool call (its type is not kept in the IR's wire).
SERVER_TOOL_USE: Final = "server_tool_use"
# Assistant block types read as server-tool calls: {id, name, input} and other keys.
SERVER_CALL_TYPES: Final = frozenset({SERVER_TOOL_USE, "mcp_tool_use"})
# The keys of a server-tool block the IR holds in its own fields, not in its wire.
SERVER_CALL_FIELDS: Final = frozenset({"id", "name", "input"})
SERVER_RESULT_FIELDS: Final = frozenset({"tool_use_id"})
# Keys whose value is the API's default, which says nothing.
DEFAULT_VALUES: Final[dict[str, Any]] = {"caller": {"type": "direct"}}

Wire = dict[str, Any]


# --- IR -> Anthropic -------------------------------------------------------------------


def to_anthropic(transcript: object, *, tools: object = None) -> WireRequest:
    """The ``system`` and ``messages`` of a Messages API request for ``transcript`` (a
    list or tuple of IR messages or JSON-form mappings, each valid on its own; linkage
    is not required). ``InvalidMessageError`` names the first invalid message.

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` in the Anthropic shape (``_tools``: a
    definition without parameters sends ``input_schema`` ``{"type": "object"}``, which
    Anthropic requires). Anything but a list or tuple is a ``TypeError``, a definition
    ``validate_transcript`` would report a ``TranscriptError`` holding its
    INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(TO, tools)
    messages = transcript_items(TO, transcript)
    request = _Request(Warnings(), transcript_call_names(messages))
    for index, message in enumerate(messages):
        request.add(index, message)
    fields: dict[str, Any] = {}
    system = request.system
    if len(system) == 1 and system[0].cache_control is None:
        fields["system"] = system[0].content
    elif system:
        fields["system"] = [
            _cached({"type": "text", "text": message.content}, message.cache_control)
            for message in system
        ]
    fields["messages"] = request.turns
    if definitions:
        fields["tools"] = anthropic_tools(definitions)
    warn_thought_signatures(request.warnings, messages, "Anthropic")
    return WireRequest(fields, request.warnings.all())


class _Request:
    """The request being built: the system messages, the turns, and whether the last
    turn holds only tool results (so that the next result or user message joins it)."""

    def __init__(self, warnings: Warnings, call_names: CallNames) -> None:
        self.warnings = warnings
        self.call_names = call_names
        self.system: list[SystemMessage] = []
        self.turns: list[Wire] = []
        self._started = False
        self._results_open = False

    def add(self, index: int, message: Message) -> None:
        if isinstance(message, SystemMessage):
            self._system(index, message)
            return
        self._started = True
        if isinstance(message, ToolResultMessage):
            self._tool_result(index, message)
        elif isinstance(message, UserMessage):
            self._user(index, message)
        else:
            self._assistant(index, message)

    def _system(self, index: int, message: SystemMessage) -> None:
        if self._started:
            self.warnings.add(
                ConversionWarningCode.SYSTEM_MOVED,
                index,
                -1,
                "a system message after the conversation started is moved into the "
                "top-level system prompt",
            )
        self.system.append(message)

    def _tool_result(self, index: int, message: ToolResultMessage) -> None:
        warn_tool_name(self.warnings, self.call_names, index, message)
        block = {
            "type": "tool_result",
            "tool_use_id": message.tool_call_id,
            "content": _result_content(message, index, self.warnings),
            "is_error": message.is_error,
        }
        _cached(block, message.cache_control)
        if self._results_open:
            self.turns[-1]["content"].append(block)
            return
        self.turns.append({"role": "user", "content": [block]})
        self._results_open = True

    def _user(self, index: int, message: UserMessage) -> None:
        content = message.content
        if isinstance(content, str) and not self._results_open:
            self._append({"role": "user", "content": content})
            return
        blocks = _user_blocks(message, index, self.warnings)
        if not blocks:
            self._left_out(index, "a user")
        elif self._results_open:
            self.turns[-1]["content"].extend(blocks)
            self._results_open = False
        else:
            self._append({"role": "user", "content": blocks})

    def _assistant(self, index: int, message: AssistantMessage) -> None:
        blocks = [
            converted
            for block_index, block in enumerate(message.content)
            if (converted := _assistant_block(block, index, block_index, self.warnings)) is not None
        ]
        if blocks:
            self._append({"role": "assistant", "content": blocks})
        else:
            self._left_out(index, "an assistant")

    def _append(self, turn: Wire) -> None:
        self.turns.append(turn)
        self._results_open = False

    def _left_out(self, index: int, role: str) -> None:
        self.warnings.add(
            ConversionWarningCode.MESSAGE_NOT_SENT,
            index,
            -1,
            f"{role} message with no content to send is left out: the Anthropic API "
            "refuses empty messages",
        )


def _user_blocks(message: UserMessage, index: int, warnings: Warnings) -> list[Wire]:
    """The blocks of a user message (its string as one text block)."""
    if isinstance(message.content, str):
        return [{"type": "text", "text": message.content}]
    blocks = []
    for block_index, block in enumerate(message.content):
        converted = _user_block(block, index, block_index, warnings)
        if converted is not None:
            blocks.append(converted)
    return blocks


def _user_block(
    block: TextBlock | ImageBlock | AudioBlock | DocumentBlock,
    index: int,
    block_index: int,
    warnings: Warnings,
) -> Wire | None:
    if isinstance(block, TextBlock):
        return _text(block, index, block_index, warnings)
    if isinstance(block, ImageBlock):
        return _image(block, index, block_index, warnings)
    if isinstance(block, DocumentBlock):
        return _document(block, index, block_index, warnings)
    warnings.add(
        ConversionWarningCode.AUDIO_NOT_SENT,
        index,
        block_index,
        f"audio ({block.source.media_type}) has no Anthropic Messages form: not sent",
    )
    return None


def _cached(block: Wire, cache_control: CacheControl | None) -> Wire:
    """``block`` with the ``cache_control`` of ``cache_control``, when there is one."""
    if cache_control is not None:
        wire: Wire = {"type": cache_control.type}
        if cache_control.ttl is not None:
            wire["ttl"] = cache_control.ttl.value
        block["cache_control"] = wire
    return block


def _text(block: TextBlock, index: int, block_index: int, warnings: Warnings) -> Wire:
    """A text block with its Anthropic citations (another provider's: not sent) and its
    cache breakpoint."""
    wire: Wire = {"type": "text", "text": block.text}
    if block.citations is not None:
        own = [plain_arguments(c.wire) for c in block.citations if c.provider == PROVIDER]
        others = len(block.citations) - len(own)
        if others:
            warnings.add(
                ConversionWarningCode.CITATIONS_NOT_SENT,
                index,
                block_index,
                f"{others} citation(s) of another provider have no Anthropic form: not sent",
                field="citations",
            )
        if own or not others:
            wire["citations"] = own
    return _cached(wire, block.cache_control)


def _image(block: ImageBlock, index: int, block_index: int, warnings: Warnings) -> Wire | None:
    source = block.source
    if isinstance(source, UrlSource):
        wire: Wire = {"type": "url", "url": source.url}
    elif source.media_type in IMAGE_MEDIA_TYPES:
        wire = _base64(source)
    else:
        wire = {}
    if wire:
        if block.detail is not None:
            warnings.add(
                ConversionWarningCode.IMAGE_DETAIL_NOT_SENT,
                index,
                block_index,
                f"an image detail ({block.detail.value}) has no Anthropic form: not sent",
                field="detail",
            )
        return _cached({"type": "image", "source": wire}, block.cache_control)
    assert isinstance(source, Base64Source)
    warnings.add(
        ConversionWarningCode.IMAGE_NOT_SENT,
        index,
        block_index,
        f"{source.media_type} is not an image type the Anthropic API takes "
        "(image/jpeg, image/png, image/gif, image/webp): not sent",
    )
    return None


def _document(
    block: DocumentBlock, index: int, block_index: int, warnings: Warnings
) -> Wire | None:
    source = _document_source(block.source)
    if source is not None:
        wire: Wire = {"type": "document", "source": source}
        if block.title is not None:
            wire["title"] = block.title
        if block.context is not None:
            wire["context"] = block.context
        if block.citations is not None:
            wire["citations"] = {"enabled": block.citations}
        if block.filename is not None:
            warnings.add(
                ConversionWarningCode.DOCUMENT_DETAIL_NOT_SENT,
                index,
                block_index,
                "a document's file name has no Anthropic form: not sent",
                field="filename",
            )
        return _cached(wire, block.cache_control)
    assert isinstance(block.source, Base64Source)
    warnings.add(
        ConversionWarningCode.DOCUMENT_NOT_SENT,
        index,
        block_index,
        f"a {block.source.media_type} document has no Anthropic source form (PDF, UTF-8 "
        "text/plain, URL, file id): not sent",
    )
    return None


def _document_source(source: Base64Source | UrlSource | FileSource) -> Wire | None:
    if isinstance(source, UrlSource):
        return {"type": "url", "url": source.url}
    if isinstance(source, FileSource):
        return {"type": "file", "file_id": source.file_id}
    if source.media_type == PDF:
        return _base64(source)
    if source.media_type == PLAIN_TEXT:
        text = _utf8_text(source.data)
        if text is not None:
            return {"type": "text", "media_type": PLAIN_TEXT, "data": text}
    return None


def _base64(source: Base64Source) -> Wire:
    return {"type": "base64", "media_type": source.media_type, "data": source.data}


def _utf8_text(data: str) -> str | None:
    """The base64 ``data`` decoded as UTF-8 text; ``None`` when the bytes are not UTF-8."""
    try:
        return base64.b64decode(data, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def _result_content(message: ToolResultMessage, index: int, warnings: Warnings) -> Any:
    if isinstance(message.content, str):
        return message.content
    blocks = []
    for block_index, block in enumerate(message.content):
        if isinstance(block, TextBlock):
            blocks.append(_text(block, index, block_index, warnings))
            continue
        converted = _image(block, index, block_index, warnings)
        if converted is not None:
            blocks.append(converted)
    return blocks


def _assistant_block(
    block: AssistantBlock, index: int, block_index: int, warnings: Warnings
) -> Wire | None:
    if isinstance(block, TextBlock):
        return _text(block, index, block_index, warnings)
    if isinstance(block, ToolCallBlock):
        call = {
            "type": "tool_use",
            "id": block.id,
            "name": block.name,
            "input": plain_arguments(block.arguments),
        }
        return _cached(call, block.cache_control)
    if isinstance(block, ThinkingBlock):
        return _thinking(block, index, block_index, warnings)
    if isinstance(block, RefusalBlock):
        warnings.add(
            ConversionWarningCode.REFUSAL_AS_TEXT,
            index,
            block_index,
            "a refusal has no Anthropic block: sent as a text block",
        )
        return {"type": "text", "text": block.text}
    return _server_block(block, index, block_index, warnings)


def _server_block(
    block: ServerToolCallBlock | ServerToolResultBlock,
    index: int,
    block_index: int,
    warnings: Warnings,
) -> Wire | None:
    """A server-tool block as Anthropic wrote it: a call is ``server_tool_use {id,
    name, input}`` with its ``wire`` keys (``type`` among them when it is another, as
    ``mcp_tool_use``); a result is its ``wire`` with ``tool_use_id``."""
    call = isinstance(block, ServerToolCallBlock)
    what = "call" if call else "result"
    if block.provider != PROVIDER:
        warnings.add(
            ConversionWarningCode.SERVER_TOOL_NOT_SENT,
            index,
            block_index,
            f"a server-tool {what} of {quoted(block.provider)} cannot go to another "
            "provider: not sent",
        )
        return None
    wire: Wire = {} if block.wire is None else plain_arguments(block.wire)
    kind = wire.pop("type", SERVER_TOOL_USE if call else None)
    own = SERVER_CALL_FIELDS if call else SERVER_RESULT_FIELDS
    if not _server_type(kind, call) or not own.isdisjoint(wire):
        warnings.add(
            ConversionWarningCode.SERVER_TOOL_NOT_SENT,
            index,
            block_index,
            f"a server-tool {what} whose wire type is not one from_anthropic reads as a "
            f"server-tool {what}, or whose wire repeats {' or '.join(sorted(own))}, has no "
            "Anthropic form: not sent",
        )
        return None
    wire = {key: value for key, value in wire.items() if value is not None}
    if isinstance(block, ServerToolCallBlock):
        fields = {"id": block.id, "name": block.name, "input": plain_arguments(block.input)}
        return {"type": kind, **wire, **fields}
    return {"type": kind, "tool_use_id": block.tool_call_id, **wire}


def _server_type(kind: object, call: bool) -> bool:
    """Whether ``kind`` is a block type ``from_anthropic`` reads back as a server-tool
    call (``call``) or result: ``server_tool_use`` or ``mcp_tool_use``; for a result,
    any other type but ``tool_result`` and those of the other assistant blocks."""
    if type(kind) is not str:
        return False
    if call:
        return kind in SERVER_CALL_TYPES
    return kind != "tool_result" and kind not in _ASSISTANT_READERS


def _thinking(
    block: ThinkingBlock, index: int, block_index: int, warnings: Warnings
) -> Wire | None:
    if block.signature is None:
        warnings.add(
            ConversionWarningCode.THINKING_NOT_SENT,
            index,
            block_index,
            "thinking without a signature cannot be sent back to the Anthropic API: not sent",
        )
        return None
    if not block.redacted:
        return {"type": "thinking", "thinking": block.thinking, "signature": block.signature}
    if block.thinking:
        warnings.add(
            ConversionWarningCode.THINKING_NOT_SENT,
            index,
            block_index,
            "the text of redacted thinking is not sent: a redacted_thinking block holds "
            "only its data",
            field="thinking",
        )
    return {"type": "redacted_thinking", "data": block.signature}


# --- Anthropic -> IR -------------------------------------------------------------------


# The levels above a tool_use input in a request: messages/<i>/content/<j>/input (the
# input's own path); they do not count toward the IR's bound on the arguments.
INPUT_OFFSET = 5


def from_anthropic(
    messages: object, *, system: object = None, tools: object = None
) -> WireMessages:
    """The IR messages of a Messages API request's ``messages`` (a list of message
    objects, as JSON values) and ``system`` (a string or a list of text blocks; ``None``
    for none), with a warning for each part that has no IR form. ``WireFormatError``
    names the path of a value not of the request's shape; ``TranscriptError`` lists the
    read messages the IR refuses (indexes: IR positions).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools`` (``_tools``); their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the request's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    return read_with_tools(
        FROM, tools, read_anthropic_tools, lambda: _read_messages(messages, system)
    )


def _read_messages(messages: object, system: object) -> WireMessages:
    unchecked = unchecked_wire(messages)
    if unchecked is not None:
        read = _read_direct(unchecked, system)
        if read is not None:
            return read
    wire = read_wire(FROM, messages, ("messages",), offset=INPUT_OFFSET)
    if type(wire) is not list:
        raise must_be(FROM, ("messages",), "a list of messages", wire)
    reader = _Reader(_call_names(wire))
    if system is not None:
        reader.system(read_wire(FROM, system, ("system",)), ("system",))
    for index, entry in enumerate(wire):
        reader.message(index, entry, ("messages", index))
    return WireMessages(ir_messages(reader.messages), reader.warnings.all())


def _read_direct(wire: list[Any], system: object) -> WireMessages | None:
    """``from_anthropic``'s result for ``unchecked_wire`` input whose every message is
    of a common shape with nothing to warn about (``_DirectReader``), built as IR
    objects at once; None for any other input, or any failure, for ``from_anthropic``
    to read it the checked way (which reports what is wrong as it always did)."""
    if system is not None and not (type(system) is str and is_rereadable([system])):
        return None
    if not exact_dicts(wire):
        return None
    try:
        reader = _DirectReader(_call_names(wire))
        if system is not None:
            reader.messages.append(SystemMessage(id=assigned_id(0), content=system))
        for index, entry in enumerate(wire):
            if not reader.message(index, entry):
                return None
    except Exception:  # any failure: read again, checked, to report it
        return None
    if not reader.unchecked.exact(("messages",), offset=INPUT_OFFSET):
        return None
    converted = reader.direct.messages(reader.messages)
    return None if converted is None else WireMessages(converted)


class _DirectReader:
    """Reads the messages ``_Reader`` would read with no warning into the JSON form of
    exactly the IR messages built here: ``{"role", "content"}`` only; user content a
    string, or tool results only (``tool_use_id``, string ``content``, a boolean
    ``is_error`` or none) answering known calls; assistant content a string, or text
    and ``tool_use`` blocks with no other key. The messages are dicts with ``str``
    keys (``exact_dicts``), so are the blocks (checked before any lookup)."""

    def __init__(self, call_names: CallNames) -> None:
        self.messages: list[Message] = []
        self.call_names = call_names
        self.direct = Direct()
        self.unchecked = Unchecked()

    def message(self, index: int, entry: Wire) -> bool:
        """Whether ``entry`` was read (its messages appended)."""
        role, content = entry.get("role"), entry.get("content")
        if type(role) is not str or len(entry) != 2 or "content" not in entry:
            return False
        if role == "user":
            return self._user(index, content)
        if role == "assistant":
            return self._assistant(content)
        return False

    def _user(self, index: int, content: object) -> bool:
        if type(content) is str:
            self.messages.append(UserMessage(id=assigned_id(len(self.messages)), content=content))
            return True
        if type(content) is not list or not exact_dicts(content):
            return False
        # As _Reader._user: each result is a message, each run of other blocks one.
        read: list[Message] = []
        run: list[Any] = []
        for block in content:
            kind = block.get("type")
            if type(kind) is str and kind == "tool_result":
                if run:
                    read.append(self._user_message(len(read), tuple(run)))
                    run = []
                result = self._tool_result(index, block, len(self.messages) + len(read))
                if result is None:
                    return False
                read.append(result)
                continue
            text = block.get("text")
            if type(kind) is not str or kind != "text" or type(text) is not str:
                return False
            if len(block) != 2:
                return False
            run.append(TextBlock(text=text))
        if run or not read:
            read.append(self._user_message(len(read), tuple(run)))
        self.messages.extend(read)
        return True

    def _user_message(self, pending: int, blocks: tuple[Any, ...]) -> Message:
        return UserMessage(id=assigned_id(len(self.messages) + pending), content=blocks)

    def _tool_result(self, index: int, block: Wire, position: int) -> Message | None:
        call_id, content = block.get("tool_use_id"), block.get("content")
        is_error = block.get("is_error", False)
        if len(block) != 3 + ("is_error" in block) or type(is_error) is not bool:
            return None
        if type(call_id) is not str or type(content) is not str:
            return None
        name = self.call_names.name(call_id, index)
        if name is None:
            return None
        self.direct.non_blank(call_id, name)
        return ToolResultMessage(
            id=assigned_id(position),
            tool_call_id=call_id,
            tool_name=name,
            content=content,
            is_error=is_error,
        )

    def _assistant(self, content: object) -> bool:
        if type(content) is str:
            blocks: list[Any] = [TextBlock(text=content)]
        elif type(content) is list and exact_dicts(content):
            blocks = []
            for block in content:
                converted = self._assistant_block(block)
                if converted is None:
                    return False
                blocks.append(converted)
        else:
            return False
        message_id = assigned_id(len(self.messages))
        self.messages.append(AssistantMessage(id=message_id, content=tuple(blocks)))
        return True

    def _assistant_block(self, block: Wire) -> Any:
        kind = block.get("type")
        if type(kind) is not str:
            return None
        if kind == "text":
            text = block.get("text")
            return TextBlock(text=text) if type(text) is str and len(block) == 2 else None
        if kind != "tool_use" or len(block) != 4:
            return None
        call_id, name, arguments = block.get("id"), block.get("name"), block.get("input")
        if type(call_id) is not str or type(name) is not str or type(arguments) is not dict:
            return None
        self.direct.non_blank(call_id, name)
        # At messages/<i>/content/<j>/input: checked at that depth, as read_wire would.
        self.unchecked.add(4, arguments)
        return ToolCallBlock(id=call_id, name=name, arguments=self.direct.input(arguments))


def _call_names(wire: list[Any]) -> CallNames:
    """The id and name of each ``tool_use`` of the assistant messages, by message index,
    read before the messages so that a result answering a later call still gets a name
    (a malformed one is refused when its message is read). The messages are dicts with
    ``str`` keys (``read_wire``'s result, or checked by ``exact_dicts``); a block whose
    keys are not all ``str`` raises (only unchecked input holds one: it is then read
    again, checked)."""
    names = CallNames()
    for index, entry in enumerate(wire):
        if type(entry) is not dict:
            continue
        role = entry.get("role")
        if type(role) is not str or role != "assistant":
            continue
        content = entry.get("content")
        for block in content if type(content) is list else ():
            if type(block) is not dict:
                continue
            if not exact_keys(block):
                raise ValueError("a key that is not an exact str")
            kind = block.get("type")
            if type(kind) is str and kind == "tool_use":
                call_id, name = block.get("id"), block.get("name")
                if type(call_id) is str and type(name) is str:
                    names.add(index, call_id, name)
    return names


class _Reader:
    """The IR messages (JSON form) read so far, their warnings, and the tool names."""

    def __init__(self, call_names: CallNames) -> None:
        self.messages: list[Wire] = []
        self.warnings = Warnings("/messages")
        self._call_names = call_names

    def message(self, index: int, entry: Any, path: Path) -> None:
        entry = _object(entry, path)
        role = _string(entry, "role", path)
        if "content" not in entry:
            raise is_missing(FROM, (*path, "content"))
        self._unread_keys(entry, {"role", "content"}, index, -1, path)
        content = entry["content"]
        if role == "system":
            self.system(content, (*path, "content"), index)
            return
        read = _ROLE_READERS.get(role)
        if read is None:
            raise must_be_one_of(FROM, (*path, "role"), ("user", "assistant", "system"), role)
        if not isinstance(content, (str, list)):
            raise must_be(FROM, (*path, "content"), "a string or a list of blocks", content)
        read(self, index, content, (*path, "content"))

    def system(self, value: Any, path: Path, index: int = 0) -> None:
        """A system prompt: a string, or a list of blocks, each ``text`` block one
        system message (with its cache breakpoint) and any other block PART_NOT_READ.
        ``index``: the wire message it is (0 for the ``system`` argument)."""
        if isinstance(value, str):
            self._append({"role": "system", "content": value})
            return
        if not isinstance(value, list):
            raise must_be(FROM, path, "a string or a list of text blocks", value)
        for block_index, block in enumerate(value):
            where = (*path, block_index)
            kind = _block_type(block, where)
            if kind != "text":
                self._not_read(
                    index, block_index, f"a {quoted(kind)} block in a system prompt", where
                )
                continue
            self._unread_keys(block, {"type", "text", "cache_control"}, index, block_index, where)
            message = {"role": "system", "content": _string(block, "text", where)}
            self._append(self._cache_control(message, block, index, block_index, where))

    def _user(self, index: int, content: str | list[Any], path: Path) -> None:
        if isinstance(content, str):
            self._append({"role": "user", "content": content})
            return
        run: list[Wire] | None = None
        produced = False
        for block_index, block in enumerate(content):
            where = (*path, block_index)
            if _block_type(block, where) == "tool_result":
                produced |= self._flush(run)
                run = None
                self._tool_result(index, block_index, block, where)
                produced = True
                continue
            run = [] if run is None else run
            converted = self._user_block(index, block_index, block, where)
            if converted is not None:
                run.append(converted)
        if not self._flush(run) and not produced:
            self._append({"role": "user", "content": []})

    def _flush(self, run: list[Wire] | None) -> bool:
        if run is None:
            return False
        self._append({"role": "user", "content": run})
        return True

    def _user_block(self, index: int, block_index: int, block: Wire, path: Path) -> Wire | None:
        kind = block["type"]
        if kind == "text":
            return self._text(index, block_index, block, path)
        if kind == "image":
            return self._image(index, block_index, block, path)
        if kind == "document":
            return self._document(index, block_index, block, path)
        self._not_read(index, block_index, f"a {quoted(kind)} block in a user message", path)
        return None

    def _assistant(self, index: int, content: str | list[Any], path: Path) -> None:
        if isinstance(content, str):
            self._append({"role": "assistant", "content": [{"type": "text", "text": content}]})
            return
        blocks = []
        for block_index, block in enumerate(content):
            where = (*path, block_index)
            kind = _block_type(block, where)
            read = _ASSISTANT_READERS.get(kind)
            if read is None and kind != "tool_result" and "tool_use_id" in block:
                read = _Reader._server_tool_result
            if read is None:
                self._not_read(
                    index, block_index, f"a {quoted(kind)} block in an assistant message", where
                )
                continue
            blocks.append(read(self, index, block_index, block, where))
        self._append({"role": "assistant", "content": blocks})

    # -- blocks ------------------------------------------------------------------------

    def _text(self, index: int, block_index: int, block: Wire, path: Path) -> Wire:
        known = {"type", "text", "citations", "cache_control"}
        self._unread_keys(block, known, index, block_index, path)
        text: Wire = {"type": "text", "text": _string(block, "text", path)}
        citations = block.get("citations")
        if citations is not None:
            where = (*path, "citations")
            if not isinstance(citations, list):
                raise must_be(FROM, where, "a list of citations", citations)
            text["citations"] = [
                {"provider": PROVIDER, "wire": _object(citation, (*where, position))}
                for position, citation in enumerate(citations)
            ]
        return self._cache_control(text, block, index, block_index, path)

    def _cache_control(
        self, read: Wire, block: Wire, index: int, block_index: int, path: Path
    ) -> Wire:
        """``read`` (the IR form of ``block``) with the cache breakpoint of ``block``'s
        ``cache_control``: ``{"type": "ephemeral"}`` with an optional ``ttl`` of "5m"
        or "1h"; any other value is PART_NOT_READ (``null``: none)."""
        value = block.get("cache_control")
        if value is None:
            return read
        ttl = value.get("ttl") if type(value) is dict else None
        if (
            type(value) is dict
            and value.get("type") == "ephemeral"
            and value.keys() <= {"type", "ttl"}
            and (ttl is None or (type(ttl) is str and ttl in CACHE_TTLS))
        ):
            read["cacheControl"] = {"type": "ephemeral"} | ({} if ttl is None else {"ttl": ttl})
            return read
        where = (*path, "cache_control")
        self._not_read(
            index, block_index, f"a cache_control of another shape ({cut(repr(value))})", where
        )
        return read

    def _thinking(self, index: int, block_index: int, block: Wire, path: Path) -> Wire:
        self._unread_keys(block, {"type", "thinking", "signature"}, index, block_index, path)
        return {
            "type": "thinking",
            "thinking": _string(block, "thinking", path),
            "signature": _string(block, "signature", path),
        }

    def _redacted_thinking(self, index: int, block_index: int, block: Wire, path: Path) -> Wire:
        self._unread_keys(block, {"type", "data"}, index, block_index, path)
        data = _string(block, "data", path)
        return {"type": "thinking", "thinking": "", "signature": data, "redacted": True}

    def _tool_use(self, index: int, block_index: int, block: Wire, path: Path) -> Wire:
        known = {"type", "id", "name", "input", "cache_control"}
        self._unread_keys(block, known, index, block_index, path)
        call_id, name = _string(block, "id", path), _string(block, "name", path)
        if "input" not in block:
            raise is_missing(FROM, (*path, "input"))
        call = {"type": "toolCall", "id": call_id, "name": name, "arguments": block["input"]}
        return self._cache_control(call, block, index, block_index, path)

    def _server_tool_use(self, index: int, block_index: int, block: Wire, path: Path) -> Wire:
        """A server-tool call (``server_tool_use``, ``mcp_tool_use``): its id, name and
        input, and its other keys (its type when not ``server_tool_use``) as ``wire``."""
        call_id, name = _string(block, "id", path), _string(block, "name", path)
        if "input" not in block:
            raise is_missing(FROM, (*path, "input"))
        tool_input = block["input"]
        if type(tool_input) is not dict:
            raise must_be(FROM, (*path, "input"), "an object", tool_input)
        wire = _other_keys(block, SERVER_CALL_FIELDS)
        if wire.get("type") == SERVER_TOOL_USE:
            del wire["type"]
        call: Wire = {"type": "serverToolCall", "provider": PROVIDER, "id": call_id}
        call |= {"name": name, "input": tool_input}
        return call | ({"wire": wire} if wire else {})

    def _server_tool_result(self, index: int, block_index: int, block: Wire, path: Path) -> Wire:
        """A server-tool result (any block with a ``tool_use_id`` but ``tool_result``):
        the call it answers, and the block without ``tool_use_id`` as ``wire``."""
        call_id = _string(block, "tool_use_id", path)
        wire = _other_keys(block, SERVER_RESULT_FIELDS)
        return {
            "type": "serverToolResult",
            "provider": PROVIDER,
            "toolCallId": call_id,
            "wire": wire,
        }

    def _image(self, index: int, block_index: int, block: Wire, path: Path) -> Wire | None:
        self._unread_keys(block, {"type", "source", "cache_control"}, index, block_index, path)
        source = _object(block.get("source"), (*path, "source"))
        kind = _string(source, "type", (*path, "source"))
        if kind not in ("base64", "url"):
            self._not_read(index, block_index, f"an image with a {quoted(kind)} source", path)
            return None
        image = {"type": "image", "source": self._source(index, block_index, source, path)}
        return self._cache_control(image, block, index, block_index, path)

    def _document(self, index: int, block_index: int, block: Wire, path: Path) -> Wire | None:
        known = {"type", "source", "title", "context", "citations", "cache_control"}
        self._unread_keys(block, known, index, block_index, path)
        source = _object(block.get("source"), (*path, "source"))
        kind = _string(source, "type", (*path, "source"))
        if kind == "text":
            read = self._text_document(index, block_index, source, (*path, "source"))
        elif kind in ("base64", "url", "file"):
            read = {"type": "document", "source": self._source(index, block_index, source, path)}
        else:
            self._not_read(index, block_index, f"a document with a {quoted(kind)} source", path)
            return None
        if read is None:
            return None
        for key in ("title", "context"):
            if block.get(key) is not None:
                read[key] = _string(block, key, path)
        citations = block.get("citations")
        if citations is not None:
            where = (*path, "citations")
            citations = _object(citations, where)
            self._unread_keys(citations, {"enabled"}, index, block_index, where)
            enabled = citations.get("enabled")
            if enabled is not None:
                if type(enabled) is not bool:
                    raise must_be(FROM, (*where, "enabled"), "a boolean", enabled)
                read["citations"] = enabled
        return self._cache_control(read, block, index, block_index, path)

    def _text_document(self, index: int, block_index: int, source: Wire, path: Path) -> Wire | None:
        self._unread_keys(source, {"type", "media_type", "data"}, index, block_index, path)
        media_type, text = _string(source, "media_type", path), _string(source, "data", path)
        if not text:
            self._not_read(index, block_index, "an empty text document", path[:-1])
            return None
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        source = {"type": "base64", "mediaType": media_type, "data": data}
        return {"type": "document", "source": source}

    def _source(self, index: int, block_index: int, source: Wire, path: Path) -> Wire:
        """A base64, url or file source in the IR's form."""
        path = (*path, "source")
        kind = source["type"]
        fields = _SOURCE_FIELDS[kind]
        self._unread_keys(source, {"type", *fields}, index, block_index, path)
        return {"type": kind} | {ir: _string(source, wire, path) for wire, ir in fields.items()}

    def _tool_result(self, index: int, block_index: int, block: Wire, path: Path) -> None:
        known = {"type", "tool_use_id", "content", "is_error", "cache_control"}
        self._unread_keys(block, known, index, block_index, path)
        call_id = _string(block, "tool_use_id", path)
        is_error = block.get("is_error", False)
        if not isinstance(is_error, bool):
            raise must_be(FROM, (*path, "is_error"), "a boolean", is_error)
        content = self._result_content(index, block_index, block.get("content", ""), path)
        name = self._call_names.name(call_id, index)
        if name is None:
            name = unknown_tool_name(
                self.warnings, index, block_index, call_id, (*path, "tool_use_id")
            )
        message = {
            "role": "toolResult",
            "toolCallId": call_id,
            "toolName": name,
            "content": content,
            "isError": is_error,
        }
        self._append(self._cache_control(message, block, index, block_index, path))

    def _result_content(self, index: int, block_index: int, content: Any, path: Path) -> Any:
        path = (*path, "content")
        if isinstance(content, str):
            return content
        if not isinstance(content, list):
            raise must_be(FROM, path, "a string or a list of blocks", content)
        blocks = []
        for part_index, part in enumerate(content):
            where = (*path, part_index)
            kind = _block_type(part, where)
            read = _RESULT_READERS.get(kind)
            if read is None:
                self._not_read(index, block_index, f"a {quoted(kind)} part of a tool result", where)
                continue
            converted = read(self, index, block_index, part, where)
            if converted is not None:
                blocks.append(converted)
        return blocks

    # -- bookkeeping -------------------------------------------------------------------

    def _append(self, message: Wire) -> None:
        message["id"] = assigned_id(len(self.messages))
        self.messages.append(message)

    def _not_read(self, index: int, block_index: int, what: str, path: Path) -> None:
        """PART_NOT_READ for ``what``, the value at ``path``."""
        self.warnings.add(
            ConversionWarningCode.PART_NOT_READ,
            index,
            block_index,
            not_read(what),
            path=to_pointer(path),
        )

    def _unread_keys(
        self, value: Wire, known: set[str], index: int, block_index: int, path: Path
    ) -> None:
        """PART_NOT_READ for each key of ``value`` (at ``path``) with no IR form."""
        for key in unread_keys(value, known, frozenset(), DEFAULT_VALUES):
            where = (*path, key)
            self.warnings.add(
                ConversionWarningCode.PART_NOT_READ,
                index,
                block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


_BlockReader = Callable[[_Reader, int, int, Wire, Path], Wire | None]
_ContentReader = Callable[[_Reader, int, str | list[Any], Path], None]

_ROLE_READERS: Final[dict[str, _ContentReader]] = {
    "user": _Reader._user,
    "assistant": _Reader._assistant,
}
_ASSISTANT_READERS: Final[dict[str, Callable[[_Reader, int, int, Wire, Path], Wire]]] = {
    "text": _Reader._text,
    "thinking": _Reader._thinking,
    "redacted_thinking": _Reader._redacted_thinking,
    "tool_use": _Reader._tool_use,
    **dict.fromkeys(SERVER_CALL_TYPES, _Reader._server_tool_use),
}
_RESULT_READERS: Final[dict[str, _BlockReader]] = {
    "text": _Reader._text,
    "image": _Reader._image,
}
# Wire source field -> IR source field, by source type.
_SOURCE_FIELDS: Final[dict[str, dict[str, str]]] = {
    "base64": {"media_type": "mediaType", "data": "data"},
    "url": {"url": "url"},
    "file": {"file_id": "fileId"},
}


def _other_keys(block: Wire, read: frozenset[str]) -> Wire:
    """The keys of a server-tool block kept as its ``wire``: all but ``read``, and
    those holding ``null`` (which says nothing, as everywhere)."""
    return {key: value for key, value in block.items() if key not in read and value is not None}


def _object(value: Any, path: Path) -> Wire:
    return wire_object(FROM, value, path)


def _block_type(block: Any, path: Path) -> str:
    return _string(_object(block, path), "type", path)


def _string(value: Wire, key: str, path: Path) -> str:
    return wire_string(FROM, value, key, path)
