// What TOOL_ARGUMENTS_MISMATCH says of each failing keyword: the sentences Python writes,
// case by case (tests/js/keyword_sentences.json, which tests/validation/
// test_keyword_sentences.py reads too), and the values quoted as Python quotes them.
// AGENT_IR_ROOT names the repository when the package is elsewhere.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { validateTranscript } from "../dist/index.js";
import { fill, jsonText, keyOrder } from "../dist/sentences.js";

const ROOT = process.env.AGENT_IR_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const CASES = JSON.parse(fs.readFileSync(path.join(ROOT, "tests", "js", "keyword_sentences.json"), "utf8")).cases;
const HEAD = "the arguments of tool call 'c1' do not match the parameters of tool 0 (t): ";

const transcript = (args) => [
  { role: "user", id: "m0", content: "go" },
  { role: "assistant", id: "m1", content: [{ type: "toolCall", id: "c1", name: "t", arguments: args }] },
  { role: "toolResult", id: "m2", toolCallId: "c1", toolName: "t", content: "ok", isError: false },
];

for (const item of CASES) {
  test(`the sentence Python writes: ${item.description}`, () => {
    const found = validateTranscript(transcript(item.arguments), { tools: [{ name: "t", parameters: item.parameters }] });
    assert.deepEqual(found.map((d) => d.code), item.sentences.map(() => "TOOL_ARGUMENTS_MISMATCH"));
    assert.ok(found.every((d) => d.message.startsWith(HEAD)));
    const shown = found.map((d) => [d.path.slice("/1/content/0/arguments".length), d.message.slice(HEAD.length)]);
    assert.deepEqual(shown, item.sentences);
  });
}

test("a quoted value is JSON as Python's json_text writes it", () => {
  assert.equal(jsonText(1e-7), "1e-7");
  assert.equal(jsonText(1e21), "1e+21");
  assert.equal(jsonText(-0), "0");
  assert.equal(jsonText('a"\\\n\b\x00\x1f\x7f\u2028é'), '"a\\"\\\\\\n\\b\\u0000\\u001f\x7f\u2028é"');
  assert.equal(jsonText(JSON.parse('{"b":1,"10":[true,null],"a":{},"2":0,"01":1}')), '{"2":0,"10":[true,null],"b":1,"a":{},"01":1}');
});

test("names are ordered as JavaScript orders an object's keys, as Python's js_key_order", () => {
  const keys = ["z", "4294967295", "4294967294", "1", "+1", "01", "0", "-1", "1.5", "a"];
  assert.deepEqual(keyOrder(keys), ["0", "1", "4294967294", "z", "4294967295", "+1", "01", "-1", "1.5", "a"]);
});

test("a template picks the word for its count, and a keyword with none says the general one", () => {
  assert.equal(fill("maxLength", { value: "ab", limit: 1 }), '"ab" is longer than 1 character');
  assert.equal(fill("maxLength", { value: "ab", limit: 0 }), '"ab" is longer than 0 characters');
  assert.equal(fill("format", { value: "x" }), '"x" is not valid under the format keyword');
  assert.equal(fill("constructor", { value: "x" }), '"x" is not valid under the constructor keyword');
  const long = fill("enum", { value: "x".repeat(1000), options: ["y".repeat(1000)] });
  assert.ok(long.endsWith("… (61 more characters)"));
});
