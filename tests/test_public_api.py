"""The public face: everything in __all__ exists, and nothing private leaks into it."""

from __future__ import annotations

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


def test_the_ir_modules_never_import_the_providers() -> None:
    import ast
    from pathlib import Path

    package = Path(agent_ir.__file__).parent
    for module in (
        "jsonvalue",
        "messages",
        "transcript",
        "_fastpath",
        "_inspect",
        "_reference",
        "_base",
    ):
        tree = ast.parse((package / f"{module}.py").read_text(encoding="utf-8"))
        imported = {
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        } | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        assert not any(
            name.startswith(("agent_ir.providers", "agent_ir.cli")) for name in imported
        ), module
