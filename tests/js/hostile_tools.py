"""Hostile tool schemas for the cross-language corpus (``write_corpus.py``): each a tool
definition and a call checked against it, in both languages.

* ``ISSUE_CASES``: the disagreements issue 36 lists (a backtracking pattern, prototype
  names in ``const``, ``required`` and keys, a self-reference, the regex dialect,
  ``multipleOf`` in binary floating point, ``$anchor``, an unused remote ``$ref``,
  draft-07 ``$ref`` siblings, ``enum: []``, ``unevaluatedProperties``, ``items: false``,
  the case of ``$schema``, a broken pattern's path, characters newer than Unicode 14;
  and what the sentences' keywords found: "__proto__" twice in ``required``, an
  ``$anchor`` inside a keyword the dialect does not evaluate, the place of a problem
  below a translated pattern or a ``__proto__`` property, objects unique as JSON; the
  meta-schema's judgement of every keyword as written, its first problem, a repeated
  ``enum`` value);
* ``generated``: schemas drawn from a seeded grammar of references (chains, cycles,
  anchors, remote ones), combinators, patterns (fragments of the dialect, broken ones,
  unasserted ones), limits (deep nesting, wide ``enum``), prototype names and every
  keyword whose failure has a sentence of its own (``keyword_sentences.json``), each with
  arguments drawn from the names and values the schema uses.
"""

from __future__ import annotations

import random
from typing import Any

PROTOTYPE_NAMES = ("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf",
                   "prototype", "__defineGetter__", "isPrototypeOf", "a", "b", "0", "00",
                   "", "a/b", "~1", "\U0001fae8", "\u0663")  # fmt: skip

PATTERN_PARTS = ("a", "(a|a)*", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B", ".",
                 "[^]", "[]", "\\0", "[\\b]", "\\u0041", "\\uD83D\\uDE00", "\\x41", "\\cJ",
                 "[a-z]", "[^\\d]", "[\\W\\d]", "[\\d-z]", "[z-a]", "x{2,3}", "x{3,2}", "{",
                 "}", "(?i)", "\\A", "a++", "\\p{Greek}", "\\u{41}", "(?=a)", "(?!a)",
                 "(?<=a)", "(?<!a)", "(a)\\1", "(?<n>a)\\k<n>", "(?<n>a)", "(?:ab)", "(", ")",
                 "*", "+?", "|", "^", "$", "\\", "\\-", "\\/", "\\q", "\\00", "é", "\U0001fae8",
                 "\\uD800", "[\\u0061-\\u007A]+", "\\.")  # fmt: skip

STRINGS = ("", "a", "aa", "A", "0", "9", " ", "\u00a0", "é", "\U0001fae8", "a" * 30 + "!",
           "ab", "a\nb", "__proto__", "constructor", "Ab9_", "\u2028", "\x00", "\ufeff")  # fmt: skip


def transcript(arguments: Any) -> list[Any]:
    return [
        {"role": "user", "id": "m0", "content": "go"},
        {"role": "assistant", "id": "m1", "content": [
            {"type": "toolCall", "id": "c1", "name": "t", "arguments": arguments}]},
        {"role": "toolResult", "id": "m2", "toolCallId": "c1", "toolName": "t",
         "content": "ok", "isError": False},
    ]  # fmt: skip


def _chain(depth: int, combinator: str, twice: bool) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    for level in range(depth):
        target = {"$ref": f"#/$defs/d{level + 1}"}
        defs[f"d{level}"] = {combinator: [target, target] if twice else [target]}
    defs[f"d{depth}"] = {"type": "integer"}
    return {"type": "object", "properties": {"x": {"$ref": "#/$defs/d0"}}, "$defs": defs}


WIDE = {"type": "object", "properties": {"a": {"allOf": [{"type": "integer"}] * 999}}}
"""Parameters whose widest place (``a``) evaluates 1,000 subschemas, the profile's most."""

TREE = {"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {
    "name": {"type": "string"},
    "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}  # fmt: skip
"""A recursive schema: a tree of named nodes."""


def _nested(levels: int, leaf: dict[str, Any]) -> dict[str, Any]:
    arguments = leaf
    for _ in range(levels):
        arguments = {"name": "n", "children": [arguments]}
    return arguments


ISSUE_CASES: tuple[tuple[Any, Any], ...] = (
    ({"type": "object", "properties": {"s": {"type": "string", "pattern": "^(a|a)*$"}}},
     {"s": "a" * 30 + "!"}),
    ({"const": {"toString": 1}}, {"toString": 1}),
    ({"const": {"toString": 1}}, {"toString": 2}),
    ({"not": {"$ref": "#"}}, {}),
    ({"type": "object", "properties": {"s": {"pattern": "(?i)a"}}}, {"s": "A"}),
    ({"type": "object", "properties": {"s": {"pattern": "\\Aa"}}}, {"s": "a"}),
    ({"type": "object", "properties": {"s": {"pattern": "a++"}}}, {"s": "a"}),
    ({"type": "object", "properties": {"s": {"pattern": "\\p{Greek}"}}}, {"s": "a"}),
    ({"type": "object", "properties": {"s": {"pattern": "^[^]$"}}}, {"s": "\n"}),
    ({"type": "object", "properties": {"s": {"pattern": "^\\0$"}}}, {"s": "\x00"}),
    ({"type": "object", "properties": {"s": {"pattern": "^[\\b]$"}}}, {"s": "\b"}),
    ({"type": "object", "properties": {"s": {"pattern": "\\bq"}}}, {"s": "éq"}),
    ({"type": "object", "properties": {"s": {"pattern": "\\Bq"}}}, {"s": "éq"}),
    ({"type": "object", "properties": {"n": {"multipleOf": 0.01}}}, {"n": 0.07}),
    ({"type": "object", "required": ["constructor"]}, {}),
    ({"type": "object", "required": ["constructor", "__proto__"]}, {"__proto__": 1}),
    ({"type": "object", "properties": {"__proto__": {"type": "string"}}}, {"__proto__": 1}),
    ({"type": "object", "additionalProperties": False}, {"__proto__": {}, "constructor": 1}),
    ({"$defs": {"a": {"$anchor": "here", "type": "string"}},
      "properties": {"s": {"$ref": "#here"}}}, {"s": 1}),
    ({"properties": {"s": {"$ref": "#nowhere"}}}, {"s": 1}),
    ({"$defs": {"unused": {"$ref": "https://example.com/x.json"}}, "type": "object"}, {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#",
      "definitions": {"s": {"type": "string"}},
      "properties": {"s": {"$ref": "#/definitions/s", "minLength": 5}}}, {"s": "ab"}),
    ({"type": "object", "properties": {"e": {"enum": []}}}, {"e": 1}),
    ({"type": "object", "properties": {"a": {}}, "unevaluatedProperties": False},
     {"a": 1, "b": 2, "c": 3}),
    ({"type": "object", "properties": {"l": {"type": "array", "items": False}}}, {"l": [1, 2]}),
    ({"type": "object", "properties": {"l": {"prefixItems": [{}], "items": False}}},
     {"l": [1, 2, 3]}),
    ({"$schema": "HTTPS://JSON-SCHEMA.ORG/DRAFT/2020-12/SCHEMA"}, {}),
    ({"$schema": "https://json-schema.org/draft/2020-12/schema#"}, {}),
    ({"$schema": "http://json-schema.org/draft-04/schema#"}, {}),
    ({"type": "object", "properties": {"s": {"type": "string", "pattern": "(a"}}}, {"s": "a"}),
    ({"type": "object", "patternProperties": {"[z-a]": {}}}, {"s": "a"}),
    ({"type": "object", "properties": {"\U0001fae8\u1fae": {"const": "\U0001fae8"}}},
     {"\U0001fae8\u1fae": "x"}),
    (_chain(14, "allOf", True), {"x": "no"}),
    (_chain(28, "anyOf", True), {"x": 1}),
    (_chain(40, "allOf", False), {"x": "no"}),
    ({"type": "object", "additionalProperties": {"type": "integer"}},
     {str(index): "x" for index in range(40)}),
    ({"type": "object", "properties": {"0": {"type": "string"}, "00": {"type": "string"}}},
     {"0": 1, "00": 1}),
    ({"$dynamicRef": "#x"}, {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"s": {"pattern": "\\bq"}}}, {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"s": {"pattern": "\\/"}}}, {"s": "x"}),
    ({"properties": {"a": {"$id": "https://example.com/a"}}}, {}),
    # A root $id that is no URI reference: jsonschema-rs refused it at /parameters in its
    # words, Ajv accepted it; the profile refuses it at the $id in both. One that is
    # (urn:x): Ajv's URI parser refused it, so the package compiles without the root $id.
    ({"type": "object", "$id": "http:// bad"}, {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "$id": "%zz"}, {}),
    ({"minLength": -1, "$id": "x#y#z"}, {}),
    ({"$id": "urn:x", "properties": {"a": {"type": "string"}}}, {"a": 1}),
    # A control character in a key a sentence names: escaped as JSON escapes it in both
    # (Python's format_path wrote it raw, the package's formatPath as \n).
    ({"properties": {"a\nb": {"$ref": "http://x"}}}, {}),
    ({"properties": {"\t\x01": {"pattern": "("}}}, {}),
    ({"properties": {"\r": {"required": ["a", "a"]}}}, {}),
    ({"$id": "http://[::1]:8/s", "$defs": {"n": {"$anchor": "n", "type": "string"}},
      "properties": {"a": {"$ref": "#n"}, "b": {"$ref": "#/$defs/n"}}}, {"a": 1, "b": 2}),
    ({"enum": list(range(2000))}, {"x": 1}),
    ({"type": "object", "required": ["__proto__", "__proto__"]}, {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#",
      "properties": {"a": {"unevaluatedItems": {"$anchor": "1bad"}}}}, {"a": 1}),
    ({"type": "object", "patternProperties": {"\\d": {"required": ["a", "a"]}}}, {}),
    ({"type": "object", "properties": {"__proto__": {"required": ["a", "a"]}}}, {}),
    ({"type": "object", "properties": {"l": {"uniqueItems": True}}},
     {"l": [{"a": 1, "b": 2}, {"b": 2, "a": 1}]}),
    # The explained work ((2,048 per value + the bytes of text) x the widest place, 1,000
    # here) at its bound and one past it: strings, a key, numbers, null, true, a 4-byte
    # character; and 1,000 items failing 100 subschemas each (170 MB when explained).
    (WIDE, {"a": "x" * 29_457}), (WIDE, {"a": "x" * 29_458}),
    (WIDE, {"a": "\u00e9" * 14_728}), (WIDE, {"a": "\u00e9" * 14_729}),
    (WIDE, {"a": [1, None, True, "\U0001fae8"] * 3}),
    (WIDE, {"a": [1, None, True, "\U0001fae8"] * 4}),
    (WIDE, {"\u00e9": 1, "a": "x" * 27_407}), (WIDE, {"\u00e9": 1, "a": "x" * 27_408}),
    ({"type": "object", "properties": {"a": {"type": "array", "items": {"allOf": [
        {"type": "integer", "minimum": i} for i in range(100)]}}}}, {"a": [-1] * 1_000}),
    # A recursive $ref: the keyword's place is written from the parameters in both
    # (Ajv's schema path starts again at the target of a reference it compiles apart).
    (TREE, _nested(20, {"name": 5})),
    (TREE, _nested(3, {"name": "n", "children": [{"name": 1}, {"children": "x"}]})),
    ({"$ref": "#/$defs/n", "$defs": {"n": {"type": "object", "required": ["x"],
      "properties": {"c": {"$ref": "#/$defs/n"}, "l": {"items": {"$ref": "#"}}}}}},
     {"x": 1, "c": {"c": {}}, "l": [{}, {"x": 1, "l": [{"x": "y", "c": 2}]}]}),
    ({"properties": {"a": {"$ref": "#"}, "b": {"maxLength": 1}}}, {"a": {"a": {"b": "long"}}}),
    # Patterns past the engines' bounds (Rust's regex refuses \w{99999999}: Python said
    # so at the pattern, TypeScript at /parameters; re2js refuses a{1001}), at the
    # bounds and one past them.
    ({"properties": {"a": {"pattern": "\\w{99999999}"}}}, {}),
    ({"patternProperties": {"\\w{99999999}": {}}}, {}),
    ({"properties": {"a": {"pattern": "^a{1000}$"}}}, {"a": "a" * 999}),
    ({"properties": {"a": {"pattern": "a{1001}"}}}, {"a": "a"}),
    ({"properties": {"a": {"pattern": "(a{10}){100}"}}}, {"a": "a"}),
    ({"properties": {"a": {"pattern": "(a{10}){101}"}}}, {"a": "a"}),
    ({"properties": {"a": {"pattern": "(?:b{334}){0,0}(?:c{3}){333}"}}}, {"a": "a"}),
    ({"patternProperties": {".{1000}" + "x" * 3096: {"type": "integer"}}},
     {"y" * 1000 + "x" * 3096: "y"}),
    ({"patternProperties": {".{1000}" + "x" * 3097: {"type": "integer"}}}, {}),
    ({"properties": {"a": {"pattern": "\U0001fae8{1000}" + "\U0001fae8" * 3096}}},
     {"a": "\U0001fae8"}),
    ({"properties": {"a": {"pattern": "\U0001fae8" * 4097}}}, {"a": "\U0001fae8"}),
    ({"properties": {"a": {"pattern": "(?=a)a{99999999}"}}}, {"a": "b"}),
    # Keys jsonschema-rs's paths cannot tell apart ("0", "00", "+0" are all 0; "" is left
    # out), holding the same failing value: each mismatch at its own key in both.
    ({"type": "object", "properties": {"0": {}}, "additionalProperties": False},
     {"0": 1, "00": 1, "000": 1}),
    ({"type": "object", "properties": {"0": {}}, "additionalProperties": {"type": "string"}},
     {"0": 1, "00": 1, "000": 1}),
    ({"type": "object", "properties": {"0": {"type": "string"}},
      "additionalProperties": {"allOf": [{"type": "string"}, {"type": "string"}]}},
     {"0": 1, "00": 1, "000": 1}),
    ({"type": "object", "properties": {"0": {}, "00": False}}, {"0": 1, "00": 1}),
    ({"type": "object", "$defs": {"s": {"type": "string"}}, "properties": {
        "0": {"allOf": [{"$ref": "#/$defs/s"}, {"$ref": "#/$defs/s"}]},
        "00": {"$ref": "#/$defs/s"}}}, {"0": 1, "00": 1}),
    ({"type": "object", "properties": {"0": {"const": {"a": 1}}},
      "additionalProperties": {"const": {"a": 1}}},
     {"0": {"a": 2}, "00": {"a": 2}, "+0": {"a": 2}}),
    ({"properties": {"": {"properties": {"a": {"type": "string"}}}, "a": {"type": "integer"}}},
     {"": {"a": 1}, "a": 1}),
    ({"properties": {"": False}}, {"": 1}),
    # Ten $defs names all read as 0: the evaluation output tells them apart however many
    ({"type": "object", "$ref": "#/$defs/00", "$defs": {
        **{"0" * n: {"type": "array"} for n in range(1, 11)}, "00": {"type": "string"}}}, {}),
    ({"properties": {"": {"properties": {"": {"type": "string"}}}}}, {"": {"": 1}}),
    ({"type": "object", "patternProperties": {"^$": {"type": "string"}}}, {"": 1, "a": 1}),
    # A failing unevaluatedProperties subschema: one sentence at the object in both, a
    # $ref inside it or a keyword naming the property's own properties.
    ({"unevaluatedProperties": {"$ref": "#/$defs/x"}, "$defs": {"x": False}}, {"a": 1}),
    ({"properties": {"c": {}}, "unevaluatedProperties": {"$ref": "#/$defs/s"},
      "$defs": {"s": {"type": "string"}}}, {"a": 1, "b": "x", "c": 1, "d": 2}),
    ({"unevaluatedProperties": {"unevaluatedProperties": False}}, {"a": {"b": 1}}),
    ({"unevaluatedProperties": {"additionalProperties": False}}, {"a": {"b": 1}}),
    ({"unevaluatedProperties": {"properties": {"b": {"$ref": "#/$defs/x"}}},
      "$defs": {"x": False}}, {"a": {"b": 1}, "c": 1}),
    # A failing anyOf/oneOf whose subschema fails by a $ref (Ajv's schema path restarts
    # at its target): the keyword's one error in both, not the target's too (seed 27's
    # draws 2862, 3901, 3927).
    ({"type": "object", "maximum": 0, "maxContains": 1,
      "oneOf": [{"enum": [{}, 0.1], "$anchor": "here", "$ref": "#/$defs/~01"}, {"enum": []}],
      "properties": {"__proto__": {"const": {}, "not": {"maxLength": 5},
                                   "dependentRequired": {"prototype": [""]}}},
      "$defs": {"~1": {"type": "integer"}}},
     {"__proto__": "ab", "\u0663": "\u2028", "0": [0, {"b": 0}]}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
      "anyOf": [{"minItems": 0, "$ref": "#/$defs/valueOf", "minLength": 5}],
      "properties": {"\U0001fae8": {"anyOf": [False]}},
      "$defs": {"constructor": {"minProperties": 0}, "valueOf": {"minProperties": 5}}},
     {"__defineGetter__": 1, "a/b": 2.5}),
    ({"type": "object",
      "anyOf": [{"type": "object", "$ref": "#/$defs/isPrototypeOf", "oneOf": [{"type": "integer"}]}],
      "patternProperties": {"\\uD83D\\uDE00": {"type": "integer"}},
      "properties": {"b": {"exclusiveMaximum": 100000000000000000000}},
      "$defs": {"isPrototypeOf": {"multipleOf": 0.01, "const": {}}}},
     {"00": "\u00e9", "a": "9", "hasOwnProperty": "__proto__"}),
    # A draft-07 $ref to a place inside a keyword beside another $ref (which draft 7
    # ignores, but the place is still there): the package said "outside them" (draw 5768).
    ({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
      "allOf": [{"unevaluatedProperties": {"properties": {"b": {"$comment": {}},
                                                          "0": {"$dynamicRef": True, "dependentSchemas": {},
                                                                "prefixItems": [{"else": {"type": "string"}}]}},
                                           "maxContains": 1}},
                {"maxProperties": 0, "type": "array"}],
      "$ref": "#/allOf/0",
      "unevaluatedProperties": {"properties": {"a/b": {}, "prototype": {
          "prefixItems": [{"minLength": 2, "maxProperties": 0, "enum": [False]}], "required": ["0"]}}},
      "properties": {"__proto__": {"minLength": 5}, "": {"type": "boolean", "dependentSchemas": {}},
                     "isPrototypeOf": {"uniqueItems": False}}},
     {"prototype": 0.07}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
      "allOf": [{"minProperties": 3}], "$ref": "#/allOf/0"}, {"a": 1}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "properties": {
        "a": {"$ref": "#/properties/a/properties/x", "properties": {"x": {"type": "string"}}}}},
     {"a": 1}),
    # The meta-schema judges every keyword as written (seeds 28 to 32): a name twice in
    # required beside a draft-07 $ref (the package said nothing: draw 3699) or inside an
    # unevaluatedProperties subschema (its place had the package's anyOf/0: draw 7960);
    # enum values repeated in draft 7 (Ajv's copy of its meta-schema refused them); the
    # first problem of jsonschema-rs's walk ($defs before $id); Object.prototype's names
    # unevaluated like any other.
    ({"$schema": "http://json-schema.org/draft-07/schema#", "properties": {
        "a/b": {"$ref": "#/definitions/d", "required": ["x", "x"]}}, "definitions": {"d": {}}}, {}),
    ({"properties": {"a": {"unevaluatedProperties": {"prefixItems": [{"required": ["x", "x"]}]}}}},
     {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#",
      "properties": {"a": {"allOf": [{"enum": [0, 0]}]}}}, {"a": 1}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "enum": [[], []]}, {"a": 0}),
    ({"$id": True, "$defs": {"toString": {"required": ["x", "x"]}}}, {}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "enum": 5, "items": {"minLength": -1}},
     {}),
    ({"type": "object", "propertyNames": {"const": {}}, "unevaluatedProperties": False,
      "properties": {"__proto__": {"enum": [{}]}}}, {"isPrototypeOf": "x", "a/b": 1}),
    # Seeds 33 and 34: a false subschema named "" (Python's place left the name out); a
    # false $ref target inside a failing oneOf (the package gave its error too); a $ref
    # and an anchor into properties.__proto__ (the package read Object.prototype, or
    # found the anchor "outside them"); a failing unevaluatedItems subschema (the package
    # gave one mismatch per item).
    ({"type": "object", "$ref": "#/$defs/", "$defs": {"": False}}, {"a": 1}),
    ({"type": "object", "oneOf": [{"minLength": 1, "$ref": "#/$defs/__proto__"}],
      "$defs": {"__proto__": False}}, {"a": 1}),
    ({"type": "object", "properties": {"__proto__": {"type": "string"},
                                       "a": {"$ref": "#/properties/__proto__"}}}, {"a": 1}),
    ({"type": "object", "properties": {"__proto__": {"$ref": "#here", "else": {"anyOf": [
        {"maxContains": 2, "$anchor": "here"}]}, "allOf": [{"required": ["a/b"]}]}}},
     {"__proto__": {"b": 0.07}}),
    ({"properties": {"l": {"unevaluatedItems": {"oneOf": [False, {"type": "integer"}]}}}},
     {"l": ["9", "A"]}),
    ({"properties": {"l": {"unevaluatedItems": {"$ref": "#/$defs/i"}}},
      "$defs": {"i": {"type": "integer"}}}, {"l": ["a", 1, "b"]}),
    # Seeds 35 and 37: an anchor below a translated patternProperties key (the package's
    # pointer named the pattern as written: "outside them"); "$id" twice in a keyword
    # draft 7 does not evaluate (Ajv refused it as one name for two schemas).
    ({"type": "object", "patternProperties": {"^a\\d": {"properties": {
        "x": {"$anchor": "here", "type": "string"}}}}, "properties": {"b": {"$ref": "#here"}}},
     {"b": 1, "a1": {"x": 2}}),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "$defs": {
        "d": {"unevaluatedProperties": {"$id": "#x", "additionalProperties": {"$id": "#x"}}}}},
     {}),
    # Seeds 36 and 37: propertyNames through a $ref Ajv compiles apart (the names it
    # refused were one; inside a failing anyOf, they were given too).
    ({"type": "object", "propertyNames": {"$ref": "#", "minLength": 5}},
     {"x": 1, "": {}, "__proto__": "\u00e9"}),
    ({"type": "object", "propertyNames": {"anyOf": [{"$ref": "#"}, False]}}, {"x": 1, "y": 2}),
    ({"type": "object", "propertyNames": {"anyOf": [{"$ref": "#/$defs/o"}, False]},
      "$defs": {"o": {"type": "object"}}}, {"x": 1, "y": 2}),
    # Seed 35: a $ref to a $ref (the package placed the keyword at /$defs/b/$defs/a/type
    # too); $defs "0" and "00" (Python placed the keyword at /$defs/0).
    ({"type": "object", "allOf": [{"$ref": "#/$defs/b"}, {"$ref": "#/$defs/a"}],
      "$defs": {"b": {"type": "string"}, "a": {"$ref": "#/$defs/b"}}}, {"a": " "}),
    ({"type": "object", "$ref": "#/$defs/00",
      "$defs": {"0": {"type": "array"}, "00": {"type": "string"}}}, {}),
    # A failing anyOf reaching a propertyNames through a $ref: its errors are the
    # anyOf's (the package's first fix for seed 36 kept them: seed 31's draw 6225).
    ({"type": "object", "anyOf": [{"$ref": "#/$defs/p"}, {"type": "number"}],
      "$defs": {"p": {"propertyNames": {"const": None}}}}, {"\u0663": False}),
    # The fuzzer, 2026-12-05: a patternProperties key the dialect translates (\w, \d)
    # above another patternProperties: rewriting the outer keys first lost the path to
    # the inner ones (Python: "could not be validated (KeyError)", the package: TypeError).
    ({"type": "object", "additionalProperties": False, "patternProperties": {"^\\w+$": {
        "additionalProperties": False,
        "patternProperties": {"^\\d+$": {"type": "string"}, "^(?=x)": {}}}}},
     {"a": {"1": 1, "x": 2, "y": "z"}, "-": 1}),
    ({"patternProperties": {"\\d": {"patternProperties": {"\\w": {"patternProperties": {
        "\\s": {"type": "integer"}}}}}}}, {"1": {"a": {" ": "x"}}}),
)  # fmt: skip


class _Grammar:
    """A seeded draw of hostile schemas and of arguments using their names."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.defs: list[str] = []

    def name(self) -> str:
        return self.rng.choice(PROTOTYPE_NAMES)

    def pattern(self) -> str:
        return "".join(self.rng.choice(PATTERN_PARTS) for _ in range(self.rng.randrange(1, 4)))

    def value(self, depth: int = 0) -> Any:
        roll = self.rng.random()
        if depth < 2 and roll < 0.15:
            return {self.name(): self.value(depth + 1) for _ in range(self.rng.randrange(0, 3))}
        if depth < 2 and roll < 0.25:
            return [self.value(depth + 1) for _ in range(self.rng.randrange(0, 3))]
        if roll < 0.6:
            return self.rng.choice(STRINGS)
        return self.rng.choice((0, 1, -1, 0.07, 0.1, 2.5, 10**20, True, False, None))

    def reference(self) -> str:
        roll = self.rng.random()
        if roll < 0.6 and self.defs:
            return "#/$defs/" + self.rng.choice(self.defs).replace("~", "~0").replace("/", "~1")
        return self.rng.choice(
            (
                "#",
                "#/properties",
                "#/$defs/missing",
                "#here",
                "#/$defs/%61",
                "https://example.com/s.json",
                "other.json#/x",
                "#/allOf/0",
            )
        )

    def schema(self, depth: int) -> Any:
        rng = self.rng
        if depth > 4 or rng.random() < 0.12:
            return rng.choice((True, False, {}, {"type": "string"}, {"type": "integer"}))
        schema: dict[str, Any] = {}
        for _ in range(rng.randrange(1, 4)):
            keyword = rng.choice(KEYWORDS)
            if keyword == "$ref":
                schema["$ref"] = self.reference()
            elif keyword in ("allOf", "anyOf", "oneOf"):
                schema[keyword] = [self.schema(depth + 1) for _ in range(rng.randrange(1, 3))]
            elif keyword in (
                "not",
                "if",
                "then",
                "else",
                "items",
                "additionalProperties",
                "propertyNames",
                "contains",
                "unevaluatedProperties",
            ):
                schema[keyword] = self.schema(depth + 1)
            elif keyword == "properties":
                schema[keyword] = {self.name(): self.schema(depth + 1) for _ in range(2)}
            elif keyword == "patternProperties":
                schema[keyword] = {self.pattern(): self.schema(depth + 1)}
            elif keyword == "pattern":
                schema[keyword] = self.pattern()
            elif keyword == "required":
                schema[keyword] = [self.name() for _ in range(rng.randrange(0, 3))]
            elif keyword in ("const", "enum"):
                literal = self.value()
                schema[keyword] = (
                    literal
                    if keyword == "const"
                    else [literal, self.value()][: rng.randrange(0, 3)]
                )
            elif keyword == "type":
                schema[keyword] = rng.choice(
                    (
                        "object",
                        "string",
                        "integer",
                        "number",
                        "array",
                        "boolean",
                        "null",
                        ["string", "null"],
                    )
                )
            elif keyword == "$anchor":
                schema[keyword] = rng.choice(("here", "there", "1bad"))
            elif keyword == "multipleOf":
                schema[keyword] = rng.choice((0.01, 0.1, 3, 0.5))
            elif keyword in ("minLength", "maxLength", "minimum", "maximum", "maxProperties",
                             "minProperties", "minItems", "maxItems", "minContains",
                             "maxContains"):  # fmt: skip
                schema[keyword] = rng.choice((0, 1, 2, 5))
            elif keyword in ("exclusiveMinimum", "exclusiveMaximum"):
                schema[keyword] = rng.choice((0, 1, 2.5, 10**20))
            elif keyword == "uniqueItems":
                schema[keyword] = rng.choice((True, False))
            elif keyword == "dependentRequired":
                schema[keyword] = {self.name(): [self.name() for _ in range(rng.randrange(1, 3))]}
            elif keyword == "unevaluatedItems":
                schema[keyword] = self.schema(depth + 1)
            elif keyword == "prefixItems":
                schema[keyword] = [self.schema(depth + 1)]
            else:  # a keyword outside the profile, or none of JSON Schema
                schema[keyword] = rng.choice(("#x", True, {}))
        return schema

    def parameters(self) -> Any:
        rng = self.rng
        self.defs = [self.name() for _ in range(rng.randrange(0, 4))]
        parameters: dict[str, Any] = {}
        if rng.random() < 0.1:
            parameters["$schema"] = rng.choice(
                (
                    "http://json-schema.org/draft-07/schema#",
                    "https://json-schema.org/draft/2020-12/schema",
                )
            )
        parameters["type"] = "object"
        drawn = self.schema(0) if rng.random() < 0.5 else {}
        parameters.update(drawn if type(drawn) is dict else {})
        parameters["properties"] = {self.name(): self.schema(1) for _ in range(rng.randrange(1, 4))}
        if self.defs:
            parameters["$defs"] = {name: self.schema(1) for name in self.defs}
        return parameters

    def arguments(self) -> dict[str, Any]:
        return {self.name(): self.value() for _ in range(self.rng.randrange(0, 4))}


KEYWORDS = ("$ref", "$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "items",
            "additionalProperties", "propertyNames", "contains", "unevaluatedProperties",
            "properties", "patternProperties", "pattern", "pattern", "required", "const",
            "enum", "type", "$anchor", "multipleOf", "minLength", "maxLength", "minimum",
            "maximum", "maxProperties", "prefixItems", "$dynamicRef", "$id", "$comment",
            "dependentSchemas", "minProperties", "minItems", "maxItems", "minContains",
            "maxContains", "exclusiveMinimum", "exclusiveMaximum", "uniqueItems",
            "dependentRequired", "unevaluatedItems")  # fmt: skip


def hostile_tool_schemas(count: int, seed: int) -> list[tuple[str, Any, Any]]:
    """(source, parameters, arguments): the issue's cases, then ``count`` drawn ones."""
    found = [(f"hostile-tools issue {number}", parameters, arguments)
             for number, (parameters, arguments) in enumerate(ISSUE_CASES)]  # fmt: skip
    grammar = _Grammar(random.Random(seed))
    for number in range(count):
        found.append((f"hostile-tools drawn {number}", grammar.parameters(), grammar.arguments()))
    return found
