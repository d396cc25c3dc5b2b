"""The peers' bytes-to-objects paths, each on its own format of the bench transcript.

``load_peers`` converts the transcript for each peer (``peer_formats``), checks that the
peer reads its payload back whole (one validation, the message and tool-call counts, and
the peer's own writer giving the payload back), and returns the timed cases. A peer whose
import fails is skipped with the reason.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from peer_formats import (
    Transcript,
    to_langchain_dicts,
    to_langchain_models,
    to_openai,
    to_pydantic_ai,
)
from timing import Case

import agent_ir


@dataclass(frozen=True)
class Peer:
    """One peer library: its distribution and version, the size of each payload it reads
    and its timed cases (label to zero-argument callable)."""

    name: str
    version: str
    payload_bytes: dict[str, int]
    cases: dict[str, Case] = field(default_factory=dict)


def load_peers(transcript: Transcript) -> tuple[list[Peer], dict[str, str]]:
    """The peers that import, and the reason each other one was skipped."""
    peers: list[Peer] = []
    skipped: dict[str, str] = {}
    for name, build in _BUILDERS.items():
        try:
            peers.append(build(transcript))
        except ImportError as error:
            skipped[name] = f"import failed: {error}"
    return peers, skipped


def transcript_counts(transcript: Transcript) -> tuple[int, int]:
    """The number of messages and of tool calls in the transcript."""
    calls = sum(
        block["type"] == "toolCall"
        for message in transcript
        if message["role"] == "assistant"
        for block in message["content"]
    )
    return len(transcript), calls


def _check(
    peer: str, counts: tuple[int, int], transcript: Transcript, *, round_trips: bool
) -> None:
    """Fail unless the peer read every message and tool call and wrote the payload back."""
    expected = transcript_counts(transcript)
    if counts != expected:
        raise RuntimeError(f"{peer}: read {counts} messages/tool calls, expected {expected}")
    if not round_trips:
        raise RuntimeError(f"{peer}: its writer does not give the payload back")


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "unknown"


# --- pydantic-ai ------------------------------------------------------------------------


def _pydantic_ai(transcript: Transcript) -> Peer:
    from pydantic_ai.messages import ModelMessagesTypeAdapter, ModelResponse

    payload = to_pydantic_ai(transcript)
    messages = ModelMessagesTypeAdapter.validate_json(payload)
    calls = sum(
        part.part_kind == "tool-call"
        for message in messages
        if isinstance(message, ModelResponse)
        for part in message.parts
    )
    exact = ModelMessagesTypeAdapter.dump_json(messages) == payload
    _check("pydantic-ai", (len(messages), calls), transcript, round_trips=exact)
    return Peer(
        "pydantic-ai-slim",
        _version("pydantic-ai-slim"),
        {"pydantic-ai ModelMessage JSON": len(payload)},
        {
            "pydantic-ai ModelMessagesTypeAdapter.validate_json": lambda: (
                ModelMessagesTypeAdapter.validate_json(payload)
            )
        },
    )


# --- langchain-core ---------------------------------------------------------------------


def _langchain(transcript: Transcript) -> Peer:
    from langchain_core.messages import (
        AIMessage,
        AnyMessage,
        messages_from_dict,
        messages_to_dict,
    )
    from pydantic import TypeAdapter

    def tool_calls(messages: list[Any]) -> int:
        return sum(len(m.tool_calls) for m in messages if isinstance(m, AIMessage))

    dicts = to_langchain_dicts(transcript)
    from_dicts = messages_from_dict(json.loads(dicts))
    exact = messages_to_dict(from_dicts) == json.loads(dicts)
    _check(
        "langchain-core dicts",
        (len(from_dicts), tool_calls(from_dicts)),
        transcript,
        round_trips=exact,
    )

    adapter = TypeAdapter(list[AnyMessage])
    models = to_langchain_models(transcript)
    from_models = adapter.validate_json(models)
    exact = adapter.dump_json(from_models) == models
    _check(
        "langchain-core models",
        (len(from_models), tool_calls(from_models)),
        transcript,
        round_trips=exact,
    )
    return Peer(
        "langchain-core",
        _version("langchain-core"),
        {
            "langchain-core messages_to_dict": len(dicts),
            "langchain-core AnyMessage JSON": len(models),
        },
        {
            "langchain-core messages_from_dict(json.loads)": lambda: messages_from_dict(
                json.loads(dicts)
            ),
            "langchain-core TypeAdapter(list[AnyMessage]).validate_python(json.loads)": lambda: (
                adapter.validate_python(json.loads(models))
            ),
            "langchain-core TypeAdapter(list[AnyMessage]).validate_json": lambda: (
                adapter.validate_json(models)
            ),
        },
    )


# --- openai -----------------------------------------------------------------------------


def _openai(transcript: Transcript) -> Peer:
    from openai.types.chat import ChatCompletionMessageParam
    from pydantic import TypeAdapter

    adapter = TypeAdapter(list[ChatCompletionMessageParam])
    payload = to_openai(transcript)

    def validate() -> list[Any]:
        return adapter.validate_python(json.loads(payload))

    def validate_whole() -> list[Any]:
        # pydantic validates an Iterable field lazily, on iteration: list it to validate it.
        messages = validate()
        for message in messages:
            for key in ("content", "tool_calls"):
                if not isinstance(message.get(key), (str, type(None))):
                    message[key] = list(message[key])
        return messages

    messages = validate_whole()
    calls = sum(len(message.get("tool_calls", ())) for message in messages)
    _check(
        "openai", (len(messages), calls), transcript, round_trips=messages == json.loads(payload)
    )
    return Peer(
        "openai",
        _version("openai"),
        {"openai ChatCompletionMessageParam JSON": len(payload)},
        {
            "openai TypeAdapter(list[ChatCompletionMessageParam]).validate_python(json.loads)": (
                validate
            ),
            "openai ... and its lazy tool_calls iterated": validate_whole,
        },
    )


# --- pydantic, models generated from agent-ir's own schemas -------------------------------

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas" / "v1"


def _generated_pydantic(transcript: Transcript) -> Peer:
    """pydantic v2 models that datamodel-code-generator writes from agent-ir's schemas
    (discriminated unions, frozen models), reading agent-ir's own compact bytes."""
    if importlib.util.find_spec("datamodel_code_generator") is None:
        raise ImportError("No module named 'datamodel_code_generator'")
    from pydantic import TypeAdapter

    module = _generate_models()
    adapter = TypeAdapter(list[module.Message])  # type: ignore[name-defined]
    payload = agent_ir.dumps(agent_ir.parse_transcript(transcript))
    messages = adapter.validate_json(payload)
    # The generated unions are RootModels: the message or block is their .root.
    calls = sum(
        block.root.type == "toolCall"
        for message in messages
        if message.root.role == "assistant"
        for block in message.root.content
    )
    written = adapter.dump_json(messages, by_alias=True, exclude_unset=True)
    _check("generated pydantic", (len(messages), calls), transcript, round_trips=written == payload)
    return Peer(
        "pydantic (models generated from agent-ir's schemas)",
        _version("pydantic"),
        {"agent-ir compact JSON": len(payload)},
        {
            "pydantic, generated models: TypeAdapter.validate_json": lambda: adapter.validate_json(
                payload
            )
        },
    )


def _generate_models() -> Any:
    """The generated ``message_schema`` module, imported from a scratch directory that is
    removed once the module is loaded."""
    with tempfile.TemporaryDirectory(prefix="agent-ir-bench-") as scratch:
        subprocess.run(
            [sys.executable, "-m", "datamodel_code_generator", "--input", str(SCHEMAS),
             "--input-file-type", "jsonschema", "--output", str(Path(scratch) / "pydantic_models"),
             "--output-model-type", "pydantic_v2.BaseModel", "--enable-faux-immutability",
             "--target-python-version", "3.11", "--disable-timestamp", "--formatters", "ruff-format"],
            check=True,
        )  # fmt: skip
        sys.path.insert(0, scratch)
        try:
            return importlib.import_module("pydantic_models.message_schema")
        finally:
            sys.path.remove(scratch)


_BUILDERS: dict[str, Callable[[Transcript], Peer]] = {
    "generated pydantic": _generated_pydantic,
    "pydantic-ai-slim": _pydantic_ai,
    "langchain-core": _langchain,
    "openai": _openai,
}
