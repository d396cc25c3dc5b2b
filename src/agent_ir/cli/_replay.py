"""``agent-ir replay``: every response of a provider fixture, streamed through
``FixtureProviderAdapter`` and printed as JSON lines as it arrives."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from agent_ir.cli._docs import explained
from agent_ir.cli._report import printable
from agent_ir.messages import to_json_value
from agent_ir.replies import FixtureProviderAdapter, ProviderError

__all__ = ["replay"]


def replay(fixture: str, request_id: str, docs_url: str | None = None) -> int:
    """Stream every queued response; 0 when all end well, 1 on a ``ProviderError``
    (its code, record and message, then where the code is explained: its page under
    ``docs_url``, else ``agent-ir explain CODE``), 2 when the fixture cannot be read."""
    try:
        adapter = FixtureProviderAdapter.from_path(fixture)
    except OSError as error:
        reason = (error.strerror or type(error).__name__).lower()
        print(f"agent-ir: cannot read {printable(fixture)}: {reason}", file=sys.stderr)
        return 2
    except ProviderError as error:
        _failed(error, 0, docs_url)
        return 1
    return asyncio.run(_replay(adapter, request_id, docs_url))


async def _replay(adapter: FixtureProviderAdapter, request_id: str, docs_url: str | None) -> int:
    response = 0
    while adapter.pending_response_count:
        stream = adapter.stream(request_id)
        try:
            async for chunk in stream:
                _write({"response": response, "chunk": to_json_value(chunk)})
            final = await stream.result()
        except ProviderError as error:
            _failed(error, response, docs_url)
            return 1
        _write({"response": response, "final": to_json_value(final)})
        response += 1
    return 0


def _write(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _failed(error: ProviderError, response: int, docs_url: str | None) -> None:
    where = "" if error.record_index is None else f" at record {error.record_index}"
    print(
        f"agent-ir: response {response}: {error.code}{where}: {printable(error.message)}\n"
        f"agent-ir: {error.code} explained: {printable(explained(error.code, docs_url))}",
        file=sys.stderr,
    )
