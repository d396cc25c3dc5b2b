"""Known causes of oracle failures, used to tag a failure's signature.

A failure whose input shows a known cause is still a crash; its signature gets the
cause appended (``... [known: ...]``), so that one known cause, hit again and again,
does not take the signature slot that an unknown cause of the same check would need.
Each entry names the defect or finding (``docs/reliability-fuzz.md``). Tagging looks at
the input only: it does not prove the cause, it only keeps the signatures apart.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from agent_ir import MAX_DEPTH
from fuzz.reference import depth_of, has_lone_surrogate

__all__ = ["records_causes", "repair_causes", "stream_causes", "transcript_causes", "wire_causes"]


def transcript_causes(value: Any) -> list[str]:
    """Known causes visible in a transcript (plain builtins)."""
    entries = value if type(value) is list else []
    return [name for name, shows in _TRANSCRIPT_CAUSES if any(map(shows, entries))]


def records_causes(value: Any) -> list[str]:
    """Known causes visible in a fixture response's records."""
    records = value if type(value) is list else []
    return [name for name, shows in _RECORDS_CAUSES if any(map(shows, records))]


def _year_zero(entry: Any) -> bool:
    timestamp = entry.get("timestamp") if type(entry) is dict else None
    return type(timestamp) is str and timestamp.startswith("0000")


def _surrogate_in_arguments_key(entry: Any) -> bool:
    content = entry.get("content") if type(entry) is dict else None
    blocks = content if type(content) is list else []
    return any(
        type(block) is dict and _has_surrogate_key(block.get("arguments")) for block in blocks
    )


def _surrogate_in_another_key(entry: Any) -> bool:
    """A lone surrogate in a key outside tool-call arguments (an unknown field's name)."""
    if type(entry) is not dict or type(entry.get("content")) is not list:
        return _has_surrogate_key(entry)
    blocks = [
        {key: value for key, value in block.items() if key != "arguments"}
        if type(block) is dict
        else block
        for block in entry["content"]
    ]
    return _has_surrogate_key({**entry, "content": blocks})


def _has_surrogate_key(value: Any) -> bool:
    pending = [value]
    while pending:
        item = pending.pop()
        if type(item) is dict:
            if any(type(key) is str and has_lone_surrogate(key) for key in item):
                return True
            pending.extend(item.values())
        elif type(item) is list:
            pending.extend(item)
    return False


def _arguments_at_the_depth_bound(record: Any) -> bool:
    return depth_of(record) == MAX_DEPTH + 1


_TRANSCRIPT_CAUSES: list[tuple[str, Callable[[Any], bool]]] = [
    ("known: year 0000 timestamp refused (defect 8)", _year_zero),
    ("known: lone surrogate in an arguments key (defect 6)", _surrogate_in_arguments_key),
    ("known: lone surrogate in another key (F2)", _surrogate_in_another_key),
]
_RECORDS_CAUSES: list[tuple[str, Callable[[Any], bool]]] = [
    ("known: 64-level arguments refused by the adapter (defect 4)", _arguments_at_the_depth_bound),
]


def stream_causes(body: bytes) -> list[str]:
    """Known causes visible in the bytes a provider stream read."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return ["known: bytes that are not UTF-8 lose the events before them in their chunk (S1)"]
    return []


def repair_causes(value: Any) -> list[str]:
    """Known causes visible in a transcript given to repair and the rules."""
    entries = value if type(value) is list else []
    roles = [entry.get("role") if type(entry) is dict else None for entry in entries]
    if any(a == b == "assistant" for a, b in itertools.pairwise(roles)):
        return ["known: assistant messages in a row (the Anthropic repair defect's shape)"]
    return []


def wire_causes(value: Any) -> list[str]:
    """Known causes visible in the arguments of a wire reader."""
    if _has_surrogate_key(value):
        return ["known: lone surrogate in a key, raw in WireFormatError.pointer (W1)"]
    return []
