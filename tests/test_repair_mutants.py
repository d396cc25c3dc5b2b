"""``repair_transcript``'s FIXED_TOOL_NAME action read in full (pins what
``mutation/run.py``'s ``repair`` group changes in its message)."""

from __future__ import annotations

from agent_ir import ToolCallBlock, assistant_message, tool_result_message, user_message
from agent_ir.repair import RepairCode, repair_transcript


def test_a_fixed_tool_name_action_names_both_names() -> None:
    transcript = [
        user_message(id="u", content="hi"),
        assistant_message(id="a", content=(ToolCallBlock(id="c1", name="search", arguments={}),)),
        tool_result_message(id="r", tool_call_id="c1", tool_name="serch", content="ok"),
    ]
    actions = repair_transcript(transcript).actions
    assert [(a.code, a.message_index, a.path, a.message) for a in actions] == [
        (
            RepairCode.FIXED_TOOL_NAME,
            2,
            "/2/toolName",
            "tool name 'serch' became 'search', the name of its call",
        )
    ]
