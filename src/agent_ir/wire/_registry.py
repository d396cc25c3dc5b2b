"""The registry of providers: every provider's record (``ProviderSpec``), by name, in
the order of ``schemas/v1/providers.json`` (the records' data, ``wire._records``).
``check_wire_rules``, ``repair_transcript``, ``normalize_tool_call_ids`` and the CLI
find a provider only here (``provider_spec``, ``provider_names``), so adding a provider
is its record in that file, one folder whose ``_rules`` module builds its spec, one
entry below and its name in ``Provider``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from agent_ir._publish import publish_lazy
from agent_ir._text import quoted
from agent_ir.wire._records import record_names
from agent_ir.wire._spec import DatasetFormat, ProviderSpec, RequestReader
from agent_ir.wire.anthropic._rules import ANTHROPIC
from agent_ir.wire.bedrock_converse._rules import BEDROCK_CONVERSE
from agent_ir.wire.gemini._rules import GEMINI
from agent_ir.wire.hf_chat._format import HF_CHAT
from agent_ir.wire.mistral._rules import MISTRAL
from agent_ir.wire.openai_chat._rules import OPENAI_CHAT
from agent_ir.wire.openai_responses._rules import OPENAI_RESPONSES
from agent_ir.wire.otel._format import OTEL

__all__ = [
    "DATASETS",
    "REGISTRY",
    "Provider",
    "format_label",
    "format_names",
    "provider_names",
    "provider_spec",
    "request_reader",
]

Provider = Literal[
    "openai-chat", "openai-responses", "anthropic", "gemini", "bedrock-converse", "mistral"
]
"""A provider's name, as the ``provider`` parameters take it: a key of ``REGISTRY``
(spelled out for type checkers, which cannot read the data file;
``tests/wire/test_provider_records.py`` holds it to the file's names and order)."""

_SPECS = {
    spec.name: spec
    for spec in (OPENAI_CHAT, OPENAI_RESPONSES, ANTHROPIC, GEMINI, BEDROCK_CONVERSE, MISTRAL)
}

REGISTRY: Mapping[str, ProviderSpec] = MappingProxyType(
    {name: _SPECS[name] for name in record_names()}
)

DATASETS: Mapping[str, DatasetFormat] = MappingProxyType({HF_CHAT.name: HF_CHAT, OTEL.name: OTEL})
"""The dataset formats that are no provider's API (Hugging Face chat rows,
OpenTelemetry GenAI spans), by name: the command reads them
(``--format``) beside the providers' formats; nothing else takes them."""


def provider_names() -> tuple[str, ...]:
    """Every registered provider's name, in the registry's order."""
    return tuple(REGISTRY)


def provider_spec(name: object) -> ProviderSpec:
    """The record of the provider called ``name``; ``ValueError`` when none is."""
    spec = REGISTRY.get(name) if isinstance(name, str) else None
    if spec is None:
        raise ValueError(f"provider must be one of {', '.join(REGISTRY)}, not {quoted(name)}")
    return spec


def format_names() -> tuple[str, ...]:
    """Every format the command reads (``--format``): the providers', then the datasets'."""
    return (*REGISTRY, *DATASETS)


def request_reader(name: str) -> RequestReader:
    """How the command reads a line in format ``name`` (a provider's or a dataset's);
    ``ValueError`` when no format has that name."""
    dataset = DATASETS.get(name)
    return provider_spec(name).request if dataset is None else dataset.request


def format_label(name: str) -> str | None:
    """The label of format ``name`` for a person; None when none is registered."""
    known = REGISTRY.get(name) or DATASETS.get(name)
    return None if known is None else known.label


# Last: the names ``agent_ir`` exports from here say ``agent_ir`` (its table, ``_publish``).
publish_lazy(globals(), __name__)
