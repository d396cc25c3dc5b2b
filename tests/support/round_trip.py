"""The round-trip matrix's shared parts: the recorded replies of ``fixtures/wire/``, each
as the next turn of a session, and the differences between a session and what a format
gives back that no warning names.

A difference is found block by block: each message is its header (role and fields other
than content and id, which readers assign again) at ``/i`` and its blocks at
``/i/content/j`` (content given as a string is one text block). The two sequences are
diffed in order; every item of the session that is not given back as it was (dropped,
changed, merged into another message) must lie under a warning's path (the warning's
path is the item's path or above it, or names a field within it), and nothing may be
given back that the session did not have in that place unless something warned was
dropped there (a refusal given back as text) or it is a warned block of the session given
back elsewhere as it was (a block moved ahead of a tool call, a result moved after its
call)."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

WIRE = Path(__file__).parents[2] / "fixtures" / "wire"
# Block fields other formats keep for their own bookkeeping, not sent and not warned (the
# module docstrings of the writers say so): Responses item ids and namespaces.
BOOKKEEPING = frozenset({"itemId", "namespace"})


def recorded_replies() -> list[Any]:
    """A param (id ``<format>/<recording>``) for the reply message of each recording."""
    found = []
    for path in sorted(WIRE.glob("*/*.expected.json")):
        response = json.loads(path.read_text(encoding="utf-8")).get("response")
        if response:
            name = f"{path.parent.name}/{path.name.removesuffix('.expected.json')}"
            found.append(pytest.param(response["message"], id=name))
    return found


def session(message: dict[str, Any], *, kept: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """A recorded reply in a session: a user turn before it, a result for each call. Of
    the reply's fields besides role, id and content (usage, stop reason, provider, ...:
    not part of a request), only those in ``kept``."""
    results = [
        {
            "role": "toolResult",
            "id": f"r{index}",
            "toolCallId": block["id"],
            "toolName": block["name"],
            "content": "ok",
            "isError": False,
        }
        for index, block in enumerate(message["content"])
        if block["type"] == "toolCall"
    ]
    reply = {key: message[key] for key in ("role", "id", "content", *kept) if key in message}
    return [{"role": "user", "id": "u", "content": "go"}, reply, *results]


def _items(messages: Iterable[dict[str, Any]]) -> list[tuple[str, str]]:
    """(path, canonical JSON) of each message's header and each of its blocks."""
    items = []
    for index, message in enumerate(messages):
        header = {key: value for key, value in message.items() if key not in {"id", "content"}}
        items.append((f"/{index}", json.dumps(header, sort_keys=True)))
        content = message["content"]
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for position, block in enumerate(content):
            kept = {key: value for key, value in block.items() if key not in BOOKKEEPING}
            items.append((f"/{index}/content/{position}", json.dumps(kept, sort_keys=True)))
    return items


def _covered(path: str, warned: Iterable[str]) -> bool:
    for place in warned:
        if path == place or path.startswith(place + "/"):
            return True  # the warning is about the item or what holds it
        if place.startswith(path + "/") and (
            "/content/" in path or not place.startswith(path + "/content")
        ):
            return True  # the warning names a field of the item
    return False


def unwarned_differences(
    sent: list[dict[str, Any]], back: list[dict[str, Any]], warned: Iterable[str]
) -> list[str]:
    """What differs between ``sent`` and ``back`` (JSON forms of IR messages) with no
    warning at its path (``warned``: IR paths into ``sent``), as readable lines."""
    paths = list(warned)
    before, after = _items(sent), _items(back)
    matcher = difflib.SequenceMatcher(
        None, [text for _, text in before], [text for _, text in after], autojunk=False
    )
    # A block warned at its place, or a message warned as a whole, may come back
    # elsewhere as it was (BLOCK_MOVED, MOVED_RESULT).
    moved = {
        text
        for path, text in before
        if ("/content/" in path and _covered(path, paths)) or path in paths
    }
    found = []
    for tag, low, high, other_low, other_high in matcher.get_opcodes():
        if tag == "equal":
            continue
        lost = before[low:high]
        for path, text in lost:
            if not _covered(path, paths):
                found.append(f"{path} {text} came back otherwise with no warning")
        if not any(_covered(path, paths) for path, _ in lost):
            for path, text in after[other_low:other_high]:
                if text not in moved:
                    found.append(f"{path} {text} came back where nothing was sent")
    return found
