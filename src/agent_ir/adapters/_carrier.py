"""What a framework's message objects have no field for, kept beside them so that the
IR reads back equal: the *carrier*, a small JSON object in the framework's own
application metadata (pydantic-ai's ``metadata``, LangChain's ``response_metadata``),
which no framework sends to a model.

An adapter writes each IR message in the framework's native form, reads that form back
as the reader would, and keeps only the difference (``difference``): the IR keys whose
value the native form does not give back (``None`` for a key the IR message has not),
and under ``"blocks"`` the same per content block, each with ``"as"``, the type of the
block the native form reads back as. Reading, ``apply`` lays the carrier over what the
native form gave, block by block, only where the block still reads as the type the
carrier was made for (a block changed in the framework since keeps its native reading,
with a warning). What the carrier holds a model would not get is warned at writing
(``codes``): the carrier keeps the round trip, not the request.
"""

from __future__ import annotations

from typing import Any

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir.wire._common import Warnings

__all__ = ["CARRIER_KEY", "apply", "difference", "warn_carried"]

CARRIER_KEY = "agent_ir"
"""The key of the carrier in the framework's metadata mapping."""

Code = ConversionWarningCode
JsonDict = dict[str, Any]

# The IR keys a model never reads in any format (ids, bookkeeping, reply metadata):
# carried without a warning.
_SILENT = frozenset(
    {"id", "timestamp", "usage", "model", "provider", "stopReason", "itemId", "namespace"}
)
# A key of a message or block a model would not get -> its code.
_KEY_CODES = {
    "cacheControl": Code.CACHE_CONTROL_NOT_SENT,
    "citations": Code.CITATIONS_NOT_SENT,
    "thoughtSignature": Code.SIGNATURE_NOT_SENT,
    "signature": Code.SIGNATURE_NOT_SENT,
    "redacted": Code.REDACTED_FLAG_NOT_SENT,
    "detail": Code.IMAGE_DETAIL_NOT_SENT,
    "filename": Code.DOCUMENT_DETAIL_NOT_SENT,
    "title": Code.DOCUMENT_DETAIL_NOT_SENT,
    "context": Code.DOCUMENT_DETAIL_NOT_SENT,
    "isError": Code.ERROR_FLAG_NOT_SENT,
    "toolName": Code.TOOL_NAME_NOT_SENT,
}
# A block written as another kind of block -> its code, by its IR type.
_BLOCK_CODES = {
    "refusal": Code.REFUSAL_AS_TEXT,
    "serverToolCall": Code.SERVER_TOOL_NOT_SENT,
    "serverToolResult": Code.SERVER_TOOL_NOT_SENT,
    "audio": Code.AUDIO_NOT_SENT,
    "document": Code.DOCUMENT_NOT_SENT,
    "image": Code.IMAGE_NOT_SENT,
    "thinking": Code.THINKING_NOT_SENT,
}


def difference(ir: JsonDict, back: JsonDict) -> JsonDict:
    """The carrier of IR message ``ir`` (JSON form) whose native form reads back as
    ``back``: empty when it reads back equal."""
    carrier = _keys(ir, back, skip="content")
    content, read = ir.get("content"), back.get("content")
    if type(content) is list and type(read) is list and len(content) == len(read):
        blocks = {
            str(index): {"as": block_read.get("type"), **_keys(block, block_read)}
            for index, (block, block_read) in enumerate(zip(content, read, strict=True))
            if block != block_read
        }
        if blocks:
            carrier["blocks"] = blocks
    elif content != read:
        carrier["content"] = content
    return carrier


def _keys(ir: JsonDict, back: JsonDict, skip: str = "") -> JsonDict:
    changed: JsonDict = {}
    for key, value in ir.items():
        if key != skip and (key not in back or back[key] != value):
            changed[key] = value
    for key in back:
        if key != skip and key not in ir:
            changed[key] = None
    return changed


def apply(
    message: JsonDict,
    carrier: object,
    warnings: Warnings,
    index: int,
    pointer: str,
) -> JsonDict:
    """``message`` (the IR JSON form read natively, message ``index`` of the result)
    with ``carrier`` (found at ``pointer``) laid over it. A carrier of the wrong shape
    or made for a message of another role, or a block that no longer reads as the type
    it was made for, is not applied (PART_NOT_READ at its place)."""
    if type(carrier) is not dict:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            -1,
            f"the agent-ir carrier is {_kind(carrier)}, not an object: not applied",
            path=pointer,
        )
        return message
    if carrier.get("role", message["role"]) != message["role"]:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            -1,
            "the agent-ir carrier was made for a message of another role: not applied",
            path=pointer,
        )
        return message
    result = _overlaid(message, carrier, skip="blocks")
    blocks = carrier.get("blocks")
    if blocks is None:
        return result
    content = result.get("content")
    if type(blocks) is not dict or type(content) is not list:
        warnings.add(
            Code.PART_NOT_READ,
            index,
            -1,
            "the agent-ir carrier's blocks do not fit the message: not applied",
            path=f"{pointer}/blocks",
        )
        return result
    result["content"] = _blocks_overlaid(content, blocks, warnings, index, pointer)
    return result


def _overlaid(value: JsonDict, changes: JsonDict, skip: str) -> JsonDict:
    """``value`` with ``changes`` laid over it (None: the key is absent)."""
    result = dict(value)
    for key, change in changes.items():
        if key == skip:
            continue
        if change is None:
            result.pop(key, None)
        else:
            result[key] = change
    return result


def _blocks_overlaid(
    content: list[Any], blocks: JsonDict, warnings: Warnings, index: int, pointer: str
) -> list[Any]:
    content = list(content)
    for key, change in blocks.items():
        position = int(key) if type(key) is str and key.isdecimal() else -1
        if (
            type(change) is not dict
            or not 0 <= position < len(content)
            or type(content[position]) is not dict
            or content[position].get("type") != change.get("as")
        ):
            warnings.add(
                Code.PART_NOT_READ,
                index,
                -1,
                f"the agent-ir carrier of block {key} does not fit the block there: not applied",
                path=f"{pointer}/blocks/{_escaped(str(key))}",
            )
            continue
        content[position] = _overlaid(content[position], change, skip="as")
    return content


def warn_carried(
    warnings: Warnings, ir: JsonDict, back: JsonDict, carrier: JsonDict, index: int, framework: str
) -> None:
    """A warning for each thing ``carrier`` (of IR message ``index``, whose native form
    reads back as ``back``) keeps that a model would not get from the framework's
    native form. A key the native form holds too, in another spelling (a cache point's
    default time to live, base64 of the same bytes), is not a loss."""
    for key in carrier:
        if key == "blocks" or key in _SILENT:
            continue
        if key != "content" and key in back and carrier[key] is not None:
            continue
        if key == "content":
            warnings.add(
                Code.PART_NOT_READ,
                index,
                -1,
                f"the content has no {framework} form: kept in the agent-ir metadata only",
                field="content",
            )
            continue
        code = _KEY_CODES.get(key, Code.PART_NOT_READ)
        warnings.add(
            code,
            index,
            -1,
            f"{key} has no {framework} form: kept in the agent-ir metadata, not sent to a model",
            field=key,
        )
    for position, change in carrier.get("blocks", {}).items():
        block_index = int(position)
        block = ir["content"][block_index]
        if change.get("type") is not None:
            code = _BLOCK_CODES.get(block["type"], Code.PART_NOT_READ)
            warnings.add(
                code,
                index,
                block_index,
                f"a {block['type']} block has no {framework} form: written as a"
                f" {change['as']} part, kept as it was in the agent-ir metadata",
            )
            continue
        read = back["content"][block_index]
        for key in change:
            if key == "as" or key in _SILENT or (key in read and change[key] is not None):
                continue
            code = _KEY_CODES.get(key, Code.PART_NOT_READ)
            if key == "citations" and block["type"] == "document":
                code = Code.DOCUMENT_DETAIL_NOT_SENT
            warnings.add(
                code,
                index,
                block_index,
                f"{key} has no {framework} form: kept in the agent-ir metadata,"
                " not sent to a model",
                field=key,
            )


def _kind(value: object) -> str:
    names = {list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number" if isinstance(value, (int, float)) else "an object")


def _escaped(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")
