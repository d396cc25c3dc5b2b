"""``repair_transcript``'s FIXED_TOOL_NAME action and ``trim_transcript``'s cut read in
full (pin what ``mutation/run.py``'s ``repair`` group changes)."""

from __future__ import annotations

from agent_ir import TextBlock, ToolCallBlock, assistant_message, tool_result_message, user_message
from agent_ir.repair import RepairCode, repair_transcript, trim_transcript


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


def test_a_cut_right_after_a_call_moves_past_its_later_result() -> None:
    # The cut the budget asks for (index 2) would keep the result at 3 without its call
    # at 1: it moves past the result, as trim_transcript documents.
    transcript = [
        user_message(id="u0", content="hi"),
        assistant_message(id="a1", content=(ToolCallBlock(id="c1", name="f", arguments={}),)),
        user_message(id="u2", content="meanwhile"),
        tool_result_message(id="r3", tool_call_id="c1", tool_name="f", content="ok"),
        assistant_message(id="a4", content=(TextBlock(text="done"),)),
    ]
    result = trim_transcript(transcript, max_messages=3)
    assert [message.id for message in result.transcript] == ["a4"]
    assert [(a.code, a.message_index, a.message) for a in result.actions] == [
        (
            RepairCode.TRIMMED_MESSAGES,
            0,
            "4 messages (input indexes 0 to 3) were left out to fit the budget",
        )
    ]
