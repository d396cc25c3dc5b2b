"""Bedrock Converse's provider record: its id and name rules, turn rules, media limits
and request reader. What maps to what and what is warned:
``docsgen/mapping/bedrock-converse.md`` (the provider page, *Where the rules come
from*). The media limits (``media`` in ``schemas/v1/providers.json``: 20 images of at
most 3,750,000 bytes and 8000 pixels a side, and 5 documents of at most 4,500,000 bytes,
per user message) are the botocore service model's documentation of
``Message.content`` ("up to 20 images", "no more than 3.75 MB, 8000 px, and 8000 px",
"up to five documents", "no more than 4.5 MB"; MB read as 10^6 bytes, the stricter
reading) and its "If you include a ContentBlock with a document
field in the array, you must also include a ContentBlock with a text field"
(``documentsNeedText``), which ``tests/rules/test_media_limits.py`` reads from the
installed botocore and compares with the record."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["BEDROCK_CONVERSE"]


def _from_request(messages: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.bedrock_converse._request import from_bedrock_converse

    return from_bedrock_converse(messages, system=system, tools=tools)


BEDROCK_CONVERSE = spec_from_record("bedrock-converse", convert=_from_request)
