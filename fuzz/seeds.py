"""Regenerates the seed corpus ``fixtures/fuzz-corpus/<target>/`` from ``fixtures/``.

``python -m fuzz.seeds`` rewrites every ``seed-*`` file; ``regression-*`` files (inputs
that once failed, each named for its bug) and ``grown-*`` files are kept. Seeds are
valid transcripts and record sequences from the fixtures, a few of the conformance
cases and schema examples (valid and invalid), and malformed JSON text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = FIXTURES / "fuzz-corpus"

# Choice bytes appended after the NUL of a structure seed: none (the value as it is)
# and a few short sequences (some mutations).
MUTATIONS = [b"", b"\x03\x05\x01\x02\x07", b"\x08\x00\x0b\x01\x40\x02\x09\x03"]


def main() -> None:
    transcripts = _transcripts()
    records = _record_sequences()
    texts = {name: json.dumps(value).encode() for name, value in transcripts.items()}
    _write("loads_bytes", {**texts, **_malformed_texts(texts)})
    _write("validate_json_bytes", {**texts, **_malformed_texts(texts)})
    _write("validate_transcript_structures", _structures(transcripts))
    _write("fixture_records", _structures(records))
    for target, folder in STREAM_FOLDERS.items():
        _write(target, _stream_bodies(folder))
    _write("from_wire", _structures(_wire_values(transcripts)))
    _write("repair_rules", _structures(_repair_transcripts(transcripts)))
    _write("tool_schemas", tool_schema_seeds())


def tool_schema_seeds() -> dict[str, bytes]:
    """The ``[parameters, arguments]`` bases of ``fuzz.tool_schemas``, numbered."""
    from fuzz.tool_schemas import TOOL_POOL

    return _structures({f"tools-{number}": base for number, base in enumerate(TOOL_POOL)})


STREAM_FOLDERS = {
    "openai_chat_stream": "openai-chat",
    "openai_responses_stream": "openai-responses",
    "anthropic_stream": "anthropic",
    "gemini_stream": "gemini",
}
# Cut bytes of a stream seed: none (one piece), and a few piece-length sequences.
CUTS = [b"", b"\x07", b"\x01\x05\x40", b"\x03\xff\x11"]


def _stream_bodies(folder: str) -> dict[str, bytes]:
    """Each recording of ``fixtures/wire/<folder>/`` with cut bytes after a NUL."""
    paths = sorted((FIXTURES / "wire" / folder).glob("*.sse"))
    return {
        path.stem: path.read_bytes() + b"\0" + CUTS[number % len(CUTS)]
        for number, path in enumerate(paths)
    }


def _wire_values(transcripts: dict[str, Any]) -> dict[str, Any]:
    """``[reader, value(, system)]`` seeds: the target's pool, and the requests that
    ``to_*`` writes for the valid sample transcripts."""
    from agent_ir import TranscriptError, validate_transcript
    from fuzz.wire_readers import REQUEST_READERS, WIRE_POOL, written_request

    found: dict[str, Any] = {f"pool-{value[0]}-{n}": value for n, value in enumerate(WIRE_POOL)}
    samples = [
        (name, value)
        for name, value in transcripts.items()
        if type(value) is list and len(value) > 2 and not validate_transcript(value)
    ]
    for reader in REQUEST_READERS:
        for name, value in samples[:4]:
            try:
                found[f"{reader}-{name}"] = written_request(reader, value)
            except (TranscriptError, ValueError, TypeError):
                continue
    return found


def _repair_transcripts(transcripts: dict[str, Any]) -> dict[str, Any]:
    """Whole sample sessions and the linkage transcripts: the shapes repair works on."""
    found = {
        path.stem: [json.loads(line) for line in path.read_text().splitlines()]
        for path in sorted((FIXTURES / "transcripts").glob("*.jsonl"))
    }
    found.update(
        (name, value)
        for name, value in transcripts.items()
        if name.startswith(("conformance-linkage", "transcript-valid"))
    )
    return found


def _transcripts() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for path in sorted((FIXTURES / "transcripts").glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines()):
            found[f"{path.stem}-{number}"] = json.loads(line)
    for path in sorted((FIXTURES / "schema-examples" / "transcript").glob("*/*.json")):
        found[f"transcript-{path.parent.name}-{path.stem}"] = json.loads(path.read_text())
    for path in sorted((FIXTURES / "schema-examples" / "message").glob("valid/*.json"))[::3]:
        found[f"message-{path.stem}"] = [json.loads(path.read_text())]
    for path in sorted((FIXTURES / "conformance" / "transcripts").glob("*.json")):
        for number, case in enumerate(json.loads(path.read_text())[:1]):
            found[f"conformance-{path.stem}-{number}"] = case["transcript"]
    return found


def _malformed_texts(texts: dict[str, bytes]) -> dict[str, bytes]:
    sample = texts["sample-0"]
    return {
        "truncated": sample[: len(sample) // 2],
        "invalid-utf8": sample.replace(b'"', b'"\xff', 1),
        "utf8-encoded-surrogate": b'[{"role":"user","id":"\xed\xa0\x80","content":"x"}]',
        "escaped-lone-surrogate": b'[{"role":"user","id":"\\ud800","content":"x"}]',
        "bom": b"\xef\xbb\xbf" + texts["transcript-valid-single-user-message"],
        "nan-token": b'[{"role":"assistant","id":"a","content":[{"type":"toolCall","id":"c",'
        b'"name":"n","arguments":{"x":NaN}}]}]',
        "huge-float": b'[{"role":"assistant","id":"a","content":[{"type":"toolCall","id":"c",'
        b'"name":"n","arguments":{"x":1e400}}]}]',
        "huge-integer": b'[{"role":"assistant","id":"a","content":[],"usage":{"inputTokens":'
        + b"9" * 5000
        + b',"outputTokens":1}}]',
        "duplicate-keys": b'[{"role":"user","id":"u","content":"x","content":[]}]',
        "deep-arrays": b"[" * 1200 + b"]" * 1200,
        "deep-arguments": b'[{"role":"assistant","id":"a","content":[{"type":"toolCall","id":"c",'
        b'"name":"n","arguments":{"x":' + b"[" * 64 + b"]" * 64 + b"}}]}]",
        "empty": b"",
        "whitespace": b" \n\t",
        "object": b"{}",
        "null": b"null",
    }


def _record_sequences() -> dict[str, Any]:
    found: dict[str, Any] = {}
    paths = [FIXTURES / "provider-tool-roundtrip.json"]
    paths += sorted((FIXTURES / "schema-examples" / "provider-fixture").glob("*/*.json"))
    for path in paths:
        fixture = json.loads(path.read_text())
        responses = fixture.get("responses") if type(fixture) is dict else None
        for number, response in enumerate(responses if type(responses) is list else []):
            if type(response) is dict and type(response.get("records")) is list:
                found[f"{path.parent.name}-{path.stem}-{number}"] = response["records"]
    return found


def _structures(values: dict[str, Any]) -> dict[str, bytes]:
    seeds: dict[str, bytes] = {}
    for number, (name, value) in enumerate(values.items()):
        seeds[name] = json.dumps(value).encode() + b"\0" + MUTATIONS[number % len(MUTATIONS)]
    return seeds


def _write(target: str, seeds: dict[str, bytes]) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("seed-*"):
        old.unlink()
    for name, data in seeds.items():
        (folder / f"seed-{name}").write_bytes(data)


if __name__ == "__main__":
    main()
