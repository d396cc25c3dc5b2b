"""codegen/: the post-processing of the generator's output, the drift check, and the one
list of fields generated without their pattern (``agent_ir._hand_checked``).

``codegen/generate.py`` and ``codegen/check.py`` are loaded by path; nothing here writes
to the source tree. The post-processing tests need no generator; ``absent_optionals``
lays out what it rewrites with ruff, and the drift check runs datamodel-code-generator.
"""

from __future__ import annotations

import ast
import copy
import runpy
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest

from support.codegen import load_codegen

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "src" / "agent_ir" / "_generated"
NON_BLANK_FIELDS: dict[str, tuple[str, ...]] = runpy.run_path(
    str(ROOT / "src" / "agent_ir" / "_hand_checked.py")
)["NON_BLANK_FIELDS"]
SCHEMA = "schemas/v1/example.schema.json"


generate = load_codegen("generate")


def _needs_ruff() -> None:
    pytest.importorskip("ruff", reason="absent_optionals lays out its rewrites with ruff format")


def _needs_generator() -> None:
    pytest.importorskip(
        "datamodel_code_generator",
        reason="the drift check runs datamodel-code-generator (nox's codegen deps)",
    )
    _needs_ruff()


# --- list[T] -> tuple[T, ...] ----------------------------------------------------------


def test_tuple_rewrite_leaves_strings_with_list_untouched() -> None:
    source = '''class Reply(IRStruct):
    """
    A docstring about list[ and list[int].
    """

    blocks: Annotated[
        list[Block],
        Meta(description="Unbalanced list[ and list[int] in a description."),
    ]
    """
    The list[Block] of the reply.
    """
'''
    expected = source.replace("        list[Block],", "        tuple[Block, ...],")

    assert generate.arrays_as_tuples(source, SCHEMA) == expected


def test_nested_lists_become_nested_tuples() -> None:
    source = "class Grid(IRStruct):\n    rows: list[list[int]]\n"

    assert generate.arrays_as_tuples(source, SCHEMA) == (
        "class Grid(IRStruct):\n    rows: tuple[tuple[int, ...], ...]\n"
    )


def test_tuple_rewrite_covers_type_aliases_with_forward_references() -> None:
    source = 'JsonValue: TypeAlias = Union[str, list["JsonValue"], None]\n'

    assert generate.arrays_as_tuples(source, SCHEMA) == (
        'JsonValue: TypeAlias = Union[str, tuple["JsonValue", ...], None]\n'
    )


def test_tuple_rewrite_keeps_its_place_after_non_ascii_text_on_the_line() -> None:
    source = (
        'class Note(IRStruct):\n    text: Annotated[str, Meta(description="café ✓")] | list[str]\n'
    )

    assert generate.arrays_as_tuples(source, SCHEMA) == (
        'class Note(IRStruct):\n    text: Annotated[str, Meta(description="café ✓")] | tuple[str, ...]\n'
    )


@pytest.mark.parametrize(
    ("field", "shown"),
    [
        ("items: list", "`list`"),
        ("items: list[int, str]", "`list[int, str]`"),
        ("items: List[int]", "`List`"),
        ("items: tuple[int, ...] = field(default_factory=list)", "`list`"),
    ],
)
def test_an_unrewritable_list_names_the_schema_and_the_definition(field: str, shown: str) -> None:
    source = f"class Basket(IRStruct):\n    {field}\n"

    with pytest.raises(generate.CodegenError) as raised:
        generate.arrays_as_tuples(source, SCHEMA)

    assert str(raised.value) == f"{SCHEMA}: Basket.items: cannot rewrite {shown} as a tuple"


# --- T | UnsetType = UNSET -> Absent[T] = None -----------------------------------------

UNSET_SOURCE = '''from __future__ import annotations

from typing import Annotated
from msgspec import Meta, UNSET, UnsetType, field
from agent_ir._base import IRStruct, TaggedStruct


class Usage(IRStruct):
    """
    Mentions UNSET | UnsetType in its docstring.
    """

    count: int
    label: (
        Annotated[str, Meta(description="Says | UnsetType = UNSET.")]
        | UnsetType
    ) = UNSET
    """
    The label.
    """
    input_tokens: int | UnsetType = field(name="inputTokens", default=UNSET)
'''

ABSENT_SOURCE = '''from __future__ import annotations

from typing import Annotated
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct, TaggedStruct


class Usage(IRStruct):
    """
    Mentions UNSET | UnsetType in its docstring.
    """

    count: int
    label: Absent[Annotated[str, Meta(description="Says | UnsetType = UNSET.")]] = None
    """
    The label.
    """
    input_tokens: Absent[int] = field(name="inputTokens", default=None)
'''


def test_optional_fields_become_absent_with_a_none_default() -> None:
    _needs_ruff()

    assert generate.absent_optionals(UNSET_SOURCE, SCHEMA) == ABSENT_SOURCE


def test_a_module_without_optional_fields_is_left_as_it_is() -> None:
    source = "from msgspec import Meta\n\n\nclass Usage(IRStruct):\n    count: int\n"

    assert generate.absent_optionals(source, SCHEMA) == source


@pytest.mark.parametrize(
    ("field", "shown"),
    [
        ("label: UnsetType = UNSET", "`label: UnsetType = UNSET`"),
        ("label: str | UnsetType = 'x'", "`label: str | UnsetType = 'x'`"),
        (
            "label: str | UnsetType = field(name='l', default_factory=UNSET)",
            "`label: str | UnsetType = field(name='l', default_factory=UNSET)`",
        ),
    ],
)
def test_an_unrewritable_unset_names_the_schema_and_the_definition(field: str, shown: str) -> None:
    source = f"from msgspec import UNSET, UnsetType\n\n\nclass Usage(IRStruct):\n    {field}\n"

    with pytest.raises(generate.CodegenError) as raised:
        generate.absent_optionals(source, SCHEMA)

    assert str(raised.value) == f"{SCHEMA}: Usage.label: cannot rewrite {shown} as Absent[...]"


def test_generated_modules_no_longer_mention_unset() -> None:
    for path in sorted(GENERATED.glob("*.py")):
        names = {
            node.id
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Name)
        } | {
            alias.name
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        assert not names & {"UNSET", "UnsetType"}, path.name


def test_an_absent_optional_reads_none_and_an_explicit_null_stays_invalid() -> None:
    from agent_ir._generated.message_schema import AssistantMessage

    reply = msgspec.json.decode(
        b'{"role":"assistant","id":"a","content":[]}', type=AssistantMessage
    )

    assert (reply.usage, reply.stop_reason, reply.timestamp) == (None, None, None)
    assert msgspec.json.encode(reply) == b'{"role":"assistant","id":"a","content":[]}'
    with pytest.raises(
        msgspec.ValidationError, match=r"Expected `object`, got `null` - at `\$\.usage`"
    ):
        msgspec.json.decode(
            b'{"role":"assistant","id":"a","content":[],"usage":null}', type=AssistantMessage
        )


# --- the hand-checked fields -----------------------------------------------------------


def _non_blank_fields_generated() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in sorted(GENERATED.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for field in node.body:
                if isinstance(field, ast.AnnAssign) and any(
                    isinstance(name, ast.Name) and name.id == "NonBlankString"
                    for name in ast.walk(field.annotation)
                ):
                    assert isinstance(field.target, ast.Name)
                    found.add((node.name, field.target.id))
    return found


def test_exactly_the_hand_checked_fields_are_generated_as_non_blank_string() -> None:
    listed = {(name, field) for name, fields in NON_BLANK_FIELDS.items() for field in fields}

    assert _non_blank_fields_generated() == listed


# A transcript every hand-checked field occurs in once, and where to find each field:
# (message index, JSON path inside the message).
VALID_TRANSCRIPT: list[dict[str, Any]] = [
    {"role": "user", "id": "user-1", "content": "Read the docs."},
    {
        "role": "assistant",
        "id": "assistant-1",
        "content": [{"type": "toolCall", "id": "call-1", "name": "read", "arguments": {}}],
    },
    {
        "role": "toolResult",
        "id": "result-1",
        "toolCallId": "call-1",
        "toolName": "read",
        "content": "The docs.",
        "isError": False,
    },
    {"role": "system", "id": "system-1", "content": "Be brief."},
]
FIELD_LOCATIONS: dict[tuple[str, str], tuple[int, tuple[str | int, ...]]] = {
    ("UserMessage", "id"): (0, ("id",)),
    ("AssistantMessage", "id"): (1, ("id",)),
    ("ToolCallBlock", "id"): (1, ("content", 0, "id")),
    ("ToolCallBlock", "name"): (1, ("content", 0, "name")),
    ("ToolResultMessage", "id"): (2, ("id",)),
    ("ToolResultMessage", "tool_call_id"): (2, ("toolCallId",)),
    ("ToolResultMessage", "tool_name"): (2, ("toolName",)),
    ("SystemMessage", "id"): (3, ("id",)),
}


def test_the_transcript_of_the_blank_field_test_is_valid() -> None:
    from agent_ir import validate_transcript

    assert validate_transcript(VALID_TRANSCRIPT) == ()


@pytest.mark.parametrize(
    ("class_name", "field"),
    [(name, field) for name, fields in NON_BLANK_FIELDS.items() for field in fields],
)
def test_a_blank_hand_checked_field_is_reported(class_name: str, field: str) -> None:
    from agent_ir import validate_transcript

    index, path = FIELD_LOCATIONS[class_name, field]
    transcript = copy.deepcopy(VALID_TRANSCRIPT)
    container: Any = transcript[index]
    for key in path[:-1]:
        container = container[key]
    container[path[-1]] = "   "

    # A shape code at the field's path: a linkage code (an orphan result) would not
    # prove the blank value itself was caught.
    reported = {
        (diagnostic.code, diagnostic.path) for diagnostic in validate_transcript(transcript)
    }
    pointer = "/".join(str(part) for part in (index, *path))
    assert reported & {("INVALID_MESSAGE", f"/{pointer}"), ("EMPTY_TOOL_NAME", f"/{pointer}")}


# --- the drift check -------------------------------------------------------------------


@pytest.fixture
def generated_copy(tmp_path: Path) -> Path:
    copied = tmp_path / "_generated"
    shutil.copytree(GENERATED, copied, ignore=shutil.ignore_patterns("__pycache__"))
    return copied


def test_check_ignores_pycache(generated_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _needs_generator()
    check = load_codegen("check")
    (generated_copy / "__pycache__").mkdir()
    (generated_copy / "__pycache__" / "message_schema.cpython-311.pyc").write_bytes(b"\0")

    assert check.check(generated_copy) == 0
    assert capsys.readouterr().out.endswith("generated files match.\n")


def test_check_fails_on_a_one_byte_edit(
    generated_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _needs_generator()
    check = load_codegen("check")
    module = generated_copy / "message_schema.py"
    text = module.read_bytes()
    module.write_bytes(text.replace(b'tag="user"', b'tag="usEr"', 1))

    assert check.check(generated_copy) == 1
    out = capsys.readouterr().out
    assert '-class UserMessage(MessageStruct, tag_field="role", tag="user"):' in out
    assert '+class UserMessage(MessageStruct, tag_field="role", tag="usEr"):' in out
    assert out.endswith("drifted; run `nox -s codegen`.\n")
