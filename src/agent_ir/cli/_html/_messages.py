"""One message of a broken transcript, as data for ``templates/message.html.j2``: its
role, fields and content blocks as the data holds them (thinking collapsed, tool calls
with their arguments as formatted JSON, images, audio and documents as labelled
placeholders, anything unknown as its JSON), the diagnostics on it and, beside each
tool call, the result that answers it or where that result is.

Who calls and who answers is the validator's reading (``Drawing.links``, from
``agent_ir.transcript.tool_links_of``), not a second reading of the data.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from agent_ir._paths import unescape_segment
from agent_ir.cli._check import Found
from agent_ir.cli._html._text import JSON_ITEMS, Clip, clip, json_text, json_type, scalar
from agent_ir.cli._report import shown_pointer
from agent_ir.validation._linkage import ToolLinks

__all__ = ["Drawing", "MessageView", "Notes", "message_view", "notes"]

BLOCKS = 100  # content blocks of one message
NOTES = 20  # diagnostics written next to one message

_ROLES = {"system": "System", "user": "User", "assistant": "Assistant", "toolResult": "Tool result"}
_KNOWN_FIELDS = frozenset(
    {"role", "id", "content", "timestamp", "provider", "model", "usage", "stopReason"}
    | {"toolCallId", "toolName", "isError"}
)
_PLACEHOLDERS = ("image", "audio", "document")


class Drawing(NamedTuple):
    """What every message of one conversation is drawn with: the anchor of the
    conversation, its messages, the diagnostics on each (message index -> block index or
    None for the message -> diagnostics) and the tool-call linkage."""

    anchor: str
    messages: list[Any]
    flags: dict[int, dict[int | None, list[Found]]]
    links: ToolLinks
    callers: dict[str, list[int]]  # call id -> the messages making such a call
    answerers: dict[str, list[int]]  # call id -> the results answering it


def drawing(
    anchor: str,
    messages: list[Any],
    flags: dict[int, dict[int | None, list[Found]]],
    links: ToolLinks,
) -> Drawing:
    callers: dict[str, list[int]] = {}
    for index, calls in links.calls.items():
        for call_id in dict.fromkeys(call_id for _, call_id in calls):
            callers.setdefault(call_id, []).append(index)
    answerers: dict[str, list[int]] = {}
    for index, call_id in links.answers.items():
        answerers.setdefault(call_id, []).append(index)
    return Drawing(anchor, messages, flags, links, callers, answerers)


class Note(NamedTuple):
    code: str
    message: Clip
    pointer: str  # as shown ("" for none)


class Notes(NamedTuple):
    items: list[Note]
    more: int


def notes(found: list[Found]) -> Notes:
    """The diagnostics written next to a message, block or tool (``NOTES`` of them)."""
    items = [
        Note(code, clip(message, 500), shown_pointer(pointer))
        for code, _, message, pointer, _ in found[:NOTES]
    ]
    return Notes(items, max(0, len(found) - NOTES))


class Answers(NamedTuple):
    """What a tool result says it answers, and where that call is: ``link`` "answers"
    (an earlier call), "later" (its call comes after it), "none" (no call has its id)
    or "" (its id is not one the linkage reads)."""

    tool: Clip | None
    call: Clip | None
    link: str
    at: int


class Beside(NamedTuple):
    """What is drawn beside a call: ``result`` (the result's message), or ``where``
    "later"/"before" with the index ``at`` of the message answering it, or "missing"."""

    where: str
    at: int = -1
    result: MessageView | None = None


class Block(NamedTuple):
    """One content block: ``kind`` says which of the other fields are set."""

    kind: str  # text, thinking, toolCall, refusal, server, placeholder, unknown
    position: int
    flagged: bool
    notes: Notes
    text: Clip | None = None  # text, thinking, refusal
    json: str | None = None  # the JSON shown (thinking or refusal not a string, unknown...)
    signed: int | None = None  # the length of a thought signature
    about: str = ""  # thinking: what is said of it; placeholder: its kind
    name: Clip | None = None
    id: Clip | None = None
    arguments: str = ""  # a call's arguments: "object", "a string", ..., "missing"
    rows: list[tuple[Clip, str, bool]] | None = None  # (name, JSON, pointed into)
    more: int = 0  # arguments left out
    beside: Beside | None = None
    shown: tuple[tuple[str, str, str], ...] = ()  # a server tool's (key, class, JSON)
    provider: Clip | None = None
    parts: tuple[tuple[str, Any], ...] = ()  # a placeholder's label, piece by piece
    is_call: bool = False


class Content(NamedTuple):
    text: Clip | None  # a string
    json: str | None  # anything else but a list
    blocks: list[Block]
    more: int  # blocks left out


class MessageView(NamedTuple):
    anchor: str  # the conversation's
    message_index: int
    classes: str
    label: Clip
    answers: Answers | None
    error: bool
    fields: list[tuple[str, Clip]]  # model, stopReason, timestamp
    mid: Clip | None
    json: str | None  # a message that is not an object, as JSON
    content: Content | None
    extra: list[tuple[Clip, str]]  # fields agent-ir's messages do not have
    notes: Notes


def message_view(drawing: Drawing, index: int, beside: dict[int, int] | None = None) -> MessageView:
    """Message ``index``, the results in ``beside`` (block index -> result index) drawn
    beside their calls."""
    message = drawing.messages[index]
    role = _get(message, "role")
    role = role if isinstance(role, str) else None
    flags = drawing.flags.get(index, {})
    is_object = isinstance(message, dict)
    return MessageView(
        anchor=drawing.anchor,
        message_index=index,
        classes=_classes(message, role, flags),
        label=_label(message, role),
        answers=_answers(drawing, index, message) if is_object and role == "toolResult" else None,
        error=is_object and role == "toolResult" and message.get("isError") is True,
        fields=[
            (key, scalar(message[key]))
            for key in ("model", "stopReason", "timestamp")
            if is_object and key in message
        ],
        mid=scalar(message["id"]) if is_object and "id" in message else None,
        json=None if is_object else json_text(message),
        content=_content(drawing, index, message, beside or {}) if is_object else None,
        extra=_extra(message) if is_object else [],
        notes=notes(flags.get(None, [])),
    )


def _get(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else None


def _classes(message: Any, role: str | None, flags: dict[int | None, list[Found]]) -> str:
    classes = ["message", role if role in _ROLES else "unknown"]
    if None in flags:
        classes.append("flagged")
    elif flags:
        classes.append("has-flag")
    content = _get(message, "content")
    blocks = content if isinstance(content, list) else []
    if role == "assistant" and any(_get(block, "type") == "toolCall" for block in blocks):
        classes.append("turn")
    return " ".join(classes)


def _label(message: Any, role: str | None) -> Clip:
    if not isinstance(message, dict):
        return Clip("Not a message")
    if role is None:
        return Clip("No role")
    return Clip(_ROLES[role]) if role in _ROLES else clip(role, 60)


def _answers(drawing: Drawing, index: int, message: dict[str, Any]) -> Answers:
    tool = scalar(message.get("toolName")) if "toolName" in message else None
    call = scalar(message.get("toolCallId")) if "toolCallId" in message else None
    answered = drawing.links.answers.get(index)
    if answered is None:
        return Answers(tool, call, "", -1)
    makers = drawing.callers.get(answered, [])
    earlier = [maker for maker in makers if maker < index]
    if earlier:
        return Answers(tool, call, "answers", earlier[-1])
    if makers:
        return Answers(tool, call, "later", makers[0])
    return Answers(tool, call, "none", -1)


def _content(
    drawing: Drawing, index: int, message: dict[str, Any], beside: dict[int, int]
) -> Content | None:
    content = message.get("content")
    if isinstance(content, str):
        return Content(clip(content), None, [], 0)
    if not isinstance(content, list):
        return Content(None, json_text(content), [], 0) if "content" in message else None
    flags = drawing.flags.get(index, {})
    calls = dict(drawing.links.calls.get(index, ()))
    blocks = []
    for position, block in enumerate(content[:BLOCKS]):
        drawn = _block(position, block, flags.get(position, []))
        if drawn.kind == "toolCall":
            drawn = drawn._replace(
                beside=_beside(drawing, index, calls.get(position), beside.get(position))
            )
        blocks.append(drawn)
    return Content(None, None, blocks, max(0, len(content) - BLOCKS))


def _beside(drawing: Drawing, index: int, call_id: str | None, result: int | None) -> Beside:
    """What answers the call: the result itself, or where it is, or that none is."""
    if result is not None:
        return Beside("result", result, message_view(drawing, result))
    results = drawing.answerers.get(call_id, []) if call_id is not None else []
    later = [answer for answer in results if answer > index]
    if later:
        return Beside("later", later[0])
    if results:
        return Beside("before", results[0])
    return Beside("missing")


def _extra(message: dict[str, Any]) -> list[tuple[Clip, str]]:
    """Fields agent-ir's messages do not have (a wire message drawn as read)."""
    extra = [key for key in message if key not in _KNOWN_FIELDS]
    return [(clip(str(key), 100), json_text(message[key])) for key in extra[:JSON_ITEMS]]


def _block(position: int, block: Any, flags: list[Found]) -> Block:
    kind = _get(block, "type")
    base = Block("unknown", position, bool(flags), notes(flags))
    if kind == "text" and isinstance(block.get("text"), str):
        return base._replace(kind="text", text=clip(block["text"]), signed=_signed(block))
    if kind == "thinking":
        return _thinking(base, block)
    if kind == "toolCall":
        return _tool_call(base, block, _argument_keys(flags))
    if kind == "refusal":
        text = block.get("text")
        shown = (clip(text), None) if isinstance(text, str) else (None, json_text(text))
        return base._replace(kind="refusal", text=shown[0], json=shown[1])
    if kind in ("serverToolCall", "serverToolResult"):
        return _server_tool(base, block)
    if kind in _PLACEHOLDERS:
        return base._replace(
            kind="placeholder", about=kind, parts=tuple(_placeholder(kind, block.get("source")))
        )
    return base._replace(name=None if kind is None else scalar(kind), json=json_text(block))


def _signed(block: dict[str, Any]) -> int | None:
    """The length of a block's thought signature (opaque: only its length is shown)."""
    signature = block.get("thoughtSignature")
    return len(signature) if isinstance(signature, str) else None


def _thinking(base: Block, block: dict[str, Any]) -> Block:
    thinking = block.get("thinking")
    text = thinking if isinstance(thinking, str) else ""
    about = [f"{len(text):,} characters"]
    if block.get("redacted") is True:
        about.append("redacted")
    if isinstance(block.get("signature"), str) or isinstance(block.get("thoughtSignature"), str):
        about.append("signed")
    if isinstance(thinking, str):
        return base._replace(kind="thinking", about=", ".join(about), text=clip(thinking))
    return base._replace(kind="thinking", about=", ".join(about), json=json_text(thinking))


def _tool_call(base: Block, block: dict[str, Any], bad: set[str]) -> Block:
    """A call: its name, id and arguments; ``bad``: the arguments a diagnostic points
    into (each drawn on its own row, marked)."""
    arguments = block.get("arguments")
    drawn = base._replace(
        kind="toolCall",
        name=scalar(block.get("name")),
        id=scalar(block.get("id")),
        signed=_signed(block),
        arguments=json_type(arguments) if "arguments" in block else "missing",
    )
    if bad and isinstance(arguments, dict):
        rows = [
            (clip(key, 100), json_text(arguments[key]), key in bad)
            for key in list(arguments)[:JSON_ITEMS]
        ]
        return drawn._replace(rows=rows, more=max(0, len(arguments) - JSON_ITEMS))
    return drawn._replace(json=json_text(arguments) if "arguments" in block else None)


def _argument_keys(flags: list[Found]) -> set[str]:
    """The top-level argument names the diagnostics of a block point into."""
    keys = set()
    for found in flags:
        parts = found[3].split("/")
        if len(parts) > 5 and parts[4] == "arguments":
            keys.add(unescape_segment(parts[5]))
    return keys


def _server_tool(base: Block, block: dict[str, Any]) -> Block:
    """A call of a tool the provider ran (its provider, name, id and input) or its result
    (the provider, the call it answers, the provider's block), the JSON as it is."""
    is_call = block.get("type") == "serverToolCall"
    keys = [("input", "json input"), ("wire", "json wire")] if is_call else [("wire", "json wire")]
    return base._replace(
        kind="server",
        is_call=is_call,
        provider=scalar(block.get("provider")),
        name=scalar(block.get("name")),
        id=scalar(block.get("id") if is_call else block.get("toolCallId")),
        shown=tuple((key, kind, json_text(block[key])) for key, kind in keys if key in block),
    )


def _placeholder(kind: str, source: Any) -> list[tuple[str, Any]]:
    """A labelled stand-in for bytes that are never loaded: their kind, type and size,
    or where they are (a URL or a file id, as text)."""
    label: list[tuple[str, Any]] = [("kind", kind.capitalize())]
    source_type = _get(source, "type")
    if source_type == "base64":
        media, data = source.get("mediaType"), source.get("data")
        if media is not None:
            label.append(("scalar", scalar(media)))
        if isinstance(data, str):
            label.append(("size", len(data) * 3 // 4 - data[-2:].count("=")))
    elif source_type == "url":
        label.append(("url", scalar(source.get("url"))))
    elif source_type == "file":
        label.append(("file", scalar(source.get("fileId"))))
    else:
        label.append(("source", scalar(source)))
    return label
