"""The ``repair_rules`` target: ``repair_transcript``, ``check_wire_rules``,
``normalize_tool_call_ids`` and ``trim_transcript`` on a transcript decoded from the
input (``fuzz.structures``, seeded with valid transcripts). Importable without atheris.

The oracle, per input (``agent_ir.repair``'s and ``agent_ir.rules``' docstrings):

* ``check_wire_rules(t, p)`` never raises for any transcript and provider; it reports
  everything ``validate_transcript`` does; each diagnostic has a valid, writable JSON
  Pointer ``path`` starting with ``/<message_index>``, its index in range;
* a transcript whose every message is valid on its own (no shape diagnostic): each
  function succeeds, without provider and for each provider, with both ``missing``
  modes; otherwise each raises ``InvalidMessageError`` only;
* ``repair_transcript(t)``'s transcript passes ``validate_transcript``;
  ``repair_transcript(t, provider=p)``'s passes ``check_wire_rules(..., p)`` but for
  INVALID_TOOL_NAME_FORMAT (a refused tool name is documented as not repaired); every
  action's ``path`` is a JSON Pointer starting with ``/<message_index>``, the index one
  of the input's;
* ``normalize_tool_call_ids(t, p)`` keeps the number of messages, leaves no
  INVALID_TOOL_CALL_ID_FORMAT for ``p``, and makes no new ``validate_transcript``
  diagnostic code;
* ``trim_transcript(t, ...)`` with budgets picked by the input's length keeps at most
  ``max_messages`` messages besides the kept system messages, keeps the system messages
  in front, and leaves a valid transcript valid;
* the input is not mutated, and every call takes at most ``fuzz.targets.TIME_LIMIT``.
"""

from __future__ import annotations

from typing import Any

from agent_ir import (
    DiagnosticCode,
    InvalidMessageError,
    check_wire_rules,
    normalize_tool_call_ids,
    repair_transcript,
    to_json_value,
    trim_transcript,
    validate_transcript,
)
from fuzz.structures import decode_structure
from fuzz.wire_readers import is_pointer

__all__ = ["PROVIDERS", "repair_rules"]

PROVIDERS = ("openai-chat", "openai-responses", "anthropic")


def repair_rules(data: bytes) -> None:
    """See the module docstring."""
    from fuzz import known
    from fuzz.reference import same_json
    from fuzz.targets import TRANSCRIPT_POOL, OracleFailure, _plain_copy, _tagged

    value = decode_structure(data, TRANSCRIPT_POOL)
    before = _plain_copy(value)
    with _tagged(known.repair_causes, value):
        _check(value, len(data))
    if not same_json(value, before):
        raise OracleFailure("repair or rules mutated the input", "")


def _check(value: Any, size: int) -> None:
    from fuzz.targets import SHAPE_CODES, _never_raises

    diagnostics = _never_raises("validate_transcript", validate_transcript, value)
    for provider in PROVIDERS:
        _check_rules(value, provider, diagnostics)
    if type(value) is not list:
        return
    valid_alone = not any(d.code in SHAPE_CODES for d in diagnostics)
    _check_repair(value, None, "error-result", valid_alone)
    _check_repair(value, None, "drop-call", valid_alone)
    for provider in PROVIDERS:
        _check_repair(value, provider, "error-result", valid_alone)
        _check_repair(value, provider, "drop-call", valid_alone)
        _check_normalize(value, provider, valid_alone, diagnostics)
    _check_trim(value, size, valid_alone, diagnostics)


# The words of a diagnostic validate_transcript reports and Anthropic does not enforce.
_STRICTER = "stricter than Anthropic on purpose"


def _check_rules(value: Any, provider: str, diagnostics: tuple[Any, ...]) -> None:
    from fuzz.targets import SHAPE_CODES, OracleFailure, _never_raises, check_writable

    name = f"check_wire_rules({provider})"
    found = _never_raises(name, check_wire_rules, value, provider)
    check_writable(name, found)
    reused = any(_STRICTER in d.message for d in diagnostics) or _reuses_an_answered_id(value)
    if provider == "anthropic" and reused:
        # Anthropic accepts an id used again after its result: that duplicate is not
        # reported, and the id's other linkage diagnostics may differ. A malformed call
        # answered and called again is such a use too, though validate_transcript's
        # words do not say so (it has no well-formed duplicate to name).
        if any(_STRICTER in d.message for d in found):
            raise OracleFailure(f"{name} reports what Anthropic accepts", repr(found)[:300])
        diagnostics = tuple(d for d in diagnostics if d.code in SHAPE_CODES)
    located = {(d.code, d.message_index, d.path) for d in found}
    missing = [d for d in diagnostics if (d.code, d.message_index, d.path) not in located]
    if missing:
        raise OracleFailure(
            f"{name} leaves out validate_transcript's diagnostics", repr(missing)[:300]
        )
    count = len(value) if type(value) is list else 0
    for diagnostic in found:
        _check_located(name, diagnostic.message_index, diagnostic.path, count, diagnostic)


def _reuses_an_answered_id(value: Any) -> bool:
    """Whether a tool-call id is called again after a result answered an earlier call of
    it, read from the JSON as written (any toolCall block with a string id, well-formed
    or not)."""
    if type(value) is not list:
        return False
    called: set[str] = set()
    answered: set[str] = set()
    for message in value:
        if type(message) is not dict:
            continue
        ids = _call_ids(message)
        if not answered.isdisjoint(ids):
            return True
        called.update(ids)
        call_id = message.get("toolCallId")
        if message.get("role") == "toolResult" and type(call_id) is str and call_id in called:
            answered.add(call_id)
    return False


def _call_ids(message: dict[str, Any]) -> list[str]:
    """The string ids of an assistant message's toolCall blocks."""
    content = message.get("content")
    if message.get("role") != "assistant" or type(content) is not list:
        return []
    blocks = [block for block in content if type(block) is dict]
    return [
        block["id"]
        for block in blocks
        if block.get("type") == "toolCall" and type(block.get("id")) is str
    ]


def _check_located(name: str, index: int, path: str, count: int, what: Any) -> None:
    from fuzz.targets import OracleFailure

    if not is_pointer(path):
        raise OracleFailure(f"{name}: a path is not a JSON Pointer", repr(what)[:300])
    if count and not (
        0 <= index < count and (path == f"/{index}" or path.startswith(f"/{index}/"))
    ):
        raise OracleFailure(f"{name}: a path is not at its message", repr(what)[:300])


def _repair_call(name: str, function: Any, valid_alone: bool, *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)``: a result when every message is valid alone, else
    ``InvalidMessageError``; None for the latter."""
    from fuzz.targets import OracleFailure, call

    outcome = call(name, lambda: function(*args, **kwargs))
    error = outcome.error
    if valid_alone and error is not None:
        raise OracleFailure(f"{name} raised {type(error).__name__}", repr(error)[:300])
    if not valid_alone:
        if error is None:
            raise OracleFailure(f"{name} accepted a message that is not valid", "")
        if type(error) is not InvalidMessageError:
            raise OracleFailure(f"{name} raised {type(error).__name__}", repr(error)[:300])
        return None
    return outcome.value


def _check_repair(value: list[Any], provider: str | None, missing: str, valid_alone: bool) -> None:
    from fuzz.targets import OracleFailure, _never_raises

    name = f"repair_transcript(provider={provider}, missing={missing})"
    result = _repair_call(
        name, repair_transcript, valid_alone, value, provider=provider, missing=missing
    )
    if result is None:
        return
    for action in result.actions:
        _check_located(name, action.message_index, action.path, len(value), action)
    output = list(result.transcript)
    if provider is None:
        left = _never_raises("validate_transcript", validate_transcript, output)
    else:
        left = _never_raises(f"check_wire_rules({provider})", check_wire_rules, output, provider)
    # A tool name the provider refuses is not repaired (renaming it would change the
    # tool the call names): docs/guide/conversions.md says it stays, and retarget
    # reports it among its diagnostics. Found by CI's fuzz run, 2026-12-04.
    left = [d for d in left if d.code is not DiagnosticCode.INVALID_TOOL_NAME_FORMAT]
    if left:
        codes = sorted({d.code.value for d in left})
        raise OracleFailure(
            f"{name}'s transcript fails {'check_wire_rules' if provider else 'validate_transcript'}: "
            + ",".join(codes),
            repr([to_json_value(m) for m in output])[:600],
        )


def _check_normalize(
    value: list[Any], provider: str, valid_alone: bool, diagnostics: tuple[Any, ...]
) -> None:
    from fuzz.targets import OracleFailure, _never_raises

    name = f"normalize_tool_call_ids({provider})"
    result = _repair_call(name, normalize_tool_call_ids, valid_alone, value, provider)
    if result is None:
        return
    output = list(result.transcript)
    if len(output) != len(value):
        raise OracleFailure(f"{name} changed the number of messages", "")
    for action in result.actions:
        _check_located(name, action.message_index, action.path, len(value), action)
    rules = _never_raises(f"check_wire_rules({provider})", check_wire_rules, output, provider)
    if any(d.code == DiagnosticCode.INVALID_TOOL_CALL_ID_FORMAT for d in rules):
        raise OracleFailure(f"{name} left an id {provider} refuses", repr(rules)[:300])
    before = {d.code for d in diagnostics}
    after = {d.code for d in _never_raises("validate_transcript", validate_transcript, output)}
    if not after <= before:
        raise OracleFailure(f"{name} made a new problem: {sorted(after - before)}", "")


def _check_trim(
    value: list[Any], size: int, valid_alone: bool, diagnostics: tuple[Any, ...]
) -> None:
    from fuzz.targets import OracleFailure, _never_raises

    max_messages = size % 7
    max_chars = None if size % 3 else size % 200
    for keep_system in (True, False):
        name = f"trim_transcript(max_messages={max_messages}, max_chars={max_chars}, keep_system={keep_system})"
        result = _repair_call(
            name,
            trim_transcript,
            valid_alone,
            value,
            max_messages=max_messages,
            max_chars=max_chars,
            keep_system=keep_system,
        )
        if result is None:
            return
        output = list(result.transcript)
        system = [m for m in output if m.role == "system"] if keep_system else []
        if output[: len(system)] != system:
            raise OracleFailure(f"{name} did not keep the system messages in front", "")
        if len(output) - len(system) > max_messages:
            raise OracleFailure(f"{name} kept more messages than the budget", repr(len(output)))
        for action in result.actions:
            _check_located(name, action.message_index, action.path, len(value), action)
        if not diagnostics:
            left = _never_raises("validate_transcript", validate_transcript, output)
            if left:
                raise OracleFailure(
                    f"{name} made a valid transcript invalid: "
                    + ",".join(sorted({d.code.value for d in left})),
                    repr(left)[:300],
                )
