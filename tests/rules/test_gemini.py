"""``check_wire_rules(transcript, "gemini", model=...)``: Gemini's rules, each with the
API's own error text, pinned exactly (code, message index, JSON Pointer, sentence).

* the function-response turn directly after its function-call turn (consecutive
  assistant messages are one model turn), as many responses as calls (the linkage
  codes), a function-call turn never first (INVALID_ROLE_ORDER; a text-only model turn
  first is not refused), function names (a letter or underscore first, dots, colons
  and dashes, at most 64), no id rule;
* MISSING_THOUGHT_SIGNATURE: the first call of each step of the current turn, for the
  models that require it (``model``), the documented placeholders counting as present;
* where the facts come from: the installed ``google-genai`` SDK's docstrings;
* the command: ``--provider-rules gemini``, ``--model``, the report.

The API's error texts are quoted from the threads that reported them (each test names
its thread).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from google.genai import types

from agent_ir import Diagnostic, check_wire_rules, validate_transcript
from agent_ir.cli import main
from agent_ir.wire._registry import REGISTRY
from agent_ir.wire._spec import SignatureRule

from support.builders import assistant, call_block, result, user

GEMINI = REGISTRY["gemini"]
SIGNATURE = "CiQBjz1rX2Nsb3NlZF9zaWduYXR1cmVfYnl0ZXM="
Located = tuple[str, int, str]


def located(diagnostics: tuple[Diagnostic, ...]) -> list[Located]:
    return [(str(d.code), d.message_index, d.path) for d in diagnostics]


def wire(transcript: Any, model: str | None = None) -> list[Located]:
    return located(check_wire_rules(transcript, "gemini", model=model))


def signed(call_id: str, name: str = "read", signature: str = SIGNATURE) -> dict[str, Any]:
    return {**call_block(call_id, name), "thoughtSignature": signature}


def text(value: str = "t") -> dict[str, Any]:
    return {"type": "text", "text": value}


def system(id: str) -> dict[str, Any]:
    return {"role": "system", "id": id, "content": "be brief"}


# --- the record --------------------------------------------------------------------------


def test_the_record_names_gemini_and_turns_on_its_rules() -> None:
    assert (GEMINI.name, GEMINI.label) == ("gemini", "Google Gemini")
    assert GEMINI.turns.results_follow_call
    assert GEMINI.turns.assistant_turns_join
    assert GEMINI.turns.calls_follow_user_turn
    assert not GEMINI.turns.user_turn_first
    assert not GEMINI.turns.content_required
    assert GEMINI.ids.longest is None
    assert GEMINI.ids.pattern is None
    assert GEMINI.tool_names is not None
    assert GEMINI.tool_names.pattern.pattern == "[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}"
    assert GEMINI.signatures is not None
    assert GEMINI.signatures.placeholders[0] == "skip_thought_signature_validator"
    # What repair writes: the base64 of those bytes, the form the SDK sends.
    assert GEMINI.signatures.placeholder == "c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I="


def test_the_function_name_rule_is_the_one_the_installed_sdk_states() -> None:
    """The SDK says 128 where the API's 400 says 64 (google-gemini/gemini-cli#7869,
    cline/cline#7339: "Invalid function name. Must start with a letter or an underscore.
    Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes
    (-), with a maximum length of 64."): the enforced 64 is the rule."""
    said = types.FunctionDeclaration.model_fields["name"].description
    assert said is not None
    assert "Must start with a letter or an underscore." in said
    assert "Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes" in said
    assert GEMINI.tool_names is not None
    assert GEMINI.tool_names.longest == 64


def test_the_sdk_carries_the_signature_on_the_part_as_bytes() -> None:
    """A placeholder sent through the SDK as bytes reaches the wire as their base64:
    the record counts that form too."""
    part = types.Part(
        function_call=types.FunctionCall(name="read", args={}),
        thought_signature=b"skip_thought_signature_validator",
    )
    sent = part.model_dump(mode="json", exclude_none=True)["thought_signature"]
    assert GEMINI.signatures is not None
    assert GEMINI.signatures.is_placeholder(sent)
    assert base64.urlsafe_b64decode(sent) == b"skip_thought_signature_validator"
    assert sent == GEMINI.signatures.placeholder  # what repair_transcript writes


# --- the function-response turn right after its call turn ----------------------------------


def test_a_user_message_between_a_call_and_its_response_is_result_not_immediate() -> None:
    """The API: "Please ensure that function response turn comes immediately after a
    function call turn." (langchain-ai/langchain#27799,
    GoogleCloudPlatform/generative-ai#368)."""
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1")]),
        user("u2", "wait"),
        result("r3", "c1"),
    ]

    [found] = check_wire_rules(transcript, "gemini")

    assert located((found,)) == [("RESULT_NOT_IMMEDIATE", 3, "/3/toolCallId")]
    assert found.message == (
        "the result of tool call 'c1' must come directly after the assistant message that "
        "made it (message 1) for gemini"
    )


def test_responses_may_follow_a_run_of_model_messages_merged_into_one_turn() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1")]),
        assistant("a2", [text("and")]),
        result("r3", "c1"),
    ]
    assert wire(transcript) == []


def test_fewer_responses_than_calls_is_a_missing_result_of_the_call() -> None:
    """The API: "Please ensure that the number of function response parts is equal to
    the number of function call parts of the function call turn."
    (google-gemini/gemini-cli#4217, #17208)."""
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1"), call_block("c2", "ls")]),
        result("r2", "c1"),
        user("u3", "next"),
    ]
    assert wire(transcript) == [("MISSING_TOOL_RESULT", 1, "/1/content/1")]


def test_more_responses_than_calls_are_a_duplicate_and_an_orphan() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1")]),
        result("r2", "c1"),
        result("r3", "c1"),
        result("r4", "c9"),
    ]
    assert [row[:2] for row in wire(transcript)] == [
        ("DUPLICATE_TOOL_RESULT", 3),
        ("ORPHAN_TOOL_RESULT", 4),
    ]


def test_a_response_split_off_by_a_user_message_is_late_and_the_turn_is_short_of_it() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1"), call_block("c2", "ls")]),
        result("r2", "c1"),
        user("u3", "wait"),
        result("r4", "c2", "ls"),
    ]
    assert wire(transcript) == [("RESULT_NOT_IMMEDIATE", 4, "/4/toolCallId")]


# --- a function-call turn after a user turn -------------------------------------------------


def test_a_call_turn_first_is_invalid_role_order() -> None:
    """The API: "Please ensure that function call turn comes immediately after a user
    turn or after a function response turn.", "when the sent conversation history starts
    with a function call" (google-gemini/gemini-cli#11814)."""
    transcript = [system("s0"), assistant("a1", [signed("c1")]), result("r2", "c1")]

    [found] = check_wire_rules(transcript, "gemini")

    assert located((found,)) == [("INVALID_ROLE_ORDER", 1, "/1/role")]
    assert found.message == (
        "an assistant turn with tool calls must come after a user turn or tool results for "
        "gemini, not first after the system messages"
    )


def test_a_first_call_turn_of_two_messages_is_one_invalid_role_order() -> None:
    """Two assistant messages with calls first make one model turn: reported once, at
    the message of its first call."""
    transcript = [
        assistant("a0", [signed("c1")]),
        assistant("a1", [signed("c2")]),
        result("r2", "c1"),
        result("r3", "c2"),
    ]
    assert wire(transcript) == [("INVALID_ROLE_ORDER", 0, "/0/role")]


def test_a_call_after_a_leading_text_message_is_in_the_same_first_model_turn() -> None:
    transcript = [
        assistant("a0", [text("Let me look.")]),
        system("s1"),  # no turn of the contents: the two model messages still merge
        assistant("a2", [signed("c1")]),
        result("r3", "c1"),
    ]
    assert wire(transcript) == [("INVALID_ROLE_ORDER", 2, "/2/role")]


@pytest.mark.parametrize(
    "transcript",
    [
        [assistant("a0", [text("Hi.")]), user("u1"), assistant("a2", [text("Sure.")])],
        [user("u0"), assistant("a1", [signed("c1")]), result("r2", "c1")],
        [
            user("u0"),
            assistant("a1", [signed("c1")]),
            result("r2", "c1"),
            assistant("a3", [signed("c2")]),
            result("r4", "c2"),
        ],
    ],
    ids=["text-only-model-first", "after-a-user-turn", "after-function-responses"],
)
def test_a_text_only_model_turn_first_and_call_turns_after_a_user_turn_are_accepted(
    transcript: list[Any],
) -> None:
    assert wire(transcript) == []


# --- function names and ids -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "taken"),
    [
        ("read", True),
        ("_private", True),
        ("mcp:files.read-v2", True),
        ("default_api.read_file", True),
        ("x" * 64, True),
        ("x" * 65, False),
        ("1read", False),
        ("-read", False),
        (".read", False),
        (":read", False),
        ("files/read", False),
        ("read file", False),
        ("r\u00e9ad", False),
    ],
)
def test_function_names_follow_the_api_s_pattern(name: str, taken: bool) -> None:
    transcript = [user("u0"), assistant("a1", [signed("c1", name)]), result("r2", "c1", name)]
    expected = [] if taken else [("INVALID_TOOL_NAME_FORMAT", 1, "/1/content/0/name")]
    assert wire(transcript) == expected


def test_a_refused_declaration_name_is_reported_at_its_tool() -> None:
    tools = [{"name": "9lives", "parameters": {"type": "object"}}, {"name": "ok_tool"}]
    [found] = check_wire_rules([user("u0")], "gemini", tools=tools)

    assert (found.code, found.message_index, found.tool_index, found.path) == (
        "INVALID_TOOL_NAME_FORMAT",
        -1,
        0,
        "/name",
    )
    assert found.message == (
        "tool name '9lives' must match [a-zA-Z_][a-zA-Z0-9_.:-]{0,63} for gemini"
    )


@pytest.mark.parametrize("call_id", ["call 1/\u00e9", "x" * 500, "gemini_call_0_1"])
def test_no_id_rule_is_known_so_no_id_is_refused(call_id: str) -> None:
    transcript = [user("u0"), assistant("a1", [signed(call_id)]), result("r2", call_id)]
    assert wire(transcript) == []


# --- thought signatures -------------------------------------------------------------------------


def test_an_unsigned_first_call_of_the_current_turn_is_missing_thought_signature() -> None:
    """The API's 400 for Gemini 3: "Function call is missing a thought_signature in
    functionCall parts. This is required for tools to work correctly, and missing
    thought_signature may lead to degraded model performance. Additional data, function
    call `default_api:shell` , position 2. Please refer to
    https://ai.google.dev/gemini-api/docs/thought-signatures for more details."
    (manthanabc/paws#103, nanbingxyz/5ire#405)."""
    transcript = [
        user("u0"),
        assistant("a1", [text("Reading."), call_block("c1"), call_block("c2", "ls")]),
        result("r2", "c1"),
        result("r3", "c2", "ls"),
    ]

    [found] = check_wire_rules(transcript, "gemini")

    assert located((found,)) == [("MISSING_THOUGHT_SIGNATURE", 1, "/1/content/1")]
    assert found.message == (
        "tool call 'c1' ('read') has no thought signature: Google Gemini requires one on the "
        "first call of each model step of the current turn (the turn since the last user "
        "message)"
    )
    [named] = check_wire_rules(transcript, "gemini", model="gemini-3-pro-preview")
    assert "Google Gemini ('gemini-3-pro-preview') requires one" in named.message


def test_of_parallel_calls_only_the_first_needs_one() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1"), call_block("c2", "ls"), call_block("c3")]),
        result("r2", "c1"),
        result("r3", "c2", "ls"),
        result("r4", "c3"),
    ]
    assert wire(transcript) == []


def test_each_sequential_step_needs_its_own() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1")]),
        result("r2", "c1"),
        assistant("a3", [text("Next."), call_block("c2")]),
        result("r4", "c2"),
        assistant("a5", [call_block("c3")]),
        result("r6", "c3"),
    ]
    assert wire(transcript) == [
        ("MISSING_THOUGHT_SIGNATURE", 3, "/3/content/1"),
        ("MISSING_THOUGHT_SIGNATURE", 5, "/5/content/0"),
    ]


def test_a_step_of_several_model_messages_needs_one_on_its_first_call_only() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [text("Reading.")]),
        assistant("a2", [call_block("c1")]),
        assistant("a3", [call_block("c2", "ls")]),
        result("r4", "c1"),
        result("r5", "c2", "ls"),
    ]
    assert wire(transcript) == [("MISSING_THOUGHT_SIGNATURE", 2, "/2/content/0")]


def test_calls_of_earlier_turns_are_not_checked() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        result("r2", "c1"),
        assistant("a3", [text("Done.")]),
        user("u4", "again"),
        assistant("a5", [text("Sure.")]),
    ]
    assert wire(transcript) == []


def test_a_history_ending_with_the_user_message_has_no_call_to_sign_yet() -> None:
    """The request that sends the user's new message: its turn has no model step yet,
    so the unsigned call of the turn before is not checked."""
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1")]),
        result("r2", "c1"),
        user("u3", "again"),
    ]
    assert wire(transcript) == []
    assert wire(transcript[:3]) == [("MISSING_THOUGHT_SIGNATURE", 1, "/1/content/0")]


def test_a_signature_on_a_text_or_thinking_part_does_not_sign_the_call() -> None:
    transcript = [
        user("u0"),
        assistant(
            "a1",
            [
                {"type": "thinking", "thinking": "plan", "thoughtSignature": SIGNATURE},
                {"type": "text", "text": "Reading.", "thoughtSignature": SIGNATURE},
                call_block("c1"),
            ],
        ),
        result("r2", "c1"),
    ]
    assert wire(transcript) == [("MISSING_THOUGHT_SIGNATURE", 1, "/1/content/2")]


@pytest.mark.parametrize(
    "signature",
    [
        "skip_thought_signature_validator",
        "context_engineering_is_the_way_to_go",
        "c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=",  # as the Python SDK sends b"..."
        "Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv",
    ],
)
def test_the_documented_placeholders_count_as_present(signature: str) -> None:
    assert GEMINI.signatures is not None
    assert GEMINI.signatures.is_placeholder(signature)
    transcript = [
        user("u0"),
        assistant("a1", [signed("c1", signature=signature)]),
        result("r2", "c1"),
    ]
    assert wire(transcript) == []


def test_a_real_signature_is_no_placeholder() -> None:
    assert GEMINI.signatures is not None
    assert not GEMINI.signatures.is_placeholder(SIGNATURE)
    assert not GEMINI.signatures.is_placeholder("skip_thought_signature")


def test_a_signature_rule_needs_a_placeholder() -> None:
    with pytest.raises(ValueError, match="at least one value"):
        SignatureRule(requires=lambda model: True, placeholders=())


UNSIGNED = [user("u0"), assistant("a1", [call_block("c1")]), result("r2", "c1")]


@pytest.mark.parametrize(
    ("model", "required"),
    [
        (None, True),  # not known: judged as the current models are
        ("gemini-3-pro-preview", True),
        ("gemini-3-flash-preview", True),
        ("gemini-3.1-pro-preview", True),
        ("gemini-3.1-flash-lite", True),
        ("gemini-3.5-flash", True),
        ("models/gemini-3-flash-preview", True),
        ("publishers/google/models/gemini-3-pro-preview", True),
        ("Gemini-3-Pro-Preview", True),
        ("gemini-flash-latest", True),  # an alias of the newest release
        ("gemini-4-ultra", True),
        ("gemini-10-flash", True),
        ("gemini-2.5-flash", False),
        ("gemini-2.5-pro", False),
        ("gemini-2.0-flash-001", False),
        ("gemini-2.0-flash-thinking-exp-01-21", False),
        ("gemini-1.5-flash", False),
        ("models/gemini-2.5-flash-lite", False),
        ("gemini-3-pro-image-preview", False),  # does not enforce it (Vertex AI's page)
        ("gemini-3.1-flash-lite-image", False),
        ("gemma-3-27b-it", False),
        ("", False),
    ],
)
def test_which_models_require_signatures(model: str | None, required: bool) -> None:
    expected = [("MISSING_THOUGHT_SIGNATURE", 1, "/1/content/0")] if required else []
    assert wire(UNSIGNED, model) == expected


def test_a_model_that_is_not_a_string_is_judged_as_not_known() -> None:
    assert [row[0] for row in wire(UNSIGNED, 3)] == ["MISSING_THOUGHT_SIGNATURE"]  # type: ignore[arg-type]


@pytest.mark.parametrize("provider", ["openai-chat", "openai-responses", "anthropic"])
def test_other_providers_ignore_the_model_and_signatures(provider: Any) -> None:
    assert check_wire_rules(UNSIGNED, provider, model="gemini-3-pro-preview") == ()


def test_the_rest_is_validate_transcript_s_verdict() -> None:
    transcript = [
        user("u0"),
        assistant("a1", [call_block("c1"), call_block("c1")]),
        result("r2", "c1"),
    ]
    rest = [row for row in wire(transcript) if row[0] != "MISSING_THOUGHT_SIGNATURE"]
    assert rest == located(validate_transcript(transcript))


# --- the command ---------------------------------------------------------------------------------


def _lines(tmp_path: Path) -> Path:
    source = tmp_path / "gemini.jsonl"
    lines = [
        {"id": "t1", "messages": UNSIGNED},
        {
            "id": "t2",
            "messages": [assistant("a0", [signed("c1", "1read")]), result("r1", "c1", "1read")],
        },
    ]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return source


def test_the_command_checks_gemini_s_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _lines(tmp_path)

    status = main(["validate", "--provider-rules", "gemini", "--jobs", "1", "--quiet", str(source)])

    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[:3] == [
        f"{source}:1: [t1] message 1 MISSING_THOUGHT_SIGNATURE: tool call 'c1' ('read') has no "
        "thought signature: Google Gemini requires one on the first call of each model step of the "
        "current turn (the turn since the last user message) (/1/content/0)",
        f"{source}:2: [t2] message 0 INVALID_TOOL_NAME_FORMAT: tool call 'c1' names '1read', "
        "which must match [a-zA-Z_][a-zA-Z0-9_.:-]{0,63} for gemini (/0/content/0/name)",
        f"{source}:2: [t2] message 0 INVALID_ROLE_ORDER: an assistant turn with tool calls must "
        "come after a user turn or tool results for gemini, not first after the system "
        "messages (/0/role)",
    ]


def test_the_command_s_model_option_says_which_model_the_lines_were_sent_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _lines(tmp_path)
    arguments = ["validate", "--provider-rules", "gemini", "--jobs", "1", "--quiet"]

    older = main([*arguments, "--model", "gemini-2.5-flash", str(source)])
    out = capsys.readouterr().out
    assert older == 1
    assert "MISSING_THOUGHT_SIGNATURE" not in out
    assert "INVALID_ROLE_ORDER" in out
    newer = main([*arguments, "--model", "gemini-3-flash-preview", str(source)])
    assert "MISSING_THOUGHT_SIGNATURE" in capsys.readouterr().out
    assert newer == 1


def test_the_model_option_needs_provider_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["validate", "--model", "gemini-3-pro-preview", str(_lines(tmp_path))])
    assert raised.value.code == 2
    assert "--model is for --provider-rules PROVIDER" in capsys.readouterr().err


def test_the_help_describes_the_model_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--model MODEL the model the lines were sent to" in shown
    assert "Gemini 3 and later require thought signatures" in shown


def test_the_report_names_the_model_explains_the_code_and_marks_signed_blocks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "signed.jsonl"
    transcript = [
        user("u0"),
        assistant("a1", [{"type": "text", "text": "Reading.", "thoughtSignature": "abcd"}]),
        assistant("a2", [signed("c1"), call_block("c2")]),
        result("r3", "c1"),
        user("u4", "and?"),
        assistant("a5", [call_block("c5")]),
        result("r6", "c5"),
    ]
    source.write_text(json.dumps({"id": "t1", "messages": transcript}) + "\n", encoding="utf-8")
    report = tmp_path / "report.html"

    status = main(
        [
            "validate",
            "--provider-rules",
            "gemini",
            "--model",
            "gemini-3-pro-preview",
            "--report",
            str(report),
            "--jobs",
            "1",
            "--quiet",
            str(source),
        ]
    )

    capsys.readouterr()
    page = report.read_text(encoding="utf-8")
    assert status == 1
    assert (
        "provider rules <code>gemini</code> (Google Gemini) · model <code>gemini-3-pro-preview</code>"
        in page
    )
    assert "a tool call of the current turn lost its signature (provider rule)" in page
    # the signed text (4 characters) and the signed call (its signature's length); the
    # unsigned calls are not marked
    assert page.count('<span class="signed">signed (4 characters)</span>') == 1
    assert page.count(f'<span class="signed">signed ({len(SIGNATURE)} characters)</span>') == 1
    assert page.count('class="signed"') == 2
    assert 'data-code="MISSING_THOUGHT_SIGNATURE"' in page
