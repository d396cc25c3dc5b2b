"""What each code means, why it matters and how to fix it: the one text of every code,
read by ``agent-ir explain CODE`` (offline, from the installed package) and by the code
pages of the documentation site (``docsgen/codes.py``, which adds examples run when the
site is built).

``TEXTS`` holds, for each diagnostic, conversion-warning and provider-error code of the
v1 schemas: ``meaning`` (what the code says), ``why`` (why a provider or a training run
refuses it; for a warning, why the format cannot carry it; for a provider error, why it
fails) and ``fix`` (how to fix it, naming the ``repair_transcript`` option that does).
``KINDS`` names each kind and the heading of its ``why``; ``kind_of`` gives a code's.
"""

from __future__ import annotations

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.diagnostic_schema import DiagnosticCode
from agent_ir._generated.model_stream_schema import ProviderErrorCode

__all__ = ["KINDS", "TEXTS", "codes", "kind_of", "provider_rules"]

# kind -> (its name, the heading of ``why`` for its codes)
KINDS: dict[str, tuple[str, str]] = {
    "diagnostic": ("diagnostic", "Why it is refused"),
    "warning": ("conversion warning", "Why the format cannot carry it"),
    "provider-error": ("provider error", "Why it fails"),
}

_ENUMS = {
    "diagnostic": DiagnosticCode,
    "warning": ConversionWarningCode,
    "provider-error": ProviderErrorCode,
}


def codes() -> dict[str, str]:
    """Every code, mapped to its kind (a key of ``KINDS``), in the order of the schemas'
    enums: diagnostics, then conversion warnings, then provider errors."""
    return {code.value: kind for kind, enum in _ENUMS.items() for code in enum}


def kind_of(code: str) -> str | None:
    """The kind of ``code``, or None when no schema defines it."""
    return codes().get(code)


# The codes whose rule differs per provider: the record field each one reads.
_RULED = ("INVALID_TOOL_CALL_ID_FORMAT", "INVALID_TOOL_NAME_FORMAT")


def provider_rules(code: str) -> list[tuple[str, str, str]]:
    """Each provider's id or name rule, from its registry record, for the two codes that
    check one (``_RULED``): ``(name, label, rule)`` rows, the rule in Markdown (a pattern
    as code); no rows for any other code."""
    if code not in _RULED:
        return []
    from agent_ir.wire import _registry  # the registry: only for these two codes

    rows = []
    for name, spec in _registry.REGISTRY.items():
        if code == "INVALID_TOOL_NAME_FORMAT":
            rule = f"`{spec.tool_names.pattern.pattern}`" if spec.tool_names else "none known"
        elif spec.ids.pattern is not None:
            rule = f"`{spec.ids.pattern.pattern}`"
        elif spec.ids.longest is not None:
            rule = f"at most {spec.ids.longest} characters"
        else:
            rule = "none known"
        rows.append((name, spec.label, rule))
    return rows


TEXTS: dict[str, dict[str, str]] = {
    # Diagnostics: validate_transcript
    "INVALID_TRANSCRIPT": {
        "meaning": 'The transcript as a whole cannot be read: it is not a JSON array of messages (the command also uses it for a line that is not JSON, a line larger than 64 MiB, a line that does not read in the `--format` given, or a line on which the process checking it died under `--jobs` 2 or more or `--engine dask`: "was not checked: the process checking it died (signal 11, SIGSEGV)").',
        "why": "Every provider takes a list of messages; nothing else is a conversation.",
        "fix": 'Write the transcript as an array of messages (or, in a `.jsonl` file, an object `{"messages": [...]}`); for a dataset in a provider\'s format, pass `--format`. A line on which a checking process died was not checked at all: it holds what crashed a checker (a segfault in a C extension is a bug to report, with the line), or its process was killed, often for memory (the kernel log says so); the other lines were checked.',
    },
    "INVALID_MESSAGE": {
        "meaning": "A message or one of its blocks has the wrong shape or breaks a value rule of `schemas/v1/message.schema.json`: an unknown role, a missing or mistyped field, a block type its role may not hold, bad base64, an impossible timestamp, a lone surrogate. The diagnostic's path points at the field.",
        "why": "A provider refuses a request whose messages are not of its shape (HTTP 400); a training run reads it as garbage or stops.",
        "fix": "Correct the field the path names. `repair_transcript` does not guess values: it refuses a transcript with an invalid message (`InvalidMessageError`).",
    },
    "EMPTY_TOOL_NAME": {
        "meaning": "A tool call's `name` or a tool result's `toolName` is missing, blank or not a string.",
        "why": "A call without a name cannot be run, and every provider requires the name of a function call.",
        "fix": "Give the call the name of the tool it called. When only the result's name is missing, the result can take its call's name.",
    },
    "INVALID_TOOL_ARGUMENTS": {
        "meaning": "A tool call's `arguments` is not a JSON object: often the JSON text of one (OpenAI Chat writes arguments as a string), an array, or a number.",
        "why": "Tools take named parameters; Anthropic and Gemini refuse `input`/`args` that are not objects, and a fine-tuning example with string arguments teaches the model to write strings.",
        "fix": "Decode arguments written as JSON text (`json.loads`) before building the IR, or read the data with the `from_*` function of its format (`--format openai-chat`), which does it.",
    },
    "DUPLICATE_TOOL_CALL_ID": {
        "meaning": "A tool-call id is used by a second call; the diagnostic is at every call after the first.",
        "why": 'A result names its call by id: with two calls of one id, which one it answers is ambiguous (repair and the OpenAI Responses format pair results by id). Anthropic takes an id used again after its result, which agent-ir refuses on purpose (`check_wire_rules(..., "anthropic")` does not report it).',
        "fix": "`repair_transcript` gives the later call a fresh id (`id-2`) and its results follow it (RENAMED_DUPLICATE_CALL_ID).",
    },
    "DUPLICATE_TOOL_RESULT": {
        "meaning": "A second (third, ...) result for one tool-call id; the diagnostic is at each later result.",
        "why": "A call has one result; providers refuse a second `tool_result` for one `tool_use_id`.",
        "fix": '`repair_transcript` keeps the first result and drops the others (`duplicates="keep-first"`, DROPPED_DUPLICATE_RESULT).',
    },
    "ORPHAN_TOOL_RESULT": {
        "meaning": "A tool result whose `toolCallId` no tool call in the transcript has: typically history trimmed between a call and its result, or an id rewritten on one side only.",
        "why": "OpenAI answers HTTP 400 (`messages with role 'tool' must be a response to a preceeding message with 'tool_calls'`); Anthropic refuses a `tool_result` without its `tool_use`.",
        "fix": '`repair_transcript` drops the orphan (`orphans="drop"`, DROPPED_ORPHAN_RESULT); `trim_transcript` cuts history without splitting a call from its result.',
    },
    "TOOL_RESULT_BEFORE_CALL": {
        "meaning": "A result comes at or before the message of the call it names: the messages were stored out of order.",
        "why": "A result must answer a call the model already made; providers read a result before its call as an orphan.",
        "fix": "`repair_transcript` drops the early result and answers the call with an error result when none comes after it (DROPPED_ORPHAN_RESULT, ADDED_ERROR_RESULT); putting the messages back in order keeps the real result.",
    },
    "TOOL_NAME_MISMATCH": {
        "meaning": "A result after its call names another tool than the call does.",
        "why": "Gemini pairs a `functionResponse` with its call by name, and a fine-tuning run learns the wrong tool's output.",
        "fix": "`repair_transcript` gives the result its call's name (FIXED_TOOL_NAME).",
    },
    "MISSING_TOOL_RESULT": {
        "meaning": "A tool call has no result after it: the agent was interrupted, or the result was lost.",
        "why": "OpenAI answers HTTP 400 (`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'`), Anthropic refuses a `tool_use` without a `tool_result` in the next turn, Gemini wants as many responses as calls.",
        "fix": '`repair_transcript` adds an error result saying none was recorded (`missing="error-result"`, the default: ADDED_ERROR_RESULT) or drops the call (`missing="drop-call"`, DROPPED_TOOL_CALL). A fine-tuning line whose target is the calls themselves is valid with `allow_pending=True` (`--allow-pending`).',
    },
    "ORPHAN_SERVER_TOOL_RESULT": {
        "meaning": "A server-tool result block (web search, code execution, MCP: run by the provider) answers no server-tool call earlier in its message or in an earlier assistant message.",
        "why": "A server-tool result answers the provider's own call in the same reply (Anthropic pairs a `web_search_tool_result` with its `server_tool_use` by `tool_use_id`); without the call, the turn does not hold together.",
        "fix": "`repair_transcript` drops the block (DROPPED_ORPHAN_SERVER_RESULT).",
    },
    "UNDECLARED_TOOL": {
        "meaning": "(Only with `tools`.) A tool call names a tool no definition declares.",
        "why": "A provider runs and validates only declared functions; a fine-tuning line calling an undeclared tool teaches the model to invent tools.",
        "fix": "Declare the tool in `tools`, or correct the call's name. Not repaired.",
    },
    "TOOL_ARGUMENTS_MISMATCH": {
        "meaning": "(Only with `tools`.) A call's arguments break the `parameters` JSON Schema of the tool it names; one diagnostic per failing keyword, the path inside the arguments.",
        "why": "With strict function calling the provider refuses (or never produces) such arguments; a training example teaches the model to break the schema.",
        "fix": "Correct the arguments, or the schema when it is the schema that is wrong. Not repaired.",
    },
    "INVALID_TOOL_DEFINITION": {
        "meaning": "(Only with `tools`.) A tool definition is not a valid `ToolDefinition` (no or blank name, an unknown field, a name declared twice) or its `parameters` is no valid JSON Schema; its calls are not checked.",
        "why": "Providers refuse a request whose `tools` hold an invalid schema (OpenAI: `Invalid schema for function`).",
        "fix": "Correct the definition at `toolIndex`; the path points into it. Not repaired.",
    },
    "RESULT_NOT_IMMEDIATE": {
        "meaning": "(`check_wire_rules`.) A tool result does not come directly after the assistant turn of its call: a user message landed between them (the user typed while the tool ran).",
        "why": 'OpenAI, Anthropic and Gemini all want the results right after the call\'s turn (Gemini: "Please ensure that function response turn comes immediately after a function call turn.").',
        "fix": "`repair_transcript(..., provider=...)` moves the results up to their call (MOVED_RESULT).",
    },
    "INVALID_TOOL_CALL_ID_FORMAT": {
        "meaning": "(`check_wire_rules`.) A tool-call id has characters or a length the provider refuses (each provider's rule is listed below), as ids written by another provider often do.",
        "why": "The provider refuses the request (HTTP 400, naming the id).",
        "fix": "`repair_transcript(..., provider=...)` or `normalize_tool_call_ids(..., provider=...)` rewrites the ids and their results' ids identically (RENAMED_TOOL_CALL_ID; `renamed_ids` maps old to new).",
    },
    "INVALID_ROLE_ORDER": {
        "meaning": "(`check_wire_rules`.) The messages are in an order the provider refuses: an assistant turn first where the provider wants a user turn first, or a turn with calls right after the system messages.",
        "why": 'Gemini: "Please ensure that function call turn comes immediately after a user turn or after a function response turn."',
        "fix": "`repair_transcript(..., provider=...)` adds a user message before it (ADDED_USER_MESSAGE).",
    },
    "EMPTY_CONTENT": {
        "meaning": "(`check_wire_rules`.) A user or assistant message has no content, or only whitespace, or an empty text block.",
        "why": "Anthropic answers HTTP 400 (`messages: text content blocks must be non-empty`).",
        "fix": "`repair_transcript(..., provider=...)` drops the empty blocks or message (DROPPED_EMPTY_CONTENT).",
    },
    "INVALID_TOOL_NAME_FORMAT": {
        "meaning": "(`check_wire_rules`.) A tool's name (of a definition or a call) breaks the provider's name rule (each provider's rule is listed below).",
        "why": 'The provider refuses the request (Gemini: "Invalid function name. Must start with a letter or an underscore. ...").',
        "fix": "Rename the tool in its definition and in every call and result. Not repaired: the name is the application's.",
    },
    "MISSING_THOUGHT_SIGNATURE": {
        "meaning": '(`check_wire_rules(..., "gemini", model=...)`.) The first call of a model step of the current turn carries no `thoughtSignature`, which Gemini 3 and later require.',
        "why": 'Gemini 3 answers HTTP 400: "Function call is missing a thought_signature in functionCall parts." A framework that drops unknown fields loses it.',
        "fix": 'Keep the signature the reply carried (the IR does: `thought_signature` on the block). Otherwise `repair_transcript(..., provider="gemini")` writes the documented `skip_thought_signature_validator`, as the base64 of its bytes that the SDK sends (`c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=`; ADDED_THOUGHT_SIGNATURE).',
    },
    # Conversion warnings: to_* and from_*, replies and streams
    "THINKING_NOT_SENT": {
        "meaning": "A thinking block was not written: the target format has no place for thinking (OpenAI Chat), or for thinking from another provider.",
        "why": "Thinking is signed by the provider that produced it; another provider cannot take it back.",
        "fix": "Nothing to fix when the target cannot carry it; to keep it, send the turn to the provider it came from.",
    },
    "AUDIO_NOT_SENT": {
        "meaning": "An audio block was not written: the format has no audio input (Anthropic, OpenAI Responses) or not of its media type.",
        "why": "The provider has no part that holds it.",
        "fix": "Transcribe the audio to text first, or send it to a provider that takes audio (OpenAI Chat: WAV or MP3).",
    },
    "IMAGE_NOT_SENT": {
        "meaning": "An image block was not written: its media type or source is one the format does not take.",
        "why": "Anthropic takes JPEG, PNG, GIF and WebP only.",
        "fix": "Convert the image to a taken type before building the message.",
    },
    "DOCUMENT_NOT_SENT": {
        "meaning": "A document block was not written: its media type or source is one the format does not take (OpenAI Chat: base64 PDF or a file id).",
        "why": "The provider has no part that holds it.",
        "fix": "Send the document as a taken type or source, or its text as text.",
    },
    "IMAGE_MOVED": {
        "meaning": "An image in a tool result was moved into a user message right after the results: OpenAI Chat's tool messages hold only text.",
        "why": "The API wants a call's results right after it, and text only in a tool message.",
        "fix": "Nothing to fix: the model still sees the image, after the results.",
    },
    "SYSTEM_MOVED": {
        "meaning": "A system message after the conversation started was moved to the format's system field (Anthropic `system`, Gemini `systemInstruction`).",
        "why": "Those formats hold the system prompt apart from the messages.",
        "fix": "Nothing to fix; put system messages first to keep the order you mean.",
    },
    "ERROR_FLAG_NOT_SENT": {
        "meaning": "A tool result's `isError: true` was not written: the format has no field for it (OpenAI Chat and Responses, Hugging Face chat).",
        "why": "The format has no error flag on tool output.",
        "fix": 'Say so in the result\'s text ("Error: ...") when the model must know.',
    },
    "PART_NOT_READ": {
        "meaning": "A part of a request, reply or stream that the IR has no place for was left out; the warning's path points at it.",
        "why": "The IR carries what every provider shares and what real traffic needs back; other fields are listed here rather than dropped silently.",
        "fix": "Nothing to fix when the part does not matter; otherwise keep the provider's raw object beside the IR.",
    },
    "MESSAGE_NOT_SENT": {
        "meaning": "A message was left out: nothing in it could be written (no block, or only blocks that are not sent).",
        "why": "The provider refuses empty messages.",
        "fix": "Nothing to fix; the warnings of its blocks say what was lost.",
    },
    "MESSAGES_MERGED": {
        "meaning": "Two messages were written as one (OpenAI Responses).",
        "why": "The format has one item where the IR has two messages.",
        "fix": "Nothing to fix.",
    },
    "TOOL_NAME_NOT_SENT": {
        "meaning": "A tool result's name is not in the format (OpenAI, Anthropic) and cannot be read back from its call: the call has another name or there is no call with the id.",
        "why": "Those formats pair a result with its call by id only.",
        "fix": "Give the result its call's name (`repair_transcript` does: FIXED_TOOL_NAME), or add the missing call.",
    },
    "TOOL_NAME_UNKNOWN": {
        "meaning": "A tool result was read without a tool name, because no call in the input has its id; it is named `unknown`, and validation then reports the orphan.",
        "why": "The format carries no name on results.",
        "fix": "Read the whole conversation, calls included; `repair_transcript` drops an orphan result.",
    },
    "MEDIA_TYPE_CHANGED": {
        "meaning": "A block was written with a media type it will read back as another one (audio/x-wav as wav, an image without a taken type as a document).",
        "why": "The format names only a few media types.",
        "fix": "Nothing to fix when the data is the same; use the format's own spelling to avoid the warning.",
    },
    "REDACTED_FLAG_NOT_SENT": {
        "meaning": "Thinking marked redacted was written without the flag: the format has no field for it.",
        "why": "The format's reasoning item has no redacted flag.",
        "fix": "Nothing to fix.",
    },
    "SIGNATURE_CHANGED": {
        "meaning": "A thinking signature was written in a form that will read back differently (the warning says as what).",
        "why": "The format keeps the provider's reference to its reasoning, not the IR's signature text.",
        "fix": "Nothing to fix when the provider is the one that signed it.",
    },
    "CACHE_CONTROL_NOT_SENT": {
        "meaning": "A prompt-cache breakpoint (`cacheControl`) was not written: OpenAI and Gemini cache by themselves or otherwise.",
        "why": "Only Anthropic takes breakpoints on blocks.",
        "fix": "Nothing to fix; the breakpoints are kept in the IR for Anthropic.",
    },
    "CITATIONS_NOT_SENT": {
        "meaning": "A text's citations were not written: the format's request has no place for them.",
        "why": "Citations are the provider's output; a request does not hold them.",
        "fix": "Nothing to fix.",
    },
    "SERVER_TOOL_NOT_SENT": {
        "meaning": "A server-tool call or result (web search, code execution, MCP run by a provider) was not written to another provider's format.",
        "why": "Another provider did not run it and cannot take it back.",
        "fix": "Send the turn to the provider that ran the tool; or keep the result's text as text.",
    },
    "REFUSAL_AS_TEXT": {
        "meaning": "A refusal block was written as a text block: the format has no refusal form (Anthropic, Gemini).",
        "why": "Only OpenAI has a refusal field.",
        "fix": "Nothing to fix: the words are kept.",
    },
    "IMAGE_DETAIL_NOT_SENT": {
        "meaning": "An image's `detail` (OpenAI's resolution hint) was not written.",
        "why": "The format has no such field.",
        "fix": "Nothing to fix.",
    },
    "DOCUMENT_DETAIL_NOT_SENT": {
        "meaning": "A document's `title`, `context`, `filename` or `citations` flag was not written: the format has no place for that field.",
        "why": "Those fields are one provider's (Anthropic's title and context, OpenAI's filename).",
        "fix": "Nothing to fix.",
    },
    "CHOICES_NOT_READ": {
        "meaning": "A reply held more than one choice or candidate; only the first was read.",
        "why": "The IR reply is one assistant message.",
        "fix": "Ask for one choice (`n=1`, one candidate), or read the others from the raw reply.",
    },
    "TOOL_NOT_READ": {
        "meaning": "A tool definition of the request was not read: a hosted tool (web search, code execution) or a tool type with no `ToolDefinition` form.",
        "why": "A `ToolDefinition` is a function the application runs.",
        "fix": "Nothing to fix; keep hosted tools in the provider's own request fields.",
    },
    "SIGNATURE_NOT_SENT": {
        "meaning": "A Gemini `thoughtSignature` (or another provider's signature) was not written: the target format has no place for it.",
        "why": "Only the provider that signed can check the signature.",
        "fix": "Nothing to fix; the IR keeps the signature for the provider that made it.",
    },
    "TOOL_CALL_ID_ADDED": {
        "meaning": "A Gemini function call without an id was given one from its place (`gemini_call_...`), which `to_gemini` does not send back.",
        "why": "The IR links results to calls by id; Gemini calls mostly have none.",
        "fix": "Nothing to fix.",
    },
    "RESULT_PAIRED_BY_NAME": {
        "meaning": "A Gemini function response without an id was paired with the earliest unanswered call of its name.",
        "why": "Gemini responses mostly carry no id.",
        "fix": "Nothing to fix; check the pairing when one turn calls one tool several times.",
    },
    "TOOL_DETAIL_NOT_SENT": {
        "meaning": "A detail of a tool definition (such as `strict`) was not written: the format has no place for it.",
        "why": "Gemini's function declarations have no strict flag.",
        "fix": "Nothing to fix.",
    },
    "EVENT_NOT_READ": {
        "meaning": "A stream event of a type this version does not know was passed over; the rest of the stream was read. The message names the event's type and its index in the stream (from 0).",
        "why": "Providers add event types (Anthropic documents that new ones may come); their SDKs pass over the ones they do not know, and so does agent-ir, with this warning instead of silence.",
        "fix": "Nothing to fix for the reply; if the event carries something you need, read it from the raw stream and ask for it to be mapped.",
    },
    "RESULT_BLOCK_NOT_SENT": {
        "meaning": "A block of a tool result was not written: the output item of the call it answers has no place for it (OpenAI Responses: a computer call's output is one screenshot, a local shell call's output is text).",
        "why": "The API writes these calls as items of their own, and their outputs hold one thing each; a function call's output holds any text and images.",
        "fix": "Give a computer call's result one image (the screenshot) and a local shell call's result its text.",
    },
    "BLOCK_MOVED": {
        "meaning": "A block that came after a tool call in an assistant message was sent before it: OpenAI Chat Completions and Mistral hold an assistant message's calls in `tool_calls`, after its content, so text, refusal or thinking written after a call reads back ahead of it.",
        "why": "The format has one content and one list of calls per assistant message; their relative order has no place in it.",
        "fix": "Nothing to fix when the order does not matter; to keep it, split the message where the call is (a message per step), or send it to a format that keeps the order (Anthropic, OpenAI Responses, Gemini, Bedrock).",
    },
    "FOREIGN_SIGNATURE_DROPPED": {
        "meaning": "A thinking block's `signature` (its signature, redacted data or encrypted reasoning) was made by another format than the target (`signatureProvider`) and was not written. Where the target refuses thinking without its own signature (Anthropic, OpenAI Responses) the block is not written either; Gemini gets the reasoning text as a thought part.",
        "why": "Only the provider that made an opaque value can check or decrypt it: Anthropic verifies thinking signatures and refuses a request whose signature is another provider's.",
        "fix": "Nothing to fix when switching providers; to keep the reasoning, send the turn back to the provider that made it.",
    },
    "THINKING_AS_TEXT": {
        "meaning": 'A thinking block made by another provider (`signatureProvider`) was sent as a text block of its reasoning: `retarget(..., thinking="text")` asked for it.',
        "why": "Only the provider that made a thinking block can check its signature; the target takes the reasoning only as something the assistant said.",
        "fix": 'Nothing to fix; `thinking="drop"` (the default) leaves it out instead.',
    },
    # Provider errors: ProviderError.code
    "PROVIDER_INVALID_FIXTURE": {
        "meaning": "A provider fixture (`schemas/v1/provider-fixture.schema.json`) could not be read: not JSON, not of the fixture's shape.",
        "why": "`FixtureProviderAdapter` refuses it when it is built, before any stream.",
        "fix": "Correct the fixture; validate it with `agent-ir schema provider-fixture` and a JSON Schema validator.",
    },
    "PROVIDER_EXHAUSTED": {
        "meaning": "`FixtureProviderAdapter.stream` was called after every recorded response was used.",
        "why": "A fixture replays a fixed number of responses.",
        "fix": "Record one response per call the test makes.",
    },
    "PROVIDER_UNKNOWN_EVENT": {
        "meaning": "A record of a fixture, or an event of a provider's stream, has a type its reader does not know.",
        "why": "The protocol is closed: an unknown record would be dropped silently.",
        "fix": "Use the record types of the fixture schema.",
    },
    "PROVIDER_INVALID_EVENT": {
        "meaning": "A provider event or record is malformed: not a JSON object, a field of the wrong type, a tool call whose arguments are not an object, a lone surrogate.",
        "why": "The reply cannot be built from it without guessing.",
        "fix": "Nothing to fix in your code when the provider sent it: retry; report it when it persists.",
    },
    "PROVIDER_MISSING_START": {
        "meaning": "A stream's content came before its start event.",
        "why": "The reply's id and role come with the start.",
        "fix": "Feed the stream from its first event.",
    },
    "PROVIDER_DUPLICATE_START": {
        "meaning": "A stream started twice.",
        "why": "One stream is one reply.",
        "fix": "Feed one stream per reply.",
    },
    "PROVIDER_MISSING_TERMINAL": {
        "meaning": "The stream ended without its terminal event (cut off): the chunks already sent stand, the reply does not.",
        "why": "Without the end, the stop reason and usage are unknown, and a tool call may be cut.",
        "fix": "Retry the request; the error's `record_index` is the number of events read.",
    },
    "PROVIDER_DUPLICATE_TERMINAL": {
        "meaning": "A stream ended twice.",
        "why": "One stream is one reply.",
        "fix": "Retry; report it when it persists.",
    },
    "PROVIDER_RESPONSE_MISMATCH": {
        "meaning": "The end event names another response than the start did.",
        "why": "Events of two replies are mixed.",
        "fix": "Feed one stream per reply.",
    },
    "PROVIDER_INVALID_TERMINAL": {
        "meaning": "The end event contradicts the reply (stop reason `tool_call` without a call, `stop` with one) or events came after it.",
        "why": "The reply would say something its content does not.",
        "fix": "Retry; report it when it persists.",
    },
    "PROVIDER_ITERATOR_REUSED": {
        "meaning": "A stream was iterated a second time.",
        "why": "A stream is read once; the chunks are not kept for a second reader.",
        "fix": "Keep the chunks you need, or call `result()` for the whole reply.",
    },
    "PROVIDER_TRANSPORT_ERROR": {
        "meaning": "The provider sent an error inside the stream (overloaded, rate-limited, ...); `provider_code` is its own code.",
        "why": "The provider failed the request after it started answering.",
        "fix": "Retry according to `provider_code` (`overloaded_error`: back off).",
    },
    "PROVIDER_CANCELLED": {
        "meaning": "The stream was cancelled through its `cancel` event.",
        "why": "The caller asked for it.",
        "fix": "Nothing to fix; the response stays queued for a retry.",
    },
    "PROVIDER_EVENT_TOO_LARGE": {
        "meaning": "A line or an event's data passed `max_event_bytes` (32 MiB by default); the stream was refused as soon as it passed the limit.",
        "why": "A stream never holds much more than the limit, so a hostile or broken server cannot exhaust memory.",
        "fix": "Pass a larger `max_event_bytes` to the stream class when such events are expected.",
    },
}
