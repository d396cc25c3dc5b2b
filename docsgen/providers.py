"""One page per provider format: its rules as its registry record states them, its
stop-reason table and the module docstrings that are its whole mapping."""

from __future__ import annotations

import importlib
import re
from typing import Any

from docsgen.codes import _inline

# page -> (folder, the guide that shows the format in use: its title and page)
_CONVERSIONS = ("Sending the IR to OpenAI, Anthropic or Gemini", "conversions.md")
FOLDERS: dict[str, tuple[str, tuple[str, str]]] = {
    "openai-chat": ("openai_chat", _CONVERSIONS),
    "openai-responses": ("openai_responses", _CONVERSIONS),
    "anthropic": ("anthropic", _CONVERSIONS),
    "gemini": ("gemini", ("Google Gemini", "gemini.md")),
    "hf-chat": ("hf_chat", ("Hugging Face chat datasets", "hf-chat.md")),
}
# The tables the code reads, shown as they are: page -> (module, name, title, the
# header of the keys, of the values (None: a set)).
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
        ("_request", "CACHE_TTLS", "Cache breakpoints", "the `ttl`s of a `cache_control`", None),
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
    "hf-chat": [],
}
# The modules of a folder, in reading order, and what each holds.
MODULES = {
    "_request": "Requests: `to_*` and `from_*`",
    "_tools": "Tool definitions",
    "_reply": "Non-streamed replies",
    "_stream": "Streams",
    "_rules": "The provider's rules",
    "_format": "How the command reads a row",
    "_ids": "Ids for calls without one",
}


def pages() -> dict[str, str]:
    return {f"providers/{name}.md": page(name) for name in FOLDERS}


def page(name: str) -> str:
    from agent_ir.wire import _registry

    folder, section = FOLDERS[name]
    spec = _registry.REGISTRY.get(name) or _registry.DATASETS[name]
    lines = [f"# {spec.label}", ""]
    record = (
        "its entry of `schemas/v1/providers.json`, built by `_rules.py` and listed in "
        "`wire/_registry.py`"
        if name in _registry.REGISTRY
        else "`_format.py`, listed in `wire/_registry.py`"
    )
    lines += [
        f"`agent_ir.wire.{folder}`: this page is generated from the folder's own record "
        f"({record}), tables and module docstrings.",
        "",
    ]
    if name in _registry.REGISTRY:
        lines += _rules(spec)
    for table in TABLES[name]:
        lines += _table(folder, *table)
    lines += declared_fields(folder)
    title, guide = section
    lines += [
        "## In use",
        "",
        f"With examples that run: the guide [{title}](../guide/{guide}).",
        "",
    ]
    for module, title in MODULES.items():
        try:
            loaded = importlib.import_module(f"agent_ir.wire.{folder}.{module}")
        except ModuleNotFoundError:
            continue
        if loaded.__doc__:
            lines += [f"## {title} (`{module}.py`)", "", _docstring(loaded.__doc__), ""]
    return "\n".join(lines)


def _rules(spec: Any) -> list[str]:
    turns = spec.turns
    ids = spec.ids
    id_rule = "no limit is known; none is checked"
    if ids.pattern is not None:
        id_rule = f"`{ids.pattern.pattern}` (other characters become `{ids.replacement}`)"
    elif ids.longest is not None:
        id_rule = f"at most {ids.longest} characters"
    names = spec.tool_names.pattern.pattern if spec.tool_names else None
    rows = [
        ("the tool-call ids it takes (INVALID_TOOL_CALL_ID_FORMAT)", id_rule),
        (
            "tool names (INVALID_TOOL_NAME_FORMAT)",
            f"`{names}`" if names else "no rule is known; none is checked",
        ),
    ]
    for field, code in (
        ("results_follow_call", "RESULT_NOT_IMMEDIATE"),
        ("assistant_turns_join", None),
        ("user_turn_first", "INVALID_ROLE_ORDER"),
        ("calls_follow_user_turn", "INVALID_ROLE_ORDER"),
        ("content_required", "EMPTY_CONTENT"),
        ("ids_reusable_after_result", "DUPLICATE_TOOL_CALL_ID not reported"),
    ):
        label = f"`{field}`" + (f" ({code})" if code else "")
        rows.append((label, "yes" if getattr(turns, field) else "no"))
    if spec.signatures is not None:
        rows.append(
            (
                "thought signatures (MISSING_THOUGHT_SIGNATURE)",
                f"required; `repair_transcript` writes `{spec.signatures.placeholder}`",
            )
        )
    request = spec.request
    rows.append(
        (
            "the keys of a line `--format` reads",
            ", ".join(
                f"`{k}`" for k in (request.messages_key, request.system_key, request.tools_key) if k
            ),
        )
    )
    lines = [
        f'## What `check_wire_rules(transcript, "{spec.name}")` checks',
        "",
        "| rule | value |",
        "|---|---|",
        *[f"| {label} | {_cell(value)} |" for label, value in rows],
        "",
    ]
    return lines


def _table(
    folder: str, module: str, name: str, title: str, keys: str, values: str | None
) -> list[str]:
    table = getattr(importlib.import_module(f"agent_ir.wire.{folder}.{module}"), name)
    lines = [f"## {title}", "", f"`{module}.{name}`:", ""]
    if values is None:
        return [*lines, f"| {keys} |", "|---|", *[f"| `{item}` |" for item in sorted(table)], ""]
    rows = [f"| `{key}` | `{getattr(value, 'value', value)}` |" for key, value in table.items()]
    return [*lines, f"| {keys} | {values} |", "|---|---|", *rows, ""]


def declared_fields(folder: str) -> list[str]:
    """The format's declaration (``_wire.py``, when the folder has one), shape by shape:
    each field's JSON name, its type and its description. A key a shape does not list is
    a PART_NOT_READ warning; a block, item or event type it does not list is passed over
    with a warning."""
    try:
        declared = importlib.import_module(f"agent_ir.wire.{folder}._wire")
    except ModuleNotFoundError:
        return []
    from msgspec import inspect

    from agent_ir.wire._decode import WireStruct

    lines = [
        "## The format, field by field (`_wire.py`)",
        "",
        "What the readers decode, declared once. A key that is not listed here is a "
        "PART_NOT_READ warning at its place; a block, item or event type that is not "
        "listed is passed over with a warning (EVENT_NOT_READ for an event).",
        "",
    ]
    shapes = [
        value
        for value in vars(declared).values()
        if isinstance(value, type)
        and issubclass(value, WireStruct)
        and value is not WireStruct
        and value.__module__ == declared.__name__
    ]
    for shape in shapes:
        info = inspect.type_info(shape)
        assert isinstance(info, inspect.StructType)
        tag = f" (`{info.tag_field}`: `{info.tag}`)" if info.tag_field else ""
        doc = " ".join((shape.__doc__ or "").split())
        lines += [f"### {shape.__name__}{tag}", "", _inline(doc), ""]
        if not info.fields:
            lines += ["No other field.", ""]
            continue
        lines += ["| field | type | meaning |", "|---|---|---|"]
        for field in info.fields:
            described, kind = _described(field.type)
            required = "" if field.required else ", optional"
            lines.append(
                f"| `{field.encode_name}` | {_cell(kind)}{required} | {_cell(_inline(described))} |"
            )
        lines.append("")
    return lines


def _described(info: Any) -> tuple[str, str]:
    """(the description, the type's name) of a field's type."""
    from msgspec import inspect

    description = ""
    while isinstance(info, inspect.Metadata):
        description = (info.extra_json_schema or {}).get("description", description)
        info = info.type
    return description, _type_name(info)


def _type_name(info: Any) -> str:
    from msgspec import inspect

    if isinstance(info, inspect.Metadata):
        return _type_name(info.type)
    if isinstance(info, inspect.UnionType):
        return " or ".join(_type_name(member) for member in info.types)
    if isinstance(info, inspect.StructType):
        return info.cls.__name__
    if isinstance(info, inspect.ListType):
        return f"array of {_type_name(info.item_type)}"
    names = {
        inspect.StrType: "string",
        inspect.IntType: "integer",
        inspect.FloatType: "number",
        inspect.BoolType: "boolean",
        inspect.NoneType: "null",
        inspect.DictType: "object",
        inspect.AnyType: "any JSON",
    }
    name = names.get(type(info), type(info).__name__)
    if isinstance(info, inspect.IntType) and info.ge == 0:
        return "integer >= 0"
    if isinstance(info, inspect.StrType) and info.min_length:
        return "non-empty string"
    return name


def _cell(value: str) -> str:
    return value.replace("|", "\\|")


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
