"""Google Gemini (``generateContent``) as the generic rules, repair and the CLI read it:
the record of ``schemas/v1/providers.json`` and the request reader's ``convert``. Where
each rule comes from, with the provider's own words: ``docsgen/mapping/gemini.md``."""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["GEMINI"]


def _from_request(contents: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.gemini._request import from_gemini

    return from_gemini(contents, system_instruction=system, tools=tools)


GEMINI = spec_from_record("gemini", convert=_from_request)
