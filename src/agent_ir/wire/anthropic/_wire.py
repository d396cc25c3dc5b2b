"""The Anthropic Messages wire format: the declarations generated from
``schemas/v1/wire/anthropic.schema.json`` (``agent_ir._generated.wire.anthropic``, whose
docstring describes the format), and the helpers its readers share.

What ``from_anthropic`` reads of a request: a request's ``system`` and ``messages`` (its
``tools`` are ``_tools``'s). The block families read an empty ``type`` as a type like
any other (``empty_tag_read``): not declared, so passed over with a warning.
"""

from __future__ import annotations

from typing import Final

from agent_ir._generated.wire import anthropic as _declarations
from agent_ir._generated.wire.anthropic import *

# The declarations, as generated, and the helpers below.
__all__ = [*_declarations.__all__, "DIRECT_CALLER"]


DIRECT_CALLER: Final = {"type": "direct"}  # never changed
"""A tool_use's ``caller`` that says nothing: the model made the call (the API's
default); any other caller (programmatic tool calling) is warned."""
