"""The OpenAI Responses wire format: the declarations generated from
``schemas/v1/wire/openai-responses.schema.json``
(``agent_ir._generated.wire.openai_responses``, whose docstring describes the format),
and the helpers its readers share.

What ``from_openai_responses`` reads of a request: the items of a request's ``input``
(or of a Response's ``output``, sent back), read one by one: an item's ``type`` names
its declaration (a ``message`` may leave it out; a message's ``role`` names its own),
any other type with an id is a hosted tool's item (``HostedItem``). Each part family
reads an empty ``type`` as a type like any other (``empty_tag_read``): not declared, so
passed over with a warning. Keys whose value is the API's default (``async: false``,
``detail: "auto"``) are not warned either.
"""

from __future__ import annotations

from agent_ir._generated.wire import openai_responses as _declarations
from agent_ir._generated.wire.openai_responses import *

# The declarations, as generated, and the helpers below.
__all__ = [*_declarations.__all__, "SKIPPED_FAMILIES"]


SKIPPED_FAMILIES = tuple(
    f"response.{family}."
    for family in (
        "web_search_call",
        "file_search_call",
        "code_interpreter_call",
        "code_interpreter_call_code",
        "image_generation_call",
        "mcp_call",
        "mcp_call_arguments",
        "mcp_list_tools",
        "shell_call_command",
        "shell_call_output_content",
        "custom_tool_call_input",
        "compaction",
        "audio",
    )
)
"""The event families passed over by the prefix of their type, as ``Skipped``: a hosted
tool's progress, its streamed code, arguments or input, audio and its transcript. The
finished item holds what they say."""
