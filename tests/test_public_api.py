"""The public face: everything in __all__ exists, and nothing private leaks into it."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pickle
import re
import subprocess
import sys
import types
import typing
from pathlib import Path

import msgspec
import pytest

import agent_ir
import agent_ir.wire
from agent_ir import _publish

FOLDERS = (
    *("anthropic", "bedrock_converse", "gemini", "hf_chat", "mistral", "openai_chat"),
    *("openai_responses", "otel"),
)


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


FACES = (
    "agent_ir",
    "agent_ir.adapters",
    "agent_ir.replies",
    "agent_ir.wire",
    *(f"agent_ir.wire.{folder}" for folder in FOLDERS),
)


def _typing_names(package: str) -> list[str]:
    """The names a type checker reads as ``package``'s exports: the ``X as X`` imports
    and the ``__all__`` of each module the package star-imports (it sees no ``__all__``
    of the package: ``_publish.export`` makes it at run time)."""
    module = importlib.import_module(package)
    tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        for alias in node.names:
            if alias.name == "*":
                names += importlib.import_module(node.module).__all__
            elif alias.asname == alias.name:
                names.append(alias.name)
    return names


@pytest.mark.parametrize("package", FACES)
def test_type_checkers_read_exactly_the_names_a_package_exports(package: str) -> None:
    """Every name is spelled in its module's ``__all__`` and at most once more in the
    package: a star import of a module that exported more than the package would let a
    type checker accept a name the package does not have."""
    module = importlib.import_module(package)
    typed = _typing_names(package)
    assert sorted(typed) == module.__all__
    assert len(set(typed)) == len(typed)
    assert dir(module) == module.__all__


@pytest.mark.parametrize("package", FACES)
def test_a_package_s_table_is_what_it_exports_and_each_name_resolves(package: str) -> None:
    module = importlib.import_module(package)
    face = _publish.faces()[package]
    assert list(face.exported) == module.__all__
    for source in face.lazy:
        assert set(face.names[source]) <= set(importlib.import_module(source).__all__)
    assert all(getattr(module, name) is not None for name in module.__all__)
    with pytest.raises(AttributeError, match=rf"module '{re.escape(package)}' has no attribute"):
        getattr(module, "_nope")  # noqa: B009


def test_a_name_exported_by_two_packages_says_the_shallowest() -> None:
    """``agent_ir.wire`` exports ``ConversionWarning`` too; reached through either, or
    imported from its own module first, it says ``agent_ir``."""
    probe = (
        "from agent_ir.wire._common import ConversionWarning\n"
        "import agent_ir.wire\n"
        "import agent_ir\n"
        "print(ConversionWarning.__module__, agent_ir.wire.ConversionWarning.__module__,"
        " agent_ir.ConversionWarning is ConversionWarning)\n"
        "from agent_ir.repair import RepairResult\n"
        "print(RepairResult.__module__)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    assert shown == ["agent_ir", "agent_ir", "True", "agent_ir"]


USER_FILE = """\
from agent_ir import *
from agent_ir.wire import *
import agent_ir
import agent_ir.wire

{uses}
reveal_type(agent_ir.validate_transcript([]))
reveal_type(agent_ir.wire.to_gemini([]))
reveal_type(agent_ir.trim_transcript([], max_messages=1).transcript)
reveal_type(agent_ir.wire.GeminiStream([], request_id="r").result())
reveal_type(agent_ir.__version__)
from agent_ir import describe_error
from agent_ir.wire import GeminiState
"""


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="needs mypy")
def test_a_user_file_naming_every_public_name_type_checks_under_mypy_strict(
    tmp_path: Path,
) -> None:
    """A user's ``mypy --strict`` sees every name of ``agent_ir`` and ``agent_ir.wire``
    (star-imported and as attributes) with its own type, and no name the packages do not
    export (a module-level ``__getattr__`` seen by mypy would make every name ``Any``)."""
    uses = "\n".join(
        [f"_{index} = {name}" for index, name in enumerate(agent_ir.__all__)]
        + [f"_w{index} = {name}" for index, name in enumerate(agent_ir.wire.__all__)]
        + [f"_f{index} = agent_ir.wire.{folder}" for index, folder in enumerate(FOLDERS)]
    )
    user = tmp_path / "user.py"
    user.write_text(USER_FILE.format(uses=uses), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--cache-dir", str(tmp_path / "cache"), str(user)],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )  # fmt: skip
    lines = [line.split(": ", 1)[1] for line in run.stdout.splitlines()]
    messages = "agent_ir._generated.message_schema"
    assert lines == [
        'note: Revealed type is "tuple[agent_ir._generated.diagnostic_schema.Diagnostic, ...]"',
        'note: Revealed type is "agent_ir.wire._common.WireRequest"',
        f'note: Revealed type is "tuple[{messages}.UserMessage | {messages}.AssistantMessage'
        f' | {messages}.ToolResultMessage | {messages}.SystemMessage, ...]"',
        'note: Revealed type is "agent_ir._generated.model_stream_schema.ModelResponse"',
        'note: Revealed type is "str"',
        'error: Module "agent_ir" has no attribute "describe_error"  [attr-defined]',
        'error: Module "agent_ir.wire" has no attribute "GeminiState"; maybe "GeminiStream"?'
        "  [attr-defined]",
    ], run.stdout
