"""The providers' records as data: ``schemas/v1/providers.json``, the one place each
provider's facts are stated (its name and label, id and tool-name rules, turn rules,
signature rule and request keys), read by the registry here and generated into the
TypeScript package (``bindings/typescript/src/providers.ts``, ``codegen/typescript.py``).

The file is decoded into the types generated from ``providers.schema.json``
(``agent_ir._generated.providers_schema``), so a record of the wrong shape fails here,
at the first import of the registry. ``spec_from_record`` turns a record into the
``ProviderSpec`` the consumers read; what only Python has (the request reader's
``convert``, a provider's ``from_*``) is given by the provider's ``_rules`` module.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType

import msgspec

from agent_ir import schemas
from agent_ir._generated.providers_schema import ProviderRecord, ProviderRecords
from agent_ir._text import quoted
from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import (
    IdRule,
    ModelRule,
    ProviderSpec,
    RequestReader,
    SignatureRule,
    ToolNameRule,
    TurnRules,
)

__all__ = ["DATA_FILE", "provider_record", "record_names", "records", "spec_from_record"]

DATA_FILE = "providers.json"
"""The records' file, beside the schemas (``agent_ir.schemas.schema_dir()``)."""


@functools.cache
def records() -> Mapping[str, ProviderRecord]:
    """Every provider's record by name, in the file's order (the registry's)."""
    path = schemas.schema_dir() / DATA_FILE
    read = msgspec.json.decode(path.read_bytes(), type=ProviderRecords)
    by_name: dict[str, ProviderRecord] = {}
    for record in read.providers:
        if record.name in by_name:
            raise ValueError(f"{path}: provider {quoted(record.name)} is recorded twice")
        by_name[record.name] = record
    return MappingProxyType(by_name)


def record_names() -> tuple[str, ...]:
    """Every recorded provider's name, in the file's order."""
    return tuple(records())


def provider_record(name: str) -> ProviderRecord:
    """The record of provider ``name``; ``KeyError`` when the file has none."""
    found = records().get(name)
    if found is None:
        raise KeyError(f"{DATA_FILE} has no provider {quoted(name)}")
    return found


def spec_from_record(
    name: str, convert: Callable[[object, object, object], WireMessages]
) -> ProviderSpec:
    """The ``ProviderSpec`` of provider ``name``: every fact from its record, and
    ``convert`` (how the command turns a request line into wire messages) for its
    request reader."""
    record = provider_record(name)
    ids = record.ids
    if ids.characters is not None and ids.replacement is not None:
        id_rule = IdRule(
            longest=ids.longest,
            characters=ids.characters,
            replacement=ids.replacement,
            shortest=1 if ids.shortest is None else ids.shortest,
        )
    elif ids.characters is None and ids.replacement is None and ids.shortest is None:
        id_rule = IdRule(longest=ids.longest)
    else:
        # the schema's dependentRequired, which the generated types do not check
        raise ValueError(
            f"{DATA_FILE}: {quoted(name)}: ids.characters and ids.replacement come together, "
            "and ids.shortest only with them"
        )
    names = record.tool_names
    signatures = record.signatures
    request = record.request
    return ProviderSpec(
        name=record.name,
        label=record.label,
        ids=id_rule,
        # The flags by name: a flag of the schema that TurnRules lacks is a TypeError.
        turns=TurnRules(**msgspec.structs.asdict(record.turns)),
        request=RequestReader(
            messages_key=request.messages,
            convert=convert,
            system_key=request.system,
            tools_key=request.tools,
            switches=request.switches,
        ),
        tool_names=None
        if names is None
        else ToolNameRule(longest=names.longest, characters=names.characters, first=names.first),
        cache_breakpoints=record.cache_breakpoints,
        signatures=None
        if signatures is None
        else SignatureRule(
            requires=ModelRule(
                prefix=signatures.models.prefix,
                from_major=signatures.models.from_major,
                exempt=signatures.models.exempt,
            ),
            placeholders=signatures.placeholders,
        ),
    )
