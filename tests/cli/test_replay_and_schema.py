"""``agent-ir replay`` (a provider fixture streamed as JSON lines, its failures named by
code and record) and ``agent-ir schema`` (print, list, export the packaged schemas)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from agent_ir import schemas

from support.cli import DOCS_URL, FIXTURES, ROUNDTRIP, json_lines, run

STREAM = "https://agent-ir.dev/schemas/v1/model-stream.schema.json"
CHUNK = Draft202012Validator({"$ref": f"{STREAM}#/$defs/ModelChunk"}, registry=schemas.registry())
RESPONSE = Draft202012Validator(
    {"$ref": f"{STREAM}#/$defs/ModelResponse"}, registry=schemas.registry()
)
SCHEMAS = FIXTURES.parent / "schemas" / "v1"

START = {"type": "response_start", "responseId": "r1", "role": "assistant"}
END = {
    "type": "response_end",
    "responseId": "r1",
    "stopReason": "stop",
    "usage": {"inputTokens": 1, "outputTokens": 1},
}


def fixture(tmp_path: Path, *responses: list[dict[str, Any]]) -> Path:
    path = tmp_path / "fixture.json"
    value = {"schemaVersion": 1, "responses": [{"records": list(r)} for r in responses]}
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


# --- replay -----------------------------------------------------------------------------


def test_replay_streams_each_chunk_then_each_final_response() -> None:
    ran = run("replay", ROUNDTRIP)
    assert (ran.status, ran.stderr) == (0, b""), ran
    records = json_lines(ran)
    kinds = [(record["response"], "chunk" if "chunk" in record else "final") for record in records]
    texts = len(records) - 3  # the text of response 1 may come in several chunks
    assert kinds == [(0, "chunk"), (0, "final"), *[(1, "chunk")] * texts, (1, "final")]
    assert texts >= 1
    for record in records:
        assert set(record) in ({"response", "chunk"}, {"response", "final"})
        if "chunk" in record:
            CHUNK.validate(record["chunk"])
        else:
            RESPONSE.validate(record["final"])

    call = {
        "type": "toolCall",
        "id": "call-add-001",
        "name": "add",
        "arguments": {"left": 20, "right": 22},
    }
    assert records[0]["chunk"] == {"type": "toolCall", "requestId": "replay", "toolCall": call}
    final = records[1]["final"]
    assert (final["id"], final["requestId"], final["stopReason"]) == (
        "response-tool-001",
        "replay",
        "toolCall",
    )
    assert final["message"]["content"] == [call]
    assert final["usage"] == {"inputTokens": 12, "outputTokens": 8}

    chunks = [record["chunk"] for record in records[2:-1]]
    assert {chunk["type"] for chunk in chunks} == {"textDelta"}
    assert "".join(chunk["delta"] for chunk in chunks) == "The sum is 42."
    final = records[-1]["final"]
    assert (final["id"], final["stopReason"]) == ("response-text-002", "stop")
    assert final["message"]["content"] == [{"type": "text", "text": "The sum is 42."}]


def test_replay_uses_the_request_id_given() -> None:
    records = json_lines(run("replay", "--request-id", "req-7", ROUNDTRIP))
    assert {record.get("chunk", record.get("final"))["requestId"] for record in records} == {
        "req-7"
    }


def test_a_response_without_its_terminal_names_the_code_and_record(tmp_path: Path) -> None:
    path = fixture(tmp_path, [START, {"type": "text_delta", "text": "hi"}])
    ran = run("replay", path)
    assert ran.status == 1, ran
    failure, explained = ran.err.splitlines()
    assert failure.startswith("agent-ir: response 0: PROVIDER_MISSING_TERMINAL at record 2: ")
    assert explained == (
        f"agent-ir: PROVIDER_MISSING_TERMINAL explained: {DOCS_URL}"
        "codes/PROVIDER_MISSING_TERMINAL.html"
    )
    [chunk] = json_lines(ran)  # what arrived before the failure was printed
    assert chunk == {
        "response": 0,
        "chunk": {"type": "textDelta", "requestId": "replay", "delta": "hi"},
    }


def test_a_failure_in_a_later_response_names_that_response(tmp_path: Path) -> None:
    path = fixture(
        tmp_path,
        [START, {"type": "text_delta", "text": "ok"}, END],
        [{"type": "text_delta", "text": "x"}],
    )
    ran = run("replay", path)
    assert ran.status == 1, ran
    assert ran.err.startswith("agent-ir: response 1: PROVIDER_MISSING_START at record 0: ")
    assert [record["response"] for record in json_lines(ran)] == [0, 0]
    assert json_lines(ran)[1]["final"]["stopReason"] == "stop"


def test_an_empty_queue_replays_nothing(tmp_path: Path) -> None:
    ran = run("replay", fixture(tmp_path))
    assert (ran.status, ran.stdout, ran.stderr) == (0, b"", b"")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        pytest.param(b"this is not JSON", "is not JSON", id="not-json"),
        pytest.param(b'{"schemaVersion": 2, "responses": []}', "schemaVersion", id="version"),
        pytest.param(b"[]", "", id="not-an-object"),
    ],
)
def test_an_invalid_fixture_is_status_1_with_its_code(
    tmp_path: Path, data: bytes, words: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(data)
    ran = run("replay", path)
    assert (ran.status, ran.stdout) == (1, b""), ran
    assert ran.err.startswith("agent-ir: response 0: PROVIDER_INVALID_FIXTURE: "), ran
    assert words in ran.err
    assert b"Traceback" not in ran.stderr


@pytest.mark.parametrize("where", ["missing.json", "."], ids=["missing", "a-directory"])
def test_a_fixture_that_cannot_be_read_is_status_2(tmp_path: Path, where: str) -> None:
    ran = run("replay", where, cwd=tmp_path)
    assert (ran.status, ran.stdout) == (2, b""), ran
    assert ran.err.startswith(f"agent-ir: cannot read {where}: ")
    assert b"Traceback" not in ran.stderr


def test_a_blank_request_id_is_a_usage_error() -> None:
    ran = run("replay", "--request-id", " ", ROUNDTRIP)
    assert b"Traceback" not in ran.stderr, ran
    assert ran.status == 2


# --- schema -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", schemas.names())
def test_schema_prints_the_packaged_schema_byte_for_byte(name: str) -> None:
    ran = run("schema", name)
    assert (ran.status, ran.stderr) == (0, b"")
    assert ran.stdout == (SCHEMAS / f"{name}.schema.json").read_bytes()


def test_the_installed_schema_names_are_those_of_the_checkout() -> None:
    assert schemas.names() == tuple(
        sorted(path.name.removesuffix(".schema.json") for path in SCHEMAS.glob("*.schema.json"))
    )


def test_schema_list_prints_every_name() -> None:
    ran = run("schema", "--list")
    assert (ran.status, ran.stderr) == (0, b"")
    assert ran.lines() == list(schemas.names())
    assert "message" in ran.lines()


def test_schema_export_writes_every_schema_byte_for_byte(tmp_path: Path) -> None:
    target = tmp_path / "out" / "schemas"  # made, parents too
    ran = run("schema", "--export", target)
    assert (ran.status, ran.stderr) == (0, b""), ran
    assert ran.out == f"wrote {len(schemas.names())} schemas to {target}\n"
    written = sorted(path.name for path in target.iterdir())
    assert written == sorted(path.name for path in SCHEMAS.glob("*.schema.json"))
    for name in written:
        assert (target / name).read_bytes() == (SCHEMAS / name).read_bytes(), name

    again = run("schema", "--export", target)  # into an existing directory: overwritten
    assert again.status == 0


def test_schema_export_into_a_file_is_status_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    ran = run("schema", "--export", blocker)
    assert (ran.status, ran.stdout) == (2, b""), ran
    assert ran.err.startswith(f"agent-ir: cannot export to {blocker}: ")
    assert b"Traceback" not in ran.stderr


@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param([], id="none"),
        pytest.param(["message", "--list"], id="name-and-list"),
        pytest.param(["--list", "--export", "out"], id="list-and-export"),
        pytest.param(["message", "--export", "out"], id="name-and-export"),
        pytest.param(["no-such-schema"], id="unknown-name"),
    ],
)
def test_schema_needs_exactly_one_of_name_list_export(arguments: list[str], tmp_path: Path) -> None:
    ran = run("schema", *arguments, cwd=tmp_path)
    assert (ran.status, ran.stdout) == (2, b""), ran
    assert "usage: agent-ir" in ran.err
    assert b"Traceback" not in ran.stderr
    assert not (tmp_path / "out").exists()
