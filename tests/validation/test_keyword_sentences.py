"""What TOOL_ARGUMENTS_MISMATCH says of each failing keyword: a template of
``keyword_sentences.json`` filled with the keyword's value and the failing value, the
same words in Python and in the npm package (``tests/js/keyword_sentences.json`` holds
the cases both read; ``tests/js/differential.mjs`` compares thousands more)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from agent_ir import validate_transcript
from agent_ir._text import QUOTE_CHARS
from agent_ir.validation._keyword_sentences import SENTENCES, fill, js_key_order, json_text

from support.codegen import load_codegen

ROOT = Path(__file__).resolve().parents[2]
CASES = json.loads((ROOT / "tests" / "js" / "keyword_sentences.json").read_text(encoding="utf-8"))
HEAD = "the arguments of tool call 'c1' do not match the parameters of tool 0 (t): "

typescript = load_codegen("typescript")


def _transcript(arguments: Any) -> list[Any]:
    return [
        {"role": "user", "id": "m0", "content": "go"},
        {"role": "assistant", "id": "m1", "content": [
            {"type": "toolCall", "id": "c1", "name": "t", "arguments": arguments}]},
        {"role": "toolResult", "id": "m2", "toolCallId": "c1", "toolName": "t",
         "content": "ok", "isError": False},
    ]  # fmt: skip


@pytest.mark.parametrize("case", CASES["cases"], ids=lambda case: case["description"])
def test_each_failing_keyword_says_the_shared_sentence(case: dict[str, Any]) -> None:
    tools = [{"name": "t", "parameters": case["parameters"]}]
    found = validate_transcript(_transcript(case["arguments"]), tools=tools)
    assert [d.code for d in found] == ["TOOL_ARGUMENTS_MISMATCH"] * len(case["sentences"])
    assert all(d.message.startswith(HEAD) for d in found)
    shown = [
        [d.path.removeprefix("/1/content/0/arguments"), d.message.removeprefix(HEAD)] for d in found
    ]
    assert shown == case["sentences"]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (1e-7, "1e-7"),
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (123.0, "123"),
        (-0.0, "0"),
        (0.000001, "0.000001"),
        (-1.5e-300, "-1.5e-300"),
        (0.1 + 0.2, "0.30000000000000004"),
        (2**64, "18446744073709551616"),
        ('a"\\\n\b\x00\x1f\x7f\u2028é', '"a\\"\\\\\\n\\b\\u0000\\u001f\x7f\u2028é"'),
        (
            {"b": 1, "10": [True, None], "a": {}, "2": 0, "01": 1},
            '{"2":0,"10":[true,null],"b":1,"a":{},"01":1}',
        ),
    ],
)
def test_a_quoted_value_is_written_as_javascript_writes_it(value: Any, written: str) -> None:
    assert json_text(value) == written


def test_javascript_orders_the_array_indexes_first_then_the_other_keys_as_written() -> None:
    keys = ["z", "4294967295", "4294967294", "1", "+1", "01", "0", "-1", "1.5", "a"]
    assert js_key_order(keys) == [
        "0",
        "1",
        "4294967294",
        "z",
        "4294967295",
        "+1",
        "01",
        "-1",
        "1.5",
        "a",
    ]


def test_a_template_picks_the_word_for_its_count_and_cuts_what_it_quotes() -> None:
    assert fill("maxLength", {"value": "ab", "limit": 1}) == '"ab" is longer than 1 character'
    assert fill("maxLength", {"value": "ab", "limit": 0}) == '"ab" is longer than 0 characters'
    unexpected = {"unexpected": ["k" * 300]}
    sentence = fill("additionalProperties", unexpected)
    assert sentence.startswith("Additional properties are not allowed ('kkk")
    # the name quoted as a sentence quotes it (200 characters), the list cut at 200 too
    assert sentence.endswith("k… (25 more characters) was unexpected)")
    long = fill("enum", {"value": "x" * 1000, "options": ["y" * 1000]})
    assert long.startswith('"' + "x" * 199 + '… (802 more characters) is not one of "yyy')
    assert long.endswith("… (61 more characters)")  # the sentence cut at twice QUOTE_CHARS
    assert len(long) == 2 * QUOTE_CHARS + len("… (61 more characters)")


def test_a_keyword_with_no_template_of_its_own_says_the_general_one() -> None:
    assert fill("format", {"value": "x"}) == '"x" is not valid under the format keyword'


def test_each_template_names_only_facts_both_languages_write() -> None:
    for keyword, template in SENTENCES.items():
        assert set(re.findall(r"\{(\w+)", template)) <= typescript.SENTENCE_FACTS, keyword


def test_the_package_s_table_is_a_fresh_generation_of_the_python_one() -> None:
    module = ROOT / "bindings" / "typescript" / typescript.SENTENCES_MODULE
    assert module.read_text(encoding="utf-8") == typescript.sentences_module()
    for keyword, template in SENTENCES.items():
        assert f"  {json.dumps(keyword)}: {json.dumps(template, ensure_ascii=False)},\n" in (
            module.read_text(encoding="utf-8")
        )


def test_a_template_naming_an_unknown_fact_fails_the_generation(tmp_path: Path) -> None:
    table = tmp_path / "keyword_sentences.json"
    table.write_text(json.dumps({"sentences": {"type": "{value} is {colour}"}}), encoding="utf-8")
    with pytest.raises(typescript.CodegenError, match=r"type: unknown facts \['colour'\]"):
        typescript.sentences_module(table)
