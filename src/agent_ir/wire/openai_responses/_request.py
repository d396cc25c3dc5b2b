"""OpenAI Responses API input to and from the IR: ``to_openai_responses`` writes a
request's ``input`` items, ``from_openai_responses`` reads input or output items back,
each loss a ``ConversionWarning``. What maps to what and what is warned, and the
reasoning reference a thinking block's signature holds:
``docsgen/mapping/openai-responses.md``; the fields: ``_wire``'s declaration."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec

from agent_ir._errors import TranscriptError
from agent_ir._generated.message_schema import (
    AssistantMessage,
    AudioBlock,
    Base64Source,
    Citation,
    DocumentBlock,
    FileSource,
    ImageBlock,
    ImageDetail,
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
from agent_ir._paths import Path, to_pointer, unescape_segment
from agent_ir._text import non_empty_id, quoted
from agent_ir.wire._built import Built, image_source, user_block_fits
from agent_ir.wire._common import (
    AUDIO_MEDIA_TYPES,
    CallNames,
    ConversionWarningCode,
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
    key_not_read,
    not_read,
    parse_data_url,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    warn_thought_signatures,
    warn_tool_name,
    without_nulls,
)
from agent_ir.wire._decode import Decoder, Unread, WireError, describe_json, refused
from agent_ir.wire._opaque import foreign_maker, warn_foreign_signature
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.openai_responses import _wire as responses
from agent_ir.wire.openai_responses._client_calls import (
    OUTPUT_OF_CALL,
    call_arguments,
    call_item,
)
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
    valid. Every loss is a warning (see the provider page).

    ``tools``: tool definitions (a list or tuple of ``ToolDefinition`` or their JSON
    form), written to ``fields["tools"]`` in the Responses shape (``_tools``). Anything
    but a list or tuple is a ``TypeError``, a definition ``validate_transcript`` would
    report a ``TranscriptError`` holding its INVALID_TOOL_DEFINITION diagnostics."""
    definitions = sent_tools(_TO, tools)
    messages = transcript_items(_TO, transcript)
    names = transcript_call_names(messages)
    client_calls = _client_calls(messages)
    warnings = Warnings()
    items: list[_Item] = []
    turn: int | None = None  # the assistant message the last items sent belong to
    for index, message in enumerate(messages):
        sent = _message_items(message, index, names, client_calls, warnings)
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


def _client_calls(messages: tuple[Message, ...] | list[Message]) -> dict[str, str]:
    """The call id and item type of each tool call written as the item of a tool the
    application runs (``_client_calls.call_item``): its results are that item's
    output."""
    found: dict[str, str] = {}
    for message in messages:
        if type(message) is AssistantMessage:
            for block in message.content:
                if type(block) is ToolCallBlock and _client_call_item(block) is not None:
                    found[block.id] = block.name
    return found


def _client_call_item(block: ToolCallBlock) -> _Item | None:
    return call_item(block.name, block.item_id, block.id, block.arguments)


def _message_items(
    message: Message,
    index: int,
    names: CallNames,
    client_calls: dict[str, str],
    warnings: Warnings,
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
    call = client_calls.get(message.tool_call_id)
    if call is not None:
        return _client_output(message, call, index, warnings)
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
        maker = foreign_maker(block, PROVIDER)
        if maker is not None:
            warn_foreign_signature(
                self.warnings, self.index, block_index, maker, "OpenAI", block_sent=False
            )
            return
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
            items.add(_client_call_item(block) or _function_call(block))
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
    _result_flags_not_sent(message, "function_call_output", index, warnings)
    output: str | list[_Item]
    if isinstance(message.content, str):
        output = message.content
    else:
        output = [
            _text_or_image_part(block, index, block_index, warnings)
            for block_index, block in enumerate(message.content)
        ]
    return {"type": "function_call_output", "call_id": message.tool_call_id, "output": output}


def _result_flags_not_sent(
    message: ToolResultMessage, kind: str, index: int, warnings: Warnings
) -> None:
    """The warnings of what no output item holds: the error flag, a cache breakpoint."""
    if message.is_error:
        warnings.add(
            _Code.ERROR_FLAG_NOT_SENT,
            index,
            -1,
            f"the error flag is not sent: {kind} has no error field",
            field="isError",
        )
    _cache_control_not_sent(message.cache_control, index, -1, warnings)


def _client_output(
    message: ToolResultMessage, call: str, index: int, warnings: Warnings
) -> list[_Item]:
    """The output item of a result that answers a ``computer_call`` (its first image
    is the screenshot; a result without one is not sent) or a ``local_shell_call``
    (its text joined); any other block is not sent (RESULT_BLOCK_NOT_SENT)."""
    kind = OUTPUT_OF_CALL[call]
    _result_flags_not_sent(message, kind, index, warnings)
    content = message.content
    # String content is one text block, at block -1 (the message's own).
    blocks = {-1: TextBlock(text=content)} if isinstance(content, str) else dict(enumerate(content))
    if call == "local_shell_call":
        texts = [block.text for block in blocks.values() if isinstance(block, TextBlock)]
        _not_sent(blocks, lambda block: isinstance(block, TextBlock), kind, "text", index, warnings)
        return [{"type": kind, "id": message.tool_call_id, "output": "".join(texts)}]
    image = next((block for block in blocks.values() if isinstance(block, ImageBlock)), None)
    _not_sent(blocks, lambda block: block is image, kind, "one screenshot", index, warnings)
    if image is None:
        warnings.add(
            _Code.MESSAGE_NOT_SENT,
            index,
            -1,
            f"a result without an image is left out: {kind} holds one screenshot",
        )
        return []
    screenshot = {"type": "computer_screenshot", "image_url": _url_of(image.source)}
    return [{"type": kind, "call_id": message.tool_call_id, "output": screenshot}]


def _not_sent(
    blocks: dict[int, Any],
    sent: Callable[[Any], bool],
    kind: str,
    holds: str,
    index: int,
    warnings: Warnings,
) -> None:
    """RESULT_BLOCK_NOT_SENT for each block of a result (by block index) that is not
    ``sent`` and not empty text: ``kind`` holds only ``holds``."""
    for block_index, block in blocks.items():
        if sent(block) or (isinstance(block, TextBlock) and not block.text):
            continue
        what = "image" if isinstance(block, ImageBlock) else "text"
        warnings.add(
            _Code.RESULT_BLOCK_NOT_SENT,
            index,
            block_index,
            f"the result's {what} is not sent: {kind} holds {holds}",
        )


# --- input or output items -> IR -------------------------------------------------------


def from_openai_responses(items: object, *, tools: object = None) -> WireMessages:
    """IR messages from Responses API items: an ``input`` list, or the ``output`` list of
    a Response as JSON (see the provider page for the mapping and the ids).
    ``WireFormatError`` naming the path for input that is not a list of items of this
    API's shape; ``TranscriptError`` when a converted message is not valid IR, e.g.
    INVALID_TOOL_ARGUMENTS for ``arguments`` that are not a JSON object (its message
    indexes count IR messages).

    ``tools``: the request's ``tools`` (None: none read, the result's ``tools`` is
    None), read into the result's ``tools`` (``_tools``); their warnings come first.
    ``WireFormatError`` at ``tools[...]`` for an entry not of the API's shape,
    ``TranscriptError`` for a definition the IR refuses."""
    return read_with_tools(_FROM, tools, read_responses_tools, lambda: _read_items(items))


# The declaration of each item read (a message's by its role), and its decoder.
_MESSAGES: Final[dict[str, type]] = {
    "user": responses.UserInput,
    "system": responses.SystemInput,
    "developer": responses.SystemInput,
    "assistant": responses.AssistantInput,
}
_ITEMS: Final[dict[str, type]] = {
    "function_call": responses.RequestFunctionCall,
    "reasoning": responses.RequestReasoning,
    "function_call_output": responses.RequestFunctionCallOutput,
    "computer_call_output": responses.RequestComputerCallOutput,
    "local_shell_call_output": responses.RequestLocalShellCallOutput,
}
_DECODERS: Final = {
    shape: Decoder(shape)
    for shape in (
        *_MESSAGES.values(),
        *_ITEMS.values(),
        responses.HostedItem,
        responses.ClientCall,
    )
}
_SUMMARY_TEXT: Final = Decoder(responses.SummaryText)
_ROLES: Final = "one of 'user', 'system', 'developer', 'assistant'"
_ROOT: Final[Path] = ("input",)


def _read_items(items: object) -> WireMessages:
    """The items decoded (``_wire``'s request section) and read: at once when the input
    may be read unchecked (``unchecked_wire``) and every item is of its declared shape
    with nothing unread; else from ``read_wire``'s checked value, which reports the
    first value not of its shape or reads what the declaration does not know with a
    warning. The same reader either way."""
    unchecked = unchecked_wire(items)
    if unchecked is not None and exact_dicts(unchecked):
        try:
            read = _convert(unchecked, Unchecked())
        except TranscriptError:
            raise  # the IR refused what was read whole: the checked read reads the same
        except Exception:  # any other failure: read again, checked, to report it
            read = None
        if read is not None:
            return read
    wire = read_wire(_FROM, items, _ROOT)
    if type(wire) is str:  # text input: one user message
        return WireMessages(Built().messages([UserMessage(id=assigned_id(0), content=wire)]))
    if type(wire) is not list:
        raise WireFormatError(
            _FROM, _ROOT, f"must be a string or an array; it is {describe_json(wire)}"
        )
    read = _convert(wire, None)
    assert read is not None, "a checked read gives its messages or raises"
    return read


def _convert(wire: list[Any], held: Unchecked | None) -> WireMessages | None:
    """The items as IR messages and warnings; ``TranscriptError`` when the IR refuses a
    message. ``held``: input read unchecked, whose values not declared as JSON types are
    checked before the messages (None: checked input); None when they are not exact."""
    reader = _Reader(wire, held)
    for index, item in enumerate(wire):
        reader.read(index, item)
    reader.end_turn()
    if held is not None and not held.exact(_ROOT):
        return None
    return WireMessages(reader.built.messages(reader.entries), reader.warnings.all())


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


class _NotAtOnce(Exception):
    """Input read unchecked holds what only the checked read reads (a key or a type not
    declared, a value not of its shape): read it again, checked."""


@dataclass
class _Turn:
    """The assistant message being gathered from consecutive items."""

    message_id: str | None
    content: list[Any] = field(default_factory=list)


class _Reader:
    """Decoded items -> IR messages and warnings, gathering assistant turns. ``held``:
    input read unchecked, whose free values (of keys declared as any JSON) are checked at
    the end; an item that does not decode whole is ``_NotAtOnce``."""

    def __init__(self, wire: list[Any], held: Unchecked | None) -> None:
        self.wire = wire
        # Call id -> the name of the latest call read with it (the nearest earlier one);
        # all the calls (``_call_names``) only for a result that answers no earlier one.
        self.calls: dict[str, str] = {}
        self.call_names: CallNames | None = None
        self.held = held
        self.entries: list[Message] = []
        self.built = Built()
        self.warnings = Warnings("/input")
        self.turn: _Turn | None = None
        self.unread: dict[str, list[str]] = {}
        self.raw: _Item = {}

    # -- items -------------------------------------------------------------------------

    def read(self, index: int, item: Any) -> None:
        if type(item) is not dict:
            error = WireError("", "an object", describe_json(item))
            raise refused(_FROM, error, item, ("input", index))
        kind = item.get("type")
        shape = _ITEMS.get(kind) if type(kind) is str else None
        if shape is None:
            if kind == "message" or (kind is None and "role" in item):
                shape = self.message_shape(item, ("input", index))
            elif type(kind) is not str:
                found = describe_json(kind) if "type" in item else "missing"
                reason = f"must be a string; it is {found}"
                raise WireFormatError(_FROM, ("input", index, "type"), reason)
            else:
                self.other(index, kind, item)
                return
        path: Path = ("input", index)
        if self.held is None:
            value = self.decoded(shape, item, path)
        else:  # converted at once; what does not convert is for the checked read
            self.raw = item
            try:
                value = msgspec.convert(item, shape)
            except Exception:
                raise _NotAtOnce from None
            if not (
                value.status is None
                and value.created_by is None
                and value.logprobs is None
                and value.caller is None
            ):
                self.hold(2, value.status, value.created_by, value.logprobs, value.caller)
        _ITEM_READERS[type(value)](self, index, value, path)
        if self.unread:
            self.warn_keys(index, -1, value, path)

    def function_call(self, index: int, value: Any, path: Path) -> None:
        turn = self.turn_of(value.id)
        turn.content.append(self.tool_call(value))

    def reasoning(self, index: int, value: Any, path: Path) -> None:
        self.turn_of(value.id).content.extend(self.thinking(index, value, path))

    def output(self, index: int, value: Any, path: Path) -> None:
        self.end_turn()
        self.tool_result(index, value, path)

    def assistant(self, index: int, value: Any, path: Path) -> None:
        turn = self.turn_of(value.id)
        content = value.content
        if type(content) is str:
            turn.content.append(TextBlock(text=content, item_id=_item_id(value.id)))
        else:
            turn.content.extend(self.parts(index, content, path, _item_id(value.id), True))

    def user(self, index: int, value: Any, path: Path) -> None:
        self.end_turn()
        message_id = self.message_id(value.id)
        content: Any = value.content
        if type(content) is not str:
            content = tuple(self.parts(index, content, path))
        self.entries.append(UserMessage(id=message_id, content=content))

    def system(self, index: int, value: Any, path: Path) -> None:
        self.end_turn()
        message_id = self.message_id(value.id)
        text = value.content
        if type(text) is not str:
            parts = self.parts(index, text, path, cited=False)
            text = "".join(block.text for block in parts)
        self.entries.append(SystemMessage(id=message_id, content=text))

    def message_shape(self, item: _Item, path: Path) -> type:
        """The declaration of a message item, by its role; ``WireFormatError`` for a role
        that is missing or not one of them (after its content's)."""
        if "role" in item:
            role = item["role"]
            shape = _MESSAGES.get(role) if type(role) is str else None
            if shape is not None:
                return shape
            content = item.get("content")
            if type(content) is not str and type(content) is not list:
                found = describe_json(content) if "content" in item else "missing"
                reason = f"must be a string or an array; it is {found}"
                raise WireFormatError(_FROM, (*path, "content"), reason)
            found = describe_json(role)
        else:
            found = "missing"
        raise WireFormatError(_FROM, (*path, "role"), f"must be {_ROLES}; it is {found}")

    def other(self, index: int, kind: str, item: _Item) -> None:
        """An item of a type not read into blocks of its own: a hosted tool's item (with
        an id) is a server-tool call of the turn, any other PART_NOT_READ."""
        if self.held is not None:
            self.held.add(1, item)
        if kind in OUTPUT_OF_CALL:
            self.client_call(index, item)
            return
        hosted = None
        if kind not in _NOT_HOSTED:
            hosted = self.decoded(responses.HostedItem, item, _at(index))
        if hosted is None or _item_id(hosted.id) is None:
            what = "" if kind in _NOT_HOSTED else " without an id"
            self.warnings.add(
                _Code.PART_NOT_READ, index, -1, not_read(f"an item of type {quoted(kind)}{what}")
            )
            return
        self.turn_of(hosted.id).content.append(self.server_call(kind, hosted.id, item))

    def server_call(self, kind: str, item_id: str, item: _Item) -> ServerToolCallBlock:
        """The server-tool call block of a hosted tool's item (an item with an id): its
        type is the name, every key but ``type`` and ``id`` the wire, exactly as written
        (but null ones, at any depth: the SDK's ``model_dump()`` writes null for every
        field the server left out, and null means absent to the API)."""
        wire = without_nulls(
            {key: value for key, value in item.items() if key not in ("type", "id")}
        )
        return ServerToolCallBlock(
            provider=PROVIDER,
            id=item_id,
            name=kind,
            input=self.built.fresh({}),
            wire=self.built.fresh(wire),
        )

    def client_call(self, index: int, item: _Item) -> None:
        """A call of a tool the application runs (``_client_calls``): a tool call of
        the turn, named by the item's type."""
        call = self.decoded(responses.ClientCall, item, _at(index))
        self.calls[call.call_id] = call.type
        block = ToolCallBlock(
            id=call.call_id,
            name=call.type,
            arguments=self.built.fresh(call_arguments(item)),
            item_id=call.id,
        )
        self.turn_of(call.id).content.append(block)

    def computer_output(self, index: int, value: Any, path: Path) -> None:
        """A computer call's output: a tool result holding its screenshot."""
        self.end_turn()
        screenshot = value.output
        where = (*path, "output")
        self.hold(3, screenshot.status, screenshot.created_by, screenshot.logprobs)
        self.hold(3, screenshot.caller)
        content: tuple[ImageBlock, ...] = ()
        if screenshot.image_url is not None:
            content = (ImageBlock(source=image_source(screenshot.image_url)),)
        if screenshot.file_id is not None:
            self.warnings.add(
                _Code.PART_NOT_READ,
                index,
                -1,
                not_read("a screenshot given by file id (IR images are base64 or a URL)"),
                path=to_pointer((*where, "file_id")),
            )
        self.warn_keys(index, -1, screenshot, where)
        if value.acknowledged_safety_checks:
            self.hold(2, value.acknowledged_safety_checks)
            where = (*path, "acknowledged_safety_checks")
            self.warnings.add(
                _Code.PART_NOT_READ, index, -1, key_not_read(where), path=to_pointer(where)
            )
        self.entries.append(
            ToolResultMessage(
                id=self.message_id(value.id),
                tool_call_id=value.call_id,
                tool_name="computer_call",
                content=content,
                is_error=False,
            )
        )

    def shell_output(self, index: int, value: Any, path: Path) -> None:
        """A local shell call's output: a tool result holding its text (``id`` is the
        call's ``call_id``: the message id is assigned)."""
        self.end_turn()
        self.entries.append(
            ToolResultMessage(
                id=assigned_id(len(self.entries)),
                tool_call_id=value.id,
                tool_name="local_shell_call",
                content=value.output,
                is_error=False,
            )
        )

    def decoded(self, shape: type, item: _Item, path: Path) -> Any:
        """``item`` (at ``path``) decoded; its undeclared keys kept for ``warn_keys``.
        Input read unchecked is converted at once (``_NotAtOnce`` when it does not
        convert: what the decoder would read apart or refuse is for the checked read)."""
        self.raw = item
        if self.held is not None:
            try:
                return msgspec.convert(item, shape)
            except Exception:
                raise _NotAtOnce from None
        try:
            decoded = _DECODERS[shape](item)
        except WireError as error:
            raise refused(_FROM, error, item, path) from None
        self.unread = {}
        if decoded.unread:
            self.keep_unread(decoded.unread)
        return decoded.value

    def keep_unread(self, pointers: tuple[str, ...]) -> None:
        """The undeclared keys at ``pointers``, by the pointer of their object."""
        for where in pointers:
            parent, _, key = where.rpartition("/")
            self.unread.setdefault(parent, []).append(unescape_segment(key))

    def turn_of(self, item_id: str | None) -> _Turn:
        if item_id is not None and not non_empty_id(item_id):
            item_id = None
        if self.turn is None:
            self.turn = _Turn(item_id)
        elif self.turn.message_id is None:
            self.turn.message_id = item_id
        return self.turn

    def end_turn(self) -> None:
        turn, self.turn = self.turn, None
        if turn is not None:
            message_id = turn.message_id or assigned_id(len(self.entries))
            self.entries.append(AssistantMessage(id=message_id, content=tuple(turn.content)))

    def message_id(self, item_id: str | None) -> str:
        return _item_id(item_id) or assigned_id(len(self.entries))

    def tool_call(self, value: Any) -> ToolCallBlock:
        arguments = self.built.arguments(value.arguments)
        if non_empty_id(value.name):  # a blank name is no call (``_call_names``)
            self.calls[value.call_id] = value.name
        return ToolCallBlock(
            id=value.call_id,
            name=value.name,
            arguments=arguments,
            item_id=_item_id(value.id),
            namespace=value.namespace,
        )

    def thinking(self, index: int, value: Any, path: Path) -> list[ThinkingBlock]:
        texts = []
        for part_index, part in enumerate(value.summary):
            part_path = (*path, "summary", part_index)
            kind = part.get("type")
            if type(kind) is not str:
                found = describe_json(kind) if "type" in part else "missing"
                where = (*part_path, "type")
                raise WireFormatError(_FROM, where, f"must be a string; it is {found}")
            if kind != "summary_text":
                self.warnings.add(
                    _Code.PART_NOT_READ,
                    index,
                    part_index,
                    not_read("a reasoning summary part that is not summary_text"),
                    path=to_pointer(part_path),
                )
                continue
            summary = self.summary_text(part, part_path)
            self.hold(4, summary.status, summary.created_by, summary.logprobs, summary.caller)
            texts.append(summary.text)
            self.warn_keys(index, part_index, summary, part_path)
        if value.content is not None:
            self.hold(2, value.content)
            for part_index in range(len(value.content)):
                self.warnings.add(
                    _Code.PART_NOT_READ,
                    index,
                    part_index,
                    not_read("raw reasoning content (only the summary is read)"),
                    path=to_pointer((*path, "content", part_index)),
                )
        signature = _reference(value.id, value.encrypted_content)
        return [
            ThinkingBlock(thinking=text, signature=signature, signature_provider=PROVIDER)
            for text in texts or [""]
        ]

    def summary_text(self, part: _Item, path: Path) -> Any:
        """A ``summary_text`` part of the reasoning item read (at ``path``), decoded;
        its undeclared keys join the item's."""
        try:
            decoded = _SUMMARY_TEXT(part, at=to_pointer(path[2:]))
        except WireError as error:
            if self.held is not None:
                raise _NotAtOnce from None
            raise refused(_FROM, error, self.raw, path[:2]) from None
        if decoded.unread:
            if self.held is not None:
                raise _NotAtOnce
            self.keep_unread(decoded.unread)
        return decoded.value

    def tool_result(self, index: int, value: Any, path: Path) -> None:
        call_id, output = value.call_id, value.output
        content: Any = output
        if type(output) is not str:
            content = tuple(self.parts(index, output, path, key="output"))
        message_id = self.message_id(value.id)
        name = value.name
        if name is None or not non_empty_id(name):
            name = self.calls.get(call_id)
            if name is None:
                if self.call_names is None:
                    self.call_names = _call_names(self.wire)
                name = self.call_names.name(call_id, index)
            if name is None:
                name = unknown_tool_name(self.warnings, index, -1, call_id, (*path, "call_id"))
        self.entries.append(
            ToolResultMessage(
                id=message_id, tool_call_id=call_id, tool_name=name, content=content, is_error=False
            )
        )

    # -- parts -------------------------------------------------------------------------

    def parts(
        self,
        index: int,
        content: list[Any],
        path: Path,
        item_id: str | None = None,
        assistant: bool = False,
        *,
        key: str = "content",
        cited: bool = True,
    ) -> list[Any]:
        """The blocks of a message's (or an output's) parts; parts that are not read
        PART_NOT_READ. ``assistant``: a refusal part is a refusal block, and every block
        takes ``item_id`` (an assistant message has text parts only). ``cited``: an
        ``output_text`` part's annotations are its block's citations (a system message
        keeps only the text)."""
        blocks: list[Any] = []
        for part_index, part in enumerate(content):
            where = (*path, key, part_index)
            block = self.part(part, where, item_id, assistant, cited)
            if block is None:
                kind, data = (part.type, part.data) if type(part) is Unread else _kind(part)
                self.warnings.add(
                    _Code.PART_NOT_READ,
                    index,
                    part_index,
                    not_read(_unread_part(data, kind)),
                    path=to_pointer(where),
                )
                continue
            self.warn_keys(index, part_index, part, where)
            if type(part) is responses.InputAudio:
                self.warn_keys(index, part_index, part.input_audio, (*where, "input_audio"))
            blocks.append(block)
        return blocks

    def part(self, part: Any, path: Path, item_id: str | None, assistant: bool, cited: bool) -> Any:
        """The block of one part; None when it is not read."""
        depth = len(path) - 1
        match part:
            case responses.InputText(text=text):
                self.hold(depth + 1, part.status, part.created_by, part.logprobs, part.caller)
                return TextBlock(text=text, item_id=item_id)
            case responses.RequestOutputText(text=text, annotations=annotations):
                self.hold(depth + 1, part.status, part.created_by, part.logprobs, part.caller)
                if not annotations:
                    return TextBlock(text=text, item_id=item_id)
                self.hold(depth + 1, annotations)
                if not cited:
                    return TextBlock(text=text)
                citations = tuple(
                    Citation(provider=PROVIDER, wire=self.built.object(wire))
                    for wire in annotations
                )
                return TextBlock(text=text, citations=citations, item_id=item_id)
            case responses.RequestRefusal(refusal=text):
                self.hold(depth + 1, part.status, part.created_by, part.logprobs, part.caller)
                if assistant:
                    return RefusalBlock(text=text, item_id=item_id)
                return TextBlock(text=text, item_id=item_id)
            case responses.InputImage():
                self.hold(depth + 1, part.status, part.created_by, part.logprobs, part.caller)
                self.hold(depth + 1, part.detail)
                return _image(part, path)
            case responses.InputFile():
                self.hold(depth + 1, part.status, part.created_by, part.logprobs, part.caller)
                self.hold(depth + 1, part.detail)
                return _file(part, path)
            case responses.InputAudio(input_audio=audio):
                self.hold(depth + 1, part.status, part.created_by, part.logprobs, part.caller)
                self.hold(depth + 2, audio.status, audio.created_by, audio.logprobs, audio.caller)
                return _audio(audio)
        return None

    # -- bookkeeping -------------------------------------------------------------------

    def hold(self, depth: int, *values: Any) -> None:
        """Free values of input read unchecked (``depth``: below the items list)."""
        if self.held is not None:
            for value in values:
                if value is not None:
                    self.held.add(depth, value)

    def warn_keys(self, index: int, block_index: int, value: Any, path: Path) -> None:
        """PART_NOT_READ for each key of the object at ``path`` (``value`` its decoded
        form) that is not read, in its order: undeclared (``Decoded.unread``) but for a
        ``DEFAULT_VALUES`` one, and an image's or a file's ``detail`` the IR does not
        hold."""
        keys = self.unread.get(to_pointer(path[2:]), []) if self.unread else []
        extra = None
        if type(value) is responses.InputImage:
            detail = value.detail
            if detail is not None and not (type(detail) is str and detail in _IMAGE_DETAILS_READ):
                extra = "detail"
        elif type(value) is responses.InputFile:
            detail = value.detail
            if detail is not None and not (type(detail) is str and detail == "auto"):
                extra = "detail"
        if not keys and extra is None:
            return
        raw: Any = self.raw
        for step in path[2:]:
            raw = raw[step]
        keys = [key for key in keys if not _is_default(key, raw[key])]
        if extra is not None:
            keys.append(extra)
            order = list(raw)
            keys.sort(key=order.index)
        for key in keys:
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


def _item_id(item_id: str | None) -> str | None:
    """An item's id when it is not blank."""
    return item_id if item_id is not None and non_empty_id(item_id) else None


def _is_default(key: str, value: Any) -> bool:
    """Whether ``value`` is the API's default for ``key`` (``DEFAULT_VALUES``)."""
    default = DEFAULT_VALUES.get(key)
    return default is not None and type(value) is type(default) and value == default


def _kind(part: Any) -> tuple[str, _Item]:
    """The type and the fields of a declared part (one read without a block)."""
    return part.__struct_config__.tag, msgspec.structs.asdict(part)


def _reference(item_id: str, encrypted_content: str | None) -> str:
    """The signature of a thinking block read from a reasoning item: its reference as
    compact JSON (see the provider page)."""
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


def _image(part: Any, path: Path) -> ImageBlock | None:
    url, file_id = _one_of(path, ("image_url", "file_id"), part.image_url, part.file_id)
    if file_id is not None:
        return None
    assert url is not None
    detail = part.detail
    if type(detail) is str and detail in _IMAGE_DETAILS:
        return ImageBlock(source=image_source(url), detail=ImageDetail(detail))
    return ImageBlock(source=image_source(url))


def _file(part: Any, path: Path) -> DocumentBlock | None:
    data, file_id, url = _one_of(
        path, ("file_data", "file_id", "file_url"), part.file_data, part.file_id, part.file_url
    )
    filename = part.filename
    source: Base64Source | UrlSource | FileSource
    if file_id is not None:
        source = FileSource(file_id=file_id)
    elif url is not None:
        source = UrlSource(url=url)
    else:
        assert data is not None
        parsed = parse_data_url(data)
        if parsed is None:
            source = Base64Source(media_type=_media_type(filename), data=data)
        else:
            source = Base64Source(media_type=parsed[0], data=parsed[1])
    block = DocumentBlock(source=source, filename=filename)
    return block if type(source) is not Base64Source or user_block_fits(block) else None


def _audio(audio: Any) -> AudioBlock | None:
    media_type = AUDIO_MEDIA_TYPES.get(audio.format)
    if media_type is None:
        return None
    block = AudioBlock(source=Base64Source(media_type=media_type, data=audio.data))
    return block if user_block_fits(block) else None


def _one_of(path: Path, keys: tuple[str, ...], *values: str | None) -> tuple[str | None, ...]:
    """``values`` (of ``keys``; null counts as absent), exactly one of them present."""
    if sum(value is not None for value in values) != 1:
        names = ", ".join(keys)
        raise WireFormatError(_FROM, path, f"must have exactly one of {names}")
    return values


def _media_type(filename: str | None) -> str:
    """The media type of plain base64 file data, from its file name's extension."""
    extension = "." + filename.rsplit(".", 1)[-1].lower() if filename is not None else ""
    return _MEDIA_TYPES.get(extension, _UNKNOWN_MEDIA_TYPE)


_IMAGE_DETAILS_READ = _IMAGE_DETAILS | {"auto"}

_ITEM_READERS: Final[dict[type, Callable[[_Reader, int, Any, Path], None]]] = {
    responses.RequestFunctionCall: _Reader.function_call,
    responses.RequestReasoning: _Reader.reasoning,
    responses.RequestFunctionCallOutput: _Reader.output,
    responses.RequestComputerCallOutput: _Reader.computer_output,
    responses.RequestLocalShellCallOutput: _Reader.shell_output,
    responses.AssistantInput: _Reader.assistant,
    responses.UserInput: _Reader.user,
    responses.SystemInput: _Reader.system,
}
