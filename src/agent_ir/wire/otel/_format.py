"""OpenTelemetry GenAI spans as the command reads them (``--format otel``).

A line is one span's message attributes, in either form: a span as the SDK writes it
(``ReadableSpan.to_json()``: its ``attributes`` object, the id its ``context.span_id``)
or the attributes themselves at the top level (``gen_ai.system_instructions``,
``gen_ai.input.messages``, ``gen_ai.output.messages``, ``gen_ai.tool.definitions``,
each a JSON value or JSON text of one); ``from_otel`` reads them, the tools from
``gen_ai.tool.definitions``. A span is no request to a provider, so this folder holds
no provider record (``_rules``) and ``check_wire_rules`` takes no "otel": check the
provider's own rules with ``--provider-rules``.
"""

from __future__ import annotations

from typing import Any

from agent_ir.wire._common import WireMessages
from agent_ir.wire._spec import DatasetFormat, RequestReader
from agent_ir.wire.otel._keys import KEYS

__all__ = ["OTEL"]

ATTRIBUTES = "attributes"


def _from_line(attributes: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.otel._read import from_otel

    # the system instructions and the tools are attributes too
    return from_otel(attributes)


def _object_form(line: dict[str, Any]) -> dict[str, Any]:
    """A line as ``{"id": ..., "attributes": {...}}``: a span's own attributes and id,
    or the line itself when it holds the attributes at the top level (its ``id``, if
    any); any other line as it is (the command names the missing ``attributes``)."""
    if ATTRIBUTES in line:
        context = line.get("context")
        span_id = context.get("span_id") if type(context) is dict else None
        return {"id": line.get("id", span_id), ATTRIBUTES: line[ATTRIBUTES]}
    if any(key in line for key in KEYS):
        return {"id": line.get("id"), ATTRIBUTES: line}
    return line


OTEL = DatasetFormat(
    name="otel",
    label="OpenTelemetry GenAI span",
    request=RequestReader(messages_key=ATTRIBUTES, convert=_from_line, line=_object_form),
)
