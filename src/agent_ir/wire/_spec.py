"""The record that describes one provider: what the generic consumers (``check_wire_rules``,
``repair_transcript``, ``normalize_tool_call_ids``, the CLI and its report) need to know.

The facts of each provider's record are data, ``schemas/v1/providers.json``
(``wire._records`` reads it and builds the record); each provider folder's ``_rules``
module adds what only Python has (the request reader's ``convert``), and
``wire._registry`` lists the records. This module sits below all of them, so that the
folders never import the registry or a consumer of it.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agent_ir.wire._common import WireMessages

__all__ = [
    "IdRule",
    "ModelRule",
    "ProviderSpec",
    "RequestReader",
    "SignatureRule",
    "ToolNameRule",
    "TurnRules",
]


@dataclass(frozen=True)
class IdRule:
    """The tool-call ids a provider takes: at most ``longest`` characters (None: no
    limit is known, none is checked), at least ``shortest`` (Mistral's are exactly 9)
    and, when ``characters`` is given (the body of a regular-expression character
    class, such as ``a-zA-Z0-9_-``), only those characters; ``normalize_tool_call_ids``
    replaces every other character with ``replacement``, pads a shorter id with it and
    starts a suffix that makes an id unique with it (``_2``, or ``02`` for Mistral).
    ``pattern`` (the whole id) and ``refused`` (one character outside the class) are
    derived from them, so each fact is stated once.
    """

    longest: int | None
    characters: str | None = None
    replacement: str = "_"
    shortest: int = 1
    pattern: re.Pattern[str] | None = field(init=False, repr=False, compare=False)
    refused: re.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pattern = refused = None
        if self.characters is not None:
            pattern = re.compile(f"[{self.characters}]{self.count}")
            refused = re.compile(f"[^{self.characters}]")
        object.__setattr__(self, "pattern", pattern)
        object.__setattr__(self, "refused", refused)

    @property
    def count(self) -> str:
        """How many characters, as the pattern says it: ``{1,40}``, ``{9}``, ``+``."""
        shortest, longest = self.shortest, self.longest
        if longest is None:
            return "+" if shortest == 1 else f"{{{shortest},}}"
        return f"{{{shortest}}}" if shortest == longest else f"{{{shortest},{longest}}}"

    def fits(self, call_id: str) -> bool:
        """Whether the provider takes ``call_id`` as it is."""
        if self.pattern is not None:
            return self.pattern.fullmatch(call_id) is not None
        size = len(call_id)
        return size >= self.shortest and (self.longest is None or size <= self.longest)

    def sizes(self) -> list[str]:
        """What the rule says of an id's length, for a person: ``have at most 40
        characters``, ``have exactly 9 characters`` (none when any length is taken)."""
        shortest, longest = self.shortest, self.longest
        if shortest == longest:
            return [f"have exactly {longest} characters"]
        said = [] if shortest == 1 else [f"have at least {shortest} characters"]
        if longest is not None:
            said.append(f"have at most {longest} characters")
        return said


@dataclass(frozen=True)
class ToolNameRule:
    """The tool names a provider takes: 1 to ``longest`` characters, each in
    ``characters`` (the body of a regular-expression character class, such as
    ``a-zA-Z0-9_-``), and, when ``first`` is given (such a class body too), the first
    of them in ``first``; ``pattern`` (the whole name) is derived from them, so each
    fact is stated once. The names of tool definitions and of tool calls alike."""

    longest: int
    characters: str
    first: str | None = None
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.first is None:
            pattern = f"[{self.characters}]{{1,{self.longest}}}"
        else:
            pattern = f"[{self.first}][{self.characters}]{{0,{self.longest - 1}}}"
        object.__setattr__(self, "pattern", re.compile(pattern))

    def fits(self, name: str) -> bool:
        """Whether the provider takes ``name`` as it is."""
        return self.pattern.fullmatch(name) is not None


@dataclass(frozen=True)
class TurnRules:
    """How a provider reads the order and content of messages (all off: only what
    ``validate_transcript`` asks).

    ``results_follow_call``: the results of an assistant message's calls come directly
    after it (RESULT_NOT_IMMEDIATE); ``assistant_turns_join``: consecutive assistant
    messages are one turn, so results may follow the run of them; ``user_turn_first``:
    the first message after the system messages is a user turn (INVALID_ROLE_ORDER);
    ``content_required``: user and assistant content must not be empty or only
    whitespace, a text block not empty, and a whitespace-only text block not the only
    thing its message says (EMPTY_CONTENT); ``ids_reusable_after_result``: a tool-call
    id may be used again once its call was answered (each result pairs with the turn
    right before it), which ``validate_transcript`` refuses on purpose
    (DUPLICATE_TOOL_CALL_ID) and ``check_wire_rules`` then accepts;
    ``calls_follow_user_turn``: an assistant turn holding tool calls comes after a user
    turn (a user message or tool results), never first after the system messages
    (INVALID_ROLE_ORDER; weaker than ``user_turn_first``, which refuses any assistant
    message first)."""

    results_follow_call: bool = False
    assistant_turns_join: bool = False
    user_turn_first: bool = False
    calls_follow_user_turn: bool = False
    content_required: bool = False
    ids_reusable_after_result: bool = False


# A version right after a model rule's prefix: <major>, <major>.<minor> or
# <major>-<minor>, then a hyphen or the end.
_VERSION = re.compile(r"(\d+)(?:[.-]\d+)?(?=-|$)")


@dataclass(frozen=True)
class ModelRule:
    """Which models a rule applies to, by name (``providers.schema.json``'s
    ``ProviderModelRule``); called with a model, it says whether the rule applies.

    * None (the model is not known): yes, as the current models do;
    * the name is read after its last ``/`` (``models/gemini-3-flash-preview``,
      ``publishers/google/models/...``), case-insensitively;
    * a name that does not start with ``prefix``: no (another family's model);
    * a name that holds one of ``exempt``: no;
    * a version right after ``prefix`` (``<major>``, ``<major>.<minor>`` or
      ``<major>-<minor>``, then ``-`` or the end): yes from major ``from_major`` on;
    * no version there (an alias such as ``gemini-flash-latest``, which follows the
      newest release): yes, as for None."""

    prefix: str
    from_major: int
    exempt: tuple[str, ...] = ()

    def __call__(self, model: str | None) -> bool:
        if model is None:
            return True
        name = model.rsplit("/", 1)[-1].lower()
        if not name.startswith(self.prefix):
            return False
        if any(fragment in name for fragment in self.exempt):
            return False
        version = _VERSION.match(name, len(self.prefix))
        return version is None or int(version.group(1)) >= self.from_major


@dataclass(frozen=True)
class SignatureRule:
    """The opaque signatures a provider wants back on the tool calls of the current
    turn (``ToolCallBlock.thought_signature``): for each model ``requires`` says yes to
    (``requires(None)``: the model is not known; a provider's record gives a
    ``ModelRule``), the first tool call of each step of the current turn must carry one
    (MISSING_THOUGHT_SIGNATURE). The current turn is everything after the last user
    message (tool results do not end it); a step is a run of consecutive assistant
    messages (the provider merges them into one model turn). Any signature counts as
    present: the provider validates what it signed itself, agent-ir cannot.

    ``placeholders``: the values the provider documents as accepted in place of a
    signature it made, as its documentation names them; each counts as written and as
    the base64 of its bytes. ``placeholder``, what ``repair_transcript`` writes on a
    call that lacks one, is the base64 of the first one's bytes: the wire's signature
    field holds bytes in base64 (the IR keeps it in that form), and the base64 form is
    what the official SDK sends and a peer checked live. google-genai 3.6.1
    ``types.py:2649`` declares ``Part.thought_signature: Optional[bytes]`` and its
    models serialize bytes as base64 (``_common.py:610``, ``ser_json_bytes='base64'``),
    so ``b"skip_thought_signature_validator"`` reaches the wire as
    ``c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=`` (captured on a loopback server);
    pydantic-ai-slim 2.68.0 ``models/google.py:2189`` sends those bytes, "verified
    live, 2026-10-27" (its comment at line 2188). The name written as it is would be
    read by the API as the base64 of other bytes."""

    requires: Callable[[str | None], bool]
    placeholders: tuple[str, ...]
    encoded: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.placeholders:
            raise ValueError("SignatureRule: placeholders must name at least one value")
        encoded = tuple(
            encode(value.encode("utf-8")).decode("ascii")
            for value in self.placeholders
            for encode in (base64.b64encode, base64.urlsafe_b64encode)
        )
        object.__setattr__(self, "encoded", tuple(dict.fromkeys(encoded)))

    @property
    def placeholder(self) -> str:
        """The value ``repair_transcript`` writes on a call that lacks a signature: the
        standard base64 of the first placeholder's bytes (see the class)."""
        return base64.b64encode(self.placeholders[0].encode("utf-8")).decode("ascii")

    def is_placeholder(self, signature: str) -> bool:
        """Whether ``signature`` is one of the documented placeholders (as written, or
        the base64 of its bytes)."""
        return signature in self.placeholders or signature in self.encoded


@dataclass(frozen=True)
class RequestReader:
    """How ``agent-ir validate --format NAME`` reads a line in the object form: the key
    holding the messages, the key holding the system prompt (None: the format keeps it
    among the messages), the key holding the tool definitions (None: the format has
    none), and ``convert(messages, system, tools)``, the format's ``from_*``
    (``system`` is None when the format has no system key, ``tools`` None when the
    line has no tools key; the result's ``tools`` is then None too). ``switches``: the
    line's other keys the format defines as booleans (OpenAI fine-tuning's
    ``parallel_tool_calls``): each, when present, must be true or false. ``line``: how
    the command finds that object form in a line's object, for a format whose lines
    come in more than one form (OpenTelemetry: a span holding ``attributes``, or the
    attributes themselves); None: the line's object is it."""

    messages_key: str
    convert: Callable[[object, object, object], WireMessages]
    system_key: str | None = None
    tools_key: str | None = None
    switches: tuple[str, ...] = ()
    line: Callable[[dict[str, Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class ProviderSpec:
    """One provider: ``name`` as the public API and the CLI spell it, ``label`` for a
    person (the HTML report), its tool-call ``ids``, its ``turns`` rules, the
    ``request`` reader of its wire format, the ``tool_names`` it takes (None: no
    rule is known, none is checked), the ``signatures`` it wants back on tool
    calls (None: none) and ``cache_breakpoints``, the most cache breakpoints a request
    may hold (None: no limit is known)."""

    name: str
    label: str
    ids: IdRule
    turns: TurnRules
    request: RequestReader
    tool_names: ToolNameRule | None = None
    signatures: SignatureRule | None = None
    cache_breakpoints: int | None = None


@dataclass(frozen=True)
class DatasetFormat:
    """A format of datasets that is no provider's API (Hugging Face chat rows): ``name``
    as the command spells it (``--format``), ``label`` for a person, and the ``request``
    reader of a line. It has no rules of its own: ``check_wire_rules`` and
    ``repair_transcript`` take providers only."""

    name: str
    label: str
    request: RequestReader
