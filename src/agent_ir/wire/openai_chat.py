"""The IR to and from OpenAI Chat Completions (``messages`` of ``chat.completions.create``).

``to_openai_chat(transcript)`` returns a ``WireRequest`` whose ``fields`` are
``{"messages": [...]}``; ``from_openai_chat(messages)`` reads such a ``messages`` list
back into IR messages (``WireMessages``). Every loss is a ``ConversionWarning``
(``message_index``: the message's index in that call's input; ``block_index``: the
block or part, -1 for the message as a whole).

IR -> Chat
----------
- system -> ``{"role": "system", "content": text}``.
- user: string content stays a string; blocks become parts: text ->
  ``{"type": "text", "text"}``; image -> ``{"type": "image_url", "image_url": {"url"}}``,
  a ``data:<mediaType>;base64,<data>`` URL for a base64 source, the URL itself for a URL
  source; audio -> ``{"type": "input_audio", "input_audio": {"data", "format"}}`` when
  its media type (case and parameters ignored) is audio/wav, audio/x-wav or audio/wave
  (``wav``) or audio/mpeg or audio/mp3 (``mp3``), otherwise AUDIO_NOT_SENT and dropped;
  document -> a ``file`` part: ``{"file": {"filename": "document.pdf", "file_data":
  data URL}}`` for a base64 application/pdf source, ``{"file": {"file_id"}}`` for a file
  source, otherwise (a URL, another media type) DOCUMENT_NOT_SENT and dropped. A list
  left empty is sent as ``""`` (the API refuses an empty array).
- assistant: text blocks joined (no separator) into ``content``; tool calls ->
  ``tool_calls: [{"id", "type": "function", "function": {"name", "arguments"}}]`` with
  the arguments as compact JSON text; ``content`` is ``null`` when there is no text but
  there are tool calls, ``""`` when there is neither (the turn is kept, so the roles
  keep their order). Thinking (redacted or not) -> THINKING_NOT_SENT, dropped. The
  format has one text and one list of calls per message, so the text comes back as one
  block before the calls: text, calls and their order are kept, block boundaries not.
- toolResult -> ``{"role": "tool", "tool_call_id", "content"}``: a string stays a
  string, text blocks become text parts (no text: ``""``). Images cannot be in a tool
  message: each is IMAGE_MOVED into one user message of image parts sent right after
  the run of consecutive tool messages (the API wants a call's results right after it).
  ``isError: true`` -> ERROR_FLAG_NOT_SENT (no field holds it). The tool name is not
  sent: reading back takes it from the call; when no earlier tool call of the
  transcript has that id and name, it is lost: PART_NOT_READ (stands in for a missing
  TOOL_NAME_NOT_SENT code).
- Not part of a request, so not sent and not warned about: message ids, timestamps,
  and the assistant's provider, model, usage and stopReason.

Chat -> IR
----------
- ``system`` and ``developer`` -> system (OpenAI treats them alike); text parts are
  joined without a separator.
- ``user``: a string stays a string; parts: ``text``; ``image_url`` -> an image with a
  base64 source when the URL is ``data:<image/...>;base64,<data>`` with valid base64
  (so an IR URL source holding such a URL comes back as that base64 source: the same
  image), otherwise a URL source holding the URL unchanged; ``input_audio`` -> base64 audio of
  media type audio/wav (``wav``) or audio/mpeg (``mp3``); ``file`` -> a document:
  ``file_data`` (a ``data:<mediaType>;base64,<data>`` URL) -> a base64 source, else
  ``file_id`` -> a file source.
- ``assistant``: a content string (``""`` and ``null`` give no block) -> one text block,
  text parts -> text blocks; then each ``tool_calls`` function call -> a toolCall block
  whose arguments are the JSON object in ``arguments``. Text that is not a JSON object
  (or has duplicate keys, NaN, an infinite number) is kept as it is, so ``ir_messages``
  raises ``TranscriptError`` with INVALID_TOOL_ARGUMENTS: never a guessed ``{}``.
- ``tool`` -> toolResult with ``isError: false``, a string or text blocks; its
  ``toolName`` is the name of the nearest earlier tool call with that id, or
  ``"unknown"`` with a PART_NOT_READ warning when there is none (validation then
  reports the orphan).
- Every message gets ``assigned_id(index)``. Whatever has no IR form is PART_NOT_READ:
  ``name``, ``refusal`` (the field and refusal parts), ``audio``, ``function_call``,
  custom tool calls, image ``detail``, a file ``filename`` other than
  ``"document.pdf"`` (which ``to_openai_chat`` makes up), a ``file_id`` beside
  ``file_data``, parts of other types and any other key (a ``null`` value carries
  nothing and is not warned about).
- ``WireFormatError`` (naming the path) for input not of the format's shape: not a
  list of objects, an unknown role or the legacy ``function`` role (its result has no
  call id to link), a missing or mistyped required field, a part without a string
  ``type``, an audio format other than wav and mp3, ``file_data`` that is not a base64
  data URL, a file part with neither ``file_data`` nor ``file_id``. A value of the
  right shape that the IR refuses (a blank tool-call id, an empty URL, audio data that
  is not base64) is the ``TranscriptError`` of ``ir_messages``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from agent_ir._paths import Path, format_path
from agent_ir.messages import to_json_value
from agent_ir.schemas import load
from agent_ir.wire._common import (
    ConversionWarningCode,
    Warnings,
    WireFormatError,
    WireMessages,
    WireRequest,
    assigned_id,
    ir_messages,
    read_wire,
    transcript_items,
)

__all__ = ["from_openai_chat", "to_openai_chat"]

TO = "to_openai_chat"
FROM = "from_openai_chat"
Code = ConversionWarningCode
JsonDict = dict[str, Any]

# The name the API wants beside file_data; the IR has no file names.
DOCUMENT_FILENAME = "document.pdf"
UNKNOWN_TOOL_NAME = "unknown"
AUDIO_FORMATS = {
    "audio/wav": "wav",
    "audio/x-wav": "wav",
    "audio/wave": "wav",
    "audio/mpeg": "mp3",
    "audio/mp3": "mp3",
}
AUDIO_MEDIA_TYPES = {"wav": "audio/wav", "mp3": "audio/mpeg"}

_DEFINITIONS = load("message")["$defs"]
_BASE64 = re.compile(_DEFINITIONS["Base64Data"]["pattern"])
_MEDIA_TYPE = re.compile(_DEFINITIONS["Base64Source"]["properties"]["mediaType"]["pattern"])
_DATA_URL_END = ";base64"


# --- IR -> Chat -------------------------------------------------------------------------


def to_openai_chat(transcript: object) -> WireRequest:
    """``transcript`` (a list or tuple of IR messages or their JSON form, each valid on
    its own; linkage is not required) -> ``WireRequest(fields={"messages": [...]})``
    with a warning for each loss (see the module docstring)."""
    writer = _ChatWriter()
    for index, message in enumerate(transcript_items(TO, transcript)):
        writer.write(index, to_json_value(message))
    return WireRequest(fields={"messages": writer.finish()}, warnings=writer.warnings.all())


class _ChatWriter:
    """Writes IR messages (JSON form) in order, holding back the images moved out of a
    run of tool results until the run ends."""

    def __init__(self) -> None:
        self.warnings = Warnings()
        self.messages: list[JsonDict] = []
        self.moved_images: list[JsonDict] = []
        self.call_names: dict[str, str] = {}

    def write(self, index: int, message: JsonDict) -> None:
        role = message["role"]
        if role != "toolResult":
            self._flush_moved_images()
        if role == "system":
            self.messages.append({"role": "system", "content": message["content"]})
        elif role == "user":
            self.messages.append(_user(message, index, self.warnings))
        elif role == "assistant":
            self.call_names.update(_call_names(message))
            self.messages.append(_assistant(message, index, self.warnings))
        else:
            self.messages.append(self._tool_result(message, index))

    def finish(self) -> list[JsonDict]:
        self._flush_moved_images()
        return self.messages

    def _flush_moved_images(self) -> None:
        if self.moved_images:
            self.messages.append({"role": "user", "content": self.moved_images})
            self.moved_images = []

    def _tool_result(self, message: JsonDict, index: int) -> JsonDict:
        call_id, name = message["toolCallId"], message["toolName"]
        if self.call_names.get(call_id) != name:
            self.warnings.add(
                Code.PART_NOT_READ,
                index,
                -1,
                f"tool name {name!r} is not sent and no earlier call {call_id!r} names it",
            )
        if message["isError"]:
            self.warnings.add(
                Code.ERROR_FLAG_NOT_SENT, index, -1, "a tool message has no error flag"
            )
        content = message["content"]
        if not isinstance(content, str):
            content = self._result_parts(content, index)
        return {"role": "tool", "tool_call_id": call_id, "content": content}

    def _result_parts(self, blocks: list[JsonDict], index: int) -> list[JsonDict] | str:
        parts = []
        for block_index, block in enumerate(blocks):
            if block["type"] == "text":
                parts.append(_text_part(block["text"]))
                continue
            self.moved_images.append(_image_part(block["source"]))
            self.warnings.add(
                Code.IMAGE_MOVED,
                index,
                block_index,
                "a tool message cannot hold images: sent in a user message after the results",
            )
        return parts or ""


def _call_names(message: JsonDict) -> dict[str, str]:
    return {
        block["id"]: block["name"] for block in message["content"] if block["type"] == "toolCall"
    }


def _user(message: JsonDict, index: int, warnings: Warnings) -> JsonDict:
    content = message["content"]
    if isinstance(content, str):
        return {"role": "user", "content": content}
    parts = []
    for block_index, block in enumerate(content):
        part = _USER_PARTS[block["type"]](block, index, block_index, warnings)
        if part is not None:
            parts.append(part)
    return {"role": "user", "content": parts or ""}


def _text_part(text: str) -> JsonDict:
    return {"type": "text", "text": text}


def _user_text(block: JsonDict, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    return _text_part(block["text"])


def _user_image(block: JsonDict, index: int, block_index: int, warnings: Warnings) -> JsonDict:
    return _image_part(block["source"])


def _image_part(source: JsonDict) -> JsonDict:
    url = _data_url(source) if source["type"] == "base64" else source["url"]
    return {"type": "image_url", "image_url": {"url": url}}


def _data_url(source: JsonDict) -> str:
    return f"data:{source['mediaType']}{_DATA_URL_END},{source['data']}"


def _user_audio(
    block: JsonDict, index: int, block_index: int, warnings: Warnings
) -> JsonDict | None:
    source = block["source"]
    audio_format = AUDIO_FORMATS.get(_bare_media_type(source["mediaType"]))
    if audio_format is None:
        warnings.add(
            Code.AUDIO_NOT_SENT,
            index,
            block_index,
            f"audio of type {source['mediaType']!r} cannot be sent (only wav and mp3)",
        )
        return None
    return {"type": "input_audio", "input_audio": {"data": source["data"], "format": audio_format}}


def _user_document(
    block: JsonDict, index: int, block_index: int, warnings: Warnings
) -> JsonDict | None:
    source = block["source"]
    if source["type"] == "file":
        return {"type": "file", "file": {"file_id": source["fileId"]}}
    if source["type"] == "base64" and _bare_media_type(source["mediaType"]) == "application/pdf":
        return {
            "type": "file",
            "file": {"filename": DOCUMENT_FILENAME, "file_data": _data_url(source)},
        }
    what = f"a {source['mediaType']!r} document" if source["type"] == "base64" else "a URL"
    warnings.add(
        Code.DOCUMENT_NOT_SENT,
        index,
        block_index,
        f"{what} cannot be sent (only inline PDF and file ids)",
    )
    return None


def _bare_media_type(media_type: str) -> str:
    """``Audio/WAV; rate=8000`` -> ``audio/wav``."""
    return media_type.split(";", 1)[0].strip().lower()


_UserPart = Callable[[JsonDict, int, int, Warnings], "JsonDict | None"]
_USER_PARTS: dict[str, _UserPart] = {
    "text": _user_text,
    "image": _user_image,
    "audio": _user_audio,
    "document": _user_document,
}


def _assistant(message: JsonDict, index: int, warnings: Warnings) -> JsonDict:
    texts: list[str] = []
    calls: list[JsonDict] = []
    for block_index, block in enumerate(message["content"]):
        if block["type"] == "text":
            texts.append(block["text"])
        elif block["type"] == "toolCall":
            calls.append(_tool_call(block))
        else:
            warnings.add(
                Code.THINKING_NOT_SENT,
                index,
                block_index,
                "Chat Completions takes no thinking back",
            )
    text = "".join(texts)
    wire: JsonDict = {"role": "assistant", "content": None if calls and not text else text}
    if calls:
        wire["tool_calls"] = calls
    return wire


def _tool_call(block: JsonDict) -> JsonDict:
    arguments = json.dumps(
        block["arguments"], ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    return {
        "id": block["id"],
        "type": "function",
        "function": {"name": block["name"], "arguments": arguments},
    }


# --- Chat -> IR -------------------------------------------------------------------------


def from_openai_chat(messages: object) -> WireMessages:
    """A Chat Completions ``messages`` list (JSON values) -> IR messages with a warning
    for each wire part that has no IR form (see the module docstring).
    ``WireFormatError`` when the input is not of the format's shape; ``TranscriptError``
    when a message read is not valid IR (tool-call arguments that are not a JSON
    object: INVALID_TOOL_ARGUMENTS)."""
    wire = read_wire(FROM, messages, ("messages",))
    if not isinstance(wire, list):
        raise WireFormatError(FROM, ("messages",), "must be a list of messages")
    reader = _ChatReader()
    for index, message in enumerate(wire):
        reader.read(index, message)
    return WireMessages(ir_messages(reader.messages), reader.warnings.all())


class _Place:
    """Where a wire value is: its path, and the message and part a warning names."""

    def __init__(self, path: Path, index: int, block_index: int = -1) -> None:
        self.path = path
        self.index = index
        self.block_index = block_index

    def at(self, *segments: str | int) -> _Place:
        return _Place((*self.path, *segments), self.index, self.block_index)

    def part(self, block_index: int) -> _Place:
        """Part ``block_index`` of the message's ``content``."""
        return _Place((*self.path, "content", block_index), self.index, block_index)

    def fail(self, reason: str) -> WireFormatError:
        return WireFormatError(FROM, self.path, reason)


_Read = tuple[JsonDict, set[str]]  # what was read, and the keys it was read from


class _ChatReader:
    """Reads wire messages in order, remembering tool-call names for the results."""

    def __init__(self) -> None:
        self.warnings = Warnings()
        self.messages: list[JsonDict] = []
        self.call_names: dict[str, str] = {}

    def read(self, index: int, message: object) -> None:
        place = _Place(("messages", index), index)
        message = _object(message, place)
        role = _string(message, "role", place)
        reader = _ROLE_READERS.get(role)
        if reader is None:
            raise place.at("role").fail(
                f"is {role!r}, not system, developer, user, assistant or tool"
            )
        fields, read = reader(self, message, place)
        self._unread(message, {"role", *read}, place)
        self.messages.append({"role": _IR_ROLES[role], "id": assigned_id(index), **fields})

    def system(self, message: JsonDict, place: _Place) -> _Read:
        content = _required(message, "content", place)
        if not isinstance(content, str):
            content = "".join(block["text"] for block in self._text_parts(content, place))
        return {"content": content}, {"content"}

    def user(self, message: JsonDict, place: _Place) -> _Read:
        content = _required(message, "content", place)
        if isinstance(content, str):
            return {"content": content}, {"content"}
        blocks = []
        for part_index, part in enumerate(_array(content, place.at("content"))):
            block = self._user_part(part, place.part(part_index))
            if block is not None:
                blocks.append(block)
        return {"content": blocks}, {"content"}

    def assistant(self, message: JsonDict, place: _Place) -> _Read:
        blocks = self._assistant_text(message.get("content"), place)
        calls = message.get("tool_calls")
        if calls is not None:
            for call_index, call in enumerate(_array(calls, place.at("tool_calls"))):
                block = self._tool_call(call, place, place.at("tool_calls", call_index))
                if block is not None:
                    blocks.append(block)
        return {"content": blocks}, {"content", "tool_calls"}

    def tool(self, message: JsonDict, place: _Place) -> _Read:
        call_id = _string(message, "tool_call_id", place)
        content = _required(message, "content", place)
        if not isinstance(content, str):
            content = self._text_parts(content, place)
        name = self.call_names.get(call_id)
        if name is None:
            name = UNKNOWN_TOOL_NAME
            self.warnings.add(
                Code.PART_NOT_READ,
                place.index,
                -1,
                f"no earlier tool call has id {call_id!r}: tool name {name!r} assumed",
            )
        result = {"toolCallId": call_id, "toolName": name, "content": content, "isError": False}
        return result, {"tool_call_id", "content"}

    # -- parts -------------------------------------------------------------------------

    def _text_parts(self, content: object, place: _Place) -> list[JsonDict]:
        """Text parts -> text blocks; a part of another type is PART_NOT_READ."""
        blocks = []
        for part_index, part in enumerate(_array(content, place.at("content"))):
            part_place = place.part(part_index)
            part = _object(part, part_place)
            kind = _string(part, "type", part_place)
            if kind == "text":
                block, read = self.text(part, part_place)
                self._unread(part, {"type", *read}, part_place)
                blocks.append(block)
            else:
                self._not_read(part_place, f"a {kind!r} part")
        return blocks

    def _user_part(self, part: object, place: _Place) -> JsonDict | None:
        part = _object(part, place)
        kind = _string(part, "type", place)
        reader = _USER_PART_READERS.get(kind)
        if reader is None:
            self._not_read(place, f"a {kind!r} part")
            return None
        block, read = reader(self, part, place)
        self._unread(part, {"type", *read}, place)
        return block

    def text(self, part: JsonDict, place: _Place) -> _Read:
        return {"type": "text", "text": _string(part, "text", place)}, {"text"}

    def image_url(self, part: JsonDict, place: _Place) -> _Read:
        where = place.at("image_url")
        image = _object(_required(part, "image_url", place), where)
        url = _string(image, "url", where)
        self._unread(image, {"url"}, where)
        return {"type": "image", "source": _image_source(url)}, {"image_url"}

    def input_audio(self, part: JsonDict, place: _Place) -> _Read:
        where = place.at("input_audio")
        audio = _object(_required(part, "input_audio", place), where)
        data = _string(audio, "data", where)
        audio_format = _string(audio, "format", where)
        if audio_format not in AUDIO_MEDIA_TYPES:
            raise where.at("format").fail(f"is {audio_format!r}, not 'wav' or 'mp3'")
        self._unread(audio, {"data", "format"}, where)
        source = {"type": "base64", "mediaType": AUDIO_MEDIA_TYPES[audio_format], "data": data}
        return {"type": "audio", "source": source}, {"input_audio"}

    def file(self, part: JsonDict, place: _Place) -> _Read:
        where = place.at("file")
        file = _object(_required(part, "file", place), where)
        read = {"file_data"}
        if file.get("filename") == DOCUMENT_FILENAME:
            read.add("filename")
        if file.get("file_data") is not None:
            source = _file_data_source(_string(file, "file_data", where), where.at("file_data"))
        elif file.get("file_id") is not None:
            source = {"type": "file", "fileId": _string(file, "file_id", where)}
            read.add("file_id")
        else:
            raise where.fail("has neither file_data nor file_id")
        self._unread(file, read, where)
        return {"type": "document", "source": source}, {"file"}

    # -- assistant ---------------------------------------------------------------------

    def _assistant_text(self, content: object, place: _Place) -> list[JsonDict]:
        if content is None or content == "":
            return []
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        return self._text_parts(content, place)

    def _tool_call(self, call: object, message_place: _Place, place: _Place) -> JsonDict | None:
        call = _object(call, place)
        kind = _string(call, "type", place)
        call_id = _string(call, "id", place)
        if kind != "function":
            self._remember_other_call(call, kind, call_id)
            self._not_read(message_place, f"{format_path(place.path)} (a {kind!r} tool call)")
            return None
        where = place.at("function")
        function = _object(_required(call, "function", place), where)
        name = _string(function, "name", where)
        arguments = _string(function, "arguments", where)
        self._unread(call, {"type", "id", "function"}, _Place(place.path, place.index))
        self._unread(function, {"name", "arguments"}, _Place(where.path, place.index))
        self.call_names[call_id] = name
        return {"type": "toolCall", "id": call_id, "name": name, "arguments": _arguments(arguments)}

    def _remember_other_call(self, call: JsonDict, kind: str, call_id: str) -> None:
        """A call the IR cannot hold still names the results that answer it."""
        body = call.get(kind)
        name = body.get("name") if isinstance(body, dict) else None
        if isinstance(name, str):
            self.call_names[call_id] = name

    # -- warnings ----------------------------------------------------------------------

    def _not_read(self, place: _Place, what: str) -> None:
        self.warnings.add(
            Code.PART_NOT_READ, place.index, place.block_index, f"{what} has no IR form"
        )

    def _unread(self, value: JsonDict, read: set[str], place: _Place) -> None:
        """PART_NOT_READ for each key of ``value`` not in ``read`` (``null`` says nothing)."""
        for key in value:
            if key not in read and value[key] is not None:
                self._not_read(place, format_path((*place.path, key)))


_RoleReader = Callable[[_ChatReader, JsonDict, _Place], _Read]
_ROLE_READERS: dict[str, _RoleReader] = {
    "system": _ChatReader.system,
    "developer": _ChatReader.system,
    "user": _ChatReader.user,
    "assistant": _ChatReader.assistant,
    "tool": _ChatReader.tool,
}
_IR_ROLES = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "toolResult",
}
_USER_PART_READERS: dict[str, _RoleReader] = {
    "text": _ChatReader.text,
    "image_url": _ChatReader.image_url,
    "input_audio": _ChatReader.input_audio,
    "file": _ChatReader.file,
}


def _image_source(url: str) -> JsonDict:
    """A base64 source for a ``data:image/...;base64,<valid base64>`` URL, else the URL."""
    parsed = _parse_data_url(url)
    if parsed is not None and parsed[0].startswith("image/") and _BASE64.search(parsed[1]):
        return {"type": "base64", "mediaType": parsed[0], "data": parsed[1]}
    return {"type": "url", "url": url}


def _file_data_source(file_data: str, place: _Place) -> JsonDict:
    parsed = _parse_data_url(file_data)
    if parsed is None:
        raise place.fail("is not a data URL 'data:<media type>;base64,<data>'")
    return {"type": "base64", "mediaType": parsed[0], "data": parsed[1]}


def _parse_data_url(url: str) -> tuple[str, str] | None:
    """``data:<mediaType>;base64,<data>`` -> (mediaType, data); base64 has no comma, so
    the last comma ends the media type whatever it holds."""
    head, comma, data = url.rpartition(",")
    if not (comma and head.startswith("data:") and head.endswith(_DATA_URL_END)):
        return None
    media_type = head[len("data:") : -len(_DATA_URL_END)]
    if not _MEDIA_TYPE.search(media_type):
        return None
    return media_type, data


def _arguments(text: str) -> object:
    """The JSON object ``text`` holds, or ``text`` itself when it holds anything else
    (not JSON, not an object, duplicate keys, NaN or an infinite number)."""
    try:
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
        )
    except (ValueError, RecursionError):
        return text
    return value if isinstance(value, dict) else text


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise ValueError("duplicate key")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("infinite number")
    return value


# --- reading wire values ------------------------------------------------------------------


def _object(value: object, place: _Place) -> JsonDict:
    if not isinstance(value, dict):
        raise place.fail(f"must be an object, not {_json_type(value)}")
    return value


def _array(value: object, place: _Place) -> list[Any]:
    if not isinstance(value, list):
        raise place.fail(f"must be an array, not {_json_type(value)}")
    return value


def _required(value: JsonDict, key: str, place: _Place) -> Any:
    if value.get(key) is None:
        raise place.at(key).fail("is required")
    return value[key]


def _string(value: JsonDict, key: str, place: _Place) -> str:
    found = _required(value, key, place)
    if not isinstance(found, str):
        raise place.at(key).fail(f"must be a string, not {_json_type(found)}")
    return found


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    return names.get(type(value), "a number")
