"""The tool checker (``agent_ir.validation._tools``) at its edges: the compile cache's
two bounds exactly, the explained work at exactly its limit, the whole sentence of the
mismatches left out, the declared names a sentence lists, and the calls of a malformed
message (checked when it is an assistant message, whatever its other problems)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from agent_ir import DiagnosticCode, validate_transcript
from agent_ir.validation import _tools
from agent_ir.validation._tool_profile import LIMITS, read_profile

from support.tool_calls import check

MISMATCH = DiagnosticCode.TOOL_ARGUMENTS_MISMATCH


# --- the compile cache ----------------------------------------------------------------------


def _refused(size: int) -> dict[str, Any]:
    """Parameters whose JSON text is ``size`` bytes, refused by the profile's byte limit
    before anything is compiled (cached all the same)."""
    filler = "x" * (size - len(msgspec.json.encode({"description": ""})))
    parameters = {"description": filler}
    assert len(msgspec.json.encode(parameters)) == size
    return parameters


def test_the_cache_keeps_512_entries_the_least_recently_used_out_first() -> None:
    cache = _tools._Compiled()
    for number in range(512):
        cache.outcome({"title": str(number)})
    assert len(cache.cache) == 512
    cache.outcome({"title": "0"})  # used again: now the most recent
    cache.outcome({"title": "512"})
    kept = [msgspec.json.decode(key)["title"] for key in cache.cache]
    assert len(kept) == 512
    assert kept[0] == "2"
    assert kept[-2:] == ["0", "512"]


def test_the_cache_keeps_4_mib_of_schema_text_and_not_a_byte_more() -> None:
    cache = _tools._Compiled()
    quarter = _tools.CACHE_BYTES // 4
    for number in range(4):
        parameters = _refused(quarter)
        parameters["description"] = str(number) + parameters["description"][1:]
        cache.outcome(parameters)
    assert (len(cache.cache), cache.size) == (4, 4 * 1024 * 1024)
    cache.outcome({"type": "object"})  # 17 bytes more: the oldest goes
    assert len(cache.cache) == 4
    assert cache.size == 3 * quarter + len(b'{"type":"object"}')


# --- the explained work, exactly ------------------------------------------------------------

HALF = {"type": "object", "properties": {"a": {"allOf": [{"type": "integer"}] * 511}}}
"""Parameters whose widest place evaluates 512 subschemas: 2^25 / 512 = 65,536."""


def test_a_call_costing_exactly_the_explained_work_is_explained() -> None:
    assert read_profile(HALF, len(msgspec.json.encode(HALF))).widest == 512
    exactly = {"a": "x" * (65_536 - 2 * LIMITS.value_bytes - 1)}  # 2 values, key "a"

    explained = check(HALF, exactly)
    past = check(HALF, {"a": exactly["a"] + "x"})

    assert len(explained) == LIMITS.errors_per_call + 1
    assert explained[0].message == (
        "the arguments of tool call 'c' do not match the parameters of tool 0 (t) in 479 "
        "more places not listed (at most 32 are listed per tool call)"
    )
    assert [d.path for d in past] == ["/1/content/0/arguments"]
    assert "would cost 33554944 bytes" in past[0].message


# --- the sentences --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "listed"),
    [
        (5, "declared: 't0', 't1', 't2', 't3', 't4')"),
        (6, "declared: 't0', 't1', 't2', 't3', 't4' and 1 more)"),
        (7, "declared: 't0', 't1', 't2', 't3', 't4' and 2 more)"),
    ],
)
def test_an_undeclared_tool_lists_five_declared_names_and_counts_the_rest(
    names: int, listed: str
) -> None:
    tools = [{"name": f"t{number}"} for number in range(names)]
    found = validate_transcript(_transcript({"role": "assistant", "id": "a", "content": [
        {"type": "toolCall", "id": "c", "name": "other", "arguments": {}}]}), tools=tools)  # fmt: skip

    undeclared = [d for d in found if d.code is DiagnosticCode.UNDECLARED_TOOL]
    assert len(undeclared) == 1
    assert undeclared[0].message.endswith(listed)


# --- calls of a malformed message -----------------------------------------------------------

TOOLS = [{"name": "t", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}}]


def _transcript(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "id": "u", "content": "go"},
        message,
        {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": "t",
         "content": "ok", "isError": False},
    ]  # fmt: skip


def _codes(message: dict[str, Any]) -> list[tuple[str, str]]:
    return [(d.code.value, d.path) for d in validate_transcript(_transcript(message), tools=TOOLS)]


def test_the_calls_of_a_malformed_assistant_message_are_still_checked() -> None:
    """The message has a problem of its own (a stop reason it may not have); its
    well-formed call is checked against its tool all the same."""
    codes = _codes({"role": "assistant", "id": "a", "stopReason": "sideways", "content": [
        {"type": "toolCall", "id": "c", "name": "t", "arguments": {"a": 1}}]})  # fmt: skip

    assert ("TOOL_ARGUMENTS_MISMATCH", "/1/content/0/arguments/a") in codes


def test_a_call_whose_own_block_is_malformed_is_not_checked_again() -> None:
    codes = _codes({"role": "assistant", "id": "a", "content": [
        {"type": "toolCall", "id": "c", "name": "t", "arguments": {"a": 1}, "extra": 1},
        {"type": "toolCall", "id": "d", "name": "t", "arguments": {"a": 2}}]})  # fmt: skip

    assert ("TOOL_ARGUMENTS_MISMATCH", "/1/content/1/arguments/a") in codes
    assert ("TOOL_ARGUMENTS_MISMATCH", "/1/content/0/arguments/a") not in codes


def test_a_malformed_message_that_is_no_assistant_message_has_no_calls_checked() -> None:
    """A user message holding a tool-call block is malformed (only an assistant message
    holds calls): the block is not checked as a call."""
    codes = _codes({"role": "user", "id": "m", "content": [
        {"type": "toolCall", "id": "c", "name": "t", "arguments": {"a": 1}}]})  # fmt: skip

    assert "TOOL_ARGUMENTS_MISMATCH" not in [code for code, _ in codes]
    assert codes  # the message's own problem is reported


def test_an_assistant_message_whose_content_is_no_list_has_no_calls() -> None:
    """Its problem is at /content itself (not below a block)."""
    codes = _codes({"role": "assistant", "id": "a", "content": "text"})

    assert codes
    assert all(code != "TOOL_ARGUMENTS_MISMATCH" for code, _ in codes)
    assert "INVALID_TRANSCRIPT" not in [code for code, _ in codes]


# --- the place in the parameters of properties jsonschema-rs reads alike -------------------

ZEROS = {"type": "object", "properties": {"0": {"type": "string"}, "00": {"type": "integer"}}}
"""Properties "0" and "00": jsonschema-rs writes both as the index 0 in its paths."""


@pytest.mark.parametrize(
    ("parameters", "arguments", "places"),
    [
        (ZEROS, {"0": 1, "00": "x"}, [("/0", "/properties/0"), ("/00", "/properties/00")]),
        (
            {"type": "object", "properties": {"a": ZEROS}},
            {"a": {"0": 1, "00": "x"}},
            [("/a/0", "/properties/a/properties/0"), ("/a/00", "/properties/a/properties/00")],
        ),
        (
            {"type": "object", "properties": {"1": ZEROS}},
            {"1": {"0": 1, "00": "x"}},
            [("/1/0", "/properties/1/properties/0"), ("/1/00", "/properties/1/properties/00")],
        ),
        (
            {"type": "object", "patternProperties": {"^p": ZEROS}},
            {"p": {"0": 1, "00": "x"}},
            [
                ("/p/0", "/patternProperties/^p/properties/0"),
                ("/p/00", "/patternProperties/^p/properties/00"),
            ],
        ),
        (
            {"type": "object", "properties": {"a": {"type": "array", "items": ZEROS}}},
            {"a": [{"0": 1, "00": "x"}]},
            [
                ("/a/0/0", "/properties/a/items/properties/0"),
                ("/a/0/00", "/properties/a/items/properties/00"),
            ],
        ),
        (
            {"type": "object", "properties": {"a": {"type": "array", "prefixItems": [ZEROS]}}},
            {"a": [{"0": 1, "00": "x"}]},
            [
                ("/a/0/0", "/properties/a/prefixItems/0/properties/0"),
                ("/a/0/00", "/properties/a/prefixItems/0/properties/00"),
            ],
        ),
        (
            {
                "type": "object",
                "properties": {"0": {"type": "string"}},
                "allOf": [{"properties": {"00": {"type": "integer"}}}],
            },
            {"0": 1, "00": "x"},
            [("/0", "/properties/0"), ("/00", "/allOf/0/properties/00")],
        ),
        (
            {"type": "object", "properties": {"a": {"properties": {"7": {"type": "string"}}}}},
            {"a": {"7": 1}},
            [("/a/7", "/properties/a/properties/7")],
        ),
    ],
)
def test_a_mismatch_names_the_property_as_written_in_both_places(
    parameters: Any, arguments: Any, places: list[tuple[str, str]]
) -> None:
    found = check(parameters, arguments)

    assert [
        (d.path.removeprefix("/1/content/0/arguments"), d.message.split("(keyword type at ")[1])
        for d in found
    ] == [(where, f"{place}/type of the parameters)") for where, place in places]


def test_keys_read_alike_holding_the_same_value_are_each_placed_at_their_own_key() -> None:
    """Three keys jsonschema-rs reads as 0, each holding 1: the property "0" fails its own
    schema and the other two fail additionalProperties. jsonschema-rs's paths give all
    three at 0 (and the failing values are equal); each mismatch is at the key it is
    about, as the TypeScript package places it (issue 36: two at /arguments/0 before)."""
    parameters = {
        "type": "object",
        "properties": {"0": {"type": "string"}},
        "additionalProperties": {"type": "string"},
    }
    found = check(parameters, {"0": 1, "00": 1, "000": 1})

    assert [(d.path, d.message.split("(t): ")[1]) for d in found] == [
        (
            "/1/content/0/arguments/0",
            '1 is not of type "string" (keyword type at /properties/0/type of the parameters)',
        ),
        (
            "/1/content/0/arguments/00",
            '1 is not of type "string" (keyword type at /additionalProperties/type of the '
            "parameters)",
        ),
        (
            "/1/content/0/arguments/000",
            '1 is not of type "string" (keyword type at /additionalProperties/type of the '
            "parameters)",
        ),
    ]


@pytest.mark.parametrize(
    ("bound", "items", "said"),
    [
        (
            {"minContains": 2},
            [1, "x"],
            '[1,"x"] has less than 2 items valid under the schema of contains (keyword '
            "minContains at /properties/a/minContains of the parameters)",
        ),
        (
            {"maxContains": 1},
            [1, 2],
            "[1,2] has more than 1 item valid under the schema of contains (keyword "
            "maxContains at /properties/a/maxContains of the parameters)",
        ),
        (
            {},
            ["x"],
            'None of ["x"] are valid under the given schema (keyword contains at '
            "/properties/a/contains of the parameters)",
        ),
    ],
)
def test_a_contains_bound_is_named_with_its_limit(bound: Any, items: Any, said: str) -> None:
    parameters = {"type": "object", "properties": {"a": {
        "type": "array", "contains": {"type": "integer"}, **bound}}}  # fmt: skip
    found = check(parameters, {"a": items})

    assert [d.message.split("(t): ")[1] for d in found] == [said]


@pytest.mark.parametrize(
    ("parameters", "arguments", "said"),
    [
        (
            {"type": "object", "properties": {"0": {"type": "string"}},
             "additionalProperties": {"type": "string"}},
            {"0": 1, "00": 1, "000": 1, "b": 2, "a": 3},
            [
                ("/a", '3 is not of type "string" (keyword type at /additionalProperties/type'),
                ("/b", '2 is not of type "string" (keyword type at /additionalProperties/type'),
                ("/0", '1 is not of type "string" (keyword type at /properties/0/type'),
                ("/00", '1 is not of type "string" (keyword type at /additionalProperties/type'),
                ("/000", '1 is not of type "string" (keyword type at /additionalProperties/type'),
            ],
        ),
        (
            {"type": "object", "properties": {"o": {"type": "object",
                                                    "additionalProperties": False}}},
            {"o": {"x": 1}},
            [("/o", "Additional properties are not allowed ('x' was unexpected) (keyword "
                    "additionalProperties at /properties/o/additionalProperties")],
        ),
        (
            {"type": "object", "properties": {"o": {"type": "object", "propertyNames": False}}},
            {"o": {"x": 1}},
            [("/o", "Property names are not allowed ('x' was unexpected) (keyword "
                    "propertyNames at /properties/o/propertyNames")],
        ),
        (
            {"type": "object", "properties": {"a": {}}, "additionalProperties": False},
            {"a": 1, "b": 2},
            [("", "Additional properties are not allowed ('b' was unexpected) (keyword "
                  "additionalProperties at /additionalProperties")],
        ),
    ],
)  # fmt: skip
def test_names_refused_below_the_root_and_keys_read_alike_beside_others(
    parameters: Any, arguments: Any, said: list[tuple[str, str]]
) -> None:
    found = check(parameters, arguments)

    assert [
        (d.path.removeprefix("/1/content/0/arguments"), d.message.split("(t): ")[1]) for d in found
    ] == [(where, f"{sentence} of the parameters)") for where, sentence in said]


@pytest.mark.parametrize(
    ("parameters", "path", "said"),
    [
        (
            {"type": 5},
            "/parameters/type",
            "5 is not valid under any of the schemas listed in the 'anyOf' keyword",
        ),
        (
            {"type": "object", "properties": {"a": {"minLength": "x" * 500}}},
            "/parameters/properties/a/minLength",
            '"' + "x" * 199 + '\u2026 (302 more characters) is not of type "integer"',
        ),
        (
            {"type": "object", "properties": {"a": {"pattern": 5}}},
            "/parameters/properties/a/pattern",
            '5 is not of type "string"',
        ),
    ],
)
def test_parameters_that_are_no_json_schema_quote_the_value_cut(
    parameters: Any, path: str, said: str
) -> None:
    found = validate_transcript(
        [{"role": "user", "id": "u", "content": "hi"}],
        tools=[{"name": "t", "parameters": parameters}],
    )

    assert [(d.code, d.path, d.message) for d in found] == [
        (
            DiagnosticCode.INVALID_TOOL_DEFINITION,
            path,
            f"parameters is not a valid JSON Schema: {said}",
        )
    ]


def test_a_schema_larger_than_the_cache_is_kept_alone() -> None:
    """The newest outcome is kept whatever its size (the same tools on the next line
    are not compiled again); an older one goes as soon as the bytes are passed."""
    cache = _tools._Compiled()
    first, second = _refused(_tools.CACHE_BYTES + 1), _refused(_tools.CACHE_BYTES + 1)
    second["description"] = "2" + second["description"][1:]

    cache.outcome(first)
    assert list(cache.cache) == [msgspec.json.encode(first)]
    assert cache.size == len(msgspec.json.encode(first))
    cache.outcome(second)
    assert list(cache.cache) == [msgspec.json.encode(second)]
    assert cache.size == len(msgspec.json.encode(second))


# --- reading the tools ------------------------------------------------------------------


class _RaisingList(list[Any]):
    """A list whose overrides raise: the tools are read through the base type."""

    def __iter__(self) -> Any:
        raise RuntimeError("iterated")

    def __len__(self) -> int:
        raise RuntimeError("measured")

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("indexed")


def test_tools_in_a_list_whose_overrides_raise_are_read_through_the_list() -> None:
    tools = _RaisingList([{"name": "t", "parameters": {"type": "object", "required": ["a"]}}])

    found = check_with(tools, "t", {})
    undeclared = check_with(tools, "u", {})

    assert [(d.code, d.path) for d in found] == [
        (DiagnosticCode.TOOL_ARGUMENTS_MISMATCH, "/1/content/0/arguments")
    ]
    assert [d.message for d in undeclared] == [
        "tool call 'c' names 'u', which no tool declares (declared: 't')"
    ]


def check_with(tools: Any, name: str, arguments: Any) -> list[Any]:
    transcript = [
        {"role": "user", "id": "u", "content": "go"},
        {"role": "assistant", "id": "a", "content": [
            {"type": "toolCall", "id": "c", "name": name, "arguments": arguments}]},
        {"role": "toolResult", "id": "r", "toolCallId": "c", "toolName": name,
         "content": "ok", "isError": False},
    ]  # fmt: skip
    return list(validate_transcript(transcript, tools=tools))


def test_a_name_no_call_can_use_is_not_listed_as_declared() -> None:
    """A broken definition whose name is blank, no string or no valid Unicode declares
    nothing: the names an undeclared call is told of are the readable ones."""
    tools = [{"name": "t"}, {"name": " "}, {"name": 5}, {"name": "\ud800"}]

    found = check_with(tools, "u", {})

    assert [d.message for d in found if d.code is DiagnosticCode.UNDECLARED_TOOL] == [
        "tool call 'c' names 'u', which no tool declares (declared: 't')"
    ]


@pytest.mark.parametrize(
    ("tool", "path", "message"),
    [
        ({"name": 5}, "/name", "name is not valid: it must be a string"),
        (
            {"name": "t", "strict": None},
            "/strict",
            "strict is not valid: it must be a boolean",
        ),
        (
            {"name": "t", "bogus": 1},
            "/bogus",
            "bogus is not a field of a tool definition (its fields: name, description, "
            "parameters, strict)",
        ),
        ({"name": "\u3000"}, "/name", "name must hold a character other than whitespace"),
        ({"description": "d"}, "/name", "name is missing (a tool definition needs it)"),
    ],
)
def test_a_malformed_definition_is_one_sentence_at_its_field(
    tool: Any, path: str, message: str
) -> None:
    found = [
        d for d in check_with([tool], "t", {}) if d.code is DiagnosticCode.INVALID_TOOL_DEFINITION
    ]

    assert [(d.message_index, d.tool_index, d.path, d.message) for d in found] == [
        (-1, 0, path, message)
    ]


def _nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


def test_the_depth_bound_counts_from_the_definition_outside_its_parameters() -> None:
    """``parameters`` is a JSON object of the IR (its depth counts from it, one level
    down); any other field counts from the definition: a description nested 63 levels
    is read (and refused as no string), 64 levels is past the bound."""
    read = check_with([{"name": "t", "description": _nested(63)}], "t", {})
    deep = check_with([{"name": "t", "description": _nested(64)}], "t", {})
    parameters = check_with([{"name": "t", "parameters": {"x": _nested(63)}}], "t", {})

    assert [
        (d.path, d.message == "description is not valid: it must be a string") for d in read
    ] == [("/description", True)]
    assert [(d.path, d.message.endswith("is nested deeper than 64 levels")) for d in deep] == [
        ("/description" + "/0" * 63, True)
    ]
    assert parameters == []


# --- places and sentences of mismatches ------------------------------------------------


def _said(parameters: Any, arguments: Any) -> list[tuple[str, str]]:
    return [
        (d.path.removeprefix("/1/content/0/arguments"), d.message.split("(t): ", 1)[1])
        for d in check(parameters, arguments)
    ]


ZEROS_AGAIN = {"type": "object", "properties": {"0": {"type": "string"}, "00": {"type": "integer"}}}


@pytest.mark.parametrize(
    ("parameters", "arguments", "said"),
    [
        (  # a name under dependentSchemas is no keyword, even one that descends
            {"type": "object", "dependentSchemas": {"items": ZEROS_AGAIN}},
            {"items": 5, "0": 1, "00": "x"},
            [
                ("/0", '1 is not of type "string" (keyword type at '
                       "/dependentSchemas/items/properties/0/type of the parameters)"),
                ("/00", '"x" is not of type "integer" (keyword type at '
                        "/dependentSchemas/items/properties/00/type of the parameters)"),
            ],
        ),
        (  # a property named as a keyword that descends is one level, not two
            {"type": "object", "properties": {"items": ZEROS_AGAIN}},
            {"items": {"0": 1, "00": "x"}},
            [
                ("/items/0", '1 is not of type "string" (keyword type at '
                             "/properties/items/properties/0/type of the parameters)"),
                ("/items/00", '"x" is not of type "integer" (keyword type at '
                              "/properties/items/properties/00/type of the parameters)"),
            ],
        ),
        (  # a property named "properties"
            {"type": "object", "properties": {"properties": ZEROS_AGAIN}},
            {"properties": {"0": 1, "00": "x"}},
            [
                ("/properties/0", '1 is not of type "string" (keyword type at '
                                  "/properties/properties/properties/0/type of the parameters)"),
                ("/properties/00", '"x" is not of type "integer" (keyword type at '
                                   "/properties/properties/properties/00/type of the "
                                   "parameters)"),
            ],
        ),
        (  # a false subschema, its name the path's last part
            {"type": "object", "properties": {"0": False, "00": {"type": "integer"}}},
            {"0": 1, "00": "x"},
            [
                ("/0", "False schema does not allow 1 (keyword properties at /properties/0 "
                       "of the parameters)"),
                ("/00", '"x" is not of type "integer" (keyword type at /properties/00/type '
                        "of the parameters)"),
            ],
        ),
        (  # below a false subschema of an object: jsonschema-rs's path is shorter
            {"properties": {"0": {"properties": {"k": False}},
                            "00": {"properties": {"k": False}}}},
            {"0": {"k": 1}},
            [("/0/k", "False schema does not allow 1 (keyword properties at "
                      "/properties/0/properties/k of the parameters)")],
        ),
        (  # one of two keys read alike fails: one mismatch, at the key that fails
            {"type": "object", "properties": {"0": {"type": "string"}}},
            {"0": 1, "00": 1},
            [("/0", '1 is not of type "string" (keyword type at /properties/0/type of the '
                    "parameters)")],
        ),
        (  # a false property holding an object: the sentence of a false schema
            {"type": "object", "properties": {"o": False}},
            {"o": {"k": 1}},
            [("/o", 'False schema does not allow {"k":1} (keyword properties at '
                    "/properties/o of the parameters)")],
        ),
    ],
)  # fmt: skip
def test_a_mismatch_is_placed_and_said_exactly(
    parameters: Any, arguments: Any, said: list[tuple[str, str]]
) -> None:
    assert _said(parameters, arguments) == said


@pytest.mark.parametrize(
    ("parameters", "path", "said"),
    [
        (  # a failing value masked: written cut, then the sentence cut at twice that
            {"type": "x" * 400},
            "/parameters/type",
            '"' + "x" * 199 + "\u2026 (202 more characters) is not valid under any of the "
            "schemas listed in the 'anyOf' keyword",
        ),
    ],
)
def test_the_sentence_of_parameters_that_are_no_json_schema(
    parameters: Any, path: str, said: str
) -> None:
    found = check(parameters, {})

    assert [(d.path, d.message) for d in found] == [
        (path, f"parameters is not a valid JSON Schema: {said}")
    ]


@pytest.mark.parametrize(
    ("uri", "said"),
    [
        ("http:// bad", "Invalid URI reference 'http:// bad': unexpected character at index 7"),
        ("http:// " + "x" * 300,
         "Invalid URI reference 'http:// " + "x" * 169 + "\u2026 (165 more characters)"),
    ],
)  # fmt: skip
def test_a_compiler_error_of_no_keyword_is_said_in_jsonschema_rs_words_cut(
    uri: str, said: str
) -> None:
    # The profile refuses such an $id before compiling (both languages alike); an error
    # of jsonschema-rs that names no keyword of the meta-schema, should one get past it,
    # keeps its own words, cut as a sentence.
    import jsonschema_rs

    parameters = {"$id": uri}
    with pytest.raises(jsonschema_rs.ValidationError) as caught:
        jsonschema_rs.validator_for(parameters)
    outcome = _tools._invalid_outcome(parameters, caught.value, {})

    assert (outcome.path, outcome.reason) == (
        ("parameters",),
        f"parameters is not a valid JSON Schema: {said}",
    )
