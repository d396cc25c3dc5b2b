"""The calls of tools the application runs that the Responses API writes as items of
their own (``computer_call``, ``local_shell_call``) are tool calls: a reply ending in
one stops with "toolCall" (the application must run it and send its output back), in
``reply_from_openai_responses`` and ``OpenAIResponsesStream`` alike; their outputs
(``computer_call_output``, ``local_shell_call_output``) are tool results in
``from_openai_responses``, and ``to_openai_responses`` writes both back as the items
they came from.

Regression (issue 36): such a reply was read as a server-tool call with stop "stop",
and the outputs were read as server-tool calls of the assistant turn.

Every item is a minimal version of the shape the official SDK declares
(``ResponseComputerToolCall``, ``response_output_item.LocalShellCall``, the input
params ``ComputerCallOutput`` and ``LocalShellCallOutput``), checked with its types.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from openai.types.responses import (
    Response,
    ResponseComputerToolCall,
    ResponseInputItemParam,
    ResponseStreamEvent,
)
from openai.types.responses.response_output_item import LocalShellCall
from pydantic import TypeAdapter

from agent_ir import to_json_value, validate_transcript
from agent_ir.wire import (
    OpenAIResponsesStream,
    from_openai_responses,
    reply_from_openai_responses,
    to_openai_responses,
)

from support.builders import PNG_BASE64
from support.sdk import assert_sdk_accepts
from support.wire_cases import resolve

SCREENSHOT = f"data:image/png;base64,{PNG_BASE64}"
COMPUTER_CALL: dict[str, Any] = {
    "type": "computer_call",
    "id": "cu_67cc",
    "call_id": "call_zw3",
    "action": {"type": "click", "button": "left", "x": 156, "y": 50},
    "pending_safety_checks": [],
    "status": "completed",
}
SHELL_CALL: dict[str, Any] = {
    "type": "local_shell_call",
    "id": "lsh_68a1",
    "call_id": "call_sh1",
    "action": {"type": "exec", "command": ["ls", "-la"], "env": {}, "timeout_ms": 10000},
    "status": "completed",
}
COMPUTER_OUTPUT: dict[str, Any] = {
    "type": "computer_call_output",
    "call_id": "call_zw3",
    "output": {"type": "computer_screenshot", "image_url": SCREENSHOT},
}
SHELL_OUTPUT: dict[str, Any] = {
    "type": "local_shell_call_output",
    "id": "call_sh1",
    "output": '{"stdout": "README.md\\n", "stderr": "", "exit_code": 0}',
}
EVENTS = TypeAdapter(list[ResponseStreamEvent])
CALL_BLOCKS = {
    "computer_call": {
        "type": "toolCall",
        "id": "call_zw3",
        "name": "computer_call",
        "arguments": {"action": COMPUTER_CALL["action"], "pending_safety_checks": []},
        "itemId": "cu_67cc",
    },
    "local_shell_call": {
        "type": "toolCall",
        "id": "call_sh1",
        "name": "local_shell_call",
        "arguments": {"action": SHELL_CALL["action"]},
        "itemId": "lsh_68a1",
    },
}
CALLS = {"computer_call": COMPUTER_CALL, "local_shell_call": SHELL_CALL}


def reply_of(*output: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 1741476542,
        "model": "computer-use-preview",
        "status": "completed",
        "output": list(output),
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": {
            "input_tokens": 519,
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens": 7,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 526,
        },
    }


def events_of(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """The stream of ``reply``: each item added, then done; the terminal."""
    created = {**reply, "status": "in_progress", "output": []}
    events: list[dict[str, Any]] = [{"type": "response.created", "response": created}]
    for index, item in enumerate(reply["output"]):
        for kind in ("response.output_item.added", "response.output_item.done"):
            events.append({"type": kind, "output_index": index, "item": item})
    terminal = "response.incomplete" if reply["status"] == "incomplete" else "response.completed"
    events.append({"type": terminal, "response": reply})
    return [{**event, "sequence_number": n} for n, event in enumerate(events)]


def read(reply: dict[str, Any]) -> Any:
    before = copy.deepcopy(reply)
    response = reply_from_openai_responses(reply, request_id="request-1")
    assert reply == before
    for warning in response.warnings:
        resolve(reply, warning.path)
    return response


def streamed(reply: dict[str, Any]) -> Any:
    return OpenAIResponsesStream(events_of(reply), request_id="request-1").result()


def test_the_items_are_the_sdks_shapes() -> None:
    assert ResponseComputerToolCall.model_validate(COMPUTER_CALL).call_id == "call_zw3"
    assert LocalShellCall.model_validate(SHELL_CALL).action.command == ["ls", "-la"]
    for kind in CALLS:
        Response.model_validate(reply_of(CALLS[kind]))
        EVENTS.validate_python(events_of(reply_of(CALLS[kind])))
    items = [COMPUTER_CALL, COMPUTER_OUTPUT, SHELL_CALL, SHELL_OUTPUT]
    assert_sdk_accepts(items, list[ResponseInputItemParam], "input")


@pytest.mark.parametrize("kind", list(CALLS))
def test_a_reply_ending_in_a_call_the_application_runs_stops_for_its_output(kind: str) -> None:
    reply = reply_of(CALLS[kind])
    for response in (read(reply), streamed(reply)):
        assert to_json_value(response.message)["content"] == [CALL_BLOCKS[kind]]
        assert response.stop_reason == "toolCall"
        assert response.warnings == ()
    assert to_json_value(read(reply)) == to_json_value(streamed(reply))
    # The SDK's own object, dumped (a null for every absent field), reads the same.
    dumped = Response.model_validate(reply).model_dump(mode="json")
    assert to_json_value(read(dumped).message) == to_json_value(read(reply).message)


@pytest.mark.parametrize("kind", list(CALLS))
def test_the_reply_continues_the_history_it_was_read_into(kind: str) -> None:
    """The reply's message, its result and the next request: the call goes back as the
    item it came as, the result as the call's output item."""
    reply = read(reply_of({"type": "reasoning", "id": "rs_1", "summary": []}, CALLS[kind]))
    output = COMPUTER_OUTPUT if kind == "computer_call" else SHELL_OUTPUT
    result = to_json_value(from_openai_responses([output])[0])
    history = [{"role": "user", "id": "u", "content": "Open the file list."}]
    history += [reply.message, result]
    assert validate_transcript(history) == ()
    request = to_openai_responses(history)
    assert request.fields["input"][2:] == [CALLS[kind], output]
    assert request.warnings == ()
    assert_sdk_accepts(request.fields["input"], list[ResponseInputItemParam], "input")


def test_items_read_and_written_back_are_the_items() -> None:
    items = [
        {"type": "message", "role": "user", "content": "Check the page and list the files."},
        COMPUTER_CALL,
        COMPUTER_OUTPUT,
        SHELL_CALL,
        SHELL_OUTPUT,
    ]
    assert_sdk_accepts(items, list[ResponseInputItemParam], "input")
    messages = from_openai_responses(items)
    assert messages.warnings == ()
    assert [to_json_value(m)["role"] for m in messages] == [
        "user",
        "assistant",
        "toolResult",
        "assistant",
        "toolResult",
    ]
    result = to_json_value(messages[2])
    assert (result["toolCallId"], result["toolName"]) == ("call_zw3", "computer_call")
    assert result["content"] == [
        {
            "type": "image",
            "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
        }
    ]
    result = to_json_value(messages[4])
    assert (result["toolCallId"], result["toolName"]) == ("call_sh1", "local_shell_call")
    assert result["content"] == SHELL_OUTPUT["output"]
    assert validate_transcript(list(messages)) == ()
    back = to_openai_responses(list(messages))
    assert back.fields["input"] == items
    assert back.warnings == ()


def test_what_the_ir_has_no_place_for_in_an_output_is_warned_at_its_path() -> None:
    output = {
        **COMPUTER_OUTPUT,
        "output": {"type": "computer_screenshot", "file_id": "file-1"},
        "acknowledged_safety_checks": [{"id": "cu_sc_1", "code": "malicious_instructions"}],
        "status": "completed",
    }
    assert_sdk_accepts([output], list[ResponseInputItemParam], "input")
    messages = from_openai_responses([COMPUTER_CALL, output])
    assert [(w.code, w.path, w.message_index) for w in messages.warnings] == [
        ("PART_NOT_READ", "/input/1/output/file_id", 1),
        ("PART_NOT_READ", "/input/1/acknowledged_safety_checks", 1),
    ]
    assert to_json_value(messages[1])["content"] == []


def test_a_result_the_output_item_cannot_hold_is_warned_block_by_block() -> None:
    image = {
        "type": "image",
        "source": {"type": "base64", "mediaType": "image/png", "data": PNG_BASE64},
    }
    history: list[dict[str, Any]] = [
        {"role": "user", "id": "u", "content": "go"},
        {"role": "assistant", "id": "a", "content": [CALL_BLOCKS["computer_call"]]},
        {
            "role": "toolResult",
            "id": "r1",
            "toolCallId": "call_zw3",
            "toolName": "computer_call",
            "content": [{"type": "text", "text": "clicked"}, image, image],
            "isError": True,
        },
        {"role": "assistant", "id": "b", "content": [CALL_BLOCKS["local_shell_call"]]},
        {
            "role": "toolResult",
            "id": "r2",
            "toolCallId": "call_sh1",
            "toolName": "local_shell_call",
            "content": [{"type": "text", "text": "a"}, image, {"type": "text", "text": "b"}],
            "isError": False,
        },
    ]
    request = to_openai_responses(history)
    assert request.fields["input"][2] == COMPUTER_OUTPUT
    assert request.fields["input"][4] == {**SHELL_OUTPUT, "output": "ab"}
    assert [(w.code, w.message_index, w.block_index) for w in request.warnings] == [
        ("ERROR_FLAG_NOT_SENT", 2, -1),
        ("RESULT_BLOCK_NOT_SENT", 2, 0),
        ("RESULT_BLOCK_NOT_SENT", 2, 2),
        ("RESULT_BLOCK_NOT_SENT", 4, 1),
    ]
    assert request.warnings[0].message == (
        "the error flag is not sent: computer_call_output has no error field"
    )
    assert request.warnings[1].message == (
        "the result's text is not sent: computer_call_output holds one screenshot"
    )
    # No image at all: the result cannot be its output item.
    history[2] = {**history[2], "content": "no screen", "isError": False}
    request = to_openai_responses(history)
    assert [item["type"] for item in request.fields["input"]] == [
        "message",
        "computer_call",
        "local_shell_call",
        "local_shell_call_output",
    ]
    assert [(w.code, w.message_index, w.block_index) for w in request.warnings][:2] == [
        ("RESULT_BLOCK_NOT_SENT", 2, -1),
        ("MESSAGE_NOT_SENT", 2, -1),
    ]


@pytest.mark.parametrize(
    "arguments",
    [
        {"x": 1},  # no action: a function of that name
        {"action": {}, "call_id": "other"},  # an item key in the arguments
    ],
)
def test_a_function_that_shares_the_name_stays_a_function_call(arguments: Any) -> None:
    block = {**CALL_BLOCKS["computer_call"], "arguments": arguments}
    history = [{"role": "assistant", "id": "a", "content": [block]}]
    history.append(
        {
            "role": "toolResult",
            "id": "r",
            "toolCallId": "call_zw3",
            "toolName": "computer_call",
            "content": "done",
            "isError": False,
        }
    )
    items = to_openai_responses(history).fields["input"]
    assert [item["type"] for item in items] == ["function_call", "function_call_output"]


def test_a_call_cut_off_is_dropped_with_a_warning_as_a_function_call_is() -> None:
    reply = reply_of({**COMPUTER_CALL, "status": "incomplete"})
    reply["status"] = "incomplete"
    reply["incomplete_details"] = {"reason": "max_output_tokens"}
    for response in (read(reply), streamed(reply)):
        assert response.message.content == ()
        assert response.stop_reason == "length"
        assert [(w.code, w.path) for w in response.warnings] == [("PART_NOT_READ", "/output/0")]


@pytest.mark.parametrize("missing", ["id", "call_id"])
def test_a_call_without_its_ids_is_refused_naming_the_key(missing: str) -> None:
    item = {key: value for key, value in COMPUTER_CALL.items() if key != missing}
    with pytest.raises(Exception, match=f"/output/0/{missing} must be a non-empty string"):
        read(reply_of(item))
    with pytest.raises(
        Exception, match=f"from_openai_responses: /input/0/{missing} must be a non-empty string"
    ):
        from_openai_responses([item])


def test_an_output_without_the_call_it_answers_keeps_its_name() -> None:
    messages = from_openai_responses([SHELL_OUTPUT])
    assert to_json_value(messages[0])["toolName"] == "local_shell_call"
    assert messages.warnings == ()


def test_a_call_only_the_terminal_holds_is_read_from_there() -> None:
    """An item whose output_item.done never came is read from response.completed."""
    reply = reply_of(COMPUTER_CALL)
    events = [event for event in events_of(reply) if "output_item" not in event["type"]]
    response = OpenAIResponsesStream(events, request_id="request-1").result()
    assert to_json_value(response.message)["content"] == [CALL_BLOCKS["computer_call"]]
    assert response.stop_reason == "toolCall"
