"""OpenAI Responses API input to and from the IR.

``to_openai_responses(transcript)`` returns a ``WireRequest`` whose ``fields`` are
``{"input": [...]}``: ``client.responses.create(model=..., **request.fields)``.
``from_openai_responses(items)`` reads such an ``input`` list back, and also the
``output`` list of a Response as JSON (``[item.model_dump(mode="json") for item in
response.output]``), so that a reply can be appended to the history it continues.
With ``tools=``, both also write and read the request's ``tools`` (the mapping is
``_tools``'s).

IR -> input items, in transcript order (one message may become several items):

- system -> ``{"type": "message", "role": "system", "content": text}``, where it stands
  (never the top-level ``instructions``, which would lose the order).
- user with string content -> ``{"type": "message", "role": "user", "content": text}``;
  with blocks -> ``content`` is a list of parts:
  text -> ``{"type": "input_text", "text"}`` (its citations: ``CITATIONS_NOT_SENT``, an
  input part has no annotations; its ``itemId``, which only an assistant's output
  message has, is not sent);
  image -> ``{"type": "input_image", "image_url", "detail"}``, the URL itself or
  ``data:<mediaType>;base64,<data>``; ``detail`` is the block's, ``"auto"`` when it has
  none: the SDK requires the field and ``auto`` is the API's default, so an absent
  detail and ``auto`` mean the same and both read back absent;
  document -> ``{"type": "input_file", ...}`` with ``file_data``
  (``data:<mediaType>;base64,<data>``) and ``filename``, or ``file_url``, or
  ``file_id``; ``filename`` is the block's when it has one (with any source), else, for
  ``file_data`` (which the API reads the type of from the name), a made-up
  ``document-<m>-<b><ext>`` (the positions of message and block, the extension from
  the media type) that reads back as the block's filename; ``title``, ``context`` and
  ``citations: true`` are not sent, ``DOCUMENT_DETAIL_NOT_SENT`` each (path: the field);
  audio -> not sent, ``AUDIO_NOT_SENT`` (no input part of the Responses API holds audio).
- assistant -> one item per block, in block order, but that the blocks that came from
  one item go back as that item:
  text without ``itemId`` -> ``{"type": "message", "role": "assistant", "content":
  text}`` (string content: the SDK's input types take ``output_text`` parts only in an
  output message, which needs an item id); its citations are not sent,
  ``CITATIONS_NOT_SENT`` (path: the citation);
  text with ``itemId`` -> an output message ``{"type": "message", "role": "assistant",
  "id": itemId, "status": "completed", "content": [{"type": "output_text", "text",
  "annotations": [...]}]}``, the annotations being the ``wire`` of its citations of
  provider ``openai-responses``; a citation of another provider is not sent,
  ``CITATIONS_NOT_SENT``; refusal with ``itemId`` -> a ``{"type": "refusal",
  "refusal": text}`` part of such a message; refusal without it -> string content as
  text, ``REFUSAL_AS_TEXT``; consecutive text and refusal blocks with one ``itemId`` are
  the parts of one output message, in order;
  thinking whose signature is an OpenAI reasoning reference (below) ->
  ``{"type": "reasoning", "id", "summary": [{"type": "summary_text", "text": thinking}],
  "encrypted_content"}`` (``summary`` is ``[]`` for one block of empty thinking;
  ``encrypted_content`` only when the reference has one); consecutive thinking blocks
  with the same signature are the summary parts of one reasoning item, one part each,
  in order; ``redacted: true`` is not sent (no
  field holds it), ``REDACTED_FLAG_NOT_SENT``; a signature that would not read back as
  it is (other keys, a null ``encrypted_content``, spacing) is sent as its reference,
  ``SIGNATURE_CHANGED`` saying what it reads back as; any other thinking -> not sent,
  ``THINKING_NOT_SENT``;
  toolCall -> ``{"type": "function_call", "id": itemId, "call_id": id, "name",
  "namespace", "arguments": JSON text}`` (``id`` and ``namespace`` when the block has
  them);
  serverToolCall of provider ``openai-responses`` -> the hosted tool's item as it came,
  ``{"type": name, "id": id, **wire}``; one of another provider, or with an ``input``
  other than ``{}``, a ``wire`` holding ``type`` or ``id``, or a ``name`` that is an
  item type read otherwise (``message``, ``function_call``, ``item_reference``...) is
  not sent, ``SERVER_TOOL_NOT_SENT``, and so is every serverToolResult (a hosted item
  holds its own result).
  The items of one turn are not marked as such: an assistant message that sends nothing
  (no block, or only blocks that are not sent) is left out, ``MESSAGE_NOT_SENT``; one
  whose items directly follow those of another assistant message reads back merged into
  it, ``MESSAGES_MERGED`` (both at block -1).
- toolResult -> ``{"type": "function_call_output", "call_id", "output"}``: the text, or a
  list of ``input_text`` / ``input_image`` parts for blocks (as for a user). The tool name is not sent
  (the API knows it from the call): reading back takes it from the calls (the nearest
  earlier ``function_call`` with its ``call_id``, else the first later one); when that
  gives another name, or no call has the id, ``TOOL_NAME_NOT_SENT``. ``isError: true``
  is not sent, ``ERROR_FLAG_NOT_SENT``.
- ``cacheControl`` (of a system or tool-result message, or of a block) is not sent,
  ``CACHE_CONTROL_NOT_SENT`` (path: the field): OpenAI caches prompt prefixes
  automatically.
- A Gemini ``thoughtSignature`` (on any block) has no Responses form: SIGNATURE_NOT_SENT
  at ``.../content/<j>/thoughtSignature``, after the other warnings.
- Message ids, timestamps and an assistant message's provider, model, usage and
  stopReason are not part of a request: not sent, no warning.

The OpenAI reasoning reference. A reasoning item needs its ``id`` (the SDK requires it;
the API checks the ``rs_`` prefix and looks stored items up by it, so an id cannot be
made up) and the IR's thinking block has only ``signature`` for provider data. A thinking
block read from this format therefore holds its item in ``signature`` as compact JSON,
``{"type":"reasoning","id":"rs_...","encrypted_content":"..."}`` (no
``encrypted_content`` when the item had none; the same reference the reply and stream
readers write, whatever the order of the item's keys): the encrypted content is carried
by the signature, next to the id it belongs to. So a reasoning item of those keys and
``summary`` (``summary_text`` parts, or none) reads into IR and writes back with the
same keys and values, in the order ``type``, ``id``, ``summary``,
``encrypted_content`` (key order means nothing to the API; it is not warned about),
but that a summary of one empty part goes back as no part (one empty thinking block
stands for both).
Any other signature (Anthropic's, say) means nothing to OpenAI and is not sent. A
signature holding more or otherwise (the whole reasoning item, other keys, another
order, spacing) is sent as its reference, with a ``SIGNATURE_CHANGED`` warning: it
would not read back as it was.

Input or output items -> IR (``index`` is the item's position in ``items``). ``input``
given as a string (the API takes it for one user message) -> one user message of that
text.

- ``message`` (``type`` may be left out) with role user -> user: string content stays a
  string; parts become blocks: ``input_text``, ``output_text`` -> text (an
  ``output_text``'s annotations -> citations, as below); ``refusal`` ->
  text (its ``refusal``); ``input_image`` -> image (a data URL holding an image the IR
  takes -> base64 source, any other URL -> url source; by ``file_id`` ->
  ``PART_NOT_READ``: an IR image has no file source; ``detail`` ``low`` or ``high`` ->
  detail, ``auto`` (the default) -> none, any other (``original``) -> ``PART_NOT_READ``);
  ``input_file`` -> document (``file_data``, a data URL or
  plain base64 whose media type comes from ``filename`` or is
  ``application/octet-stream`` -> base64, not base64 -> ``PART_NOT_READ``; ``file_id`` ->
  file; ``file_url`` -> url; ``filename`` -> filename; a ``detail`` other than the
  default ``auto`` -> ``PART_NOT_READ``); ``input_audio`` -> audio (mp3 ->
  ``audio/mpeg``, wav -> ``audio/wav``); any other part -> ``PART_NOT_READ``.
- role system or developer -> system (the IR has one instruction role): text parts
  concatenated, any other part -> ``PART_NOT_READ``.
- The items of one assistant turn, which the API writes separately (assistant
  ``message``, ``reasoning``, ``function_call``), are merged into ONE assistant message
  in item order until a user, system or tool-output item comes; consecutive IR assistant
  messages therefore come back as one (``to_openai_responses`` warns). Assistant text
  (string and ``output_text`` parts) -> text blocks, ``refusal`` parts -> refusal
  blocks, each with the message item's ``id`` as ``itemId`` (when it has a non-blank
  one); an ``output_text``'s ``annotations`` (``url_citation``, ``file_citation``,
  ``container_file_citation``, ``file_path``, any object) -> its citations
  ``{provider: "openai-responses", wire: the annotation as it is}``; other parts ->
  ``PART_NOT_READ``;
  ``function_call`` -> toolCall {id: ``call_id``, name, arguments: the parsed JSON
  object; ``arguments`` text that is not one JSON object (or has duplicate keys, NaN,
  an infinite number) is kept as it is, so that ``ir_messages`` raises
  ``TranscriptError`` with INVALID_TOOL_ARGUMENTS, never ``{}``; itemId: the item's
  ``id``; namespace: its ``namespace``};
  ``reasoning`` -> one thinking block per ``summary_text`` part (one of empty thinking
  for none), each {thinking: the part's text, signature: the reference above, written
  compactly with the keys in that order}; summary parts other than ``summary_text``
  and raw ``content`` parts -> ``PART_NOT_READ``;
  any other item type with a non-blank ``id`` (a hosted tool's item: ``web_search_call``,
  ``file_search_call``, ``code_interpreter_call``, ``image_generation_call``,
  ``mcp_call``, ``mcp_list_tools``, ``mcp_approval_request``, ``computer_call``,
  ``local_shell_call``, ``tool_search_call``, ``compaction``...) -> serverToolCall
  {provider: "openai-responses", id, name: the item's type, input: {}, wire: every
  other key as it is, null ones left out at any depth}, which ``to_openai_responses``
  writes back as it came.
- ``function_call_output`` -> toolResult {toolCallId: ``call_id``, toolName: the item's
  ``name``, else the name of the nearest earlier ``function_call`` with that ``call_id``,
  else of the first later one, else ``UNKNOWN_TOOL_NAME`` (``"unknown"``) with a
  ``TOOL_NAME_UNKNOWN`` warning (block -1); content: the text, or ``input_text`` /
  ``input_image`` parts as text and image blocks (``input_file`` -> ``PART_NOT_READ``);
  isError: false}.
- An item of another type without an id (a client's ``tool_search_call``,
  ``additional_tools``...), an ``item_reference``, and a ``custom_tool_call`` or its
  output (client tools whose free-form input is no JSON object) -> ``PART_NOT_READ``
  (block -1); it does not end an assistant turn.
- Message ids: the ``id`` of the first of the message's items that has a non-blank one
  (``msg_...``, ``rs_...``, ``fc_...``, a hosted item's), else ``assigned_id(position)``,
  ``position`` being the message's index among the IR messages read.
- Not read, no warning (``IGNORED_KEYS``: keys the API writes that say nothing the IR
  could hold and the API does not need back): ``status``, ``created_by``,
  ``logprobs`` and ``caller``; ``async`` when false and an ``input_file``'s ``detail``
  when ``auto`` (``DEFAULT_VALUES``); ``annotations: []``; the ids of user, system and
  tool-output items (the IR message id, not sent back); and any key whose value is
  ``null`` (the SDK's ``model_dump`` writes null for absent fields). An assistant
  message's ``phase`` (``commentary``, ``final_answer``), which the SDK asks to send
  back, has no place in the IR: ``PART_NOT_READ``, as below.
- Any other key of an item or part that is read (an item of a type above; a content,
  output or summary part read into a block; ``input_audio``'s object) is PART_NOT_READ,
  one warning per key naming its path, as ``from_openai_chat`` does:
  ``input[2].content[0].cache has no IR form`` (block index: the part's, -1 for an
  item's own keys). The item or part is read without it.

Warnings: ``message_index`` is the IR message (``to_*``) or the item (``from_*``);
``block_index`` the block or content part (for a reasoning item: its ``summary`` or
``content`` part), -1 for the whole message or item.

Errors: input that is not a string or a list of items of this shape is a ``WireFormatError`` whose
path starts at the request field ``input``, also for the items of an output list
(``input[2].content[0].text must be a string, not a number``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
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
from agent_ir._jsoncopy import thaw
from agent_ir._paths import Path, to_pointer
from agent_ir._text import non_empty_id, quoted
from agent_ir.wire._common import (
    AUDIO_MEDIA_TYPES,
    CallNames,
    ConversionWarningCode,
    Direct,
    Unchecked,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    arguments_text,
    assigned_id,
    bare_media_type,
    data_url,
    exact_dicts,
    exact_keys,
    fits_ir,
    image_source,
    ir_messages,
    is_missing,
    key_not_read,
    must_be,
    must_be_one_of,
    not_read,
    parse_arguments,
    parse_data_url,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    unread_keys,
    warn_thought_signatures,
    warn_tool_name,
    wire_list,
    wire_object,
    wire_string,
    without_nulls,
)
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.openai_responses._tools import read_responses_tools, responses_tools

__all__ = ["from_openai_responses", "to_openai_responses"]

_TO = "to_openai_responses"
_FROM = "from_openai_responses"
_Item = dict[str, Any]
_Code = ConversionWarningCode

# Document media types -> the file name extension the API reads the type from.
_EXTENSIONS = {
    "application/pdf": ".pdf",
    "text/plain": ".txt",
    "text/markdown": ".md",
    "text/html": ".html",
    "text/csv": ".csv",
    "application/json": ".json",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
}
_MEDIA_TYPES = {extension: media_type for media_type, extension in _EXTENSIONS.items()}
_UNKNOWN_MEDIA_TYPE = "application/octet-stream"

# Keys of items and parts read without a warning and without an IR form: the API's
# bookkeeping (``status``, ``created_by``), the log probabilities of a reply's text
# (``logprobs``, which the API does not read back) and the execution context of a
# function call (``caller``). Any other key that is not read is PART_NOT_READ.
IGNORED_KEYS: Final = frozenset({"status", "created_by", "logprobs", "caller"})
# Keys whose value is the API's default, which says nothing (``async_``: the name the
# SDK's ``model_dump`` gives ``async`` unless ``by_alias=True``; ``detail`` of an
# ``input_file``, whose default is ``auto``: an image's ``detail`` is read).
DEFAULT_VALUES: Final[dict[str, Any]] = {"async": False, "async_": False, "detail": "auto"}
# The provider of the citations and server-tool calls this format reads and writes.
PROVIDER: Final = "openai-responses"
# Item types that are neither read nor a hosted tool's item: a reference to a stored
# item (of any role) and a custom tool's call and output (client tools whose free-form
# input is no JSON object). PART_NOT_READ.
_NOT_HOSTED: Final = frozenset({"item_reference", "custom_tool_call", "custom_tool_call_output"})
# The item types read into messages and blocks of their own.
_READ_ITEMS: Final = frozenset({"message", "reasoning", "function_call", "function_call_output"})
_IMAGE_DETAILS: Final = frozenset({"low", "high"})  # ``auto``, the default, reads as absent


# --- IR -> input items ------------------------------------------------------------------


def to_openai_responses(transcript: object, *, tools: object = None) -> WireRequest:
    """The ``input`` items of ``transcript`` (a list or tuple of IR messages or their
    JSON form, each valid on its own; linkage is not required). ``TypeError`` for
    anything but a list or tuple, ``InvalidMessageError`` for a message that is not
    valid. Every loss is a warning (see the module docstring).

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` in the Responses shape (``_tools``). Anything
    but a list or tuple is a ``TypeError``, a definition ``validate_transcript`` would
    report a ``TranscriptError`` holding its INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(_TO, tools)
    messages = transcript_items(_TO, transcript)
    names = transcript_call_names(messages)
    warnings = Warnings()
    items: list[_Item] = []
    turn: int | None = None  # the assistant message the last items sent belong to
    for index, message in enumerate(messages):
        sent = _message_items(message, index, names, warnings)
        if type(message) is not AssistantMessage:
            turn = None
        elif not sent:
            warnings.add(
                _Code.MESSAGE_NOT_SENT,
                index,
                -1,
                "an assistant message with nothing to send is left out: no item holds it",
            )
        else:
            if turn is not None:
                warnings.add(
                    _Code.MESSAGES_MERGED,
                    index,
                    -1,
                    f"the items of this assistant message directly follow those of assistant "
                    f"message {turn}: they read back as one message",
                )
            turn = index
        items.extend(sent)
    fields: dict[str, Any] = {"input": items}
    if definitions:
        fields["tools"] = responses_tools(definitions)
    warn_thought_signatures(warnings, messages, "Responses")
    return WireRequest(fields=fields, warnings=warnings.all())


def _message_items(
    message: Message, index: int, names: CallNames, warnings: Warnings
) -> list[_Item]:
    kind = type(message)
    if kind is SystemMessage:
        assert isinstance(message, SystemMessage)
        _cache_control_not_sent(message.cache_control, index, -1, warnings)
        return [{"type": "message", "role": "system", "content": message.content}]
    if kind is UserMessage:
        assert isinstance(message, UserMessage)
        return [
            {"type": "message", "role": "user", "content": _user_content(message, index, warnings)}
        ]
    if kind is AssistantMessage:
        assert isinstance(message, AssistantMessage)
        return _assistant_items(message, index, warnings)
    assert isinstance(message, ToolResultMessage)
    warn_tool_name(warnings, names, index, message)
    return [_output_item(message, index, warnings)]


def _cache_control_not_sent(
    cache_control: object, index: int, block_index: int, warnings: Warnings
) -> None:
    """CACHE_CONTROL_NOT_SENT for a cache breakpoint (of a message at block -1)."""
    if cache_control is None:
        return
    warnings.add(
        _Code.CACHE_CONTROL_NOT_SENT,
        index,
        block_index,
        "the cache breakpoint is not sent: OpenAI caches prompt prefixes automatically",
        field="cacheControl",
    )


def _user_content(message: UserMessage, index: int, warnings: Warnings) -> str | list[_Item]:
    if isinstance(message.content, str):
        return message.content
    parts = []
    for block_index, block in enumerate(message.content):
        if isinstance(block, AudioBlock):
            warnings.add(
                _Code.AUDIO_NOT_SENT,
                index,
                block_index,
                "audio is not sent: no input part of the Responses API holds audio",
            )
        elif isinstance(block, DocumentBlock):
            parts.append(_file_part(block, index, block_index, warnings))
        else:
            parts.append(_text_or_image_part(block, index, block_index, warnings))
    return parts


def _text_or_image_part(
    block: TextBlock | ImageBlock, index: int, block_index: int, warnings: Warnings
) -> _Item:
    """The input part of a user or tool-result block (its item id is not sent: only an
    assistant's output message has one)."""
    _cache_control_not_sent(block.cache_control, index, block_index, warnings)
    if isinstance(block, TextBlock):
        if block.citations:
            warnings.add(
                _Code.CITATIONS_NOT_SENT,
                index,
                block_index,
                "the citations are not sent: an input_text part has no annotations",
                field="citations",
            )
        return {"type": "input_text", "text": block.text}
    detail = "auto" if block.detail is None else str(block.detail)
    return {"type": "input_image", "image_url": _url_of(block.source), "detail": detail}


def _url_of(source: Base64Source | UrlSource) -> str:
    if isinstance(source, UrlSource):
        return source.url
    return data_url(source.media_type, source.data)


def _file_part(block: DocumentBlock, index: int, block_index: int, warnings: Warnings) -> _Item:
    _cache_control_not_sent(block.cache_control, index, block_index, warnings)
    for name, value in (("title", block.title), ("context", block.context)):
        if value is not None:
            _document_detail_not_sent(name, index, block_index, warnings)
    if block.citations:
        _document_detail_not_sent("citations", index, block_index, warnings)
    source = block.source
    part: _Item
    if isinstance(source, FileSource):
        part = {"type": "input_file", "file_id": source.file_id}
    elif isinstance(source, UrlSource):
        part = {"type": "input_file", "file_url": source.url}
    else:
        extension = _EXTENSIONS.get(bare_media_type(source.media_type), "")
        filename = f"document-{index}-{block_index}{extension}"
        part = {"type": "input_file", "file_data": _url_of(source), "filename": filename}
    if block.filename is not None:
        part["filename"] = block.filename
    return part


def _document_detail_not_sent(name: str, index: int, block_index: int, warnings: Warnings) -> None:
    warnings.add(
        _Code.DOCUMENT_DETAIL_NOT_SENT,
        index,
        block_index,
        f"the document's {name} is not sent: an input_file part has no such field",
        field=name,
    )


class _Items:
    """The items of one assistant message, gathering the blocks that came from one item:
    consecutive text and refusal blocks with one item id go back as the parts of one
    output message, consecutive thinking blocks with one reasoning reference as the
    summary parts of one reasoning item."""

    def __init__(self, index: int, warnings: Warnings) -> None:
        self.index = index
        self.warnings = warnings
        self.items: list[_Item] = []
        self.group: tuple[str, str] | None = None  # ("message", item id), ("reasoning", signature)

    def add(self, item: _Item, group: tuple[str, str] | None = None) -> None:
        self.items.append(item)
        self.group = group

    def text(self, block: TextBlock | RefusalBlock, block_index: int) -> None:
        is_text = type(block) is TextBlock
        if is_text:
            assert isinstance(block, TextBlock)
            _cache_control_not_sent(block.cache_control, self.index, block_index, self.warnings)
            annotations = self.annotations(block, block_index)
        if block.item_id is None:
            if not is_text:
                self.warnings.add(
                    _Code.REFUSAL_AS_TEXT,
                    self.index,
                    block_index,
                    "the refusal is sent as assistant text: without its item id it cannot be "
                    "an output message's refusal part; it reads back as text",
                )
            self.add({"type": "message", "role": "assistant", "content": block.text})
            return
        if is_text:
            part = {"type": "output_text", "text": block.text, "annotations": annotations}
        else:
            part = {"type": "refusal", "refusal": block.text}
        group = ("message", block.item_id)
        if self.group == group:
            self.items[-1]["content"].append(part)
            return
        item = {
            "type": "message",
            "role": "assistant",
            "id": block.item_id,
            "status": "completed",
            "content": [part],
        }
        self.add(item, group)

    def annotations(self, block: TextBlock, block_index: int) -> list[Any]:
        """The annotations of a text block's own citations; the others warned."""
        annotations = []
        for position, citation in enumerate(block.citations or ()):
            if citation.provider != PROVIDER:
                why = f"it is a citation of {quoted(citation.provider)}"
            elif block.item_id is None:
                why = "assistant text without its item id is sent as a string, without annotations"
            else:
                annotations.append(thaw(citation.wire))
                continue
            self.warnings.add(
                _Code.CITATIONS_NOT_SENT,
                self.index,
                block_index,
                f"the citation is not sent: {why}",
                path=f"/{self.index}/content/{block_index}/citations/{position}",
            )
        return annotations

    def thinking(self, block: ThinkingBlock, block_index: int) -> None:
        reference = _reasoning_reference(block.signature)
        if reference is None:
            self.warnings.add(
                _Code.THINKING_NOT_SENT, self.index, block_index, _unsent_thinking(block)
            )
            return
        assert block.signature is not None
        _warn_reasoning(block, reference, self.index, block_index, self.warnings)
        group = ("reasoning", block.signature)
        part = {"type": "summary_text", "text": block.thinking}
        if self.group == group:
            summary = self.items[-1]["summary"]
            if not summary:  # the first block's empty thinking: a part after all
                summary.append({"type": "summary_text", "text": ""})
            summary.append(part)
            return
        item: _Item = {
            "type": "reasoning",
            "id": reference["id"],
            "summary": [part] if block.thinking else [],
        }
        if reference.get("encrypted_content") is not None:
            item["encrypted_content"] = reference["encrypted_content"]
        self.add(item, group)

    def server_call(self, block: ServerToolCallBlock, block_index: int) -> None:
        wire = {} if block.wire is None else thaw(block.wire)
        if block.provider != PROVIDER:
            why = f"it is a server-tool call of {quoted(block.provider)}"
        elif block.input:
            why = "a Responses hosted item's keys are in wire, and its input is {}"
        elif "type" in wire or "id" in wire:
            why = "its wire holds a type or an id, which the item's name and id give"
        elif block.name in _READ_ITEMS or block.name in _NOT_HOSTED:
            why = f"an item of type {quoted(block.name)} would not read back as a hosted tool's"
        else:
            self.add({"type": block.name, "id": block.id, **wire})
            return
        self.warnings.add(
            _Code.SERVER_TOOL_NOT_SENT,
            self.index,
            block_index,
            f"the server-tool call is not sent: {why}",
        )


def _assistant_items(message: AssistantMessage, index: int, warnings: Warnings) -> list[_Item]:
    items = _Items(index, warnings)
    for block_index, block in enumerate(message.content):
        kind = type(block)
        if kind is TextBlock or kind is RefusalBlock:
            assert isinstance(block, TextBlock | RefusalBlock)
            items.text(block, block_index)
        elif kind is ToolCallBlock:
            assert isinstance(block, ToolCallBlock)
            _cache_control_not_sent(block.cache_control, index, block_index, warnings)
            items.add(_function_call(block))
        elif kind is ThinkingBlock:
            assert isinstance(block, ThinkingBlock)
            items.thinking(block, block_index)
        elif kind is ServerToolCallBlock:
            assert isinstance(block, ServerToolCallBlock)
            items.server_call(block, block_index)
        else:
            assert isinstance(block, ServerToolResultBlock)
            warnings.add(
                _Code.SERVER_TOOL_NOT_SENT,
                index,
                block_index,
                f"the server-tool result is not sent: it is a result of "
                f"{quoted(block.provider)}, and a Responses hosted item holds its own result",
            )
    return items.items


def _function_call(block: ToolCallBlock) -> _Item:
    item: _Item = {"type": "function_call"}
    if block.item_id is not None:
        item["id"] = block.item_id
    item["call_id"] = block.id
    item["name"] = block.name
    if block.namespace is not None:
        item["namespace"] = block.namespace
    item["arguments"] = arguments_text(block.arguments)
    return item


def _warn_reasoning(
    block: ThinkingBlock,
    reference: dict[str, Any],
    index: int,
    block_index: int,
    warnings: Warnings,
) -> None:
    """The warnings of a thinking block sent as (a summary part of) a reasoning item."""
    if block.redacted:
        warnings.add(
            _Code.REDACTED_FLAG_NOT_SENT,
            index,
            block_index,
            "redacted is not sent (no field of a reasoning item holds it): it reads back as "
            "thinking that is not redacted",
        )
    read_back = _reference(reference["id"], reference.get("encrypted_content"))
    if read_back != block.signature:
        warnings.add(
            _Code.SIGNATURE_CHANGED,
            index,
            block_index,
            "the signature is not the reasoning reference from_openai_responses writes "
            "(other keys, another order or spacing): only its type, id and "
            f"encrypted_content are sent, and it reads back as {_clipped(read_back)}",
        )


def _clipped(text: str) -> str:
    return repr(text) if len(text) <= 120 else repr(text[:117] + "...")


def _reasoning_reference(signature: str | None) -> dict[str, Any] | None:
    """The JSON object of a signature holding an OpenAI reasoning item (its type, a
    non-blank id, and a string or no encrypted content), else None."""
    if signature is None or not signature.startswith("{"):
        return None
    try:
        value = json.loads(signature)
    except (ValueError, RecursionError):
        return None
    if type(value) is not dict or value.get("type") != "reasoning":
        return None
    item_id, encrypted_content = value.get("id"), value.get("encrypted_content")
    if type(item_id) is not str or not non_empty_id(item_id):
        return None
    if encrypted_content is not None and type(encrypted_content) is not str:
        return None
    return value


def _unsent_thinking(block: ThinkingBlock) -> str:
    if block.signature is None:
        return "thinking without a signature is not sent: OpenAI takes back only its own reasoning items"
    return "thinking is not sent: its signature is not an OpenAI reasoning item reference"


def _output_item(message: ToolResultMessage, index: int, warnings: Warnings) -> _Item:
    if message.is_error:
        warnings.add(
            _Code.ERROR_FLAG_NOT_SENT,
            index,
            -1,
            "the error flag is not sent: function_call_output has no error field",
            field="isError",
        )
    _cache_control_not_sent(message.cache_control, index, -1, warnings)
    output: str | list[_Item]
    if isinstance(message.content, str):
        output = message.content
    else:
        output = [
            _text_or_image_part(block, index, block_index, warnings)
            for block_index, block in enumerate(message.content)
        ]
    return {"type": "function_call_output", "call_id": message.tool_call_id, "output": output}


# --- input or output items -> IR -------------------------------------------------------


def from_openai_responses(items: object, *, tools: object = None) -> WireMessages:
    """IR messages from Responses API items: an ``input`` list, or the ``output`` list of
    a Response as JSON (see the module docstring for the mapping and the ids).
    ``WireFormatError`` naming the path for input that is not a list of items of this
    API's shape; ``TranscriptError`` (from ``ir_messages``) when a converted message is
    not valid IR, e.g. INVALID_TOOL_ARGUMENTS for ``arguments`` that are not a JSON
    object (its message indexes count IR messages).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools`` (``_tools``); their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the API's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    return read_with_tools(_FROM, tools, read_responses_tools, lambda: _read_items(items))


def _read_items(items: object) -> WireMessages:
    unchecked = unchecked_wire(items)
    if unchecked is not None:
        read = _read_direct(unchecked)
        if read is not None:
            return read
    wire = read_wire(_FROM, items, ("input",))
    if type(wire) is str:  # text input: one user message
        return WireMessages(ir_messages([{"role": "user", "id": assigned_id(0), "content": wire}]))
    if type(wire) is not list:
        raise must_be(_FROM, ("input",), "a string or a list of items", wire)
    reader = _Reader(_call_names(wire))
    for index, item in enumerate(wire):
        reader.read(index, _object(item, _at(index)))
    reader.end_turn()
    return WireMessages(ir_messages(reader.messages), reader.warnings.all())


def _read_direct(wire: list[Any]) -> WireMessages | None:
    """``from_openai_responses``'s result for ``unchecked_wire`` input whose every item
    is of a common shape with nothing to warn about (``_DirectReader``), built as IR
    objects at once; None for any other input, or any failure, for
    ``from_openai_responses`` to read it the checked way (which reports what is wrong
    as it always did)."""
    if not exact_dicts(wire):
        return None
    reader = _DirectReader()
    try:
        for item in wire:
            if not reader.read(item):
                return None
        reader.end_turn()
    except Exception:  # any failure: read again, checked, to report it
        return None
    if not reader.unchecked.exact(_ROOT):
        return None
    converted = reader.direct.messages(reader.messages)
    return None if converted is None else WireMessages(converted)


class _DirectReader:
    """Reads the items ``_Reader`` would read with no warning into exactly the IR
    messages it would give, gathering assistant turns as it does: messages of string
    content or text parts (``input_text``, ``output_text`` without annotations,
    ``refusal``), function calls
    whose arguments are a JSON object, reasoning items of ``summary_text`` parts, and
    function call outputs of string content or ``input_text`` parts answering an
    earlier call (or naming their tool). A key not read is ignored (``IGNORED_KEYS``,
    null) and its value checked by ``unchecked``; any other key, item or part is left to
    ``_Reader``. The items are dicts with ``str`` keys (``exact_dicts``), so are their
    parts (checked before any lookup); every value read has its exact type checked."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.direct = Direct()
        self.unchecked = Unchecked()
        # Call id -> the name of the latest call read with it: the nearest earlier one,
        # which ``CallNames`` gives a result when there is one.
        self.calls: dict[str, str] = {}
        self.turn: list[Any] | None = None
        self.turn_id: str | None = None

    def read(self, item: _Item) -> bool:
        """Whether ``item`` was read (its block or message added)."""
        kind = item.get("type")
        if kind is None and "role" in item:
            kind = "message"
        elif type(kind) is not str:
            return False
        if kind == "message":
            return self.message(item)
        if kind == "function_call":
            return self.function_call(item)
        if kind == "function_call_output":
            return self.output(item)
        if kind == "reasoning":
            return self.reasoning(item)
        return False

    def ignored(self, value: _Item, read: frozenset[str], depth: int) -> bool:
        """Whether every key of ``value`` not in ``read`` is one ``_Reader`` ignores
        without a warning (``IGNORED_KEYS``, null; its value checked by ``unchecked``
        at ``depth``)."""
        if value.keys() <= read:
            return True
        for key, item in value.items():
            if key in read:
                continue
            if item is not None and key not in IGNORED_KEYS:
                return False
            self.unchecked.add(depth, item)
        return True

    def item_id(self, item: _Item) -> str | None:
        """``_item_id``: the item's id when it is a non-blank string (``non_empty_id``
        checks what ``Direct`` would check of a message id)."""
        item_id = item.get("id")
        if item_id is None:
            return None
        if type(item_id) is not str:
            raise ValueError("an id that is not a string")
        return item_id if non_empty_id(item_id) else None

    def turn_of(self, item: _Item) -> list[Any]:
        item_id = self.item_id(item)
        if self.turn is None:
            self.turn = []
            self.turn_id = item_id
        elif self.turn_id is None:
            self.turn_id = item_id
        return self.turn

    def end_turn(self) -> None:
        turn, self.turn = self.turn, None
        if turn is not None:
            message_id = self.turn_id or assigned_id(len(self.messages))
            self.messages.append(AssistantMessage(id=message_id, content=tuple(turn)))

    def message_id(self, item: _Item) -> str:
        return self.item_id(item) or assigned_id(len(self.messages))

    def message(self, item: _Item) -> bool:
        role, content = item.get("role"), item.get("content")
        if type(role) is not str or not self.ignored(item, _ITEM_KEYS["message"], 2):
            return False
        if role == "assistant":
            return self.assistant_message(item, content)
        if type(content) is str:
            blocks: Any = content
        elif type(content) is list:
            blocks = self.text_parts(content, _DIRECT_TEXT_PARTS)
            if blocks is None:
                return False
        else:
            return False
        self.end_turn()
        if role == "user":
            self.messages.append(UserMessage(id=self.message_id(item), content=blocks))
        elif role == "system" or role == "developer":
            text = blocks if type(blocks) is str else "".join(block.text for block in blocks)
            self.messages.append(SystemMessage(id=self.message_id(item), content=text))
        else:
            return False
        return True

    def assistant_message(self, item: _Item, content: Any) -> bool:
        item_id = self.item_id(item)
        if type(content) is str:
            said: Any = (TextBlock(text=content, item_id=item_id),)
        elif type(content) is list:
            said = self.text_parts(content, _DIRECT_TEXT_PARTS, item_id, assistant=True)
            if said is None:
                return False
        else:
            return False
        self.turn_of(item).extend(said)
        return True

    def text_parts(
        self,
        parts: list[Any],
        kinds: dict[str, str],
        item_id: str | None = None,
        *,
        assistant: bool = False,
    ) -> tuple[TextBlock | RefusalBlock, ...] | None:
        """The text blocks of parts (at ``input/<i>/<key>/<j>``) of ``kinds`` (part type
        -> the key of its text); None when any part is of another kind. An
        ``assistant``'s refusal parts are refusal blocks, and its blocks take ``item_id``."""
        blocks: list[TextBlock | RefusalBlock] = []
        for part in parts:
            if type(part) is not dict or not exact_keys(part):
                return None
            kind = part.get("type")
            if type(kind) is not str or kind not in kinds:
                return None
            text = part.get(kinds[kind])
            if type(text) is not str or not self.ignored(part, _PART_KEYS[kind], 4):
                return None
            annotations = part.get("annotations")
            if not (annotations is None or (type(annotations) is list and not annotations)):
                return None  # citations: read by ``_Reader``
            if assistant and kind == "refusal":
                blocks.append(RefusalBlock(text=text, item_id=item_id))
            else:
                blocks.append(TextBlock(text=text, item_id=item_id))
        return tuple(blocks)

    def function_call(self, item: _Item) -> bool:
        call_id, name, text = item.get("call_id"), item.get("name"), item.get("arguments")
        if type(call_id) is not str or type(name) is not str or type(text) is not str:
            return False
        namespace = item.get("namespace")
        if namespace is not None and type(namespace) is not str:
            return False
        if not self.ignored(item, _ITEM_KEYS["function_call"], 2):
            return False
        arguments = parse_arguments(text)
        if type(arguments) is not dict:
            return False
        turn = self.turn_of(item)
        # A blank name is no call for ``_call_names``; it fails ``direct.messages``.
        self.calls[call_id] = name
        self.direct.non_blank(call_id, name)
        block = ToolCallBlock(
            id=call_id,
            name=name,
            arguments=self.direct.arguments(arguments),
            item_id=self.item_id(item),
            namespace=namespace,
        )
        turn.append(block)
        return True

    def reasoning(self, item: _Item) -> bool:
        item_id, summary = item.get("id"), item.get("summary")
        encrypted_content, content = item.get("encrypted_content"), item.get("content")
        if type(item_id) is not str or not non_empty_id(item_id) or type(summary) is not list:
            return False
        if encrypted_content is not None and type(encrypted_content) is not str:
            return False
        if not (content is None or (type(content) is list and not content)):
            return False
        if not self.ignored(item, _ITEM_KEYS["reasoning"], 2):
            return False
        texts = []
        for part in summary:
            if type(part) is not dict or not exact_keys(part):
                return False
            kind, text = part.get("type"), part.get("text")
            if type(kind) is not str or kind != "summary_text" or type(text) is not str:
                return False
            if not self.ignored(part, _SUMMARY_KEYS, 4):
                return False
            texts.append(text)
        signature = _reference(item_id, encrypted_content)
        self.turn_of(item).extend(
            ThinkingBlock(thinking=text, signature=signature) for text in texts or [""]
        )
        return True

    def output(self, item: _Item) -> bool:
        call_id, output = item.get("call_id"), item.get("output")
        if type(call_id) is not str or not self.ignored(
            item, _ITEM_KEYS["function_call_output"], 2
        ):
            return False
        if type(output) is str:
            content: Any = output
        elif type(output) is list:
            content = self.text_parts(output, _DIRECT_RESULT_PARTS)
        else:
            return False
        name = self.tool_name(item, call_id)
        if name is None or content is None:
            return False
        self.end_turn()
        self.direct.non_blank(call_id, name)
        self.messages.append(
            ToolResultMessage(
                id=self.message_id(item),
                tool_call_id=call_id,
                tool_name=name,
                content=content,
                is_error=False,
            )
        )
        return True

    def tool_name(self, item: _Item, call_id: str) -> str | None:
        """``_Reader.tool_name`` without its warning: the item's non-blank ``name``,
        else the name of the nearest earlier call; None when there is none (a later
        call, or none: read by ``_Reader``)."""
        name = item.get("name")
        if name is not None:
            if type(name) is not str:
                return None
            if non_empty_id(name):
                return name
        return self.calls.get(call_id)


def _call_names(wire: list[Any]) -> CallNames:
    """The ``call_id`` and name of every well-formed ``function_call`` item, by item
    index (a malformed one is refused when it is read)."""
    names = CallNames()
    for index, item in enumerate(wire):
        if type(item) is dict and item.get("type") == "function_call":
            call_id, name = item.get("call_id"), item.get("name")
            if type(call_id) is str and type(name) is str and non_empty_id(name):
                names.add(index, call_id, name)
    return names


@dataclass
class _Turn:
    """The assistant message being gathered from consecutive items."""

    message_id: str | None
    content: list[_Item] = field(default_factory=list)


class _Reader:
    """Reads items in order into messages in JSON form, gathering assistant turns."""

    def __init__(self, call_names: CallNames) -> None:
        self.call_names = call_names
        self.messages: list[_Item] = []
        self.warnings = Warnings("/input")
        self.turn: _Turn | None = None

    def read(self, index: int, item: _Item) -> None:
        kind = _item_type(item, index)
        if kind == "message":
            self.read_message(index, item)
        elif kind == "function_call":
            self.turn_of(index, item).content.append(_tool_call(item, _at(index)))
        elif kind == "reasoning":
            self.turn_of(index, item).content.extend(self.thinking(index, item))
        elif kind == "function_call_output":
            self.end_turn()
            self.messages.append(self.tool_result(index, item))
        elif kind in _NOT_HOSTED or _item_id(item, _at(index)) is None:
            what = "" if kind in _NOT_HOSTED else " without an id"
            self.warnings.add(
                _Code.PART_NOT_READ, index, -1, not_read(f"an item of type {quoted(kind)}{what}")
            )
            return
        else:
            self.turn_of(index, item).content.append(_server_call(kind, item))
            return
        self.unread(item, _ITEM_KEYS[kind], index, -1, _at(index))

    def turn_of(self, index: int, item: _Item) -> _Turn:
        item_id = _item_id(item, _at(index))
        if self.turn is None:
            self.turn = _Turn(item_id)
        elif self.turn.message_id is None:
            self.turn.message_id = item_id
        return self.turn

    def end_turn(self) -> None:
        turn, self.turn = self.turn, None
        if turn is not None:
            message_id = turn.message_id or assigned_id(len(self.messages))
            self.messages.append({"role": "assistant", "id": message_id, "content": turn.content})

    def read_message(self, index: int, item: _Item) -> None:
        if "role" not in item:
            raise is_missing(_FROM, (*_at(index), "role"))
        role = item["role"]
        content = _content(item, _at(index))
        if role == "assistant":
            turn = self.turn_of(index, item)
            said = self.parts(index, "content", content, _ASSISTANT_PARTS)
            item_id = _item_id(item, _at(index))
            if item_id is not None:
                for block in said:
                    block["itemId"] = item_id
            turn.content.extend(said)
            return
        if role not in ("user", "system", "developer"):
            raise must_be_one_of(
                _FROM, (*_at(index), "role"), ("user", "system", "developer", "assistant"), role
            )
        self.end_turn()
        message_id = _item_id(item, _at(index)) or assigned_id(len(self.messages))
        if role == "user":
            blocks = (
                content
                if isinstance(content, str)
                else self.parts(index, "content", content, _USER_PARTS)
            )
            self.messages.append({"role": "user", "id": message_id, "content": blocks})
            return
        text = content if isinstance(content, str) else self.system_text(index, content)
        self.messages.append({"role": "system", "id": message_id, "content": text})

    def parts(
        self, index: int, key: str, content: str | list[Any], readers: _PartReaders
    ) -> list[_Item]:
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        blocks = []
        for part_index, part in enumerate(content):
            path = (*_at(index), key, part_index)
            kind = _part_type(part, path)
            read = readers.get(kind)
            block = None if read is None else read(part, path)
            if block is None:
                self.warnings.add(
                    _Code.PART_NOT_READ,
                    index,
                    part_index,
                    not_read(_unread_part(part, kind)),
                    path=to_pointer(path),
                )
                continue
            self.unread(part, _read_keys(part, kind), index, part_index, path)
            if kind == "input_audio":
                audio_path = (*path, "input_audio")
                self.unread(part["input_audio"], _AUDIO_KEYS, index, part_index, audio_path)
            blocks.append(block)
        return blocks

    def system_text(self, index: int, content: list[Any]) -> str:
        blocks = self.parts(index, "content", content, _TEXT_PARTS)
        return "".join(block["text"] for block in blocks)

    def thinking(self, index: int, item: _Item) -> list[_Item]:
        path = _at(index)
        item_id = _string(item, "id", path)
        if not non_empty_id(item_id):
            raise WireFormatError(_FROM, (*path, "id"), "must not be blank")
        texts = []
        for part_index, part in enumerate(_list(item, "summary", path)):
            part_path = (*path, "summary", part_index)
            if _part_type(part, part_path) == "summary_text":
                texts.append(_string(part, "text", part_path))
                self.unread(part, _SUMMARY_KEYS, index, part_index, part_path)
            else:
                self.warnings.add(
                    _Code.PART_NOT_READ,
                    index,
                    part_index,
                    not_read("a reasoning summary part that is not summary_text"),
                    path=to_pointer(part_path),
                )
        for part_index, _part in enumerate(_optional_list(item, "content", path)):
            self.warnings.add(
                _Code.PART_NOT_READ,
                index,
                part_index,
                not_read("raw reasoning content (only the summary is read)"),
                path=to_pointer((*path, "content", part_index)),
            )
        encrypted_content = _optional_string(item, "encrypted_content", path)
        signature = _reference(item_id, encrypted_content)
        return [
            {"type": "thinking", "thinking": text, "signature": signature} for text in texts or [""]
        ]

    def tool_result(self, index: int, item: _Item) -> _Item:
        path = _at(index)
        call_id = _string(item, "call_id", path)
        output = item.get("output")
        content: str | list[_Item]
        if isinstance(output, str):
            content = output
        elif type(output) is list:
            content = self.parts(index, "output", output, _RESULT_PARTS)
        else:
            raise must_be(_FROM, (*path, "output"), "a string or a list of parts", output)
        return {
            "role": "toolResult",
            "id": _item_id(item, path) or assigned_id(len(self.messages)),
            "toolCallId": call_id,
            "toolName": self.tool_name(index, item, call_id),
            "content": content,
            "isError": False,
        }

    def tool_name(self, index: int, item: _Item, call_id: str) -> str:
        name = _optional_string(item, "name", _at(index))
        if name is not None and non_empty_id(name):
            return name
        from_call = self.call_names.name(call_id, index)
        if from_call is not None:
            return from_call
        return unknown_tool_name(self.warnings, index, -1, call_id, (*_at(index), "call_id"))

    def unread(
        self, value: _Item, read: frozenset[str], index: int, block_index: int, path: Path
    ) -> None:
        """PART_NOT_READ for each key of ``value`` (at ``path``) that is neither in
        ``read`` nor ignored: ``IGNORED_KEYS``, a null value, a ``DEFAULT_VALUES`` one."""
        for key in unread_keys(value, read, IGNORED_KEYS, DEFAULT_VALUES):
            where = (*path, key)
            self.warnings.add(
                _Code.PART_NOT_READ,
                index,
                block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


# --- items and parts --------------------------------------------------------------------


def _at(index: int) -> Path:
    """The path of item ``index``: paths name the request field, ``input[2].content``."""
    return ("input", index)


def _object(value: Any, path: Path) -> _Item:
    return wire_object(_FROM, value, path)


def _string(value: _Item, key: str, path: Path) -> str:
    return wire_string(_FROM, value, key, path)


def _optional_string(value: _Item, key: str, path: Path) -> str | None:
    """A string field that may be absent or null (the SDK's ``model_dump`` writes null)."""
    return None if value.get(key) is None else _string(value, key, path)


def _list(value: _Item, key: str, path: Path) -> list[Any]:
    if key not in value:
        raise is_missing(_FROM, (*path, key))
    return wire_list(_FROM, value[key], (*path, key))


def _optional_list(value: _Item, key: str, path: Path) -> list[Any]:
    return [] if value.get(key) is None else _list(value, key, path)


def _item_type(item: _Item, index: int) -> str:
    if item.get("type") is None and "role" in item:
        return "message"  # EasyInputMessage: its type may be left out
    return _string(item, "type", _at(index))


def _part_type(part: Any, path: Path) -> str:
    return _string(_object(part, path), "type", path)


def _item_id(item: _Item, path: Path) -> str | None:
    item_id = _optional_string(item, "id", path)
    return item_id if item_id is not None and non_empty_id(item_id) else None


def _content(item: _Item, path: Path) -> str | list[Any]:
    if "content" not in item:
        raise is_missing(_FROM, (*path, "content"))
    content = item["content"]
    if isinstance(content, str) or type(content) is list:
        return content
    raise must_be(_FROM, (*path, "content"), "a string or a list of parts", content)


def _tool_call(item: _Item, path: Path) -> _Item:
    text = _string(item, "arguments", path)
    block = {
        "type": "toolCall",
        "id": _string(item, "call_id", path),
        "name": _string(item, "name", path),
        "arguments": parse_arguments(text),
    }
    item_id = _item_id(item, path)
    if item_id is not None:
        block["itemId"] = item_id
    namespace = _optional_string(item, "namespace", path)
    if namespace is not None:
        block["namespace"] = namespace
    return block


def _server_call(kind: str, item: _Item) -> _Item:
    """The server-tool call block of a hosted tool's item (an item with an id): its
    type is the name, every key but ``type`` and ``id`` the wire, exactly as written
    (but null ones, at any depth: the SDK's ``model_dump()`` writes null for every field
    the server left out, and null means absent to the API)."""
    wire = without_nulls({key: value for key, value in item.items() if key not in ("type", "id")})
    return {
        "type": "serverToolCall",
        "provider": PROVIDER,
        "id": item["id"],
        "name": kind,
        "input": {},
        "wire": wire,
    }


def _reference(item_id: str, encrypted_content: str | None) -> str:
    """The signature of a thinking block read from a reasoning item: its reference as
    compact JSON (see the module docstring)."""
    reference: _Item = {"type": "reasoning", "id": item_id}
    if encrypted_content is not None:
        reference["encrypted_content"] = encrypted_content
    return json.dumps(reference, ensure_ascii=False, separators=(",", ":"))


def _unread_part(part: _Item, kind: str) -> str:
    """What a part read without a block is, for ``not_read``."""
    if kind == "input_image" and part.get("file_id") is not None:
        return "an image given by file id (IR images are base64 or a URL)"
    if kind == "input_file" and part.get("file_data") is not None:
        return "file_data that is not base64"
    if kind == "input_audio":
        return "audio that is not base64 mp3 or wav"
    return f"a {quoted(kind)} part"


def _text(part: _Item, path: Path) -> _Item | None:
    return {"type": "text", "text": _string(part, "text", path)}


def _output_text(part: _Item, path: Path) -> _Item | None:
    """A text block with the part's annotations as citations of this format."""
    block: _Item = {"type": "text", "text": _string(part, "text", path)}
    annotations = _optional_list(part, "annotations", path)
    if annotations:
        block["citations"] = [
            {"provider": PROVIDER, "wire": _object(annotation, (*path, "annotations", position))}
            for position, annotation in enumerate(annotations)
        ]
    return block


def _refusal(part: _Item, path: Path) -> _Item | None:
    return {"type": "text", "text": _string(part, "refusal", path)}


def _refusal_block(part: _Item, path: Path) -> _Item | None:
    return {"type": "refusal", "text": _string(part, "refusal", path)}


def _image(part: _Item, path: Path) -> _Item | None:
    url, file_id = _one_of(part, path, ("image_url", "file_id"))
    if file_id is not None:
        return None
    assert url is not None
    block = {"type": "image", "source": image_source(url)}
    detail = part.get("detail")
    if type(detail) is str and detail in _IMAGE_DETAILS:
        block["detail"] = detail
    return block


def _file(part: _Item, path: Path) -> _Item | None:
    data, file_id, url = _one_of(part, path, ("file_data", "file_id", "file_url"))
    filename = _optional_string(part, "filename", path)
    source: _Item
    if file_id is not None:
        source = {"type": "file", "fileId": file_id}
    elif url is not None:
        source = {"type": "url", "url": url}
    else:
        assert data is not None
        parsed = parse_data_url(data)
        if parsed is None:
            source = _plain_base64(data, part)
        else:
            source = {"type": "base64", "mediaType": parsed[0], "data": parsed[1]}
    block = {"type": "document", "source": source}
    if filename is not None:
        block["filename"] = filename
    return block if source["type"] != "base64" or fits_ir(block) else None


def _audio(part: _Item, path: Path) -> _Item | None:
    if "input_audio" not in part:
        raise is_missing(_FROM, (*path, "input_audio"))
    audio = _object(part["input_audio"], (*path, "input_audio"))
    data = _string(audio, "data", (*path, "input_audio"))
    media_type = AUDIO_MEDIA_TYPES.get(_string(audio, "format", (*path, "input_audio")))
    block = {"type": "audio", "source": {"type": "base64", "mediaType": media_type, "data": data}}
    return block if media_type is not None and fits_ir(block) else None


def _one_of(part: _Item, path: Path, keys: tuple[str, ...]) -> list[str | None]:
    """The values of ``keys`` (null counts as absent), exactly one of them present."""
    values = [_optional_string(part, key, path) for key in keys]
    if sum(value is not None for value in values) != 1:
        names = ", ".join(keys)
        raise WireFormatError(_FROM, path, f"must have exactly one of {names}")
    return values


def _plain_base64(data: str, part: _Item) -> _Item:
    filename = part.get("filename")
    extension = "." + filename.rsplit(".", 1)[-1].lower() if isinstance(filename, str) else ""
    media_type = _MEDIA_TYPES.get(extension, _UNKNOWN_MEDIA_TYPE)
    return {"type": "base64", "mediaType": media_type, "data": data}


_PartReaders = dict[str, Callable[[_Item, Path], "_Item | None"]]
_TEXT_PARTS: _PartReaders = {"input_text": _text, "output_text": _output_text, "refusal": _refusal}
_ASSISTANT_PARTS: _PartReaders = {**_TEXT_PARTS, "refusal": _refusal_block}
_USER_PARTS: _PartReaders = {
    **_TEXT_PARTS,
    "input_image": _image,
    "input_file": _file,
    "input_audio": _audio,
}
_RESULT_PARTS: _PartReaders = {"input_text": _text, "input_image": _image}

# The keys read from each item and part; any other is ignored or warned (``_Reader.unread``).
_ITEM_KEYS: dict[str, frozenset[str]] = {
    "message": frozenset({"type", "role", "content", "id"}),
    "function_call": frozenset({"type", "id", "call_id", "name", "namespace", "arguments"}),
    "reasoning": frozenset({"type", "id", "summary", "content", "encrypted_content"}),
    "function_call_output": frozenset({"type", "id", "call_id", "output", "name"}),
}
_PART_KEYS: dict[str, frozenset[str]] = {
    "input_text": frozenset({"type", "text"}),
    "output_text": frozenset({"type", "text", "annotations"}),
    "refusal": frozenset({"type", "refusal"}),
    "input_image": frozenset({"type", "image_url", "file_id", "detail"}),
    "input_file": frozenset({"type", "file_data", "file_id", "file_url", "filename"}),
    "input_audio": frozenset({"type", "input_audio"}),
}
_AUDIO_KEYS = frozenset({"data", "format"})
_IMAGE_KEYS_BUT_DETAIL = _PART_KEYS["input_image"] - {"detail"}


def _read_keys(part: _Item, kind: str) -> frozenset[str]:
    """The keys of a part read into its block: an image's ``detail`` only when the IR
    holds it (``original``, say, is warned; ``auto``, the default, reads as absent)."""
    detail = part.get("detail")
    if kind == "input_image" and not (type(detail) is str and detail in _IMAGE_DETAILS_READ):
        return _IMAGE_KEYS_BUT_DETAIL
    return _PART_KEYS[kind]


_IMAGE_DETAILS_READ = _IMAGE_DETAILS | {"auto"}
# The parts ``_DirectReader`` reads (those of ``_TEXT_PARTS`` and ``_RESULT_PARTS`` that
# give a text or refusal block, an ``output_text`` without annotations) -> the key of
# their text.
_DIRECT_TEXT_PARTS = {"input_text": "text", "output_text": "text", "refusal": "refusal"}
_DIRECT_RESULT_PARTS = {"input_text": "text"}
_ROOT: Path = ("input",)
_SUMMARY_KEYS = frozenset({"type", "text"})
