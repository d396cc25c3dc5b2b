"""The public face: everything in __all__ exists, and nothing private leaks into it."""

from __future__ import annotations

import pickle
import types
import typing

import msgspec
import pytest

import agent_ir


def test_every_name_in_all_is_importable_from_the_package() -> None:
    missing = [name for name in agent_ir.__all__ if not hasattr(agent_ir, name)]
    assert missing == []


def test_all_lists_the_provider_boundary_and_the_ir() -> None:
    expected = {
        "FixtureProviderAdapter", "ModelStream", "ProviderError", "ProviderErrorCode",
        "TextDeltaChunk", "ToolCallChunk", "ModelResponse", "ModelChunk",
        "validate_transcript", "parse_transcript", "loads", "dumps", "to_json_value",
        "user_message", "assistant_message", "tool_result_message", "system_message",
        "text_from_assistant", "InvalidMessageError", "TranscriptError", "Diagnostic",
        "DiagnosticCode", "JsonObject",
    }  # fmt: skip
    assert expected <= set(agent_ir.__all__)
    assert all(not name.startswith("_") for name in agent_ir.__all__)


def test_dir_of_the_package_is_its_api() -> None:
    assert dir(agent_ir) == sorted(agent_ir.__all__)


def test_exported_classes_and_functions_say_agent_ir() -> None:
    exported = [getattr(agent_ir, name) for name in agent_ir.__all__]
    named = [value for value in exported if isinstance(value, (type, types.FunctionType))]
    # MAX_DEPTH, schemas, and the type aliases Message, ModelChunk, Provider
    assert len(named) == len(agent_ir.__all__) - 5
    assert {value.__module__ for value in named} == {"agent_ir"}
    assert repr(agent_ir.UserMessage) == "<class 'agent_ir.UserMessage'>"
    assert repr(agent_ir.DiagnosticCode) == "<enum 'DiagnosticCode'>"
    assert agent_ir.DiagnosticCode.__module__ == "agent_ir"
    assert agent_ir.validate_transcript.__module__ == "agent_ir"


def test_published_classes_still_decode_introspect_and_pickle() -> None:
    reply = agent_ir.loads(
        b'[{"role":"assistant","id":"a","content":[],"usage":{"inputTokens":1,"outputTokens":2}}]'
    )[0]
    assert pickle.loads(pickle.dumps(reply)) == reply
    hints = typing.get_type_hints(agent_ir.AssistantMessage)
    assert hints["usage"] is agent_ir.Usage
    schema = msgspec.json.schema(agent_ir.AssistantMessage)
    assert "Usage" in schema["$defs"]
    assert pickle.loads(pickle.dumps(agent_ir.JsonObject({"a": [1]}))) == {"a": [1]}


@pytest.mark.parametrize(
    ("error", "builtin_bases"),
    [
        (agent_ir.InvalidMessageError, (TypeError, ValueError)),
        (agent_ir.TranscriptError, (ValueError,)),
        (agent_ir.JsonValueError, (ValueError,)),
        (agent_ir.ProviderError, ()),
    ],
)
def test_one_exception_hierarchy_keeps_the_builtin_bases(
    error: type[Exception], builtin_bases: tuple[type[Exception], ...]
) -> None:
    assert issubclass(error, agent_ir.AgentIRError)
    assert all(issubclass(error, base) for base in builtin_bases)
    assert issubclass(agent_ir.AgentIRError, Exception)


def test_every_documented_error_is_caught_by_the_base() -> None:
    with pytest.raises(agent_ir.AgentIRError):
        agent_ir.JsonObject({"a": float("nan")})
    with pytest.raises(agent_ir.AgentIRError):
        agent_ir.user_message(id=" ", content="x")
    with pytest.raises(agent_ir.AgentIRError):
        agent_ir.loads(b"[{}]")
    with pytest.raises(agent_ir.AgentIRError):
        raise agent_ir.ProviderError("PROVIDER_EXHAUSTED", "none left")


def test_enum_members_read_as_constants_equal_to_their_strings() -> None:
    assert agent_ir.DiagnosticCode.MISSING_TOOL_RESULT == "MISSING_TOOL_RESULT"
    assert agent_ir.ProviderErrorCode.PROVIDER_CANCELLED == "PROVIDER_CANCELLED"
    assert agent_ir.StopReason.TOOL_CALL == "toolCall"
    for enum in (agent_ir.DiagnosticCode, agent_ir.ProviderErrorCode, agent_ir.StopReason):
        assert all(member.name.isupper() for member in enum)


def test_absent_optional_fields_read_none_and_null_stays_invalid() -> None:
    reply = agent_ir.assistant_message(id="a", content=[])
    assert (reply.usage, reply.stop_reason, reply.timestamp, reply.model) == (None,) * 4
    assert agent_ir.dumps(reply) == b'{"role":"assistant","id":"a","content":[]}'
    assert agent_ir.loads(b'[{"role":"assistant","id":"a","content":[]}]')[0].usage is None
    [diagnostic] = agent_ir.validate_transcript(
        [{"role": "assistant", "id": "a", "content": [], "usage": None}]
    )
    assert (diagnostic.code, diagnostic.path) == ("INVALID_MESSAGE", "/0/usage")
    with pytest.raises(agent_ir.TranscriptError):
        agent_ir.loads(b'[{"role":"assistant","id":"a","content":[],"usage":null}]')
    assert not hasattr(agent_ir, "UNSET")
    assert not hasattr(agent_ir, "UnsetType")
