"""The values of a Chat message's keys that carry nothing: a key the IR has no place
for that holds ``null`` or its ``DEFAULT_VALUES`` value is not warned about. The
request (``from_openai_chat``), the reply and the stream read their declarations
(``_wire``); every other key they do not read is one PART_NOT_READ warning at its
path.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["DEFAULT_VALUES"]

# Keys whose value here is the API's empty default: they carry nothing and are not
# warned about (OpenAI writes ``annotations: []`` in every reply message, Mistral
# ``prefix: false``, Go-based servers the zero value of every field).
DEFAULT_VALUES: Final[dict[str, Any]] = {
    "annotations": [],
    "prefix": False,
    "refusal": "",
    "reasoning_content": "",
    "reasoning": "",
    "audio": {"data": "", "expires_at": 0, "id": "", "transcript": ""},
    "function_call": {"arguments": "", "name": ""},
    "custom": {"input": "", "name": ""},
}
