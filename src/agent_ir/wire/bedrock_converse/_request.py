"""AWS Bedrock Converse: the IR to and from a Converse request's ``system``, ``messages``
and ``toolConfig``, each loss a ``ConversionWarning``. What maps to what and what is
warned: ``docsgen/mapping/bedrock-converse.md`` (the provider page, *Requests in
detail*)."""

from __future__ import annotations

import base64
import binascii
import json
import re
from itertools import chain, repeat
from typing import Any, Final, Literal, NamedTuple, TypeAlias

import msgspec

from agent_ir._errors import WireFormatError
from agent_ir._generated.message_schema import (
    AssistantBlock,
    AssistantMessage,
    AudioBlock,
    Base64Source,
    CacheControl,
    CacheTtl,
    Citation,
    DocumentBlock,
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
    UserBlock,
    UserMessage,
)
from agent_ir._paths import Path, to_pointer
from agent_ir._text import quoted
from agent_ir.wire._built import CACHE_TTLS, Built
from agent_ir.wire._common import (
    CallNames,
    ConversionWarningCode,
    Unchecked,
    Warnings,
    WireMessages,
    WireRequest,
    assigned_id,
    key_not_read,
    not_read,
    plain_arguments,
    read_wire,
    transcript_call_names,
    transcript_items,
    unchecked_wire,
    unknown_tool_name,
    warn_thought_signatures,
    warn_tool_name,
)
from agent_ir.wire._decode import Decoded, Decoder, WireError, describe_json, must_be, refused
from agent_ir.wire._opaque import foreign_maker, warn_foreign_signature
from agent_ir.wire._tools import read_with_tools, sent_tools
from agent_ir.wire.bedrock_converse import _wire as bedrock
from agent_ir.wire.bedrock_converse._tools import bedrock_tools, read_bedrock_tools

__all__ = ["from_bedrock_converse", "to_bedrock_converse"]

TO: Final = "to_bedrock_converse"
FROM: Final = "from_bedrock_converse"
PROVIDER: Final = bedrock.PROVIDER
S3: Final = "s3://"
Binary = Literal["bytes", "base64"]

_IMAGE_TYPES: Final = {media: fmt for fmt, media in bedrock.IMAGE_FORMATS.items()}
_DOCUMENT_TYPES: Final = {media: fmt for fmt, media in bedrock.DOCUMENT_FORMATS.items()}
_AUDIO_TYPES: Final = {media: fmt for fmt, media in bedrock.AUDIO_FORMATS.items()}
# What a document's name may hold: the API's rule (letters, digits, single whitespace,
# hyphens, parentheses, square brackets).
_NAME_REFUSED: Final = re.compile(r"[^A-Za-z0-9\s()\[\]-]")
_SPACES: Final = re.compile(r"\s+")

Wire = dict[str, Any]


# --- IR -> Bedrock ---------------------------------------------------------------------


def to_bedrock_converse(
    transcript: object, *, tools: object = None, binary: Binary = "bytes"
) -> WireRequest:
    """The ``system`` and ``messages`` of a Converse request for ``transcript`` (a list
    or tuple of IR messages or JSON-form mappings, each valid on its own).
    ``InvalidMessageError`` names the first invalid message.

    ``tools``: tool definitions, written to ``fields["toolConfig"]`` (``_tools``).
    ``binary``: "bytes" (boto3) or "base64" (the JSON body); anything else is a
    ``ValueError``."""
    if binary not in ("bytes", "base64"):
        raise ValueError(f"{TO}: binary must be 'bytes' or 'base64', not {quoted(binary)}")
    definitions = sent_tools(TO, tools)
    messages = transcript_items(TO, transcript)
    request = _Request(Warnings(), transcript_call_names(messages), binary == "bytes")
    for index, message in enumerate(messages):
        request.add(index, message)
    fields: dict[str, Any] = {}
    if request.system:
        fields["system"] = request.system
    fields["messages"] = request.turns
    if definitions:
        fields["toolConfig"] = {"tools": bedrock_tools(definitions)}
    warn_thought_signatures(request.warnings, messages, "Bedrock Converse")
    return WireRequest(fields, request.warnings.all())


class _Request:
    """The request being built: the system blocks, the turns (consecutive messages of
    one role share one), and what the last turn's last message was."""

    def __init__(self, warnings: Warnings, call_names: CallNames, as_bytes: bool) -> None:
        self.warnings = warnings
        self.call_names = call_names
        self.as_bytes = as_bytes
        self.system: list[Wire] = []
        self.turns: list[Wire] = []
        self._started = False
        self._last: str | None = None  # "user", "result" or "assistant"
        self._documents = 0

    def add(self, index: int, message: Message) -> None:
        if isinstance(message, SystemMessage):
            self._system(index, message)
            return
        self._started = True
        if isinstance(message, ToolResultMessage):
            blocks = self._tool_result(index, message)
            self._append(index, "result", blocks)
            return
        if isinstance(message, UserMessage):
            blocks = self._user(index, message)
            kind = "user"
        else:
            blocks = self._assistant(index, message)
            kind = "assistant"
        if blocks:
            self._append(index, kind, blocks)
        else:
            self.warnings.add(
                ConversionWarningCode.MESSAGE_NOT_SENT,
                index,
                -1,
                f"{'a user' if kind == 'user' else 'an assistant'} message with no content to "
                "send is left out: Bedrock refuses empty messages",
            )

    def _system(self, index: int, message: SystemMessage) -> None:
        if not message.content:
            self.warnings.add(
                ConversionWarningCode.MESSAGE_NOT_SENT,
                index,
                -1,
                "an empty system message is left out: Bedrock takes no empty system text",
            )
            return
        if self._started:
            self.warnings.add(
                ConversionWarningCode.SYSTEM_MOVED,
                index,
                -1,
                "a system message after the conversation started is moved into the "
                "request's system prompt",
            )
        self.system.append({"text": message.content})
        _cache_point(self.system, message.cache_control)

    def _append(self, index: int, kind: str, blocks: list[Wire]) -> None:
        role = "assistant" if kind == "assistant" else "user"
        last = self.turns[-1] if self.turns else None
        if last is None or last["role"] != role:
            self.turns.append({"role": role, "content": blocks})
            self._last = kind
            return
        if kind == self._last and kind != "result":
            self.warnings.add(
                ConversionWarningCode.MESSAGES_MERGED,
                index,
                -1,
                f"two {role} messages in a row are one {role} turn: Bedrock wants the roles "
                "to alternate; they read back as one message",
            )
        last["content"].extend(blocks)
        self._last = kind

    # -- blocks ------------------------------------------------------------------------

    def _user(self, index: int, message: UserMessage) -> list[Wire]:
        if isinstance(message.content, str):
            return [{"text": message.content}]
        blocks: list[Wire] = []
        for block_index, block in enumerate(message.content):
            converted = self._user_block(block, index, block_index)
            if converted is not None:
                blocks.append(converted)
                _cache_point(blocks, getattr(block, "cache_control", None))
        return blocks

    def _user_block(
        self,
        block: TextBlock | ImageBlock | AudioBlock | DocumentBlock,
        index: int,
        block_index: int,
    ) -> Wire | None:
        if isinstance(block, TextBlock):
            return self._text(block, index, block_index)
        if isinstance(block, ImageBlock):
            return self._image(block, index, block_index)
        if isinstance(block, DocumentBlock):
            return self._document(block, index, block_index)
        return self._audio(block, index, block_index)

    def _text(self, block: TextBlock, index: int, block_index: int) -> Wire:
        if block.citations is None:
            return {"text": block.text}
        own = [plain_arguments(c.wire) for c in block.citations if c.provider == PROVIDER]
        others = len(block.citations) - len(own)
        if others:
            self.warnings.add(
                ConversionWarningCode.CITATIONS_NOT_SENT,
                index,
                block_index,
                f"{others} citation(s) of another provider have no Bedrock form: not sent",
                field="citations",
            )
        if others and not own:
            return {"text": block.text}
        return {"citationsContent": {"content": [{"text": block.text}], "citations": own}}

    def _result_text(self, block: TextBlock, index: int, block_index: int) -> Wire:
        """A result's text: a result holds no ``citationsContent``."""
        if block.citations is not None:
            self.warnings.add(
                ConversionWarningCode.CITATIONS_NOT_SENT,
                index,
                block_index,
                "the citations of a tool result's text have no Bedrock form (a result holds "
                "no citationsContent): not sent",
                field="citations",
            )
        return {"text": block.text}

    def _blob(self, data: str) -> Any:
        return base64.b64decode(data) if self.as_bytes else data

    def _source(self, source: Any) -> Wire | None:
        """``{bytes}`` or ``{s3Location}`` for a base64 or ``s3://`` source; None else."""
        if isinstance(source, Base64Source):
            return {"bytes": self._blob(source.data)}
        if isinstance(source, UrlSource) and source.url.startswith(S3):
            return {"s3Location": {"uri": source.url}}
        return None

    def _image(self, block: ImageBlock, index: int, block_index: int) -> Wire | None:
        source = block.source
        media = source.media_type if isinstance(source, Base64Source) else None
        fmt = "" if media is None else _IMAGE_TYPES.get(media, "")
        if isinstance(source, UrlSource) and source.url.startswith(S3):
            fmt = _extension_format(source.url, bedrock.IMAGE_FORMATS, {"jpg": "jpeg"})
        sent = self._source(source) if fmt else None
        if sent is None:
            what = (
                media
                if media is not None
                else "an image URL that is not s3:// (or names no format)"
            )
            self.warnings.add(
                ConversionWarningCode.IMAGE_NOT_SENT,
                index,
                block_index,
                f"{what} is not an image Bedrock takes (png, jpeg, gif or webp bytes, or an "
                "S3 object): not sent",
            )
            return None
        if block.detail is not None:
            self.warnings.add(
                ConversionWarningCode.IMAGE_DETAIL_NOT_SENT,
                index,
                block_index,
                f"an image detail ({block.detail.value}) has no Bedrock form: not sent",
                field="detail",
            )
        return {"image": {"format": fmt, "source": sent}}

    def _document(self, block: DocumentBlock, index: int, block_index: int) -> Wire | None:
        source = block.source
        fmt: str | None = None
        if isinstance(source, Base64Source):
            fmt = _DOCUMENT_TYPES.get(source.media_type)
        elif isinstance(source, UrlSource) and source.url.startswith(S3):
            fmt = _extension_format(source.url, bedrock.DOCUMENT_FORMATS, {}) or None
        sent = self._source(source) if fmt is not None else None
        if sent is None:
            self.warnings.add(
                ConversionWarningCode.DOCUMENT_NOT_SENT,
                index,
                block_index,
                "a document Bedrock cannot take (its formats are pdf, csv, doc, docx, xls, "
                "xlsx, html, txt and md, as bytes or an S3 object): not sent",
            )
            return None
        wire: Wire = {"format": fmt, "name": self._name(block, index, block_index)}
        wire["source"] = sent
        if block.context is not None:
            wire["context"] = block.context
        if block.citations is not None:
            wire["citations"] = {"enabled": block.citations}
        return {"document": wire}

    def _name(self, block: DocumentBlock, index: int, block_index: int) -> str:
        """The document's ``name``: its title, else its file name, else made up, with
        the characters the API refuses replaced; warned where it is not the title."""
        self._documents += 1
        given = block.title if block.title is not None else block.filename
        name = _SPACES.sub(" ", _NAME_REFUSED.sub(" ", given or "")).strip()
        if not name:
            name = f"Document {self._documents}"
        if block.filename is not None:
            self.warnings.add(
                ConversionWarningCode.DOCUMENT_DETAIL_NOT_SENT,
                index,
                block_index,
                "a document's file name has no Bedrock form"
                + ("" if block.title is not None else f": sent as its name {quoted(name)}"),
                field="filename",
            )
        if block.title != name:
            self.warnings.add(
                ConversionWarningCode.DOCUMENT_DETAIL_NOT_SENT,
                index,
                block_index,
                f"the document is sent with the name {quoted(name)} (Bedrock requires a "
                "name of letters, digits, spaces, hyphens, parentheses and brackets), "
                "which reads back as its title",
                field="title",
            )
        return name

    def _audio(self, block: AudioBlock, index: int, block_index: int) -> Wire | None:
        source = block.source
        fmt = _AUDIO_TYPES.get(source.media_type)
        if fmt is None:
            self.warnings.add(
                ConversionWarningCode.AUDIO_NOT_SENT,
                index,
                block_index,
                f"{source.media_type} is not an audio format Bedrock takes: not sent",
            )
            return None
        return {"audio": {"format": fmt, "source": {"bytes": self._blob(source.data)}}}

    def _tool_result(self, index: int, message: ToolResultMessage) -> list[Wire]:
        warn_tool_name(self.warnings, self.call_names, index, message)
        content: list[Wire] = []
        if isinstance(message.content, str):
            content.append({"text": message.content})
        else:
            for block_index, block in enumerate(message.content):
                if isinstance(block, TextBlock):
                    content.append(self._result_text(block, index, block_index))
                else:
                    image = self._image(block, index, block_index)
                    if image is not None:
                        content.append(image)
        result: Wire = {"toolUseId": message.tool_call_id, "content": content}
        if message.is_error:
            result["status"] = "error"
        blocks: list[Wire] = [{"toolResult": result}]
        _cache_point(blocks, message.cache_control)
        return blocks

    def _assistant(self, index: int, message: AssistantMessage) -> list[Wire]:
        blocks: list[Wire] = []
        for block_index, block in enumerate(message.content):
            converted = self._assistant_block(block, index, block_index)
            if converted is not None:
                blocks.append(converted)
                _cache_point(blocks, getattr(block, "cache_control", None))
        return blocks

    def _assistant_block(self, block: AssistantBlock, index: int, block_index: int) -> Wire | None:
        if isinstance(block, TextBlock):
            return self._text(block, index, block_index)
        if isinstance(block, ToolCallBlock):
            call = {"toolUseId": block.id, "name": block.name}
            return {"toolUse": call | {"input": plain_arguments(block.arguments)}}
        if isinstance(block, ThinkingBlock):
            return self._thinking(block, index, block_index)
        if isinstance(block, RefusalBlock):
            self.warnings.add(
                ConversionWarningCode.REFUSAL_AS_TEXT,
                index,
                block_index,
                "a refusal has no Bedrock block: sent as a text block",
            )
            return {"text": block.text}
        return self._server_block(block, index, block_index)

    def _thinking(self, block: ThinkingBlock, index: int, block_index: int) -> Wire | None:
        maker = foreign_maker(block, PROVIDER)
        if maker is not None:  # as thinking without a signature: its text goes, if any
            sent = not block.redacted
            warn_foreign_signature(
                self.warnings, index, block_index, maker, "Bedrock", block_sent=sent
            )
            return (
                {"reasoningContent": {"reasoningText": {"text": block.thinking}}} if sent else None
            )
        if not block.redacted:
            text: Wire = {"text": block.thinking}
            if block.signature is not None:
                text["signature"] = block.signature
            return {"reasoningContent": {"reasoningText": text}}
        data = None if block.signature is None else _base64_data(block.signature)
        if data is None:
            self.warnings.add(
                ConversionWarningCode.THINKING_NOT_SENT,
                index,
                block_index,
                "redacted thinking whose signature is not base64 has no Bedrock form "
                "(redactedContent holds bytes): not sent",
            )
            return None
        if block.thinking:
            self.warnings.add(
                ConversionWarningCode.THINKING_NOT_SENT,
                index,
                block_index,
                "the text of redacted thinking is not sent: redactedContent holds only its data",
                field="thinking",
            )
        return {"reasoningContent": {"redactedContent": self._blob(data)}}

    def _server_block(self, block: Any, index: int, block_index: int) -> Wire | None:
        call = isinstance(block, ServerToolCallBlock)
        wire: Wire = {} if block.wire is None else plain_arguments(block.wire)
        own = {"toolUseId", "name", "input", "type"} if call else {"toolUseId"}
        if block.provider != PROVIDER or not own.isdisjoint(wire):
            what = "call" if call else "result"
            self.warnings.add(
                ConversionWarningCode.SERVER_TOOL_NOT_SENT,
                index,
                block_index,
                f"a server-tool {what} of {quoted(block.provider)} (or whose wire repeats "
                "its own fields) has no Bedrock form: not sent",
            )
            return None
        if call:
            fields = {"toolUseId": block.id, "name": block.name}
            fields |= {"input": plain_arguments(block.input), "type": "server_tool_use"}
            return {"toolUse": fields | wire}
        return {"toolResult": {"toolUseId": block.tool_call_id} | wire}


def _cache_point(blocks: list[Wire], cache_control: CacheControl | None) -> None:
    """The cache point of ``cache_control`` after the last of ``blocks``, if any."""
    if cache_control is not None:
        point: Wire = {"type": "default"}
        if cache_control.ttl is not None:
            point["ttl"] = cache_control.ttl.value
        blocks.append({"cachePoint": point})


def _extension_format(url: str, formats: dict[str, str], aliases: dict[str, str]) -> str:
    """The format an S3 object's name ends with (``.png``...); "" when none."""
    extension = url.rpartition("/")[2].rpartition(".")[2].lower()
    extension = aliases.get(extension, extension)
    return extension if extension in formats else ""


def _base64_data(text: str) -> str | None:
    """``text`` when it is standard base64 (the bytes of redacted reasoning); else None."""
    try:
        base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    return text


# --- Bedrock -> IR ---------------------------------------------------------------------

# The levels above a toolUse input in a request: messages/<i>/content/<j>/toolUse/input.
INPUT_OFFSET = 6

_MESSAGE: Final = Decoder(bedrock.Message)
_SYSTEM: Final = Decoder(list[bedrock.SystemBlock])
_BLOCK_FIELDS: Final = bedrock.ContentBlock.__struct_fields__
_BLOCK_KINDS: Final = ", ".join(_BLOCK_FIELDS)
_SYSTEM_KINDS: Final = ", ".join(bedrock.SystemBlock.__struct_fields__)
_PART_KINDS: Final = ", ".join(bedrock.ToolResultPart.__struct_fields__)
# Block kinds with no IR form, read over with PART_NOT_READ wherever they are.
_NO_IR_FORM: Final = frozenset(
    {"video", "guardContent", "searchResult", "toolAddition", "toolRemoval"}
)
_USER_KINDS: Final = frozenset({"text", "image", "document", "audio", "citationsContent"})
_ASSISTANT_KINDS: Final = frozenset({"text", "citationsContent", "reasoningContent", "toolUse"})
# Block kinds that hold no free JSON value (``Any`` in the declaration), and tool result
# parts that do: read at once, those are checked as ``read_wire`` would (``_Held``).
_NOT_FREE: Final = frozenset({"text", "image", "video", "audio", "cachePoint", "reasoningContent"})
_FREE_PARTS: Final = frozenset({"json", "searchResult"})
# The levels below the messages list of a toolUse input: <i>/content/<j>/toolUse/input.
_INPUT_DEPTH: Final = 5
_DEFAULT_CACHE: Final = CacheControl(type="ephemeral")
_CACHES: Final = {
    ttl: CacheControl(type="ephemeral", ttl=CacheTtl(ttl)) for ttl in sorted(CACHE_TTLS)
}

# The list whose last item is the block or message a cache point would mark (None:
# nothing to mark).
_Last: TypeAlias = list[Any] | None


def from_bedrock_converse(
    messages: object, *, system: object = None, tools: object = None
) -> WireMessages:
    """The IR messages of a Converse request's ``messages`` (a list of message objects,
    as boto3 takes them or as JSON) and ``system`` (a list of system blocks; None for
    none), with a warning for each part that has no IR form. ``WireFormatError`` names
    the path of a value not of the request's shape; ``TranscriptError`` lists the read
    messages the IR refuses (indexes: IR positions).

    ``tools``: the request's ``toolConfig`` (or its ``tools`` list), read into the
    result's ``tools`` (``_tools``); their warnings come first."""
    return read_with_tools(FROM, tools, read_bedrock_tools, lambda: _read(messages, system))


def _read(messages: object, system: object) -> WireMessages:
    """The request decoded (``_wire.Request``) and read: at once when the input may be
    read unchecked and is of its declared shape with nothing undeclared (its blobs as
    base64 text when it holds bytes); else from ``read_wire``'s checked value, which
    reports the first value not of its shape or reads what the declaration does not
    know with a warning. Both feed one mapper (``_Reader``)."""
    unchecked = unchecked_wire(messages)
    if unchecked is not None and (system is None or unchecked_wire(system) is not None):
        read = _read_at_once(unchecked, system)
        if read is None:  # bytes (boto3's blobs) are not text: read again as base64
            as_text = bedrock.blobs_as_base64(unchecked)
            if as_text is not unchecked:
                read = _read_at_once(as_text, system)
        if read is not None:
            return read
    wire = read_wire(FROM, bedrock.blobs_as_base64(messages), ("messages",), offset=INPUT_OFFSET)
    if type(wire) is not list:
        raise must_be(FROM, ("messages",), "an array", describe_json(wire))
    prompt = None
    if system is not None:
        prompt = _decoded(_SYSTEM, read_wire(FROM, system, ("system",)), ("system",))
    # Each message decoded before the messages are read, the first one not of its shape
    # reported after those before it are read (a block they hold may be refused first).
    decoded: list[Decoded[Any]] = []
    failure: WireFormatError | None = None
    for index, entry in enumerate(wire):
        try:
            decoded.append(_decoded(_MESSAGE, entry, ("messages", index)))
        except WireFormatError as error:
            failure = error
            break
    reader = _Reader(None)
    reader.read(
        _Input(
            None if prompt is None else prompt.value,
            [message.value for message in decoded],
            () if prompt is None else prompt.unread,
            [message.unread for message in decoded],
            wire,
        )
    )
    if failure is not None:
        raise failure
    return WireMessages(reader.built.messages(reader.entries), reader.warnings.all())


class _Input(NamedTuple):
    """A request decoded: its system blocks (None: none) and messages, as declared
    (``_wire``); when read checked, also what each holds that is not declared
    (``Decoded.unread``), else None (read at once: nothing undeclared), and the
    messages as JSON (``read_wire``'s)."""

    system: list[Any] | None
    messages: list[Any]
    system_unread: tuple[str, ...] = ()
    unread: list[tuple[str, ...]] | None = None
    wire: list[Any] | None = None


def _read_at_once(messages: list[Any], system: object) -> WireMessages | None:
    """The request read with one ``msgspec.convert`` of its declaration, its free JSON
    values (tool inputs, citations, the values of kinds with no IR form) checked as
    ``read_wire`` would check them; None when it does not convert, holds such a value
    ``read_wire`` would copy or refuse, or a block is not of its shape: the checked
    read then reports it. A message the IR refuses is refused here as there."""
    try:
        request = msgspec.convert({"messages": messages, "system": system}, bedrock.Request)
    except Exception:  # not of its shape, a key msgspec refuses, bytes: read checked
        return None
    if not _all_one_kind(messages):  # the checked read says which is not
        return None
    held = _Held()
    reader = _Reader(held)
    try:
        reader.read(_Input(request.system, request.messages))
    except Exception:  # a value not of its shape, too deep...: the checked read says so
        return None
    if not held.exact():
        return None
    return WireMessages(reader.built.messages(reader.entries), reader.warnings.all())


def _decoded(decoder: Decoder, value: Any, root: Path) -> Decoded[Any]:
    """``value`` (at ``root``) decoded; ``WireFormatError`` at the failing place."""
    try:
        return decoder(value)
    except WireError as error:
        raise refused(FROM, error, value, root) from None


def _call_names(messages: list[Any]) -> CallNames:
    """The id and name of each ``toolUse`` of the assistant messages (not a server
    tool's), by message index, read before the messages so that a result answering a
    later call still gets a name."""
    names = CallNames()
    for index, message in enumerate(messages):
        if message.role == "assistant":
            for block in message.content:
                call = block.toolUse
                if call is not None and call.type is None:
                    names.add(index, call.toolUseId, call.name)
    return names


class _Held:
    """Input read at once: its free JSON values, by their depth below their request
    field, for one ``read_wire``-equivalent check."""

    __slots__ = ("inputs", "messages", "system")

    def __init__(self) -> None:
        self.messages = Unchecked()
        self.system = Unchecked()
        self.inputs: list[Any] = []  # the toolUse inputs (at _INPUT_DEPTH)

    def add(self, path: Path, value: Any) -> None:
        """The value at ``path`` (from its request field), checked by ``exact``."""
        if value is not None:
            held = self.messages if path[0] == "messages" else self.system
            held.add(len(path) - 1, value)

    def exact(self) -> bool:
        if self.inputs:  # one list of them, a level above them
            self.messages.add(_INPUT_DEPTH - 1, self.inputs)
            self.inputs = []
        return self.messages.exact(("messages",), offset=INPUT_OFFSET) and self.system.exact(
            ("system",)
        )


class _Reader:
    """Decoded messages -> IR messages (``Built``) and warnings. ``held``: input read at
    once, whose free values are checked."""

    def __init__(self, held: _Held | None) -> None:
        self.entries: list[Message] = []
        self.warnings = Warnings("/messages")
        self.built = Built()
        self._held = held
        self._unread: dict[str, list[str]] = {}  # the unit's undeclared keys by parent
        # Whether the message read holds nothing undeclared and one kind in each block
        # and tool result part (``_all_one_kind``): its common blocks are read at once.
        self._plain = False
        self._messages: list[Any] = []
        # The name of each tool call read so far, by id: a result's name is that of the
        # nearest call with its id before it (``CallNames``), else of the first after it.
        self._called: dict[str, str] = {}
        self._names: CallNames | None = None  # every call of the request, when needed

    def read(self, request: _Input) -> None:
        """The system prompt and messages of ``request`` (``unread`` None: read at once,
        every block of one kind)."""
        self._messages = request.messages
        if request.system is not None:
            self._enter(request.system_unread, ("system",))
            self._system(request.system)
        unread, wire = request.unread, request.wire or []
        self._plain = unread is None
        for index, message in enumerate(request.messages):
            if unread is not None:
                self._enter(unread[index], ("messages", index))
                self._keys(index, -1, ("messages", index))
                self._plain = not self._unread and _all_one_kind(wire[index : index + 1])
            path: Path = ("messages", index, "content")
            if message.role == "assistant":
                self._assistant(index, message.content, path)
            else:
                self._user(index, message.content, path)

    def _enter(self, places: tuple[str, ...], root: Path) -> None:
        """The undeclared keys of the value at ``root`` (``places``: pointers from it),
        by their object's pointer, for ``_keys`` to warn as each object is read."""
        if not places:
            if self._unread:
                self._unread = {}
            return
        self._unread = {}
        prefix = to_pointer(root)
        for place in places:
            parent, _, key = place.rpartition("/")
            key = key.replace("~1", "/").replace("~0", "~")
            self._unread.setdefault(prefix + parent, []).append(key)

    # -- the system prompt ---------------------------------------------------------------

    def _system(self, blocks: list[Any]) -> None:
        """Each ``text`` block one system message, a ``cachePoint`` its breakpoint."""
        entries = self.entries
        last: _Last = None
        for block_index, block in enumerate(blocks):
            where: Path = ("system", block_index)
            kind = self._kind(block, where, _SYSTEM_KINDS, 0, block_index)
            if kind == "text":
                entries.append(SystemMessage(id=assigned_id(len(entries)), content=block.text))
                last = entries
            elif kind == "cachePoint":
                last = self._cached(last, block.cachePoint, 0, block_index, where)
            elif kind is not None:
                last = None
                self._hold((*where, kind), getattr(block, kind))
                self._not_read(0, block_index, f"a {quoted(kind)} block", (*where, kind))

    # -- messages ------------------------------------------------------------------------

    def _user(self, index: int, content: list[Any], path: Path) -> None:
        """Each ``toolResult`` is one tool-result message, each run of other blocks one
        user message, in order (an empty content, one empty user message)."""
        entries = self.entries
        run: list[UserBlock] | None = None
        produced = False
        last: _Last = None
        plain = self._plain
        for block_index, block in enumerate(content):
            text = block.text
            if plain and text is not None:  # the common case, at once
                run = [] if run is None else run
                run.append(TextBlock(text=text))
                last = run
                continue
            if plain and block.toolResult is not None:
                kind = "toolResult"
            else:
                kind = self._kind(block, (*path, block_index), _BLOCK_KINDS, index, block_index)
            if kind == "toolResult":
                if run is not None:
                    entries.append(UserMessage(id=assigned_id(len(entries)), content=tuple(run)))
                    run = None
                self._tool_result(index, block_index, block.toolResult, path)
                last = entries
                produced = True
            elif kind == "cachePoint":
                last = self._cached(
                    last, block.cachePoint, index, block_index, (*path, block_index)
                )
            else:
                run = [] if run is None else run
                read = self._user_block(kind, index, block_index, block, (*path, block_index))
                if read is not None:
                    run.append(read)
                last = None if read is None else run
        if run is not None or not produced:
            entries.append(UserMessage(id=assigned_id(len(entries)), content=tuple(run or ())))

    def _user_block(
        self, kind: str | None, index: int, block_index: int, block: Any, path: Path
    ) -> UserBlock | None:
        """A block of a user message but a tool result or a cache point (None: not read)."""
        if kind in _USER_KINDS:
            read: UserBlock | None = self._block(
                kind, index, block_index, getattr(block, kind), path
            )
            return read
        if kind is not None:
            self._misplaced(kind, "a user", index, block_index, block, path)
        return None

    def _assistant(self, index: int, content: list[Any], path: Path) -> None:
        blocks: list[AssistantBlock] = []
        last: _Last = None
        plain = self._plain
        for block_index, block in enumerate(content):
            text = block.text
            if plain and text is not None:  # the common case, at once
                blocks.append(TextBlock(text=text))
                last = blocks
                continue
            if plain and block.toolUse is not None:
                kind = "toolUse"
            else:
                kind = self._kind(block, (*path, block_index), _BLOCK_KINDS, index, block_index)
            read: AssistantBlock | None = None
            if kind == "toolUse":
                read = self._tool_use(index, block_index, block.toolUse, path)
            elif kind == "cachePoint":
                where = (*path, block_index)
                last = self._cached(last, block.cachePoint, index, block_index, where)
                continue
            elif kind == "toolResult":
                where = (*path, block_index, "toolResult")
                self._keys(index, block_index, where)
                read = self._server_result(block.toolResult, where)
            elif kind in _ASSISTANT_KINDS:
                value = getattr(block, kind)
                read = self._block(kind, index, block_index, value, (*path, block_index))
            elif kind is not None:
                where = (*path, block_index)
                self._misplaced(kind, "an assistant", index, block_index, block, where)
            if read is None:
                last = None
            else:
                blocks.append(read)
                last = blocks
        message_id = assigned_id(len(self.entries))
        self.entries.append(AssistantMessage(id=message_id, content=tuple(blocks)))

    def _kind(self, block: Any, path: Path, kinds: str, index: int, block_index: int) -> Any:
        """The one kind ``block`` holds; None (its undeclared keys warned) when it holds
        only keys the declaration does not know. ``WireFormatError`` when it holds no
        key, or more than one known kind."""
        found = bedrock.kinds(block)
        if len(found) == 1:
            if self._unread:
                self._keys(index, block_index, path)
            return found[0]
        if not found and self._unread and self._unread.get(to_pointer(path)):
            self._keys(index, block_index, path)
            return None
        holds = "nothing" if not found else f"{', '.join(found)}"
        raise must_be(
            FROM, path, f"an object holding exactly one of {kinds}", f"an object holding {holds}"
        )

    def _misplaced(
        self, kind: str, role: str, index: int, block_index: int, block: Any, path: Path
    ) -> None:
        if self._held is not None:
            self._hold_block(kind, getattr(block, kind), (*path, kind))
        what = f"a {quoted(kind)} block" + ("" if kind in _NO_IR_FORM else f" in {role} message")
        self._not_read(index, block_index, what, (*path, kind))

    def _block(self, kind: str, index: int, block_index: int, value: Any, path: Path) -> Any:
        where = (*path, kind)
        self._keys(index, block_index, where)
        match kind:
            case "text":
                return TextBlock(text=value)
            case "citationsContent":
                return self._citations(index, block_index, value, where)
            case "image":
                return self._image(index, block_index, value, where)
            case "document":
                return self._document(index, block_index, value, where)
            case "audio":
                return self._audio(index, block_index, value, where)
            case "reasoningContent":
                return self._reasoning(index, block_index, value, where)
        raise AssertionError(kind)

    # -- blocks --------------------------------------------------------------------------

    def _citations(self, index: int, block_index: int, value: Any, path: Path) -> TextBlock:
        self._hold((*path, "citations"), value.citations)
        parts = []
        for part_index, part in enumerate(value.content):
            self._keys(index, block_index, (*path, "content", part_index))
            if part.text is not None:
                parts.append(part.text)
        citations = tuple(
            Citation(provider=PROVIDER, wire=self.built.object(wire)) for wire in value.citations
        )
        return TextBlock(text="".join(parts), citations=citations)

    def _source(
        self, index: int, block_index: int, source: Any, media: str, path: Path
    ) -> Base64Source | UrlSource | None:
        """An image's, a document's or audio's source in the IR: base64 bytes, a
        document's text as the base64 of its UTF-8 bytes, or an S3 object's URL."""
        where = (*path, "source")
        self._keys(index, block_index, where)
        found = bedrock.kinds(source)
        if len(found) != 1:
            expected = "an object holding exactly one of " + ", ".join(source.__struct_fields__)
            raise must_be(
                FROM, where, expected, f"an object holding {', '.join(found) or 'nothing'}"
            )
        match found[0]:
            case "bytes":
                _check_base64(source.bytes, (*where, "bytes"))
                return Base64Source(media_type=media, data=source.bytes)
            case "text":
                data = base64.b64encode(source.text.encode("utf-8")).decode("ascii")
                return Base64Source(media_type=media, data=data)
            case "s3Location":
                location = (*where, "s3Location")
                self._keys(index, block_index, location)
                if source.s3Location.bucketOwner is not None:
                    self._not_read(
                        index, block_index, "an S3 bucket owner", (*location, "bucketOwner")
                    )
                return UrlSource(url=source.s3Location.uri)
        self._not_read(index, block_index, f"a {quoted(found[0])} source", (*where, found[0]))
        return None

    def _image(self, index: int, block_index: int, value: Any, path: Path) -> ImageBlock | None:
        media = bedrock.IMAGE_FORMATS.get(value.format)
        if media is None:
            self._not_read(index, block_index, f"an image of format {quoted(value.format)}", path)
            return None
        source = self._source(index, block_index, value.source, media, path)
        return None if source is None else ImageBlock(source=source)

    def _audio(self, index: int, block_index: int, value: Any, path: Path) -> AudioBlock | None:
        media = bedrock.AUDIO_FORMATS.get(value.format)
        if media is None:
            self._not_read(index, block_index, f"audio of format {quoted(value.format)}", path)
            return None
        source = self._source(index, block_index, value.source, media, path)
        if isinstance(source, UrlSource):
            self._not_read(index, block_index, "audio in S3", (*path, "source"))
            return None
        return None if source is None else AudioBlock(source=source)

    def _document(
        self, index: int, block_index: int, value: Any, path: Path
    ) -> DocumentBlock | None:
        self._hold((*path, "source", "content"), value.source.content)
        media = bedrock.DOCUMENT_FORMATS.get(value.format or "")
        if media is None:
            what = f"a document of format {quoted(value.format)}"
            self._not_read(index, block_index, what, path)
            return None
        source = self._source(index, block_index, value.source, media, path)
        if source is None:
            return None
        citations = value.citations
        if citations is not None:
            self._keys(index, block_index, (*path, "citations"))
        return DocumentBlock(
            source=source,
            title=value.name,
            context=value.context,
            citations=None if citations is None else citations.enabled,
        )

    def _reasoning(self, index: int, block_index: int, value: Any, path: Path) -> ThinkingBlock:
        found = bedrock.kinds(value)
        if len(found) != 1:
            expected = "an object holding exactly one of reasoningText, redactedContent"
            raise must_be(
                FROM, path, expected, f"an object holding {', '.join(found) or 'nothing'}"
            )
        if value.redactedContent is not None:
            _check_base64(value.redactedContent, (*path, "redactedContent"))
            return ThinkingBlock(
                thinking="",
                signature=value.redactedContent,
                signature_provider=PROVIDER,
                redacted=True,
            )
        text = value.reasoningText
        self._keys(index, block_index, (*path, "reasoningText"))
        signature = text.signature
        return ThinkingBlock(
            thinking=text.text,
            signature=signature,
            signature_provider=None if signature is None else PROVIDER,
        )

    def _tool_use(
        self, index: int, block_index: int, value: Any, path: Path
    ) -> ToolCallBlock | ServerToolCallBlock:
        """The ``toolUse`` of block ``block_index`` of the content at ``path``."""
        if self._unread:
            self._keys(index, block_index, (*path, block_index, "toolUse"))
        if self._held is not None:
            self._held.inputs.append(value.input)
        kind = value.type
        if kind is None:
            call_id, name = value.toolUseId, value.name
            self._called[call_id] = name
            return ToolCallBlock(id=call_id, name=name, arguments=self.built.object(value.input))
        return ServerToolCallBlock(
            provider=PROVIDER,
            id=value.toolUseId,
            name=value.name,
            input=self.built.object(value.input),
            wire=None if kind == "server_tool_use" else self.built.object({"type": kind}),
        )

    def _server_result(self, value: Any, path: Path) -> ServerToolResultBlock:
        """A ``toolResult`` in an assistant message: a server tool's result, its keys
        but the call's id as its wire."""
        raw = _raw(value)
        self._hold(path, raw)
        del raw["toolUseId"]
        return ServerToolResultBlock(
            provider=PROVIDER, tool_call_id=value.toolUseId, wire=self.built.object(raw)
        )

    def _tool_result(self, index: int, block_index: int, value: Any, path: Path) -> None:
        """The ``toolResult`` of block ``block_index`` of the content at ``path``: one
        tool-result message."""
        if self._unread:
            self._keys(index, block_index, (*path, block_index, "toolResult"))
        if value.type is not None:
            where = (*path, block_index, "toolResult", "type")
            self._not_read(index, block_index, "a tool result's type", where)
        content: list[TextBlock | ImageBlock] = []
        plain = self._plain
        for part_index, part in enumerate(value.content):
            text = part.text
            if plain and text is not None:  # the common case, at once
                content.append(TextBlock(text=text))
                continue
            where = (*path, block_index, "toolResult", "content", part_index)
            read = self._result_part(index, block_index, part, where)
            if read is not None:
                content.append(read)
        call_id = value.toolUseId
        name = self._called.get(call_id)
        if name is None:  # a call after the result, if any
            if self._names is None:
                self._names = _call_names(self._messages)
            name = self._names.name(call_id, index)
        if name is None:
            name = unknown_tool_name(
                self.warnings,
                index,
                block_index,
                call_id,
                (*path, block_index, "toolResult", "toolUseId"),
            )
        entries = self.entries
        entries.append(
            ToolResultMessage(
                id=assigned_id(len(entries)),
                tool_call_id=call_id,
                tool_name=name,
                content=tuple(content),
                is_error=value.status == "error",
            )
        )

    def _result_part(
        self, index: int, block_index: int, part: Any, path: Path
    ) -> TextBlock | ImageBlock | None:
        kind = self._kind(part, path, _PART_KINDS, index, block_index)
        if self._held is not None and kind in _FREE_PARTS:
            self._hold((*path, kind), getattr(part, kind))
        elif self._held is not None and kind == "document":
            self._hold((*path, kind, "source", "content"), part.document.source.content)
        if kind == "text":
            return TextBlock(text=part.text)
        if kind == "image":
            self._keys(index, block_index, (*path, "image"))
            return self._image(index, block_index, part.image, (*path, "image"))
        if kind == "json":
            text = json.dumps(part.json, ensure_ascii=False, separators=(",", ":"))
            what = "a json part of a tool result (read as its JSON text)"
            self._not_read(index, block_index, what, (*path, "json"))
            return TextBlock(text=text)
        if kind is not None:
            self._not_read(
                index, block_index, f"a {quoted(kind)} part of a tool result", (*path, kind)
            )
        return None

    def _cached(self, last: _Last, point: Any, index: int, block_index: int, path: Path) -> _Last:
        """A ``cachePoint``: the ``cacheControl`` of ``last`` (the block or message read
        right before it); the point warned when there is none, when it is not of the
        shape the IR holds, or when the block has no IR cache breakpoint (thinking, audio,
        a server tool's call or result). Returns None: a second point marks nothing."""
        where = (*path, "cachePoint")
        self._keys(index, block_index, where)
        ttl = point.ttl
        if last is None:
            self._not_read(index, block_index, "a cache point after nothing cacheable", where)
        elif point.type != "default" or (ttl is not None and ttl not in CACHE_TTLS):
            what = f"a cache point of type {quoted(point.type)} with ttl {quoted(ttl)}"
            self._not_read(index, block_index, what, where)
        else:
            marked = last[-1]
            if type(marked) in _UNCACHED:
                what = f"a cache point after a {marked.type} block (it has no IR cache breakpoint)"
                self._not_read(index, block_index, what, where)
            else:
                cache = _DEFAULT_CACHE if ttl is None else _CACHES[ttl]
                last[-1] = msgspec.structs.replace(marked, cache_control=cache)
        return None

    # -- bookkeeping ---------------------------------------------------------------------

    def _hold(self, path: Path, value: Any) -> None:
        """A free value kept as it came, checked by ``_Held.exact`` (input read at once)."""
        if self._held is not None:
            self._held.add(path, value)

    def _hold_block(self, kind: str, value: Any, path: Path) -> None:
        """The free values of a block's ``kind`` value at ``path`` that is not read
        (input read at once): the value itself (a dict holding a tool's input, say)."""
        if kind == "document":
            self._hold((*path, "source", "content"), value.source.content)
        elif kind not in _NOT_FREE:
            self._hold(path, _raw(value) if hasattr(value, "__struct_fields__") else value)

    def _not_read(self, index: int, block_index: int, what: str, path: Path) -> None:
        self.warnings.add(
            ConversionWarningCode.PART_NOT_READ,
            index,
            block_index,
            not_read(what),
            path=to_pointer(path),
        )

    def _keys(self, index: int, block_index: int, path: Path) -> None:
        """PART_NOT_READ for each undeclared key of the object at ``path``."""
        if not self._unread:  # the common case: nothing undeclared in this message
            return
        for key in self._unread.get(to_pointer(path), ()):
            where = (*path, key)
            self.warnings.add(
                ConversionWarningCode.PART_NOT_READ,
                index,
                block_index,
                key_not_read(where),
                path=to_pointer(where),
            )


# The blocks a cache point may follow that hold no IR cache breakpoint.
_UNCACHED: Final = frozenset(
    {ThinkingBlock, AudioBlock, ServerToolCallBlock, ServerToolResultBlock}
)


def _all_one_kind(messages: list[Any]) -> bool:
    """Whether each block of ``messages`` (JSON objects that decoded, so each of their
    keys is declared) and each part of their tool results is an exact dict holding one
    key, its kind (C loops across them all). A block holding its kind and a null, or
    only a null, is not such a block: it is read on its own (``_kind``), to the same
    result. (Counting the unset fields of each decoded block, through one ``astuple``
    each, was a tenth of reading a request at once.) The messages and results are dicts
    (or dict subclasses, read through ``dict.get``: a JSON value that decodes into a
    declared object is one); the lists are iterated only when exact."""
    contents: list[Any] = list(map(dict.get, messages, repeat("content")))
    if not _exact(contents, list):
        return False
    blocks = list(chain.from_iterable(contents))
    if not _one_key_each(blocks):
        return False
    results = filter(None, map(dict.get, blocks, repeat("toolResult")))
    parts: list[Any] = list(map(dict.get, results, repeat("content")))
    return _exact(parts, list) and _one_key_each(list(chain.from_iterable(parts)))


def _exact(values: list[Any], kind: type) -> bool:
    """Whether every one of ``values`` is of exact type ``kind`` (so that reading them
    through their own methods is reading them through the base type's)."""
    return set(map(type, values)) <= {kind}


def _one_key_each(values: list[Any]) -> bool:
    return _exact(values, dict) and set(map(len, values)) <= _ONE


_ONE: Final = frozenset((1,))


def _raw(value: Any) -> Wire:
    """A decoded declaration back as its JSON object (the keys that are set)."""
    return {
        key: _plain(getattr(value, key))
        for key in value.__struct_fields__
        if getattr(value, key) is not None
    }


def _plain(value: Any) -> Any:
    """A declared value as JSON: a Struct or a declared list of them converted, a free
    value (``Any``) as it is (not walked: read at once, it is not checked yet)."""
    if isinstance(value, msgspec.Struct):
        return _raw(value)
    if type(value) is list and value and isinstance(value[0], msgspec.Struct):
        return [_raw(item) for item in value]
    return value


def _check_base64(text: str, path: Path) -> None:
    """``WireFormatError`` when a blob's text is not standard base64."""
    try:
        base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise WireFormatError(FROM, path, "must be base64 text or bytes") from None
