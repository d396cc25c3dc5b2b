"""The calls of tools the application runs that the Responses API writes as items of
their own (``computer_call``, ``local_shell_call``) and their outputs: the one mapping
that the request (both ways), the reply and the stream share (told in
``docsgen/mapping/openai-responses.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from agent_ir._jsoncopy import thaw
from agent_ir.wire._common import without_nulls

__all__ = ["OUTPUT_OF_CALL", "call_arguments", "call_item"]

OUTPUT_OF_CALL: Final = {
    "computer_call": "computer_call_output",
    "local_shell_call": "local_shell_call_output",
}
"""The output item type of each call item type."""

# The keys of a call item that are not its arguments.
_OWN_KEYS: Final = ("type", "id", "call_id", "status")
# The keys of which a call's arguments hold at least one: what the application runs.
_ACTIONS: Final = {"computer_call": ("action", "actions"), "local_shell_call": ("action",)}


def call_arguments(item: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments of a call item (a JSON object as it came): its keys but its own
    (``type``, ``id``, ``call_id``, ``status``), null ones left out at any depth."""
    return {
        key: without_nulls(value)
        for key, value in item.items()
        if key not in _OWN_KEYS and value is not None
    }


def call_item(
    name: str, item_id: str | None, call_id: str, arguments: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The item of a tool call named ``name`` (``arguments`` the IR's, not changed),
    when it is one of these calls (see ``docsgen/mapping/openai-responses.md``); else None."""
    actions = _ACTIONS.get(name)
    if actions is None or item_id is None:
        return None
    if any(key in arguments for key in _OWN_KEYS) or not any(key in arguments for key in actions):
        return None
    return {
        "type": name,
        "id": item_id,
        "call_id": call_id,
        **thaw(arguments),
        "status": "completed",
    }
