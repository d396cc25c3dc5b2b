"""One page per provider format, written for its users and generated when the site
is built: an example run through the conversion, the provider's rules in words (from
its record, ``schemas/v1/providers.json``), what each kind of IR content becomes and
reads back as (the conversions run on small samples: ``provider_mapping``), the tables
the code reads (stop reasons, media types), the mapping in detail (written by hand in
``docsgen/mapping/<page>.md``: what maps to what, what is warned) and every field of the
format's declaration (``provider_fields``: the schema's descriptions)."""

from __future__ import annotations

import base64
import importlib
import re
from pathlib import Path
from typing import Any

from docsgen.codes import _inline
from docsgen.provider_fields import declared_fields
from docsgen.provider_mapping import example, mapping

# page -> (folder, the guide that shows the format in use: its title and page)
_CONVERSIONS = ("Sending the IR to OpenAI, Anthropic or Gemini", "conversions.md")
FOLDERS: dict[str, tuple[str, tuple[str, str]]] = {
    "openai-chat": ("openai_chat", _CONVERSIONS),
    "openai-responses": ("openai_responses", _CONVERSIONS),
    "anthropic": ("anthropic", _CONVERSIONS),
    "gemini": ("gemini", ("Google Gemini", "gemini.md")),
    "bedrock-converse": ("bedrock_converse", ("AWS Bedrock Converse", "bedrock.md")),
    "mistral": ("mistral", ("Mistral", "mistral.md")),
    "hf-chat": ("hf_chat", ("Hugging Face chat datasets", "hf-chat.md")),
}
# The tables the code reads, shown as they are: page -> (module, name, title, the
# header of the keys, of the values (None: a set)); a module in the provider's folder,
# or a shared one of wire/ (its name starting with "..").
TABLES: dict[str, list[tuple[str, str, str, str, str | None]]] = {
    "openai-chat": [
        ("_stream", "_FINISH_REASONS", "Stop reasons", "`finish_reason`", "the IR's `stop_reason`"),
        (
            "_request",
            "AUDIO_FORMATS",
            "Audio sent",
            "the audio's media type",
            "`input_audio.format`",
        ),
    ],
    "openai-responses": [
        (
            "_request",
            "_EXTENSIONS",
            "Documents sent",
            "the document's media type",
            "the file name's extension",
        ),
    ],
    "anthropic": [
        ("_stream", "STOP_REASONS", "Stop reasons", "`stop_reason`", "the IR's `stop_reason`"),
        (
            "_request",
            "IMAGE_MEDIA_TYPES",
            "Images sent",
            "the image media types Anthropic takes",
            None,
        ),
        ("../_built", "CACHE_TTLS", "Cache breakpoints", "the `ttl`s of a `cache_control`", None),
    ],
    "gemini": [
        (
            "_stream",
            "FILTERS",
            "Finish reasons read as a filter (stop reason `error`)",
            "`finishReason`",
            None,
        ),
    ],
    "bedrock-converse": [
        ("_stream", "STOP_REASONS", "Stop reasons", "`stopReason`", "the IR's `stop_reason`"),
        ("_wire", "IMAGE_FORMATS", "Images", "an image's `format`", "the IR's media type"),
        ("_wire", "DOCUMENT_FORMATS", "Documents", "a document's `format`", "the IR's media type"),
        ("_wire", "AUDIO_FORMATS", "Audio", "an audio block's `format`", "the IR's media type"),
        ("../_built", "CACHE_TTLS", "Cache points", "the `ttl`s of a `cachePoint`", None),
    ],
    "mistral": [],
    "hf-chat": [],
}
# The mapping in detail, one page each: IR <-> wire, what is warned, the stream's events,
# where the rules come from (Markdown, its own ``##`` headings).
MAPPING = Path(__file__).resolve().parent / "mapping"
# How each turn rule of a record reads: (when it is true, when it is false).
TURN_WORDS = {
    "results_follow_call": (
        "The results of an assistant message's tool calls must come right after it "
        "({RESULT_NOT_IMMEDIATE}).",
        "The results of a tool call need not come right after its message.",
    ),
    "assistant_turns_join": (
        "Consecutive assistant messages are one turn: the results of their calls may "
        "follow the whole run of them.",
        "Each assistant message is a turn of its own.",
    ),
    "user_turn_first": (
        "The first message after the system messages must be a user message "
        "({INVALID_ROLE_ORDER}).",
        "The conversation may start with an assistant message.",
    ),
    "calls_follow_user_turn": (
        "An assistant message with tool calls must come after a user turn (a user "
        "message or tool results), never first after the system messages "
        "({INVALID_ROLE_ORDER}).",
        "An assistant message with tool calls may come first.",
    ),
    "content_required": (
        "User and assistant messages must say something: no empty content, no empty "
        "text block, no text block of only whitespace standing alone ({EMPTY_CONTENT}).",
        "Empty content is not refused.",
    ),
    "ids_reusable_after_result": (
        "A tool-call id may be used again once its call was answered: "
        "`check_wire_rules` accepts it, while `validate_transcript` reports it "
        "({DUPLICATE_TOOL_CALL_ID}), stricter on purpose.",
        "A tool-call id may be used once in a transcript ({DUPLICATE_TOOL_CALL_ID}).",
    ),
}


def pages() -> dict[str, str]:
    return {f"providers/{name}.md": page(name) for name in FOLDERS}


def page(name: str) -> str:
    from agent_ir.wire import _registry

    folder, (title, guide) = FOLDERS[name]
    spec = _registry.REGISTRY.get(name) or _registry.DATASETS[name]
    lines = [f"# {spec.label}", "", *_intro(name, folder, spec.label), ""]
    lines += [f"With more examples: the guide [{title}](../guide/{guide}).", ""]
    lines += ["## An example", "", *example(folder, spec.request)]
    if name in _registry.REGISTRY:
        lines += rules(name)
    lines += _request_line(name, spec.request)
    lines += [
        "## What each kind of content becomes",
        "",
        f"Each transcript below is sent with `to_{folder}` and what it gives is read back "
        f"with `from_{folder}`, when this page is built: what the format cannot carry is "
        "warned, never dropped silently.",
        "",
        *mapping(folder, spec.request, code_link),
    ]
    for table in TABLES[name]:
        lines += _table(folder, *table)
    lines += [mapping_text(name), ""]
    lines += declared_fields(folder)
    return "\n".join(lines)


def mapping_text(name: str) -> str:
    """The hand-written mapping of page ``name`` (``docsgen/mapping/<name>.md``)."""
    return (MAPPING / f"{name}.md").read_text(encoding="utf-8").strip("\n")


def code_link(code: str) -> str:
    """``code`` linked to its page."""
    return f"[{code}](../codes/{code}.md)"


def _intro(name: str, folder: str, label: str) -> list[str]:
    import agent_ir.wire

    public = set(agent_ir.wire.__all__)
    said = [f"`to_{folder}(transcript)` writes a transcript as a {label} request"]
    said.append(f"`from_{folder}(...)` reads one back")
    if f"reply_from_{folder}" in public:
        said.append(f"`reply_from_{folder}(...)` reads a whole reply")
    streams = [n for n in sorted(public) if n.endswith("Stream") and _stream_of(n, folder)]
    if streams:
        said.append(" and ".join(f"`{n}`" for n in streams) + " read a streamed one")
    return [
        "; ".join(said) + " (all in `agent_ir.wire`). This page is generated when the "
        "site is built: the examples run, the rules come from the provider's record "
        "(`schemas/v1/providers.json`) and the fields from the format's declaration."
    ]


def _stream_of(stream: str, folder: str) -> bool:
    return stream.removeprefix("Async").lower().removesuffix("stream") == folder.replace("_", "")


def rules(name: str) -> list[str]:
    """What ``check_wire_rules(transcript, name)`` checks, in words, from the record."""
    from agent_ir.wire import _registry
    from agent_ir.wire._records import provider_record

    spec = _registry.REGISTRY[name]
    record = provider_record(name)
    lines = [
        "## The rules",
        "",
        f'What `check_wire_rules(transcript, "{name}")` checks beyond `validate_transcript`, '
        f'what `repair_transcript(..., provider="{name}")` follows and '
        f"`agent-ir validate --provider-rules {name}` reports:",
        "",
        f"- Tool-call ids: {_id_words(record.ids, spec)}.",
        f"- Tool names: {_name_words(record.tool_names, spec)}.",
    ]
    for field, (yes, no) in TURN_WORDS.items():
        words = yes if getattr(spec.turns, field) else no
        lines.append("- " + re.sub(r"\{([A-Z_]+)\}", lambda m: code_link(m[1]), words))
    if record.signatures is not None:
        lines.append(f"- {_signature_words(record.signatures)}")
    if record.media is not None:
        lines.append(f"- {_media_words(record.media)}")
    return [*lines, ""]


def _media_words(media: Any) -> str:
    """The record's media limits in words (``ProviderMediaLimits``)."""
    said = []
    for noun, code, limit in (
        ("images", "TOO_MANY_IMAGES", media.images),
        ("documents", "TOO_MANY_DOCUMENTS", media.documents),
    ):
        if limit is None:
            continue
        if limit.most_per_turn is not None:
            said.append(f"at most {limit.most_per_turn} {noun} ({code_link(code)})")
        if limit.largest_bytes is not None:
            said.append(
                f"{noun} of at most {limit.largest_bytes:,} bytes each "
                f"({code_link('MEDIA_TOO_LARGE')})"
            )
        if limit.largest_side is not None:
            said.append(
                f"{noun} of at most {limit.largest_side} pixels a side, read from a PNG, "
                f"GIF, WebP or JPEG header ({code_link('MEDIA_TOO_LARGE')})"
            )
    if media.documents_need_text:
        said.append(f"and text beside a document ({code_link('DOCUMENT_WITHOUT_TEXT')})")
    return (
        "Media: in one user turn (consecutive user and tool-result messages, sent as one "
        "user message), " + ", ".join(said) + ". Images inside tool results are not "
        "counted, but their size is checked; a size is the bytes base64 data decodes to, "
        "and a URL or file source's size is not known and not checked. The counts and "
        "sizes are not repaired; `repair_transcript` adds a short text beside a document "
        "that has none."
    )


def _id_words(ids: Any, spec: Any) -> str:
    if ids.characters is None:
        if ids.longest is None:
            return "any id (no limit is known; none is checked)"
        return f"at most {ids.longest} characters, any characters"
    shortest = 1 if ids.shortest is None else ids.shortest
    length = f"exactly {shortest} characters" if shortest == ids.longest else _length(ids.longest)
    words = f"{length}, each {characters(ids.characters)} (`{spec.ids.pattern.pattern}`)"
    if ids.replacement is not None:
        words += (
            f"; `normalize_tool_call_ids` writes `{ids.replacement}` in place of any other "
            "character"
        )
        if shortest > 1:
            words += " and pads a shorter id with it"
    return words


def _length(longest: int | None) -> str:
    return f"1 to {longest} characters" if longest is not None else "at least 1 character"


def _name_words(names: Any, spec: Any) -> str:
    if names is None:
        return "no rule is known; none is checked"
    first = f", the first {characters(names.first)}" if names.first else ""
    return (
        f"{_length(names.longest)}, each {characters(names.characters)}{first} "
        f"(`{spec.tool_names.pattern.pattern}`), for tool definitions and calls alike "
        f"({code_link('INVALID_TOOL_NAME_FORMAT')})"
    )


_CLASS_WORDS = {"a-zA-Z": "an ASCII letter", "a-z": "a lowercase ASCII letter",
                "A-Z": "an uppercase ASCII letter", "0-9": "a digit"}  # fmt: skip


def characters(body: str) -> str:
    """A character class's body in words: ``a-zA-Z0-9_-`` -> ``an ASCII letter, a
    digit, `_` or `-```."""
    words = []
    rest = body
    while rest:
        for piece, said in _CLASS_WORDS.items():
            if rest.startswith(piece):
                words.append(said)
                rest = rest[len(piece) :]
                break
        else:
            if len(rest) >= 3 and rest[1] == "-":
                words.append(f"`{rest[0]}` to `{rest[2]}`")
                rest = rest[3:]
            else:
                words.append(f"`{rest[0]}`")
                rest = rest[1:]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _signature_words(signatures: Any) -> str:
    models = signatures.models
    exempt = ", ".join(f"`{piece}`" for piece in models.exempt)
    return (
        f"Thought signatures: for the models whose name starts with `{models.prefix}`, "
        f"from version {models.from_major} on"
        + (f" (a name holding {exempt} excepted)" if exempt else "")
        + ", and for a model not given, the first tool call of each step of the current "
        "turn must carry the signature the model gave it "
        f"({code_link('MISSING_THOUGHT_SIGNATURE')}); `repair_transcript` writes "
        f"`{signatures.placeholders[0]}`, a value the provider documents as accepted "
        f"in its place, on a call that lacks one, as the base64 of its bytes "
        f"(`{_base64(signatures.placeholders[0])}`), the form the SDK sends."
    )


def _base64(value: str) -> str:
    return base64.b64encode(value.encode("utf-8")).decode("ascii")


def _request_line(name: str, reader: Any) -> list[str]:
    keys = [f'"{reader.messages_key}": [...]']
    if reader.system_key:
        keys.append(f'"{reader.system_key}": ...')
    if reader.tools_key:
        keys.append(f'"{reader.tools_key}": [...]')
    keys += [f'"{switch}": true' for switch in reader.switches]
    return [
        "## A request per line",
        "",
        f"`agent-ir validate --format {name} FILE.jsonl` reads each line as a request: "
        f"`{{{', '.join(keys)}}}`.",
        "",
    ]


def _table(
    folder: str, module: str, name: str, title: str, keys: str, values: str | None
) -> list[str]:
    where = module[3:] if module.startswith("../") else f"{folder}.{module}"
    table = getattr(importlib.import_module(f"agent_ir.wire.{where}"), name)
    lines = [f"## {title}", ""]
    if values is None:
        return [*lines, f"| {keys} |", "|---|", *[f"| `{item}` |" for item in sorted(table)], ""]
    rows = [f"| `{key}` | `{getattr(value, 'value', value)}` |" for key, value in table.items()]
    return [*lines, f"| {keys} | {values} |", "|---|---|", *rows, ""]


def _docstring(doc: str) -> str:
    """A module docstring as Markdown: its rst underlined headings as headings, its rst
    tables as they are (preformatted), each list item and paragraph on one line,
    ``code`` as code, ``<`` and ``>`` escaped."""
    doc = re.sub(r"^(.+)\n[-=]{3,}$", r"\n### \1\n", doc.strip(), flags=re.M)
    out = []
    for block in re.split(r"\n\s*\n", doc):
        if block.startswith("### "):
            out.append("### " + _inline(block[4:]))
        elif re.search(r"^\s*=+( +=+)+\s*$", block, flags=re.M):
            out.append("```text\n" + block.strip("\n") + "\n```")
        else:
            items = re.split(r"\n(?=[-*] |\d+\. )", block)
            out.append("\n".join(_item(item) for item in items))
    return "\n\n".join(out)


def _item(item: str) -> str:
    text = " ".join(item.split())
    if text.startswith(("- ", "* ")):
        return "- " + _inline(text[2:])
    numbered = re.match(r"\d+\. ", text)
    if numbered:
        return numbered.group() + _inline(text[numbered.end() :])
    return _inline(text)
