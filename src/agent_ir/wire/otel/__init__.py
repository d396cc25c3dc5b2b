"""OpenTelemetry GenAI messages: a transcript to and from the span attributes of the
GenAI semantic conventions (``gen_ai.system_instructions``, ``gen_ai.input.messages``,
``gen_ai.output.messages``, ``gen_ai.tool.definitions``): ``_write`` (``to_otel``),
``_read`` (``from_otel``). A telemetry format, not an API: it has no replies or
streams, and its record (``_format``) is a dataset format, no provider: no rules
beyond the IR's."""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.wire.otel._read import *
    from agent_ir.wire.otel._write import *

# Published as ``agent_ir.wire``'s however they are reached, as every folder's names.
_publish.export(
    globals(),
    lazy={
        "agent_ir.wire.otel._read": ("from_otel",),
        "agent_ir.wire.otel._write": ("to_otel",),
    },
    module="agent_ir.wire",
)
