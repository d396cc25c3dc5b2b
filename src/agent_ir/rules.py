"""Each provider's stricter rules: what a request must also satisfy, beyond
``validate_transcript``, before the provider accepts it.

The rules are generic; which of them apply, and with what limits, is the provider's
record in the registry (``agent_ir.wire._registry``: its ``ids``, ``turns``,
``tool_names`` and ``signatures``; each provider's ``_rules`` module says where its
facts come from).

``check_wire_rules(transcript, provider, tools=..., allow_pending=..., model=...)``
reports everything ``validate_transcript`` does (a provider refuses those too), but
what the provider accepts where agent-ir is stricter on purpose (for Anthropic, a
tool-call id used again once its call was answered: each use is then a call of its
own), and, over the messages that are valid on their own, the rules of ``provider``:

* RESULT_NOT_IMMEDIATE ("openai-chat", "anthropic", "gemini"): the results of an
  assistant message's tool calls must come directly after it (OpenAI Chat: ``tool``
  messages right after the assistant message; Anthropic: in the next user turn, before
  any text; Gemini: the function-response turn right after the function-call turn).
  Anthropic and Gemini merge consecutive assistant messages into one turn, so the
  results may follow the run of them. The commonest real failure: a user message lands
  between a call and its result. The Responses API accepts outputs anywhere after
  their call. A malformed message is not a turn of either kind, but the readable ids
  of its calls count for the pairing: a result after one is not judged (as the
  linkage leaves it), never paired with an earlier call of its id.
* INVALID_TOOL_CALL_ID_FORMAT: Anthropic ids match ``^[a-zA-Z0-9_-]+$`` with at most 64
  characters; OpenAI Chat ids have at most 40 characters, OpenAI Responses ``call_id``s
  at most 64 (the limits the APIs have been seen to enforce; conservative); Gemini
  states no limit (none is checked). Only ``toolCall`` ids: a server-tool call's id is
  the provider's own.
* INVALID_TOOL_NAME_FORMAT: a tool call's name (``/<i>/content/<j>/name``), and with
  ``tools`` a definition's name (``tool_index`` set, message index -1, path
  ``/name``), must be one the provider takes: OpenAI and Anthropic
  ``^[a-zA-Z0-9_-]{1,64}$``, Gemini ``^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$``. Only
  ``toolCall`` names: a server tool's name is the provider's own.
* INVALID_ROLE_ORDER: for a provider whose record asks a user turn first (none of the
  registered ones: Anthropic accepts an assistant message first), the first message
  after the system messages is a user turn (a user message or tool results); for one
  whose record asks only that call turns follow a user turn (Gemini), the first
  assistant turn holds no tool call when nothing but system messages comes before it
  (at the message of its first call).
* EMPTY_CONTENT ("anthropic"): user and assistant messages need content (a refusal or
  server-tool block is content); a text block must not be empty, and a whitespace-only
  text block is refused only when nothing else in its message is content (Anthropic
  accepts ``[text " ", tool_use]``, refuses ``[text " "]`` and ``[text ""]``).
* MISSING_THOUGHT_SIGNATURE ("gemini", for the models that require it: ``model``):
  the first tool call of each step of the current turn carries a ``thoughtSignature``
  (``/<i>/content/<j>``). The current turn is what follows the last user message
  (tool results do not end it); a step is a run of consecutive assistant messages.
  Any signature counts, the documented placeholders included.
* TOO_MANY_IMAGES, TOO_MANY_DOCUMENTS, MEDIA_TOO_LARGE ("bedrock-converse"): the
  limits a provider's record sets on images and documents (``media``). A user turn (a
  run of consecutive user and tool-result messages, sent as one user message; system
  messages between them do not end it, an assistant message or a malformed one does)
  holds at most ``mostPerTurn`` image blocks in its user messages (images inside tool
  results are not counted) and ``mostPerTurn`` documents: reported once per turn, at
  the first block beyond the limit (``/<i>/content/<j>``). Each image (tool results'
  too) and document with a base64 source decodes to at most ``largestBytes`` bytes
  (counted from the base64's length, never decoded): at the block. A URL or file
  source's size is not known here and not checked. With ``largestSide``, an image
  whose header (PNG, GIF, WebP, JPEG: ``agent_ir._image_size``) gives a width or
  height over it is MEDIA_TOO_LARGE too. Bedrock: 20 images of at most 3.75 MB and
  8000 pixels a side, and 5 documents of at most 4.5 MB, per message (where the
  numbers come from: ``agent_ir.wire.bedrock_converse._rules``).
* DOCUMENT_WITHOUT_TEXT ("bedrock-converse", the record's ``documentsNeedText``): a
  user turn holding a document must also hold a text block that is not blank (or
  string content that is not) in its user messages; reported once per turn, at its
  first document.

Consecutive messages of one role are not a problem for any provider: the wire
conversions merge them where a provider needs alternation.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from agent_ir._generated.diagnostic_schema import Diagnostic, DiagnosticCode
from agent_ir._generated.message_schema import (
    AssistantMessage,
    Base64Source,
    DocumentBlock,
    ImageBlock,
    Message,
    SystemMessage,
    TextBlock,
    ToolCallBlock,
    ToolResultMessage,
    UserMessage,
)
from agent_ir._generated.transcript_schema import ToolDefinition
from agent_ir._image_size import image_size
from agent_ir._publish import publish_lazy
from agent_ir._text import is_blank, quoted
from agent_ir.validation._conductor import Options, diagnose
from agent_ir.validation._diagnostics import diagnostic, ordered, transcript_diagnostic
from agent_ir.validation._linkage import MalformedLinks
from agent_ir.validation._tools import Tools, read_tools
from agent_ir.wire import _registry
from agent_ir.wire._registry import Provider
from agent_ir.wire._spec import MediaLimit, MediaLimits, ProviderSpec, ToolNameRule

__all__ = ["Provider", "calls_to_sign", "check_wire_rules"]


def check_wire_rules(
    transcript: object,
    provider: Provider,
    *,
    tools: object = None,
    allow_pending: bool = False,
    model: str | None = None,
) -> tuple[Diagnostic, ...]:
    """Every problem ``provider`` would refuse ``transcript`` for (a list or tuple of IR
    messages or JSON-form mappings): ``validate_transcript``'s diagnostics and the
    provider's own rules, in order. ``provider`` is a registered provider's name
    (anything else is a ``ValueError``); the transcript and the tools never make it
    raise.

    ``tools`` and ``allow_pending`` are ``validate_transcript``'s (the calls checked
    against the definitions; the last assistant turn's calls may wait). Given tools,
    each definition whose name the provider refuses is also INVALID_TOOL_NAME_FORMAT
    (its ``tool_index``, path ``/name``).

    ``model``: the model the request is for, for the rules that depend on it (Gemini's
    thought signatures: Gemini 3 and later require them, 1.x and 2.x do not; None, the
    model not known, is judged as the current models are, which require them). Other
    providers ignore it; anything but a string or None is judged as None."""
    spec = _registry.provider_spec(provider)
    options = _options(tools, allow_pending)
    # each entry read once
    diagnosed = diagnose(transcript, reuse=spec.turns.ids_reusable_after_result, options=options)
    found = list(diagnosed.diagnostics)
    if options.tools is not None:
        found.extend(_definition_names(options.tools.definitions, spec))
    if diagnosed.messages is not None:
        model = model if type(model) is str else None
        found.extend(_provider_rules(diagnosed.messages, diagnosed.malformed, spec, model))
    return ordered(found)


def _options(tools: object, allow_pending: bool) -> Options:
    try:
        return Options(None if tools is None else read_tools(tools), bool(allow_pending))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # the contract: never raise (a hostile __bool__)
        reason = f"could not be validated ({type(error).__name__})"
        return Options(Tools((), {}, [transcript_diagnostic(reason)]), False)


def _definition_names(
    definitions: tuple[ToolDefinition | None, ...], spec: ProviderSpec
) -> Iterator[Diagnostic]:
    """INVALID_TOOL_NAME_FORMAT for each well-formed definition whose name the provider
    refuses (a malformed one is INVALID_TOOL_DEFINITION already)."""
    rule = spec.tool_names
    if rule is None:
        return
    for tool_index, definition in enumerate(definitions):
        if definition is None or rule.fits(definition.name):
            continue
        found = diagnostic(
            DiagnosticCode.INVALID_TOOL_NAME_FORMAT,
            -1,
            ("name",),
            f"tool name {quoted(definition.name)} {_name_rule(rule, spec)}",
        )
        yield msgspec.structs.replace(found, tool_index=tool_index)


def _name_rule(rule: ToolNameRule, spec: ProviderSpec) -> str:
    return f"must match {rule.pattern.pattern} for {spec.name}"


def _provider_rules(
    messages: list[Message | None],
    malformed: dict[int, MalformedLinks],
    spec: ProviderSpec,
    model: str | None,
) -> Iterator[Diagnostic]:
    if spec.turns.results_follow_call:
        yield from _results_not_immediate(messages, malformed, spec)
    yield from _id_formats(messages, spec)
    yield from _call_names(messages, spec)
    if spec.turns.user_turn_first:
        yield from _role_order(messages, spec)
    elif spec.turns.calls_follow_user_turn:
        yield from _calls_first(messages, spec)
    if spec.turns.content_required:
        yield from _empty_content(messages, spec)
    if spec.signatures is not None and spec.signatures.requires(model):
        yield from _missing_signatures(messages, spec, model)
    if spec.media is not None:
        yield from _media_limits(messages, spec, spec.media)
        if spec.media.documents_need_text:
            yield from _documents_without_text(messages, spec)


def _results_not_immediate(
    messages: list[Message | None], malformed: dict[int, MalformedLinks], spec: ProviderSpec
) -> Iterator[Diagnostic]:
    """A result pairs with the latest earlier call of its id (as ``repair_transcript``
    pairs them); between that call's message and the run of results holding the result
    there may be nothing, or, when the provider joins consecutive assistant messages
    into one turn (Anthropic), only assistant messages. A call in a malformed message
    (its id readable) counts for the pairing only: its result is not judged, as the
    linkage leaves it (the message is reported), and is never paired with an earlier
    call of the same id."""
    latest: dict[str, int | None] = {}  # None: the latest call is in a malformed message
    run_start = 0  # where the run of tool results holding the current message starts
    others = 0  # messages so far that are not assistant messages
    others_before: list[int] = []  # others_before[i]: of them, before message i
    for index, message in enumerate(messages):
        others_before.append(others)
        if type(message) is AssistantMessage:
            latest.update(dict.fromkeys((call.id for call in message.tool_calls), index))
        else:
            others += 1
            links = malformed.get(index)
            if links is not None:
                latest.update(dict.fromkeys(_readable_call_ids(links)))
        if type(message) is not ToolResultMessage:
            run_start = index + 1
            continue
        made_at = latest.get(message.tool_call_id)
        if made_at is None or _adjacent(others_before, made_at, run_start, spec):
            continue
        yield diagnostic(
            DiagnosticCode.RESULT_NOT_IMMEDIATE,
            index,
            ("toolCallId",),
            f"the result of tool call {quoted(message.tool_call_id)} must come directly after "
            f"the assistant message that made it (message {made_at}) for {spec.name}",
        )


def _readable_call_ids(links: MalformedLinks) -> Iterator[str]:
    """The ids of a malformed message's tool calls, well-formed or not."""
    yield from (call_id for _, call_id, _ in links.calls)
    yield from (call_id for _, call_id in links.malformed_calls)


def _adjacent(others_before: list[int], made_at: int, run_start: int, spec: ProviderSpec) -> bool:
    """Whether nothing, or (when assistant messages join into one turn) only assistant
    messages, come between the call's message and the run of results: counted, not
    walked, so many results after a long gap cost one step each."""
    if spec.turns.assistant_turns_join:
        return others_before[run_start] == others_before[made_at + 1]
    return run_start == made_at + 1


def _tool_calls(messages: list[Message | None]) -> Iterator[tuple[int, int, ToolCallBlock]]:
    """(message index, block index, block) of each tool call, in order."""
    for index, message in enumerate(messages):
        if type(message) is AssistantMessage:
            for block_index, block in enumerate(message.content):
                if type(block) is ToolCallBlock:
                    yield index, block_index, block


def _id_formats(messages: list[Message | None], spec: ProviderSpec) -> Iterator[Diagnostic]:
    ids = spec.ids
    for index, block_index, block in _tool_calls(messages):
        if ids.fits(block.id):
            continue
        rules = [] if ids.pattern is None else [f"match {ids.pattern.pattern}"]
        rules.extend(ids.sizes())
        yield diagnostic(
            DiagnosticCode.INVALID_TOOL_CALL_ID_FORMAT,
            index,
            ("content", block_index, "id"),
            f"tool call id {quoted(block.id)} must {' and '.join(rules)} for {spec.name}",
        )


def _call_names(messages: list[Message | None], spec: ProviderSpec) -> Iterator[Diagnostic]:
    """INVALID_TOOL_NAME_FORMAT for each tool call naming a tool the provider refuses
    (only ``toolCall`` names: a server tool's name is the provider's own)."""
    rule = spec.tool_names
    if rule is None:
        return
    for index, block_index, block in _tool_calls(messages):
        if rule.fits(block.name):
            continue
        yield diagnostic(
            DiagnosticCode.INVALID_TOOL_NAME_FORMAT,
            index,
            ("content", block_index, "name"),
            f"tool call {quoted(block.id)} names {quoted(block.name)}, which "
            f"{_name_rule(rule, spec)}",
        )


def _role_order(messages: list[Message | None], spec: ProviderSpec) -> Iterator[Diagnostic]:
    for index, message in enumerate(messages):
        if message is None or type(message) is SystemMessage:
            continue
        if type(message) is AssistantMessage:
            yield diagnostic(
                DiagnosticCode.INVALID_ROLE_ORDER,
                index,
                ("role",),
                f"the first message after the system messages must be a user turn for {spec.name}",
            )
        return


def _calls_first(messages: list[Message | None], spec: ProviderSpec) -> Iterator[Diagnostic]:
    """INVALID_ROLE_ORDER when the first assistant turn (the run of assistant messages
    first after the system messages) holds a tool call: nothing it could answer comes
    before it. Reported at the message of its first call."""
    for index, message in enumerate(messages):
        if message is None or type(message) is SystemMessage:
            continue
        if type(message) is not AssistantMessage:
            return
        if message.tool_calls:
            yield diagnostic(
                DiagnosticCode.INVALID_ROLE_ORDER,
                index,
                ("role",),
                "an assistant turn with tool calls must come after a user turn or tool "
                f"results for {spec.name}, not first after the system messages",
            )
            return


def _current_turn(messages: Sequence[Message | None]) -> int:
    """Where the current turn starts: after the last user message (tool results do not
    end a turn); 0 when there is none."""
    for index in range(len(messages) - 1, -1, -1):
        if type(messages[index]) is UserMessage:
            return index + 1
    return 0


def _missing_signatures(
    messages: list[Message | None], spec: ProviderSpec, model: str | None
) -> Iterator[Diagnostic]:
    """MISSING_THOUGHT_SIGNATURE for each call of ``calls_to_sign`` that has no
    signature."""
    who = spec.label if model is None else f"{spec.label} ({quoted(model)})"
    for index, block_index, block in calls_to_sign(messages):
        if block.thought_signature is None:
            yield diagnostic(
                DiagnosticCode.MISSING_THOUGHT_SIGNATURE,
                index,
                ("content", block_index),
                f"tool call {quoted(block.id)} ({quoted(block.name)}) has no thought "
                f"signature: {who} requires one on the first call of each model "
                "step of the current turn (the turn since the last user message)",
            )


def calls_to_sign(
    messages: Sequence[Message | None],
) -> Iterator[tuple[int, int, ToolCallBlock]]:
    """(message index, block index, call) of the first tool call of each step of the
    current turn: the calls a provider's ``SignatureRule`` wants signed (a step: a run
    of consecutive assistant messages, one model turn once merged; a malformed message
    ends a step, as any message not an assistant message does). ``repair_transcript``
    signs the same calls that MISSING_THOUGHT_SIGNATURE names."""
    first_of_step = True
    for index in range(_current_turn(messages), len(messages)):
        message = messages[index]
        if type(message) is not AssistantMessage:
            first_of_step = True
            continue
        for block_index, block in enumerate(message.content):
            if first_of_step and type(block) is ToolCallBlock:
                first_of_step = False
                yield index, block_index, block


def _empty_content(messages: list[Message | None], spec: ProviderSpec) -> Iterator[Diagnostic]:
    for index, message in enumerate(messages):
        if type(message) not in (UserMessage, AssistantMessage):
            continue
        content: Any = message.content  # type: ignore[union-attr]
        if not content:
            yield diagnostic(
                DiagnosticCode.EMPTY_CONTENT,
                index,
                ("content",),
                f"content must not be empty for {spec.name}",
            )
            continue
        if type(content) is str:
            if is_blank(content):
                yield diagnostic(
                    DiagnosticCode.EMPTY_CONTENT,
                    index,
                    ("content",),
                    f"content must not be only whitespace for {spec.name}",
                )
            continue
        said = any(type(block) is not TextBlock or not is_blank(block.text) for block in content)
        for block_index, block in enumerate(content):
            if type(block) is not TextBlock or not is_blank(block.text):
                continue
            if block.text and said:
                continue  # whitespace beside other content is accepted
            problem = (
                "must not be only whitespace when nothing else in the message is content"
                if block.text
                else "must not be empty"
            )
            yield diagnostic(
                DiagnosticCode.EMPTY_CONTENT,
                index,
                ("content", block_index, "text"),
                f"content[{block_index}].text {problem} for {spec.name}",
            )


def decoded_size(data: str) -> int:
    """How many bytes the padded base64 ``data`` decodes to (RFC 4648 section 4, as
    the message schema's ``Base64Data`` requires): counted from its length and its
    padding, in constant time, nothing decoded."""
    padding = 2 if data.endswith("==") else 1 if data.endswith("=") else 0
    return len(data) // 4 * 3 - padding


class _Kind:
    """One kind of media block (images, documents): its limit, and how many of them
    the user turn that starts at message ``turn`` holds so far."""

    def __init__(self, noun: str, code: DiagnosticCode, limit: MediaLimit | None) -> None:
        self.noun = noun
        self.code = code
        self.limit = limit
        self.turn: int | None = None  # none yet: the first block counted sets both
        self.count: int


def _media_limits(
    messages: list[Message | None], spec: ProviderSpec, media: MediaLimits
) -> Iterator[Diagnostic]:
    """TOO_MANY_IMAGES and TOO_MANY_DOCUMENTS once per user turn, at the first block
    beyond the limit; MEDIA_TOO_LARGE at each block whose base64 data decodes to more
    bytes than its kind's limit. One pass, each block looked at once."""
    kinds = {
        ImageBlock: _Kind("image", DiagnosticCode.TOO_MANY_IMAGES, media.images),
        DocumentBlock: _Kind("document", DiagnosticCode.TOO_MANY_DOCUMENTS, media.documents),
    }
    for start, index, block_index, counts, block in _media_blocks(messages):
        kind = kinds[type(block)]
        limit = kind.limit
        if limit is None:
            continue
        if counts:
            if kind.turn != start:
                kind.turn, kind.count = start, 0
            kind.count += 1
            if limit.most_per_turn is not None and kind.count == limit.most_per_turn + 1:
                yield _too_many(kind, limit.most_per_turn, index, block_index, start, spec)
        if type(block.source) is Base64Source:
            yield from _too_large(kind, limit, block.source.data, index, block_index, spec)


def _too_large(
    kind: _Kind, limit: MediaLimit, data: str, index: int, block_index: int, spec: ProviderSpec
) -> Iterator[Diagnostic]:
    """MEDIA_TOO_LARGE for base64 ``data`` over the limit's bytes, then (an image) for
    a width or height over its pixels a side."""
    where = ("content", block_index)
    if limit.largest_bytes is not None:
        size = decoded_size(data)
        if size > limit.largest_bytes:
            yield diagnostic(
                DiagnosticCode.MEDIA_TOO_LARGE,
                index,
                where,
                f"the {kind.noun}'s base64 data decodes to {size} bytes: {spec.name} "
                f"takes {kind.noun}s of at most {limit.largest_bytes} bytes",
            )
    if limit.largest_side is not None and kind.noun == "image":
        sides = image_size(data)
        if sides is not None and max(sides) > limit.largest_side:
            yield diagnostic(
                DiagnosticCode.MEDIA_TOO_LARGE,
                index,
                where,
                f"the image is {sides[0]} x {sides[1]} pixels: {spec.name} takes images of "
                f"at most {limit.largest_side} pixels a side",
            )


def user_turns(messages: list[Message | None]) -> Iterator[list[tuple[int, Any]]]:
    """Each user turn, as the (index, message) of its user and tool-result messages. A
    user turn is a run of user and tool-result messages, sent as one user message:
    system messages between them do not end it, an assistant message or a malformed
    one does."""
    turn: list[tuple[int, Any]] = []
    for index, message in enumerate(messages):
        kind = type(message)
        if kind is UserMessage or kind is ToolResultMessage:
            turn.append((index, message))
        elif kind is not SystemMessage and turn:
            yield turn
            turn = []
    if turn:
        yield turn


def _media_blocks(
    messages: list[Message | None],
) -> Iterator[tuple[int, int, int, bool, ImageBlock | DocumentBlock]]:
    """(where its user turn starts, message index, block index, whether it is counted,
    block) of each image and document of the user turns (``user_turns``), in order. A
    block of a user message is counted, one inside a tool result is not."""
    for turn in user_turns(messages):
        start = turn[0][0]
        for index, message in turn:
            content = message.content
            if type(content) is str:
                continue
            counted = type(message) is UserMessage
            for block_index, block in enumerate(content):
                if type(block) is ImageBlock or type(block) is DocumentBlock:
                    yield start, index, block_index, counted, block


def _documents_without_text(
    messages: list[Message | None], spec: ProviderSpec
) -> Iterator[Diagnostic]:
    """DOCUMENT_WITHOUT_TEXT at the first document of each user turn that needs text
    beside it (``documents_without_text``)."""
    for start, index, block_index in documents_without_text(messages):
        yield diagnostic(
            DiagnosticCode.DOCUMENT_WITHOUT_TEXT,
            index,
            ("content", block_index),
            f"the user turn that starts at message {start} holds a document but no text: "
            f"{spec.name} requires a text block beside a document in a user message "
            "(consecutive user and tool-result messages are sent as one)",
        )


def documents_without_text(messages: list[Message | None]) -> Iterator[tuple[int, int, int]]:
    """(the turn's first message, message, block) of the first document in a user
    message of each user turn (``user_turns``) whose user messages hold no text that is
    not blank: what DOCUMENT_WITHOUT_TEXT reports and ``repair_transcript`` mends."""
    for turn in user_turns(messages):
        users = [(index, message) for index, message in turn if type(message) is UserMessage]
        if any(holds_text(message.content) for _, message in users):
            continue
        first = next(
            (
                (index, block_index)
                for index, message in users
                if type(message.content) is not str
                for block_index, block in enumerate(message.content)
                if type(block) is DocumentBlock
            ),
            None,
        )
        if first is not None:
            yield turn[0][0], *first


def holds_text(content: Any) -> bool:
    """Whether user content holds text that is not blank."""
    if type(content) is str:
        return not is_blank(content)
    return any(type(block) is TextBlock and not is_blank(block.text) for block in content)


def _too_many(
    kind: _Kind, most: int, index: int, block_index: int, start: int, spec: ProviderSpec
) -> Diagnostic:
    return diagnostic(
        kind.code,
        index,
        ("content", block_index),
        f"this is {kind.noun} {most + 1} of the user turn that starts at message {start}: "
        f"{spec.name} takes at most {most} {kind.noun}s in one user message (consecutive "
        "user and tool-result messages are sent as one)",
    )


# Last: the names ``agent_ir`` exports from here say ``agent_ir`` (its table, ``_publish``).
publish_lazy(globals(), __name__)
