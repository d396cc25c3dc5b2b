"""Adapters between the IR and agent frameworks' own message objects: pydantic-ai
(``to_pydantic_ai`` / ``from_pydantic_ai``, the extra ``agent-ir[pydantic-ai]``) and
LangChain (``to_langchain`` / ``from_langchain``, the extra ``agent-ir[langchain]``).

The framework is imported when a conversion runs, never by ``import agent_ir``. Each
``to_*`` returns a ``WireRequest`` whose ``fields`` hold the framework's messages, each
``from_*`` ``WireMessages``, with a ``ConversionWarning`` for every loss, as the wire
formats do. What a framework has no field for rides in its messages' application
metadata (``agent_ir.adapters._carrier``), so the IR reads back equal.
"""

import typing

from agent_ir import _publish

if typing.TYPE_CHECKING:
    from agent_ir.adapters._langchain import *
    from agent_ir.adapters._pydantic_ai import *

_publish.export(
    globals(),
    lazy={
        "agent_ir.adapters._langchain": ("from_langchain", "to_langchain"),
        "agent_ir.adapters._pydantic_ai": ("from_pydantic_ai", "to_pydantic_ai"),
    },
)
