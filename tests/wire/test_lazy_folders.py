"""The provider folders import their request readers, replies and streams when first
used: the command's start-up reads only the registry (with every reader imported, it
took twice as long: 0.53 s against 0.24 s to import ``agent_ir.cli``), and a name reached any way says ``agent_ir.wire``."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

FOLDERS = (
    *("anthropic", "bedrock_converse", "gemini", "hf_chat", "mistral", "openai_chat"),
    *("openai_responses", "otel"),
)


def _folder_names(folder: str) -> list[str]:
    module = importlib.import_module(f"agent_ir.wire.{folder}")
    return list(module.__all__)


def _run(probe: str) -> list[str]:
    return subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()


def test_the_registry_and_the_command_import_no_reader_reply_stream_or_asyncio() -> None:
    probe = (
        "import sys\n"
        "import agent_ir.cli\n"
        "from agent_ir.wire import _registry\n"
        "assert _registry.format_names()\n"
        "print(sorted(name for name in sys.modules if name == 'asyncio'"
        " or name.startswith('agent_ir.replies') or name.endswith(('._request', '._read', '._write', '._reply', '._stream'))))\n"
    )
    assert _run(probe) == ["[]"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_name_of_a_folder_reached_first_through_it_says_agent_ir_wire(folder: str) -> None:
    """In a fresh process, the folder is asked before ``agent_ir.wire`` is: the names
    are still published as ``agent_ir.wire``'s, and are the very objects it exports."""
    probe = (
        f"import agent_ir.wire.{folder} as folder\n"
        "import agent_ir.wire as wire\n"
        "for name in folder.__all__:\n"
        "    value = getattr(folder, name)\n"
        "    assert getattr(wire, name) is value, name\n"
        "    print(name, value.__module__)\n"
    )
    shown = _run(probe)
    assert len(shown) == len(_folder_names(folder))
    assert {line.split()[1] for line in shown} == {"agent_ir.wire"}


def test_a_name_no_folder_has_is_an_attribute_error_naming_the_folder() -> None:
    import agent_ir.wire.anthropic as folder

    with pytest.raises(
        AttributeError, match=r"'agent_ir\.wire\.anthropic' has no attribute 'nope'"
    ):
        getattr(folder, "nope")  # noqa: B009
    with pytest.raises(ImportError):
        exec("from agent_ir.wire import to_nowhere")
