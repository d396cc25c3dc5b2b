// Hostile tool schemas (issue 36): the package never throws, never backtracks, and reads
// them as Python does (tests/js/differential.mjs compares thousands more).
import assert from "node:assert/strict";
import { test } from "node:test";

import { validateTranscript } from "../dist/index.js";

const checked = (parameters, args) =>
  validateTranscript(
    [
      { role: "user", id: "m0", content: "go" },
      { role: "assistant", id: "m1", content: [{ type: "toolCall", id: "c1", name: "t", arguments: args }] },
      { role: "toolResult", id: "m2", toolCallId: "c1", toolName: "t", content: "ok", isError: false },
    ],
    { tools: [{ name: "t", parameters }] },
  ).map((d) => [d.code, d.path]);

const MISMATCH = (path) => ["TOOL_ARGUMENTS_MISMATCH", `/1/content/0/arguments${path}`];

test("a backtracking pattern is matched by a linear engine: (a|a)* against 30 a's and ! fails, 3,000 a's pass", () => {
  const parameters = { type: "object", properties: { s: { type: "string", pattern: "^(a|a)*$" } } };
  assert.deepEqual(checked(parameters, { s: "a".repeat(30) + "!" }), [MISMATCH("/s")]);
  assert.deepEqual(checked(parameters, { s: "a".repeat(3000) }), []);
});

test("prototype names are data: const with toString, required constructor, a __proto__ property", () => {
  assert.deepEqual(checked({ const: { toString: 1 } }, { toString: 2 }), [MISMATCH("")]);
  assert.deepEqual(checked({ const: { toString: 1 } }, { toString: 1 }), []);
  assert.deepEqual(checked({ type: "object", required: ["constructor"] }, {}), [MISMATCH("")]);
  const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
  assert.deepEqual(checked(proto, JSON.parse('{"__proto__":1}')), [MISMATCH("/__proto__")]);
});

test("a schema outside the profile is one INVALID_TOOL_DEFINITION at its place, with Python's sentence", () => {
  const [found, ...rest] = validateTranscript([{ role: "user", id: "m0", content: "go" }], {
    tools: [{ name: "t", parameters: { not: { $ref: "#" } } }],
  });
  assert.deepEqual(rest, []);
  assert.equal(found.code, "INVALID_TOOL_DEFINITION");
  assert.equal(found.path, "/parameters/not/$ref");
  assert.equal(
    found.message,
    'parameters.not["$ref"] comes back to a subschema it is evaluated from without descending into the arguments (a cycle the tool-schema profile refuses)',
  );
  assert.deepEqual(checked({ properties: { s: { pattern: "(?i)a" } } }, {}), [["INVALID_TOOL_DEFINITION", "/parameters/properties/s/pattern"]]);
});

test("multipleOf is exact on the numbers as written; an empty enum matches nothing", () => {
  assert.deepEqual(checked({ properties: { n: { multipleOf: 0.01 } } }, { n: 0.07 }), []);
  assert.deepEqual(checked({ properties: { n: { multipleOf: 0.01 } } }, { n: 0.071 }), [MISMATCH("/n")]);
  assert.deepEqual(checked({ properties: { e: { enum: [] } } }, { e: 1 }), [MISMATCH("/e")]);
});

test("lookaround is not asserted: the rest of the schema still is", () => {
  const parameters = { properties: { s: { type: "string", pattern: "(?=a)b" } } };
  assert.deepEqual(checked(parameters, { s: "zzz" }), []);
  assert.deepEqual(checked(parameters, { s: 1 }), [MISMATCH("/s")]);
});

test("at most 32 mismatches are listed per call, then one counting the rest", () => {
  const args = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, "x"]));
  const found = checked({ type: "object", additionalProperties: { type: "integer" } }, args);
  assert.equal(found.length, 33);
  // the one counting the rest is at the arguments: first in the order of paths
  assert.deepEqual(found[0], MISMATCH(""));
  assert.deepEqual(found.slice(1).filter(([, path]) => path === MISMATCH("")[1]), []);
});

const definitionPaths = (parameters) =>
  validateTranscript([{ role: "user", id: "m0", content: "go" }], { tools: [{ name: "t", parameters }] }).map((d) => [d.code, d.path]);
const REFUSED = (path) => ["INVALID_TOOL_DEFINITION", `/parameters${path}`];

test('"__proto__" twice in required is not unique (Ajv keeps the names it saw in a plain object)', () => {
  assert.deepEqual(definitionPaths({ type: "object", required: ["__proto__", "__proto__"] }), [REFUSED("/required")]);
  assert.deepEqual(definitionPaths({ type: "object", required: ["__proto__", "constructor"] }), []);
  const objects = { type: "object", properties: { l: { uniqueItems: true } } };
  assert.deepEqual(checked(objects, { l: [{ a: 1, b: 2 }, { b: 2, a: 1 }] }), [MISMATCH("/l")]);
  assert.deepEqual(checked(objects, { l: [{ a: 1 }, { a: 2 }] }), []);
});

test("an $anchor inside a keyword the dialect does not evaluate is no schema's anchor", () => {
  const parameters = { $schema: "http://json-schema.org/draft-07/schema#", properties: { a: { unevaluatedItems: { $anchor: "1bad" } } } };
  assert.deepEqual(definitionPaths(parameters), []);
});

test("a problem below a translated pattern or a __proto__ property is at its place as written", () => {
  assert.deepEqual(definitionPaths({ type: "object", patternProperties: { "\\d": { required: ["a", "a"] } } }), [REFUSED("/patternProperties/\\d/required")]);
  const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"required":["a","a"]}}}');
  assert.deepEqual(definitionPaths(proto), [REFUSED("/properties/__proto__/required")]);
});

test("a pattern past the engines' bounds is refused at its own place: 1,000 repetitions (RE2's), 4,096 code points written out (Rust's regex)", () => {
  const refused = [["INVALID_TOOL_DEFINITION", "/parameters/properties/s/pattern"]];
  for (const pattern of ["\\w{99999999}", "a{1001}", "(a{10}){101}", "(?:a{1000}){2}", "x".repeat(4097), "(?:ab){1000}", "\u{1fae8}".repeat(4097)]) {
    assert.deepEqual(checked({ properties: { s: { pattern } } }, {}), refused, pattern.slice(0, 20));
  }
  for (const pattern of ["a{1000}", "(a{10}){100}", "(?:b{334}){0}(?:c{3}){333}", "x".repeat(4096), "\u{1fae8}".repeat(4096), "(?=a)a{5000}"]) {
    assert.deepEqual(checked({ properties: { s: { pattern } } }, {}), [], pattern.slice(0, 20));
  }
  assert.deepEqual(checked({ patternProperties: { "\\w{99999999}": {} } }, {}), [["INVALID_TOOL_DEFINITION", "/parameters/patternProperties/\\w{99999999}"]]);
});

test("the keyword place below a recursive $ref is written from the parameters", () => {
  const tree = { $ref: "#/$defs/node", $defs: { node: { type: "object", properties: {
    name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } } } } };
  let args = { name: 5 };
  for (let level = 0; level < 3; level += 1) args = { name: "n", children: [args] };
  const [found, ...rest] = validateTranscript(
    [
      { role: "user", id: "m0", content: "go" },
      { role: "assistant", id: "m1", content: [{ type: "toolCall", id: "c1", name: "t", arguments: args }] },
      { role: "toolResult", id: "m2", toolCallId: "c1", toolName: "t", content: "ok", isError: false },
    ],
    { tools: [{ name: "t", parameters: tree }] },
  );
  assert.deepEqual(rest, []);
  assert.equal(found.path, "/1/content/0/arguments/children/0/children/0/children/0/name");
  assert.ok(found.message.endsWith("(keyword type at /$defs/node/properties/name/type of the parameters)"), found.message);
});

const sentences = (parameters, args) =>
  validateTranscript(
    [
      { role: "user", id: "m0", content: "go" },
      { role: "assistant", id: "m1", content: [{ type: "toolCall", id: "c1", name: "t", arguments: args }] },
      { role: "toolResult", id: "m2", toolCallId: "c1", toolName: "t", content: "ok", isError: false },
    ],
    { tools: [{ name: "t", parameters }] },
  ).map((d) => [d.path, d.message.split("(t): ")[1]]);

test("a property an unevaluatedProperties subschema refuses is named in one sentence at the object, whatever route inside it failed", () => {
  const said = (names) => [["/1/content/0/arguments", `Unevaluated properties are not allowed (${names}) (keyword unevaluatedProperties at /unevaluatedProperties of the parameters)`]];
  // a $ref inside restarts Ajv's schema path: it was "False schema does not allow 1" at /a
  assert.deepEqual(sentences({ unevaluatedProperties: { $ref: "#/$defs/x" }, $defs: { x: false } }, { a: 1 }), said("'a' was unexpected"));
  assert.deepEqual(
    sentences({ properties: { c: {} }, unevaluatedProperties: { $ref: "#/$defs/s" }, $defs: { s: { type: "string" } } }, { a: 1, b: "x", c: 1, d: 2 }),
    said("'a', 'd' were unexpected"),
  );
  // a keyword inside it naming properties of the property: it was at /a, naming "b"
  assert.deepEqual(sentences({ unevaluatedProperties: { unevaluatedProperties: false } }, { a: { b: 1 } }), said("'a' was unexpected"));
  assert.deepEqual(sentences({ unevaluatedProperties: { additionalProperties: false } }, { a: { b: 1 } }), said("'a' was unexpected"));
});

test("a failing anyOf or oneOf whose subschema fails by a $ref gives its one error, not the $ref target's too", () => {
  const only = (keyword) => ["/1/content/0/arguments", `{"a":1} is not valid under any of the schemas listed in the '${keyword}' keyword (keyword ${keyword} at /${keyword} of the parameters)`];
  // Ajv's schema path restarts at the $ref's target: it also said "has less than 5
  // properties (keyword minProperties at /$defs/x/minProperties ...)"
  const defs = { x: { minProperties: 5 } };
  assert.deepEqual(sentences({ anyOf: [{ $ref: "#/$defs/x" }], $defs: defs }, { a: 1 }), [only("anyOf")]);
  assert.deepEqual(sentences({ $schema: "http://json-schema.org/draft-07/schema#", anyOf: [{ $ref: "#/$defs/x", minLength: 5 }], $defs: defs }, { a: 1 }), [only("anyOf")]);
  assert.deepEqual(sentences({ oneOf: [{ $ref: "#/$defs/x" }, { type: "integer" }], $defs: defs }, { a: 1 }), [only("oneOf")]);
  // through two references and a nested anyOf: still the outer keyword's error only
  const nested = { anyOf: [{ $ref: "#/$defs/y" }], $defs: { y: { anyOf: [{ $ref: "#/$defs/x" }] }, ...defs } };
  assert.deepEqual(sentences(nested, { a: 1 }), [only("anyOf")]);
  // the same $ref beside the anyOf, outside it, still gives its own error
  const beside = sentences({ $ref: "#/$defs/x", anyOf: [{ $ref: "#/$defs/x" }], $defs: defs }, { a: 1 });
  assert.deepEqual(beside, [
    ["/1/content/0/arguments", '{"a":1} has less than 5 properties (keyword minProperties at /$defs/x/minProperties of the parameters)'],
    only("anyOf"),
  ]);
});

test("a draft-07 $ref to a place inside a keyword beside another $ref finds it there, as jsonschema-rs does", () => {
  const draft07 = "http://json-schema.org/draft-07/schema#";
  // it was INVALID_TOOL_DEFINITION "parameters refers to '#/allOf/0', outside them"
  assert.deepEqual(sentences({ $schema: draft07, allOf: [{ minProperties: 3 }], $ref: "#/allOf/0" }, { a: 1 }), [
    ["/1/content/0/arguments", '{"a":1} has less than 3 properties (keyword minProperties at /allOf/0/minProperties of the parameters)'],
  ]);
  const nested = { $schema: draft07, properties: { a: { $ref: "#/properties/a/properties/x", properties: { x: { type: "string" } } } } };
  assert.deepEqual(sentences(nested, { a: 1 }), [
    ["/1/content/0/arguments/a", '1 is not of type "string" (keyword type at /properties/a/properties/x/type of the parameters)'],
  ]);
  assert.deepEqual(sentences(nested, { a: "s" }), []);
});

test("the meta-schema judges every keyword as written: draft 7's beside a $ref, one inside unevaluatedProperties at its place", () => {
  const draft07 = "http://json-schema.org/draft-07/schema#";
  // seed 28's draw 3699: draft 7 ignores the keywords beside a $ref when it checks a call,
  // but its meta-schema still refuses a name given twice there (the package said nothing)
  const beside = { $schema: draft07, properties: { "a/b": { $ref: "#/definitions/d", required: ["x", "x"] } }, definitions: { d: {} } };
  assert.deepEqual(definitionPaths(beside), [REFUSED("/properties/a~1b/required")]);
  const bound = { $schema: draft07, properties: { a: { $ref: "#/definitions/d", minLength: -1 } }, definitions: { d: {} } };
  assert.deepEqual(definitionPaths(bound), [REFUSED("/properties/a/minLength")]);
  // seed 28's draw 7960: the place had the anyOf/0 the package wraps the subschema in
  const inside = { properties: { a: { unevaluatedProperties: { prefixItems: [{ required: ["x", "x"] }] } } } };
  assert.deepEqual(definitionPaths(inside), [REFUSED("/properties/a/unevaluatedProperties/prefixItems/0/required")]);
});

test("an enum may repeat a value or list none, in draft 7 too (Ajv's copy of its meta-schema wants them unique)", () => {
  const draft07 = "http://json-schema.org/draft-07/schema#";
  // seed 29's draw 1295 and seed 30's draw 6723: refused as "must pass uniqueItems"
  const repeated = { $schema: draft07, properties: { a: { allOf: [{ enum: [0, 0] }] } } };
  assert.deepEqual(sentences(repeated, { a: 1 }), [
    ["/1/content/0/arguments/a", "1 is not one of 0 or 0 (keyword enum at /properties/a/allOf/0/enum of the parameters)"],
  ]);
  assert.deepEqual(sentences(repeated, { a: 0 }), []);
  assert.deepEqual(sentences({ $schema: draft07, enum: [[], []] }, { a: 0 }), [
    ["/1/content/0/arguments", '{"a":0} is not one of [] or [] (keyword enum at /enum of the parameters)'],
  ]);
  assert.deepEqual(checked({ $schema: draft07, properties: { e: { enum: [] } } }, { e: 1 }), [MISMATCH("/e")]);
  assert.deepEqual(definitionPaths({ $schema: draft07, required: ["x", "x"] }), [REFUSED("/required")]);
});

test("of several meta-schema problems, the one jsonschema-rs meets first is the refusal", () => {
  // seed 31's draw 1287: Ajv met "$id": true first, jsonschema-rs $defs ("$defs" < "$id")
  assert.deepEqual(definitionPaths({ $id: true, $defs: { toString: { required: ["x", "x"] } } }), [REFUSED("/$defs/toString/required")]);
  // Draft 2020-12: by vocabulary (applicator before validation), then by name
  assert.deepEqual(definitionPaths({ enum: 5, items: { minLength: -1 } }), [REFUSED("/items/minLength")]);
  assert.deepEqual(definitionPaths({ minLength: -1, maxLength: -1 }), [REFUSED("/maxLength")]);
  // draft 7: by name; a failing anyOf (its items) at its own place
  const draft07 = "http://json-schema.org/draft-07/schema#";
  assert.deepEqual(definitionPaths({ $schema: draft07, enum: 5, items: { minLength: -1 } }), [REFUSED("/enum")]);
  assert.deepEqual(definitionPaths({ $schema: draft07, minLength: -1, items: { minLength: -1 } }), [REFUSED("/items")]);
});

test("parameters a meta-schema refuses are said in Python's words: the failing keyword's sentence from the shared table, not Ajv's", () => {
  const refusal = (parameters) => {
    const found = validateTranscript([{ role: "user", id: "m0", content: "go" }], { tools: [{ name: "t", parameters }] });
    return found.map((d) => [d.code, d.path, d.message]);
  };
  const said = (path, sentence) => [["INVALID_TOOL_DEFINITION", `/parameters${path}`, `parameters is not a valid JSON Schema: ${sentence}`]];
  // Ajv said: data/type must pass "enum" keyword validation, data/type must be array, ...
  assert.deepEqual(refusal({ type: "strin" }), said("/type", `"strin" is not valid under any of the schemas listed in the 'anyOf' keyword`));
  assert.deepEqual(refusal({ minLength: -1 }), said("/minLength", "-1 is less than the minimum of 0"));
  assert.deepEqual(refusal({ minLength: -1.5 }), said("/minLength", '-1.5 is not of type "integer"'));
  assert.deepEqual(refusal({ required: ["a", "a"] }), said("/required", '["a","a"] has non-unique elements'));
  assert.deepEqual(refusal({ $defs: { a: { multipleOf: 0 } } }), said("/$defs/a/multipleOf", "0 is less than or equal to the minimum of 0"));
  assert.deepEqual(refusal({ $id: "#x" }), said("/$id", '"#x" does not match "^[^#]*#?$"'));
  const draft07 = "http://json-schema.org/draft-07/schema#";
  assert.deepEqual(refusal({ $schema: draft07, properties: { a: { enum: 5 } } }), said("/properties/a/enum", '5 is not of type "array"'));
  // the failing value quoted as every sentence quotes data: cut, then the sentence cut
  assert.deepEqual(
    refusal({ type: "x".repeat(400) }),
    said("/type", `"${"x".repeat(199)}\u2026 (202 more characters) is not valid under any of the schemas listed in the 'anyOf' keyword`),
  );
});

test("a malformed tool definition is said in Python's words: the field's type, the definition's kind, the place of a lone surrogate", () => {
  const said = (definition) =>
    validateTranscript([{ role: "user", id: "m0", content: "go" }], { tools: [definition] }).map((d) => [d.path, d.message]);
  assert.deepEqual(said({ name: 5 }), [["/name", "name is not valid: it must be a string"]]);
  assert.deepEqual(said({ name: "t", parameters: [] }), [["/parameters", "parameters is not valid: it must be a JSON object"]]);
  assert.deepEqual(said("tool"), [["", "the tool definition must be an object, not string"]]);
  assert.deepEqual(said({ name: "t", description: "a\ud800" }), [["/description", "description holds a lone surrogate (not valid Unicode)"]]);
  // a key holding one: at the key, named as Python's format_path names it
  assert.deepEqual(said({ name: "t", parameters: { properties: { "x\ud800": {} } } }), [
    ["/parameters/properties/x\\ud800", 'parameters.properties["x\\ud800"] holds a lone surrogate (not valid Unicode)'],
  ]);
});

test("unevaluatedProperties reads no name from Object.prototype as evaluated", () => {
  // seed 32's draw 6070: "isPrototypeOf" was left out of the names refused
  const parameters = JSON.parse('{"type":"object","propertyNames":{"const":{}},"unevaluatedProperties":false,"properties":{"__proto__":{"enum":[{}]}}}');
  assert.deepEqual(sentences(parameters, { isPrototypeOf: "x", "a/b": 1 }), [
    ["/1/content/0/arguments", "{} was expected (keyword const at /propertyNames/const of the parameters)"],
    ["/1/content/0/arguments", "Unevaluated properties are not allowed ('isPrototypeOf', 'a/b' were unexpected) (keyword unevaluatedProperties at /unevaluatedProperties of the parameters)"],
  ]);
  const patterns = { type: "object", unevaluatedProperties: false, patternProperties: { "^a": {} } };
  assert.deepEqual(sentences(patterns, JSON.parse('{"toString":1,"ab":1,"__proto__":{},"constructor":1}')), [
    ["/1/content/0/arguments", "Unevaluated properties are not allowed ('toString', '__proto__', 'constructor' were unexpected) (keyword unevaluatedProperties at /unevaluatedProperties of the parameters)"],
  ]);
});

test("a false subschema a failing oneOf reaches through a $ref gives no error of its own", () => {
  // seed 34's draw 9412: Ajv compiles the false target apart, its parent schema `false`
  const only = ['/1/content/0/arguments', `{"a":1} is not valid under any of the schemas listed in the 'oneOf' keyword (keyword oneOf at /oneOf of the parameters)`];
  for (const name of ["x", "__proto__"]) {
    const parameters = JSON.parse(`{"type":"object","oneOf":[{"minLength":1,"$ref":"#/$defs/${name}"}],"$defs":{"${name}":false}}`);
    assert.deepEqual(sentences(parameters, { a: 1 }), [only], name);
  }
  // seed 33's draw 9859: a false subschema named "" is at its own place, as in Python
  assert.deepEqual(sentences({ type: "object", $ref: "#/$defs/", $defs: { "": false } }, { a: 1 }), [
    ["/1/content/0/arguments", 'False schema does not allow {"a":1} (keyword $defs at /$defs/ of the parameters)'],
  ]);
});

test("a $ref or an anchor into properties.__proto__ reaches that subschema", () => {
  // Ajv read "#/properties/__proto__" from Object.prototype (nothing was refused), and an
  // anchor inside it was "outside them" (seed 33's draw 4540)
  const pointer = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"$ref":"#/properties/__proto__"}}}');
  assert.deepEqual(sentences(pointer, { a: 1 }), [["/1/content/0/arguments/a", '1 is not of type "string" (keyword type at /properties/__proto__/type of the parameters)']]);
  const anchor = JSON.parse('{"type":"object","properties":{"__proto__":{"properties":{"x":{"$anchor":"xx","type":"string"}}},"a":{"$ref":"#xx"}}}');
  assert.deepEqual(sentences(anchor, { a: 1 }), [["/1/content/0/arguments/a", '1 is not of type "string" (keyword type at /properties/__proto__/properties/x/type of the parameters)']]);
});

test("a failing unevaluatedItems subschema is one sentence at the array counting the items refused", () => {
  // seed 33's draw 6528: one mismatch per item, at the item, in the subschema's words
  const said = (count) => [["/1/content/0/arguments/l", `Unevaluated items are not allowed (${count}) (keyword unevaluatedItems at /properties/l/unevaluatedItems of the parameters)`]];
  assert.deepEqual(sentences({ properties: { l: { unevaluatedItems: { oneOf: [false, { type: "integer" }] } } } }, { l: ["9", "A"] }), said("2 items"));
  assert.deepEqual(sentences({ properties: { l: { prefixItems: [{}], unevaluatedItems: { type: "integer" } } } }, { l: ["a", "x", 1] }), said("1 item"));
  assert.deepEqual(sentences({ properties: { l: { unevaluatedItems: { $ref: "#/$defs/i" } } }, $defs: { i: { type: "integer" } } }, { l: ["a", 1, "b"] }), said("2 items"));
  assert.deepEqual(sentences({ properties: { l: { unevaluatedItems: { items: { type: "integer" } } } } }, { l: [["a"], 1, [1]] }), said("1 item"));
});

test("an anchor below a translated patternProperties key, and an $id in a keyword draft 7 does not evaluate", () => {
  // seed 37's draw 2779: the pointer written for "#here" named the pattern as written,
  // not as compiled ("outside them")
  const anchored = { type: "object", patternProperties: { "^a\\d": { properties: { x: { $anchor: "here", type: "string" } } } }, properties: { b: { $ref: "#here" } } };
  assert.deepEqual(sentences(anchored, { b: 1 }), [["/1/content/0/arguments/b", '1 is not of type "string" (keyword type at /patternProperties/^a\\d/properties/x/type of the parameters)']]);
  // seed 35's draw 848: Ajv read both "#x" in draft 7's unevaluatedProperties (no keyword
  // there) and refused them as one name for two schemas
  const ids = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", $defs: { d: { unevaluatedProperties: { $id: "#x", additionalProperties: { $id: "#x" } } } } };
  assert.deepEqual(definitionPaths(ids), []);
});

test("propertyNames through a $ref Ajv compiles apart: each name refused once, none inside a failing anyOf", () => {
  // seed 37's draw 597: the names refused through "$ref": "#" were one (no propertyName)
  const typed = (name) => [`/1/content/0/arguments`, `"${name}" is not of type "object" (keyword type at /type of the parameters)`];
  assert.deepEqual(sentences({ type: "object", propertyNames: { $ref: "#" } }, { x: 1, y: 2 }), [typed("x"), typed("y")]);
  // seed 36's draw 3671: the $ref's errors inside the failing anyOf were given too
  const anyOf = (name) => ["/1/content/0/arguments", `"${name}" is not valid under any of the schemas listed in the 'anyOf' keyword (keyword anyOf at /propertyNames/anyOf of the parameters)`];
  assert.deepEqual(sentences({ type: "object", propertyNames: { anyOf: [{ $ref: "#" }, false] } }, { x: 1, y: 2 }), [anyOf("x"), anyOf("y")]);
  assert.deepEqual(sentences({ type: "object", propertyNames: { anyOf: [{ $ref: "#/$defs/o" }, false] }, $defs: { o: { type: "object" } } }, { x: 1, y: 2 }), [anyOf("x"), anyOf("y")]);
});

test("a $ref to a $ref is placed at the keyword's own subschema, once; $defs 0 and 00 are told apart", () => {
  // seed 35's draw 1054: Ajv inlines $defs/b where $defs/a refers to it ("#/$defs/a/type"),
  // which was written /$defs/b/$defs/a/type, a second mismatch beside /$defs/b/type
  const chain = { type: "object", allOf: [{ $ref: "#/$defs/b" }, { $ref: "#/$defs/a" }], $defs: { b: { type: "string" }, a: { $ref: "#/$defs/b" } } };
  assert.deepEqual(sentences(chain, { a: " " }), [["/1/content/0/arguments", '{"a":" "} is not of type "string" (keyword type at /$defs/b/type of the parameters)']]);
  // seed 35's draw 4729 (Python said /$defs/0)
  const twins = { type: "object", $ref: "#/$defs/00", $defs: { 0: { type: "array" }, "00": { type: "string" } } };
  assert.deepEqual(sentences(twins, {}), [["/1/content/0/arguments", '{} is not of type "string" (keyword type at /$defs/00/type of the parameters)']]);
});

test("a failing anyOf reaching a propertyNames through a $ref gives its one error", () => {
  // seed 31's draw 6225 (after a first fix for seed 36 that read any name as another's)
  const parameters = { type: "object", anyOf: [{ $ref: "#/$defs/p" }, { type: "number" }], $defs: { p: { propertyNames: { const: null } } } };
  assert.deepEqual(sentences(parameters, { "\u0663": false }), [
    ["/1/content/0/arguments", `{"\u0663":false} is not valid under any of the schemas listed in the 'anyOf' keyword (keyword anyOf at /anyOf of the parameters)`],
  ]);
});

const refusals = (parameters) =>
  validateTranscript([{ role: "user", id: "m0", content: "go" }], { tools: [{ name: "t", parameters }] }).map((d) => [d.code, d.path, d.message]);

test("an $id that is no URI reference is refused at its place in the profile's words, as Python refuses it", () => {
  // Ajv accepted it (no diagnostic); jsonschema-rs refused it at /parameters in its own words
  const refused = [
    ["INVALID_TOOL_DEFINITION", "/parameters/$id", 'parameters["$id"] is no valid $id: it must be a URI reference (RFC 3986: ASCII, no space, % then two hex digits)'],
  ];
  const draft07 = "http://json-schema.org/draft-07/schema#";
  for (const id of ["http:// bad", "%zz", "caf\u00e9", "http://[::1/", "http://a:b:c/", "x#y#z"]) {
    assert.deepEqual(refusals({ $id: id }), refused, id);
    assert.deepEqual(refusals({ $schema: draft07, $id: id }), refused, id);
  }
  assert.deepEqual(refusals({ minLength: -1, $id: "a b" }), refused);
  for (const id of ["", "#", "a", "a/b?c", "urn:x", "//host", "http://u:p@h:80/p?q#", "http://[::1]/", "http://[v1.x]/", "http://[1:2:3:4:5:6:1.2.3.4]/", "http://x/%C3", "HTTP://x"]) {
    assert.deepEqual(refusals({ $id: id, type: "object" }), [], id);
  }
});

test("a number that is not finite is named at its place as Python names it (JSON cannot carry it to the differential)", () => {
  const said = (definition) =>
    validateTranscript([{ role: "user", id: "m0", content: "go" }], { tools: [definition] }).map((d) => [d.code, d.path, d.message]);
  const refused = (path, sentence) => [["INVALID_TOOL_DEFINITION", path, sentence]];
  assert.deepEqual(said({ name: "t", parameters: { type: "object", maxItems: Infinity } }), refused("/parameters/maxItems", "parameters.maxItems must be a finite number"));
  assert.deepEqual(
    said({ name: "t", parameters: { properties: { "a b": { enum: [1, -Infinity] } } } }),
    refused("/parameters/properties/a b/enum/1", 'parameters.properties["a b"].enum[1] must be a finite number'),
  );
  assert.deepEqual(
    said({ name: "t", parameters: { properties: { "a\nb": { maximum: NaN } } } }),
    refused("/parameters/properties/a\nb/maximum", 'parameters.properties["a\\nb"].maximum must be a finite number'),
  );
  assert.deepEqual(said({ name: "t", parameters: {}, strict: Infinity }), refused("/strict", "strict must be a finite number"));
});

test("a control character in a key is escaped in the sentence as Python's format_path escapes it (JSON's escapes)", () => {
  assert.deepEqual(refusals({ properties: { "a\nb": { $ref: "http://x" } } }), [
    [
      "INVALID_TOOL_DEFINITION",
      "/parameters/properties/a\nb/$ref",
      `parameters.properties["a\\nb"]["$ref"] refers to 'http://x', outside them: a $ref of the tool-schema profile is local (# then a JSON Pointer or an anchor), never fetched`,
    ],
  ]);
  assert.deepEqual(refusals({ properties: { "\t\x01": { pattern: "(" } } }), [
    [
      "INVALID_TOOL_DEFINITION",
      "/parameters/properties/\t\x01/pattern",
      `parameters.properties["\\t\\u0001"].pattern is the pattern '(', which has a ( that is never closed: the tool-schema profile reads ECMA-262 patterns, matched in linear time`,
    ],
  ]);
});
