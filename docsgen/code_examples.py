"""The examples of the warning and provider-error pages: Python run when the site is
built (``docsgen/codes.py``), from the repository's root. A warning's example ends with
``warnings`` (the warnings of a conversion), a provider error's with ``error`` (the
``ProviderError`` caught); the build fails unless it holds the page's code."""

from __future__ import annotations

WARNING_EXAMPLES: dict[str, str] = {
    "THINKING_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Hi"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "thinking", "thinking": "Greet back.", "signature": "sig-1"},
        {"type": "text", "text": "Hello!"}]},
]).warnings
""",
    "AUDIO_NOT_SENT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": [
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklGRg=="}}]},
]).warnings
""",
    "IMAGE_NOT_SENT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": [
        {"type": "text", "text": "What is this?"},
        {"type": "image", "source": {"type": "base64", "mediaType": "image/bmp", "data": "Qk0="}}]},
]).warnings
""",
    "DOCUMENT_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": [
        {"type": "text", "text": "Summarize it."},
        {"type": "document", "source": {"type": "url", "url": "https://example.com/report.pdf"}}]},
]).warnings
""",
    "IMAGE_MOVED": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Take a screenshot."},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "toolCall", "id": "call_1", "name": "screenshot", "arguments": {}}]},
    {"role": "toolResult", "id": "r1", "toolCallId": "call_1", "toolName": "screenshot",
     "content": [{"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": "iVBORw0KGgo="}}],
     "isError": False},
]).warnings
""",
    "SYSTEM_MOVED": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": "Hi"},
    {"role": "system", "id": "s1", "content": "Answer in French."},
]).warnings
""",
    "ERROR_FLAG_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Read it."},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "toolCall", "id": "call_1", "name": "read", "arguments": {"path": "x"}}]},
    {"role": "toolResult", "id": "r1", "toolCallId": "call_1", "toolName": "read",
     "content": "no such file", "isError": True},
]).warnings
""",
    "PART_NOT_READ": """
from agent_ir.wire import from_openai_chat
warnings = from_openai_chat([
    {"role": "user", "content": "Hi", "name": "alice"},
]).warnings
""",
    "MESSAGE_NOT_SENT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": "Hi"},
    {"role": "assistant", "id": "a1", "content": [{"type": "text", "text": "Listen."}]},
    {"role": "user", "id": "u2", "content": [
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/wav", "data": "UklGRg=="}}]},
]).warnings
""",
    "MESSAGES_MERGED": """
from agent_ir.wire import to_openai_responses
warnings = to_openai_responses([
    {"role": "user", "id": "u1", "content": "Hi"},
    {"role": "assistant", "id": "a1", "content": [{"type": "text", "text": "Hello", "itemId": "msg_1"}]},
    {"role": "assistant", "id": "a2", "content": [{"type": "text", "text": " again", "itemId": "msg_1"}]},
]).warnings
""",
    "TOOL_NAME_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Read it."},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "toolCall", "id": "call_1", "name": "read", "arguments": {}}]},
    {"role": "toolResult", "id": "r1", "toolCallId": "call_1", "toolName": "cat",
     "content": "ok", "isError": False},
]).warnings
""",
    "TOOL_NAME_UNKNOWN": """
from agent_ir.wire import from_openai_chat
warnings = from_openai_chat([
    {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
]).warnings
""",
    "MEDIA_TYPE_CHANGED": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": [
        {"type": "audio", "source": {"type": "base64", "mediaType": "audio/x-wav", "data": "UklGRg=="}}]},
]).warnings
""",
    "REDACTED_FLAG_NOT_SENT": """
from agent_ir.wire import to_openai_responses
warnings = to_openai_responses([
    {"role": "user", "id": "u1", "content": "Hi"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "thinking", "thinking": "", "signature": '{"type":"reasoning","id":"rs_1"}', "redacted": True},
        {"type": "text", "text": "Hello"}]},
]).warnings
""",
    "SIGNATURE_CHANGED": """
from agent_ir.wire import to_hf_chat
warnings = to_hf_chat([
    {"role": "user", "id": "u1", "content": "Hi"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "thinking", "thinking": "Greet back.", "signature": "sig-1"},
        {"type": "text", "text": "Hello"}]},
]).warnings
""",
    "CACHE_CONTROL_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "system", "id": "s1", "content": "<the handbook>", "cacheControl": {"type": "ephemeral"}},
    {"role": "user", "id": "u1", "content": "How many days of leave?"},
]).warnings
""",
    "CITATIONS_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Who won?"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "text", "text": "Team A.", "citations": [{"provider": "anthropic", "wire": {"type": "web_search_result_location", "url": "https://example.com"}}]}]},
]).warnings
""",
    "SERVER_TOOL_NOT_SENT": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Search it."},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "serverToolCall", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}, "provider": "anthropic"},
        {"type": "text", "text": "Found it."}]},
]).warnings
""",
    "REFUSAL_AS_TEXT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": "Help me."},
    {"role": "assistant", "id": "a1", "content": [{"type": "refusal", "text": "I can't help with that."}]},
]).warnings
""",
    "IMAGE_DETAIL_NOT_SENT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": [
        {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.png"}, "detail": "low"}]},
]).warnings
""",
    "DOCUMENT_DETAIL_NOT_SENT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": [
        {"type": "document", "source": {"type": "url", "url": "https://example.com/report.pdf"}, "filename": "report.pdf"}]},
]).warnings
""",
    "CHOICES_NOT_READ": """
from agent_ir.wire import reply_from_openai_chat
choice = {"finish_reason": "stop", "message": {"role": "assistant", "content": "Hi"}}
warnings = reply_from_openai_chat({
    "id": "chatcmpl-1", "object": "chat.completion", "created": 1733000000, "model": "gpt-4o",
    "choices": [{"index": 0, **choice}, {"index": 1, **choice}],
}, request_id="request-1").warnings
""",
    "TOOL_NOT_READ": """
from agent_ir.wire import from_anthropic
warnings = from_anthropic(
    [{"role": "user", "content": "Search the news."}],
    tools=[{"type": "web_search_20250305", "name": "web_search"}],
).warnings
""",
    "SIGNATURE_NOT_SENT": """
from agent_ir.wire import to_anthropic
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": "Weather in Paris?"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "text", "text": "Checking.", "thoughtSignature": "CiQBjz1rX3Lc0dQ2"}]},
]).warnings
""",
    "TOOL_CALL_ID_ADDED": """
from agent_ir.wire import from_gemini
warnings = from_gemini([
    {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
]).warnings
""",
    "RESULT_PAIRED_BY_NAME": """
from agent_ir.wire import from_gemini
warnings = from_gemini([
    {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"c": 18}}}]},
]).warnings
""",
    "TOOL_DETAIL_NOT_SENT": """
from agent_ir.wire import to_gemini
warnings = to_gemini(
    [{"role": "user", "id": "u1", "content": "Weather in Paris?"}],
    tools=[{"name": "get_weather", "parameters": {"type": "object"}, "strict": True}],
).warnings
""",
    "EVENT_NOT_READ": """
from agent_ir.wire import AnthropicStream
events = [
    {"type": "message_start", "message": {"id": "msg_1", "role": "assistant", "content": [],
     "usage": {"input_tokens": 5, "output_tokens": 1}}},
    {"type": "message_annotation", "annotation": {"kind": "safety"}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "Hi"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 2}},
    {"type": "message_stop"},
]
warnings = AnthropicStream(events, request_id="request-1").result().warnings
""",
    "RESULT_BLOCK_NOT_SENT": """
from agent_ir.wire import to_openai_responses
click = {"action": {"type": "click", "button": "left", "x": 10, "y": 20}}
warnings = to_openai_responses([
    {"role": "user", "id": "u1", "content": "Open the menu."},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "toolCall", "id": "call_1", "name": "computer_call", "arguments": click,
         "itemId": "cu_1"}]},
    {"role": "toolResult", "id": "r1", "toolCallId": "call_1", "toolName": "computer_call",
     "isError": False, "content": [
        {"type": "text", "text": "The menu is open."},
        {"type": "image", "source": {"type": "url", "url": "https://example.com/screen.png"}}]},
]).warnings
""",
    "BLOCK_MOVED": """
from agent_ir.wire import to_openai_chat
warnings = to_openai_chat([
    {"role": "user", "id": "u1", "content": "Weather in Paris?"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "toolCall", "id": "call_1", "name": "weather", "arguments": {"city": "Paris"}},
        {"type": "text", "text": "Checking the weather now."}]},
]).warnings
""",
    "FOREIGN_SIGNATURE_DROPPED": """
from agent_ir.wire import to_anthropic
reference = '{"type":"reasoning","id":"rs_1","encrypted_content":"gAAAAB"}'
warnings = to_anthropic([
    {"role": "user", "id": "u1", "content": "Weather in Paris?"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "thinking", "thinking": "", "signature": reference, "signatureProvider": "openai-responses"},
        {"type": "text", "text": "Sunny."}]},
]).warnings
""",
    "THINKING_AS_TEXT": """
from agent_ir import retarget
reference = '{"type":"reasoning","id":"rs_1","encrypted_content":"gAAAAB"}'
warnings = retarget([
    {"role": "user", "id": "u1", "content": "Weather in Paris?"},
    {"role": "assistant", "id": "a1", "content": [
        {"type": "thinking", "thinking": "Paris is usually mild.", "signature": reference,
         "signatureProvider": "openai-responses"},
        {"type": "text", "text": "Sunny."}]},
], "anthropic", thinking="text").report
""",
}

PRELUDE = '''
import asyncio
from agent_ir import FixtureProviderAdapter, ProviderError

def replay(records, *, calls=1):
    """The ProviderError of replaying one recorded response ``calls`` times."""
    adapter = FixtureProviderAdapter({"schemaVersion": 1, "responses": [{"records": records}]})
    async def run():
        for _ in range(calls):
            stream = adapter.stream("request-1")
            async for _chunk in stream:
                pass
            await stream.result()
    try:
        asyncio.run(run())
    except ProviderError as error:
        return error
'''
START = '{"type": "response_start", "responseId": "r1", "role": "assistant"}'
END = '{"type": "response_end", "responseId": "r1", "stopReason": "stop", "usage": {"inputTokens": 1, "outputTokens": 1}}'
TEXT = '{"type": "text_delta", "text": "Hi"}'
ERROR_EXAMPLES: dict[str, str] = {
    "PROVIDER_INVALID_FIXTURE": """
from agent_ir import FixtureProviderAdapter, ProviderError
try:
    FixtureProviderAdapter({"schemaVersion": 1, "responses": "none"})
except ProviderError as caught:
    error = caught
""",
    "PROVIDER_EXHAUSTED": PRELUDE + f"error = replay([{START}, {TEXT}, {END}], calls=2)\n",
    "PROVIDER_UNKNOWN_EVENT": PRELUDE
    + f'error = replay([{START}, {{"type": "image_delta"}}, {END}])\n',
    "PROVIDER_INVALID_EVENT": PRELUDE
    + f'error = replay([{START}, {{"type": "text_delta", "text": 42}}, {END}])\n',
    "PROVIDER_MISSING_START": PRELUDE + f"error = replay([{TEXT}, {END}])\n",
    "PROVIDER_DUPLICATE_START": PRELUDE + f"error = replay([{START}, {START}, {END}])\n",
    "PROVIDER_MISSING_TERMINAL": """
from pathlib import Path
from agent_ir import ProviderError
from agent_ir.wire import AnthropicStream

body = Path("fixtures/wire/anthropic/missing-terminal.sse").read_bytes()
with AnthropicStream([body], request_id="request-1") as stream:
    try:
        chunks = list(stream)
        stream.result()
    except ProviderError as caught:
        error = caught
""",
    "PROVIDER_DUPLICATE_TERMINAL": PRELUDE + f"error = replay([{START}, {TEXT}, {END}, {END}])\n",
    "PROVIDER_RESPONSE_MISMATCH": PRELUDE
    + "error = replay(["
    + START
    + ", "
    + TEXT
    + ", "
    + END.replace("r1", "r2")
    + "])\n",
    "PROVIDER_INVALID_TERMINAL": PRELUDE
    + "error = replay(["
    + START
    + ", "
    + TEXT
    + ", "
    + END.replace('"stop"', '"tool_call"')
    + "])\n",
    "PROVIDER_ITERATOR_REUSED": """
import asyncio
from agent_ir import FixtureProviderAdapter, ProviderError


async def records():  # one live source of records, e.g. read from a socket
    yield {"type": "response_start", "responseId": "r1", "role": "assistant"}
    yield {"type": "response_end", "responseId": "r1", "stopReason": "stop",
           "usage": {"inputTokens": 1, "outputTokens": 1}}


source = records()
adapter = FixtureProviderAdapter(
    {"schemaVersion": 1, "responses": [{"records": source}, {"records": source}]}
)


async def both():
    await adapter.stream("request-1").result()
    await adapter.stream("request-2").result()  # the same source again


try:
    asyncio.run(both())
except ProviderError as caught:
    error = caught
""",
    "PROVIDER_TRANSPORT_ERROR": """
from pathlib import Path
from agent_ir import ProviderError
from agent_ir.wire import AnthropicStream

body = Path("fixtures/wire/anthropic/mid-stream-error.sse").read_bytes()
with AnthropicStream([body], request_id="request-1") as stream:
    try:
        chunks = list(stream)
        stream.result()
    except ProviderError as caught:
        error = caught
""",
    "PROVIDER_CANCELLED": """
import asyncio
from agent_ir import FixtureProviderAdapter, ProviderError

adapter = FixtureProviderAdapter.from_path("fixtures/provider-tool-roundtrip.json")

async def cancelled():
    cancel = asyncio.Event()
    cancel.set()  # the user pressed stop
    await adapter.stream("request-1", cancel=cancel).result()

try:
    asyncio.run(cancelled())
except ProviderError as caught:
    error = caught
""",
    "PROVIDER_EVENT_TOO_LARGE": """
from pathlib import Path
from agent_ir import ProviderError
from agent_ir.wire import OpenAIChatStream

body = Path("fixtures/wire/openai-chat/parallel-tool-calls.sse").read_bytes()
with OpenAIChatStream([body], request_id="request-1", max_event_bytes=64) as stream:
    try:
        chunks = list(stream)
        stream.result()
    except ProviderError as caught:
        error = caught
""",
}
