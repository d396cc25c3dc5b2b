"""Mutants no test can kill: the mutated code behaves exactly like the original.

Each entry names one mutant by its module, the function (or class) around it, the
stripped source line it starts on and its change as ``run.py`` prints it
(``original -> mutant``), and which occurrence of that line in the function it is;
``reason`` says why no input can tell the two apart. They are
left out of the score and printed separately. ``run.py`` reports an entry that matches
no mutant any more (the code changed) as stale.

Most are of three kinds: an ``assert`` that only narrows a type for mypy after a
``type(x) is C`` check; a fast-path filter made to answer "not sure" more often (the
slow path then gives the same result); a comparison of two indexes that can never be
equal (a tool call and a tool result are never in the same message).
"""

from __future__ import annotations

from typing import NamedTuple


class Equivalent(NamedTuple):
    module: str
    scope: str
    line: str
    change: str
    reason: str
    occurrence: int = 1  # which one, in source order, when the same line repeats in scope

    @property
    def key(self) -> tuple[str, str, str, str, int]:
        return (self.module, self.scope, self.line, self.change, self.occurrence)


_LINKAGE = "src/agent_ir/validation/_linkage.py"
_PARSER = "src/agent_ir/replies/parser.py"
_DIAGNOSTICS = "src/agent_ir/validation/_diagnostics.py"
_JSONCOPY = "src/agent_ir/_jsoncopy.py"
_JSONOBJECT = "src/agent_ir/_jsonobject.py"
_FROZEN = "src/agent_ir/_frozen.py"
_SSE = "src/agent_ir/wire/_sse.py"
_ANTHROPIC_STREAM = "src/agent_ir/wire/anthropic/_stream.py"
_RULES = "src/agent_ir/rules.py"
_REPAIR = "src/agent_ir/repair.py"
_RETARGET = "src/agent_ir/retargeting.py"
_BUILDER = "src/agent_ir/replies/builder.py"
_DECODE = "src/agent_ir/wire/_decode.py"
_TOOLS = "src/agent_ir/validation/_tools.py"
_CHECKED_AGAIN = (
    "the fast path of check_calls: a call it passes over is valid, and _call, which then "
    "gets it, checks validity again first and yields nothing for it"
)
_DECODE_FAST_PATH = (
    "the fast path: one msgspec.convert of the whole value, or of the branch its tag "
    "names; without it, or with the whole union instead of the branch, the walk (or "
    "msgspec on the union) reads every value convert takes into the same value, so only "
    "the time differs (the formats' fast-and-checked differentials and the from_wire "
    "fuzz oracle compare the two paths)"
)
_ADDED_AT_THE_END = (
    "the only block the repair adds (the text beside a Bedrock document) is added at the "
    "end of its message, and no writer warns about a plain text block: the place given "
    "to it is never read, and no block comes after it to shift"
)
_SET_BEFORE_READ = (
    "the reader sets it before anything reads it: a quantifier follows an atom (one "
    "after an opening parenthesis or at the start is refused), and the atom and _repeat "
    "set what _measure reads for it"
)
_FIRST_MOST = (
    "the most repetitions start at 1 and are only compared with PATTERN_REPEAT (1,000): "
    "0, 1 or 2 give the same verdict"
)
_JUST_PAST = (
    "a cap just past the bound keeps the numbers small (no overflow in TypeScript): any "
    "cap above the bound gives the same verdicts"
)
_OWN_BOUND = (
    "for any keyword but contains, the value at its place is no number (the keyword is "
    "kept) or its own numeric limit, whose template is the keyword itself (exact[-1]) "
    "filled with the same limit jsonschema-rs read; exact is never empty (every error is "
    "at a keyword)"
)
_NO_BEST_MATCH = (
    "best_match gives no error only when the reference schema takes the definition that "
    "msgspec refused, and the two state the same rules (tests/ir/test_text.py pins the blank "
    "name rule, the one the schema writes as a pattern): the fallback is never reached, "
    "kept so that read_tools never raises"
)
_TOOL_PATTERNS = "src/agent_ir/validation/_tool_patterns.py"
_TOOL_PROFILE = "src/agent_ir/validation/_tool_profile.py"
_PATTERN_DIALECT = "src/agent_ir/validation/_pattern_dialect.py"
_HELD_IN_FORM = (
    "_held is only reached for a keyword _check_keyword has checked the form of (a list "
    "for a list form, an object for a map form, draft-07's items list turned to the list "
    "form): a list never comes with the map form nor an object with the list form"
)
_INT_LIMIT = (
    "the fallback only counts when Python's int-string limit is 0 (none), never under the "
    "default limit the tests run with, where both sides read 4300"
)
_TYPE_ASSERT = "the assert only narrows the type for mypy: the type(...) is check above holds"
_ONE_PASS = (
    "the one-pass check then answers False (not sure) for every call, which only sends "
    "the transcript to the full rules, which find the same diagnostics"
)
_NEVER_EQUAL = (
    "a call and a result are never in the same message (one is an assistant message, "
    "the other a tool result), so the two indexes are never equal"
)

_SAME_MESSAGE = (
    "the sort key starts with the message index, so two pointers are only compared "
    "within one message, where keeping its index as the first segment keeps their order"
)
_EMPTY_POINTER = (
    "only transcript_diagnostic uses message index -1, always with the empty pointer: "
    "there is no segment to skip"
)

_TURN_AT_THE_USER_MESSAGE = (
    "the current turn then starts at the last user message instead of just after it; "
    "calls_to_sign, its only reader, skips that message (it is no assistant message) "
    "and marks the next one first of its step, as it is at the start anyway"
)

_PLACE_FAST_PATH = (
    "the fast path of _place only skips the loop when no key is long; the loop writes a "
    "key of at most QUOTE_CHARS characters whole, as format_path does, so the text is "
    "the same"
)

_UNENDED_LINE = (
    "the unended last line is never empty (only text after the last line end is kept, "
    "and only when there is some), and only an empty line completes an event, so _line "
    "returns None for it; end() dispatches the pending data itself just after"
)

EQUIVALENT: list[Equivalent] = [
    # --- linkage ---------------------------------------------------------------------
    Equivalent(
        _LINKAGE,
        "malformed_links",
        'broken_blocks = {path[1] for path in problem_paths if len(path) > 1 and path[0] == "content"}',
        "len(path) > 1 -> len(path) > 2",
        "every problem of a tool-call block (a mapping typed toolCall) is reported at one of "
        "its fields, so no problem path is exactly ('content', i)",
    ),
    Equivalent(
        _LINKAGE,
        "malformed_links",
        "continue",
        "continue -> pass",
        "an unreadable id is itself a problem under its block, so the block is broken: its "
        "id (None) only joins the malformed ids, which no result id (a string) equals",
    ),
    Equivalent(
        _LINKAGE,
        "linkage",
        "return []",
        "return [] -> pass",
        "with no call and no result every rule yields nothing; the early return saves work",
    ),
    Equivalent(
        _LINKAGE,
        "_calls_fresh",
        "if block.id in open_calls or block.id in answered:",
        "block.id in open_calls -> block.id not in open_calls",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_calls_fresh",
        "if block.id in open_calls or block.id in answered:",
        "block.id in answered -> block.id not in answered",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_calls_fresh",
        "server_calls.add(block.id)",
        "server_calls.add(block.id) -> pass",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_server_links",
        "if isinstance(call_id, str) and call_id:",
        "isinstance(call_id, str) and call_id -> isinstance(call_id, str) or call_id",
        "a server-tool result whose toolCallId is not a non-empty string fails the schema,"
        " so its block is in broken_blocks and never reaches this test; a server-tool"
        " call with such an id is also broken, and linking it under that id changes no"
        " diagnostic (no valid result can name it)",
    ),
    Equivalent(
        _LINKAGE,
        "_server_links",
        "if isinstance(call_id, str) and call_id:",
        "isinstance(call_id, str) and call_id -> isinstance(call_id, str) or call_id",
        "as the first: a result with such an id is in broken_blocks and skipped",
        occurrence=2,
    ),
    Equivalent(
        _LINKAGE,
        "_Collector.malformed_call",
        "self.use[call_id] = self.use.get(call_id, 0) + 1",
        "self.use.get(call_id, 0) + 1 -> self.use.get(call_id, 0) + 2",
        "a use number is only a key telling uses of one id apart: counting in twos keeps"
        " them distinct and in order",
    ),
    Equivalent(
        _LINKAGE,
        "_Collector.malformed_call",
        "self.answered.discard(call_id)",
        "self.answered.discard(call_id) -> pass",
        "the id left answered only makes the next well-formed or malformed call of it open"
        " one more use instead of joining the malformed call's (a result in between marks"
        " the id answered either way): a use holding only a malformed call has no call site"
        " and its key serves only membership tests, so the uses are relabelled, nothing"
        " else; every transcript of at most 5 messages of 6 kinds (calls, malformed calls"
        " and messages, results, user turns) gives the same diagnostics",
    ),
    Equivalent(
        _LINKAGE,
        "_calls_fresh",
        "return True",
        "return True -> return False",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_collect",
        "assert isinstance(link, MalformedLinks)",
        "assert isinstance(link, MalformedLinks) -> pass",
        _TYPE_ASSERT,
    ),
    Equivalent(
        _LINKAGE,
        "_missing_results",
        "if not any(answer_index > call_index for answer_index, _ in answers):",
        "answer_index > call_index -> answer_index >= call_index",
        _NEVER_EQUAL,
    ),
    Equivalent(
        _LINKAGE,
        "_missing_results",
        "continue  # allow_pending: its results may still come",
        "continue -> break",
        "calls are keyed in message order and only tool results follow the pending turn, so "
        "every key after the first single call of the pending turn also has its first call "
        "there: each is skipped either way (one call in the pending turn, or several calls, "
        "a duplicate id)",
    ),
    Equivalent(
        _LINKAGE,
        "_results_before_call",
        "if message_index <= call[0]:",
        "message_index <= call[0] -> message_index < call[0]",
        _NEVER_EQUAL,
    ),
    Equivalent(
        _LINKAGE,
        "_name_mismatches",
        "if message_index > call_index and tool_name != name:",
        "message_index > call_index -> message_index >= call_index",
        _NEVER_EQUAL,
    ),
    # --- parser ----------------------------------------------------------------------
    Equivalent(
        _RULES,
        "_current_turn",
        "for index in range(len(messages) - 1, -1, -1):",
        "-1 -> -0",
        _TURN_AT_THE_USER_MESSAGE + " (the loop then stops before index 0: a user message "
        "there starts the turn at 0 instead of 1)",
    ),
    Equivalent(
        _RULES,
        "_current_turn",
        "return index + 1",
        "index + 1 -> index + 0",
        _TURN_AT_THE_USER_MESSAGE,
    ),
    # --- linkage (2026-12-03) ---------------------------------------------------------
    Equivalent(
        _LINKAGE,
        "tool_links",
        "assert isinstance(link, MalformedLinks)",
        "assert isinstance(link, MalformedLinks) -> pass",
        "the assert only narrows the type for mypy: the kind is MalformedLinks check above holds",
    ),
    Equivalent(
        _LINKAGE,
        "pending_turn",
        "assert isinstance(link, MalformedLinks)",
        "assert isinstance(link, MalformedLinks) -> pass",
        "the assert only narrows the type for mypy: the kind is MalformedLinks check above holds",
    ),
    Equivalent(
        _LINKAGE,
        "pending_turn",
        "for index in range(len(links) - 1, -1, -1):",
        "-1 -> -2",
        "the loop returns at the first message that is not a tool result; past index 0 only"
        " tool results were read, and the extra step reads the last message, a tool result,"
        " again (continue); no caller passes an empty list (no call: no pending turn asked)",
    ),
    Equivalent(
        _LINKAGE,
        "all_answered_once",
        "if call_id in open_calls or call_id in answered:",
        "call_id in open_calls -> call_id not in open_calls",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_only_pending",
        "return open_calls.keys() <= own",
        "open_calls.keys() <= own -> open_calls.keys() < own",
        _ONE_PASS,
    ),
    Equivalent(
        _LINKAGE,
        "_Collector.call",
        "use = self.use[call_id] = use + 1",
        "use + 1 -> use + 2",
        "a use number is only a key telling uses of one id apart: every step adds at least"
        " one, so the numbers stay distinct and in order",
    ),
    Equivalent(
        _LINKAGE,
        "_Collector.malformed_call",
        "self.use[call_id] = self.use.get(call_id, 0) + 1",
        "self.use.get(call_id, 0) -> self.use.get(call_id, 1)",
        "a use number is only a key telling uses of one id apart: an id never used again"
        " starting from 2 instead of 1 keeps the numbers distinct and in order",
    ),
    # --- anthropic stream --------------------------------------------------------------
    Equivalent(
        _ANTHROPIC_STREAM,
        "AnthropicState.__init__",
        "self.event_index = 0  # set by the driver: the index of the event handled",
        "self.event_index = 0 -> self.event_index = 1",
        "the driver sets event_index before every event and before the end (wire/_stream.py),"
        " so the initial value is never read",
    ),
    Equivalent(
        _ANTHROPIC_STREAM,
        "AnthropicState.handle_text",
        'if kind is None or (name is not None and name != kind and name != "message"):',
        "name is not None and name != kind and (name != 'message') -> name is not None or"
        " name != kind or name != 'message'",
        "the fast path then declines every event, which handle reads to the same result",
    ),
    Equivalent(
        _ANTHROPIC_STREAM,
        "open_block",
        'raise AssertionError(f"not a block: {block!r}")',
        "'not a block: ' -> '<mutated>'",
        "the match above has a case for every block type the declaration decodes, each "
        "returning: the line is never reached",
    ),
    # --- parser ----------------------------------------------------------------------
    Equivalent(
        _PARSER,
        "ResponseParser.feed_all",
        "if type(text) is str and is_valid_unicode(text):",
        "if type(text) is str and is_valid_unicode(text): emit(builder.text_block_chunk(text)) c... -> pass",
        "feed_all's branch for text deltas is a fast path: without it each delta goes "
        "through feed, which makes the same text block chunk and emits it",
    ),
    # --- diagnostics -----------------------------------------------------------------
    Equivalent(
        _DIAGNOSTICS,
        "_position",
        "inside = pointer_key(diagnostic.path, skip=0 if diagnostic.message_index < 0 else 1)",
        "diagnostic.message_index < 0 -> diagnostic.message_index <= 0",
        _SAME_MESSAGE,
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_position",
        "inside = pointer_key(diagnostic.path, skip=0 if diagnostic.message_index < 0 else 1)",
        "diagnostic.message_index < 0 -> diagnostic.message_index < 1",
        _SAME_MESSAGE,
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_position",
        "inside = pointer_key(diagnostic.path, skip=0 if diagnostic.message_index < 0 else 1)",
        "0 if diagnostic.message_index < 0 else 1 -> 0 if diagnostic.message_index < 0 else 0",
        _SAME_MESSAGE,
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_position",
        "inside = pointer_key(diagnostic.path, skip=0 if diagnostic.message_index < 0 else 1)",
        "0 if diagnostic.message_index < 0 else 1 -> 1 if diagnostic.message_index < 0 else 1",
        _EMPTY_POINTER,
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_place",
        "if all(isinstance(segment, int) or len(segment) <= QUOTE_CHARS for segment in path):",
        "isinstance(segment, int) or len(segment) <= QUOTE_CHARS -> isinstance(segment, int) "
        "and len(segment) <= QUOTE_CHARS",
        _PLACE_FAST_PATH + "; the first segment of a shape problem's place is always a "
        "field name (a message is an object; the transcript's own problems have the empty "
        "place), so len() is never asked of an index",
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_place",
        "if all(isinstance(segment, int) or len(segment) <= QUOTE_CHARS for segment in path):",
        "len(segment) <= QUOTE_CHARS -> len(segment) < QUOTE_CHARS",
        _PLACE_FAST_PATH + " (a key of exactly QUOTE_CHARS characters is not cut there)",
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_place",
        "return format_path(path)  # the usual case",
        "return format_path(path) -> pass",
        _PLACE_FAST_PATH,
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_place",
        'piece = format_path((0, shown))[len("[0]") :]',
        "(0, shown) -> (1, shown)",
        "the index before the segment is only there to be cut off: [1] is as long as [0]",
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_position",
        "tool = -1 if diagnostic.tool_index is None else diagnostic.tool_index",
        "-1 -> -2",
        "any value below 0 sorts the diagnostics without a tool before those of tool 0",
    ),
    Equivalent(
        _DIAGNOSTICS,
        "_position",
        "tool = -1 if diagnostic.tool_index is None else diagnostic.tool_index",
        "-1 -> -0",
        "the only diagnostics of message index -1 without a tool are the transcript's "
        "(INVALID_TRANSCRIPT, the first code, at the empty pointer, which sorts first) and "
        "the unreadable tools' (INVALID_TOOL_DEFINITION at the empty pointer, when no tool "
        "is read, so no tool 0 either): a tie with tool 0 keeps their order",
    ),
    # --- JSON value modules ------------------------------------------------------------
    Equivalent(
        _JSONCOPY,
        "is_within_depth",
        "return True",
        "return True -> pass",
        "the fast path for a container holding no container: the loop below then finds no "
        "container among its items and returns True as well",
    ),
    Equivalent(
        _JSONCOPY,
        "_Walk.__init__",
        "def __init__(self, offset: int | Callable[[Path], int] = 0, transport: bool = False) -> None:",
        "0 -> 1",
        "every _Walk(...) (copy_json, snapshot_json) passes offset: the default is never used",
    ),
    Equivalent(
        _JSONCOPY,
        "_read_pairs",
        "return list(plain_data(value).items())  # type: ignore[arg-type]",
        "return list(plain_data(value).items()) -> pass",
        "a frozen mapping then reads as a general mapping: its keys, then each value as a "
        "frozen view, which the walk copies back into the same plain data",
    ),
    Equivalent(
        _JSONOBJECT,
        "freeze_object",
        "return trusted_object(msgspec.to_builtins(value))",
        "return trusted_object(msgspec.to_builtins(value)) -> pass",
        "exact builtins then take the copy walk instead of the C copy: the same plain data "
        "(only slower)",
    ),
    Equivalent(
        _FROZEN,
        "FrozenMapping.__eq__",
        "return _json_equal(self._data, other._data)",
        "return _json_equal(self._data, other._data) -> pass",
        "a frozen mapping is a Mapping: the comparison falls to _json_equal over the same "
        "plain data, which gives the same answer",
    ),
    Equivalent(
        _DIAGNOSTICS,
        "writable",
        "return text",
        "return text -> pass",
        "for valid Unicode, encoding with backslashreplace and decoding gives the same text",
    ),
    Equivalent(
        _JSONCOPY,
        "module",
        "_INT_DIGITS = sys.get_int_max_str_digits() or 4300",
        "sys.get_int_max_str_digits() or 4300 -> sys.get_int_max_str_digits() and 4300",
        _INT_LIMIT,
    ),
    Equivalent(
        _JSONCOPY,
        "module",
        "_INT_DIGITS = sys.get_int_max_str_digits() or 4300",
        "sys.get_int_max_str_digits() or 4300 -> sys.get_int_max_str_digits() or 4301",
        _INT_LIMIT,
    ),
    Equivalent(
        _JSONCOPY,
        "module",
        "_INT_DIGITS = sys.get_int_max_str_digits() or 4300",
        "sys.get_int_max_str_digits() or 4300 -> sys.get_int_max_str_digits() or 4299",
        _INT_LIMIT,
    ),
    # --- SSE decoder --------------------------------------------------------------------
    Equivalent(
        _SSE,
        "SseDecoder._lines",
        "if position < len(text):",
        "position < len(text) -> position <= len(text)",
        "an empty piece of the unended line joins as nothing; at the end it reads as a "
        "blank line, which dispatches the pending data end() would dispatch anyway (or, "
        "with none, forgets an event name no data follows)",
    ),
    Equivalent(
        _SSE,
        "SseDecoder._lines",
        "if event is not None:",
        "if event is not None: events.append(event) -> pass",
        _UNENDED_LINE,
    ),
    Equivalent(
        _SSE,
        "SseDecoder._lines",
        "events.append(event)",
        "events.append(event) -> pass",
        _UNENDED_LINE,
        occurrence=2,
    ),
    Equivalent(
        _SSE,
        "SseDecoder._line",
        "return None",
        "return None -> pass",
        "a blank line falls through to the field rules, where its empty name is no field",
    ),
    Equivalent(
        _SSE,
        "SseDecoder._line",
        "return None",
        "return None -> pass",
        "a comment line falls through to the field rules: the name before its first colon "
        "is empty, which is no field",
        occurrence=2,
    ),
    # --- provider rules -----------------------------------------------------------------
    Equivalent(
        "src/agent_ir/wire/_spec.py",
        "ModelRule.__call__",
        'name = model.rsplit("/", 1)[-1].lower()',
        "model.rsplit('/', 1) -> model.rsplit('/', 2)",
        "only the last part is read ([-1]): splitting off one more '/' from the right leaves "
        "the same last part",
    ),
    Equivalent(
        _RULES,
        "_results_not_immediate",
        "run_start = 0  # where the run of tool results holding the current message starts",
        "run_start = 0 -> run_start = 1",
        "the start value is only read for a tool result at message 0, which no earlier call "
        "made (its check is skipped); any other message sets run_start first",
    ),
    Equivalent(
        _RULES,
        "_results_not_immediate",
        "others = 0  # messages so far that are not assistant messages",
        "others = 0 -> others = 1",
        "the counts are only compared with each other (others_before[a] == others_before[b]): "
        "starting from 1 shifts them all alike",
    ),
    Equivalent(
        _RULES,
        "_results_not_immediate",
        "others += 1",
        "others += 1 -> others += 2",
        "the counts are only compared for equality: counting by two keeps every equality",
    ),
    Equivalent(
        _RULES,
        "_media_blocks",
        "continue",
        "continue -> pass",
        "a string content is then iterated: its characters are strings, never an image or a"
        " document block, so nothing more is yielded (the skip saves the walk)",
    ),
    Equivalent(
        _RULES,
        "_adjacent",
        "return others_before[run_start] == others_before[made_at + 1]",
        "made_at + 1 -> made_at + 0",
        "message made_at is the assistant message of the call, which the count of other "
        "messages skips: others_before[made_at] == others_before[made_at + 1]",
    ),
    Equivalent(
        _RULES,
        "_empty_content",
        "continue",
        "continue -> pass",
        "string content then reaches the loop over blocks, which reads its characters: "
        "none is a TextBlock, so nothing more is reported",
        occurrence=3,
    ),
    # --- decode step (2026-12-04) ---------------------------------------------------
    Equivalent(
        _DECODE,
        "Decoder.__call__",
        "if self._tag_field is not None and type(data) is dict:",
        "self._tag_field is not None -> self._tag_field is None",
        _DECODE_FAST_PATH,
    ),
    Equivalent(
        _DECODE,
        "Decoder.__call__",
        "if type(tag) is str:  # any other tag (a list...) is refused by the walk",
        "if type(tag) is str: shape = self._by_tag.get(tag, shape) -> pass",
        _DECODE_FAST_PATH,
    ),
    Equivalent(
        _DECODE,
        "Decoder.__call__",
        "shape = self._by_tag.get(tag, shape)",
        "shape = self._by_tag.get(tag, shape) -> pass",
        _DECODE_FAST_PATH,
    ),
    Equivalent(
        _DECODE,
        "Decoder.__call__",
        "return Decoded(msgspec.convert(data, shape))",
        "return Decoded(msgspec.convert(data, shape)) -> pass",
        _DECODE_FAST_PATH,
    ),
    *(
        Equivalent(
            _DECODE,
            "_tags",
            "if len(members) != len(info.types) or len(fields) != 1:",
            change,
            "_tags only chooses the branch of the fast path: " + _DECODE_FAST_PATH,
        )
        for change in (
            "len(members) != len(info.types) or len(fields) != 1 -> "
            "len(members) != len(info.types) and len(fields) != 1",
            "len(members) != len(info.types) -> len(members) == len(info.types)",
            "len(fields) != 1 -> len(fields) == 1",
            "len(fields) != 1 -> len(fields) != 2",
            "len(fields) != 1 -> len(fields) != 0",
        )
    ),
    *(
        Equivalent(
            _DECODE,
            scope,
            f"assert isinstance(info, mi.{kind})",
            f"assert isinstance(info, mi.{kind}) -> pass",
            _TYPE_ASSERT,
        )
        for scope, kind in (
            ("_accepts", "StrType"),
            ("_accepts", "IntType"),
            ("_accepts", "LiteralType"),
            ("_expected", "UnionType"),
            ("_expected", "LiteralType"),
            ("_expected", "StrType"),
            ("_expected", "IntType"),
        )
    ),
    Equivalent(
        _DECODE,
        "_Walk.union",
        "continue",
        "continue -> pass",
        "null is read before the loop; a null member the loop does not pass over is asked "
        "_accepts, which answers False for it (only a member of a JSON type, or Any, "
        "takes a value), so it is passed over all the same",
    ),
    # --- tool checker (2026-12-04) --------------------------------------------------
    Equivalent(
        _TOOLS,
        "module",
        "from jsonschema import Draft202012Validator",
        "from jsonschema import Draft202012Validator -> pass",
        "an import for the type checker only (under TYPE_CHECKING): never run",
    ),
    Equivalent(
        _TOOLS,
        "Tools.check_calls",
        "continue  # the common case, checked without a generator",
        "continue -> pass",
        _CHECKED_AGAIN,
    ),
    Equivalent(
        _TOOLS,
        "Tools.check_calls",
        "elif message is None and message_index in malformed:",
        "message is None and message_index in malformed -> message is None or message_index in malformed",
        "a message is None exactly when its index is in malformed (the conductor puts each malformed message's inspection there and None in its place), so either test alone decides",
    ),
    Equivalent(
        _TOOLS,
        "_utf8_length",
        "return len(text)",
        "return len(text) -> pass",
        "the fast path for ASCII text: its UTF-8 encoding, which the next line counts, has as many bytes as it has characters",
    ),
    Equivalent(
        _TOOLS,
        "Tools._malformed_calls",
        'if len(problem.path) > 1 and problem.path[0] == "content"',
        "len(problem.path) > 1 -> len(problem.path) > 2",
        "a problem of a block that tool_call_blocks gives (an object of type toolCall) is at one of its fields, three parts or more (content, index, field...): the problems at (content, index) exactly are about a block that is no object or of another type, which is never a call",
    ),
    Equivalent(
        _TOOLS,
        "_contains_bound",
        'if keyword != "contains" or not exact or exact[-1] not in ("minContains", "maxContains"):',
        "keyword != 'contains' or not exact or exact[-1] not in ('minContains', 'maxContains') -> keyword != 'contains' and (not exact) and (exact[-1] not in ('minContains', 'maxContain...",
        _OWN_BOUND,
    ),
    Equivalent(
        _TOOLS,
        "_contains_bound",
        "return keyword",
        "return keyword -> pass",
        _OWN_BOUND,
    ),
    Equivalent(
        _TOOLS,
        "_contains_bound",
        "return keyword",
        "return keyword -> pass",
        "minContains and maxContains of a schema jsonschema-rs compiled are non-negative integers: the value at their place is always a number",
        occurrence=2,
    ),
    Equivalent(
        _TOOLS,
        "_facts",
        "return name, {}",
        "return (name, {}) -> pass",
        "name is kind.name and no reader is listed for falseSchema: the lines after it give _other(kind), (kind.name, {}), the same",
    ),
    Equivalent(
        _TOOLS,
        "_additional_items",
        "count = len(held) - kind.limit if type(held) is list else 0",
        "len(held) - kind.limit if type(held) is list else 0 -> len(held) - kind.limit if type(held) is list else 1",
        "additionalItems fails only on an array: the value it is at is always a list",
    ),
    Equivalent(
        _TOOLS,
        "_wheres",
        "candidates = places(arguments, given, value, 1, keys)",
        "places(arguments, given, value, 1, keys) -> places(arguments, given, value, 2, keys)",
        "a fast path: two places holding the failing value are not one, and the evaluation output, asked next, names each exactly (the same places, from the same call)",
    ),
    Equivalent(
        _TOOLS,
        "_unmasked",
        "return cut(shown.join(message.split(_MASK)), 2 * QUOTE_CHARS)",
        "2 * QUOTE_CHARS -> 3 * QUOTE_CHARS",
        "the sentences jsonschema-rs writes about a schema quote nothing long besides the masked value (written cut to QUOTE_CHARS before): none reaches twice QUOTE_CHARS, so the second cut never cuts",
    ),
    Equivalent(
        _TOOLS,
        "_definition",
        "return entry, entry.name, []  # checked when it was made",
        "return (entry, entry.name, []) -> pass",
        "the fast path for a ToolDefinition (checked when it was made): read again as JSON it converts to an equal definition with no problem, and its name",
    ),
    Equivalent(
        _TOOLS,
        "_explain",
        'yield (), "is not a valid tool definition"',
        "yield ((), 'is not a valid tool definition') -> pass",
        _NO_BEST_MATCH,
    ),
    Equivalent(
        _TOOLS,
        "_explain",
        "return",
        "return -> pass",
        _NO_BEST_MATCH,
    ),
    Equivalent(
        _TOOLS,
        "_Outcome",
        "widest: int = 0  # the most subschemas evaluated at one place (``Profile.widest``)",
        "widest: int = 0 -> widest: int = 1",
        "the default is taken only by outcomes without a validator (no parameters, broken ones), whose calls are never explained: widest counts only in explaining a failing call",
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.atom = 0  # the written-out size of the last atom",
        "self.atom = 0 -> self.atom = 1",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.count = 1  # the count of the last quantifier",
        "self.count = 1 -> self.count = 2",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.count = 1  # the count of the last quantifier",
        "self.count = 1 -> self.count = 0",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.repeats = [1]  # the most repetitions of an atom in each open group",
        "[1] -> [2]",
        _FIRST_MOST,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.repeats = [1]  # the most repetitions of an atom in each open group",
        "[1] -> [0]",
        _FIRST_MOST,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.repeated = 1  # the repetitions of the last atom",
        "self.repeated = 1 -> self.repeated = 2",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.repeated = 1  # the repetitions of the last atom",
        "self.repeated = 1 -> self.repeated = 0",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.times = 1  # the repetitions the last quantifier multiplies by",
        "self.times = 1 -> self.times = 2",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader.__init__",
        "self.times = 1  # the repetitions the last quantifier multiplies by",
        "self.times = 1 -> self.times = 0",
        _SET_BEFORE_READ,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader._measure",
        "cap = PATTERN_SIZE + 1",
        "PATTERN_SIZE + 1 -> PATTERN_SIZE + 2",
        _JUST_PAST,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_Reader._measure",
        "self.repeated = min(PATTERN_REPEAT + 1, self.repeated * self.times)",
        "PATTERN_REPEAT + 1 -> PATTERN_REPEAT + 2",
        _JUST_PAST,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_count",
        "return bound + 1",
        "bound + 1 -> bound + 2",
        _JUST_PAST,
    ),
    Equivalent(
        _PATTERN_DIALECT,
        "_count",
        'return min(bound + 1, max(1, int(significant or "0")))',
        "bound + 1 -> bound + 2",
        _JUST_PAST,
    ),
    # --- repair -------------------------------------------------------------------------
    Equivalent(
        _REPAIR,
        "_suffixed",
        "next_suffix[base] = number + 1",
        "number + 1 -> number + 0",
        "the next search then starts at the suffix just taken, which is in taken: the loop "
        "steps past it to the same free suffix (one probe more)",
    ),
    Equivalent(
        _REPAIR,
        "_act_renames",
        "return",
        "return -> pass",
        "with no renames the loop below runs over an empty mapping: no action either way",
    ),
    Equivalent(
        _REPAIR,
        "_rename_actions",
        "return",
        "return -> pass",
        "with no renames no block or result id is in the empty mapping: no action either way",
    ),
    Equivalent(
        _REPAIR,
        "_free",
        "next_suffix[base] = number + 1",
        "next_suffix[base] = number + 1 -> pass",
        "the next search then starts again at _2 and steps past every taken suffix to the "
        "same first free one (ids are only ever added to taken); only slower",
    ),
    Equivalent(
        _REPAIR,
        "_round_start",
        "covered = [0] * (len(messages) + 1)  # +1 where a stranding span starts, -1 after it",
        "len(messages) + 1 -> len(messages) + 2",
        "one more slot at the end, which nothing writes or reads (cuts stop at len(messages))",
    ),
    Equivalent(
        _REPAIR,
        "_suffixed",
        "next_suffix[base] = number + 1",
        "number + 1 -> number - 1",
        "the next search then starts two below the suffix just taken; every suffix below "
        "it is taken, so the loop steps up to the same free one (two probes more)",
    ),
    Equivalent(
        _REPAIR,
        "_with_unique_calls",
        "return message",
        "return message -> pass",
        "the message is then rebuilt from its own unchanged blocks: an equal message "
        "(IR messages compare by value), so the output is the same",
    ),
    Equivalent(
        _REPAIR,
        "_answer_missing",
        "return",
        "return -> pass",
        "with no unanswered call the steps below get an empty list: nothing is dropped "
        "or added either way",
    ),
    Equivalent(
        _REPAIR,
        "_results_after_calls",
        "if placed[position] or type(out[position][1]) is not AssistantMessage:",
        "placed[position] or type(out[position][1]) is not AssistantMessage -> "
        "placed[position] and type(out[position][1]) is not AssistantMessage",
        "an unplaced message that is not an assistant message is then taken as a turn "
        "of its own: it is output as it is, it has no calls, so no result follows it, and "
        "the assistant messages after it (joined by Anthropic) are placed exactly as if "
        "they had started the turn",
    ),
    Equivalent(
        _REPAIR,
        "_user_turn_first",
        "kept.insert(at, (first[0], start))",
        "first[0] -> first[1]",
        "the input index paired with the added user message is never read: this is the "
        "last step, and only the messages of the pairs make the result",
    ),
    Equivalent(
        _REPAIR,
        "_normalized",
        "return list(messages), mapping",
        "return (list(messages), mapping) -> pass",
        "with an empty mapping the list below renames nothing: every message comes back "
        "as it is, an equal list",
    ),
    Equivalent(
        _REPAIR,
        "_free",
        "next_suffix[base] = number + 1",
        "number + 1 -> number + 0",
        "the next search then starts at the suffix just taken, which is in taken: the loop "
        "steps past it to the same free suffix (one probe more)",
    ),
    Equivalent(
        _REPAIR,
        "_round_start",
        "if made_at < index:",
        "made_at < index -> made_at <= index",
        "made_at equals index only for a result no call has (the default): the span then "
        "adds 1 and takes 1 at the same slot, covering nothing",
    ),
    Equivalent(
        _REPAIR,
        "_round_start",
        "covered[index + 1] -= 1",
        "index + 1 -> index + 0",
        "the span then ends before the result instead of on it; a cut on the result is "
        "refused anyway (a cut is never on a result), so the same cut is chosen",
    ),
    Equivalent(
        _REPAIR,
        "_server_spans",
        "continue",
        "continue -> pass",
        "only an assistant message can hold server-tool blocks (a user message's blocks are "
        "text, image, audio or document, a tool result's text or image, a system message's "
        "content a string): the loop over another message's content matches no block",
    ),
    Equivalent(
        _SSE,
        "module",
        "_SLICE = 1024 * 1024",
        "1024 * 1024 -> 1025 * 1024",
        "the slice only sets how many bytes are decoded at a time: the events, the limits and where they are refused do not depend on it (the memory tests bound the peak well above one slice)",
    ),
    Equivalent(
        _SSE,
        "module",
        "_SLICE = 1024 * 1024",
        "1024 * 1024 -> 1023 * 1024",
        "the slice only sets how many bytes are decoded at a time: the events, the limits and where they are refused do not depend on it (the memory tests bound the peak well above one slice)",
    ),
    Equivalent(
        _SSE,
        "module",
        "_SLICE = 1024 * 1024",
        "1024 * 1024 -> 1024 * 1025",
        "the slice only sets how many bytes are decoded at a time: the events, the limits and where they are refused do not depend on it (the memory tests bound the peak well above one slice)",
    ),
    Equivalent(
        _SSE,
        "module",
        "_SLICE = 1024 * 1024",
        "1024 * 1024 -> 1024 * 1023",
        "the slice only sets how many bytes are decoded at a time: the events, the limits and where they are refused do not depend on it (the memory tests bound the peak well above one slice)",
    ),
    Equivalent(
        _SSE,
        "SseDecoder._grow",
        "return",
        "return -> pass",
        "an empty piece then adds nothing: it counts 0 bytes, joins as nothing, and at the "
        "start of a line it is no comment, which the line's first real piece decides again",
    ),
    Equivalent(
        _SSE,
        "SseDecoder._line",
        "if colon < 0:",
        "colon < 0 -> colon <= 0",
        "a colon at 0 is a comment line, returned before: colon is never 0 here",
    ),
    Equivalent(
        _SSE,
        "SseDecoder._line",
        "if colon < 0:",
        "colon < 0 -> colon < 1",
        "a colon at 0 is a comment line, returned before: colon is never 0 here",
    ),
    Equivalent(
        _TOOL_PATTERNS,
        "_Copies.at",
        "self.copies[path[:depth]] = copy",
        "self.copies[path[:depth]] = copy -> pass",
        "the memo only saves copies: without it the container already copied (and put in "
        "its parent) is copied again with its changes and put back, the same value",
    ),
    Equivalent(
        _RETARGET,
        "_own_thinking",
        "foreign = type(message) is AssistantMessage and any(",
        "type(message) is AssistantMessage and any((_foreign(block, spec) for block in "
        "message.c... -> type(message) is AssistantMessage or any((_foreign(block, spec) for "
        "block in message.co...",
        "a fast path: an assistant message without another provider's thinking then goes "
        "through the loop, which keeps every block at its place (the same content and an "
        "identity map); another message has no thinking, so any() stays false",
    ),
    Equivalent(
        _RETARGET,
        "_within_breakpoints",
        "if len(marked) <= most:",
        "len(marked) <= most -> len(marked) < most",
        "a fast path: with exactly the limit, the slow path drops marked[:0], nothing",
    ),
    Equivalent(
        _REPAIR,
        "_with_unique_calls",
        "continue",
        "continue -> pass",
        "after a server-tool call the block falls to the checks below, which are for other "
        "types: the next one it meets is `type(block) is not ToolCallBlock`, a continue",
    ),
    Equivalent(
        _REPAIR,
        "_with_unique_calls",
        "continue",
        "continue -> pass",
        "after a server-tool result the block falls to `type(block) is not ToolCallBlock`, "
        "a continue",
        occurrence=2,
    ),
    Equivalent(
        _REPAIR,
        "_server_spans",
        "if made_at < index:",
        "made_at < index -> made_at <= index",
        "a span of one message (the call and the result in it) adds 1 and takes 1 at the "
        "same place of the cut counts: no cut is covered",
    ),
    Equivalent(
        _RETARGET,
        "_matched",
        "found.append(min(at, len(old) - 1))",
        "found.append(min(at, len(old) - 1)) -> pass",
        _ADDED_AT_THE_END,
    ),
    Equivalent(
        _RETARGET,
        "_matched",
        "found.append(min(at, len(old) - 1))",
        "len(old) - 1 -> len(old) + 1",
        _ADDED_AT_THE_END,
    ),
    Equivalent(
        _RETARGET,
        "_matched",
        "found.append(min(at, len(old) - 1))",
        "len(old) - 1 -> len(old) - 2",
        _ADDED_AT_THE_END,
    ),
    Equivalent(
        _RETARGET,
        "_matched",
        "found.append(min(at, len(old) - 1))",
        "len(old) - 1 -> len(old) - 0",
        _ADDED_AT_THE_END,
    ),
    Equivalent(
        _RETARGET,
        "_both_calls",
        "return type(old) is ToolCallBlock and type(new) is ToolCallBlock",
        "type(old) is ToolCallBlock and type(new) is ToolCallBlock -> type(old) is "
        "ToolCallBlock or type(new) is ToolCallBlock",
        "the repair replaces a call only by a call at its place (renamed or signed) and "
        "adds text only at the end: a block that is not the old one is either a call "
        "facing a call or the added text facing no block",
    ),
    # --- tool profile (2026-12-04) ---
    Equivalent(
        _TOOL_PROFILE,
        "_held",
        "elif form == _LIST and type(held) is list:",
        "form == _LIST and type(held) is list -> form == _LIST or type(held) is list",
        _HELD_IN_FORM,
    ),
    Equivalent(
        _TOOL_PROFILE,
        "_held",
        "elif form == _MAP and type(held) is dict:",
        "form == _MAP and type(held) is dict -> form == _MAP or type(held) is dict",
        _HELD_IN_FORM,
    ),
    Equivalent(
        _TOOL_PROFILE,
        "_members",
        "return list(mapping.items())",
        "return list(mapping.items()) -> pass",
        "a fast path: without array-index names the general path returns no index members "
        "followed by every member as written, the same list",
    ),
    Equivalent(
        _TOOL_PROFILE,
        "_Places._settle",
        "return",
        "return -> pass",
        "a fast path: a subschema already counted had every subschema in place below it "
        "counted first (post-order), so the walk pushes none of them and counts the start "
        "again to the same count and reference chain, whose limit it passed the first time",
    ),
    Equivalent(
        _TOOL_PROFILE,
        "Profile",
        "widest: int = 0",
        "widest: int = 0 -> widest: int = 1",
        "the default is only taken by a refused profile, whose widest place nothing reads "
        "(_tools builds a refused tool's outcome from its refusal alone)",
    ),
    Equivalent(
        _TOOL_PROFILE,
        "_Places.__init__",
        "self.widest = 0  # the most subschemas evaluated at one place",
        "self.widest = 0 -> self.widest = 1",
        "every profile read to its end has read the root's place, whose work is at least "
        "1 (the root itself): the most work at one place is at least 1 either way",
    ),
    # --- tool patterns (2026-12-04) ---
    *(
        Equivalent(
            _PATTERN_DIALECT,
            "_normal",
            "if merged and low <= merged[-1][1] + 1:",
            change,
            "a range that only touches the one before it (starts right after its end, or "
            "at it) is kept beside it instead of merged: the class written from them "
            "holds the same code points, and the complement leaves no gap between them "
            "(checked against the original on 20,000 random sets of ranges); only the "
            "translation's text differs, which nothing but the regex engine reads",
        )
        for change in (
            "low <= merged[-1][1] + 1 -> low < merged[-1][1] + 1",
            "merged[-1][1] + 1 -> merged[-1][1] - 1",
            "merged[-1][1] + 1 -> merged[-1][1] + 0",
        )
    ),
    *(
        Equivalent(
            _PATTERN_DIALECT,
            "_Reader._escape",
            'self._emit("", _ATOM, _digits_after(self.pattern, self.index + 1))',
            change,
            "a back-reference makes the pattern unasserted (its translation is dropped); "
            "reading fewer of its digits leaves the others to be read as literal digits, "
            "atoms as the reference is, which no construct after them reads differently",
        )
        for change in (
            "self.index + 1 -> self.index - 1",
            "self.index + 1 -> self.index + 2",
            "self.index + 1 -> self.index + 0",
        )
    ),
    *(
        Equivalent(
            _PATTERN_DIALECT,
            "_digits_after",
            line,
            change,
            "a back-reference makes the pattern unasserted (its translation is dropped); "
            "reading fewer of its digits leaves the others to be read as literal digits, "
            "atoms as the reference is, which no construct after them reads differently",
        )
        for line, change in (
            (
                'while end < len(pattern) and pattern[end] in "0123456789":',
                "pattern[end] in '0123456789' -> pattern[end] not in '0123456789'",
            ),
            ("return end - start + 1", "end - start + 1 -> end - start + 0"),
        )
    ),
    Equivalent(
        _TOOL_PATTERNS,
        "_Names.of",
        "self.given[original] = name",
        "self.given[original] = name -> pass",
        "the memo gives a pattern written twice its first name; without it the second "
        "gets a name of its own (its translation with an empty named group), which reads "
        "back to the same pattern: the same matches, sentences and paths",
    ),
    Equivalent(
        _TOOL_PATTERNS,
        "original_path",
        "return path",
        "return path -> pass",
        "a fast path: with no translated pattern the loop finds no key to read back and "
        "rebuilds the same path",
    ),
    # --- reply builder (2026-12-04) ---
    *(
        Equivalent(
            _BUILDER,
            "ReplyBuilder.end_text",
            "self._item_id = None",
            "self._item_id = None -> pass",
            "the item id is only read by end_text for an open text or refusal block, and "
            "opening either one (text, refusal) sets it first: the closed block's id is "
            "never read",
            occurrence=occurrence,
        )
        for occurrence in (1, 2)
    ),
]
