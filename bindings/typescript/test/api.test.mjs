// The package's API: what each function returns, throws and never throws.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkWireRules, parseTranscript, PROVIDERS, TranscriptError, validateTranscript } from "../dist/index.js";

const call = (id, name = "read") => ({ type: "toolCall", id, name, arguments: {} });
const VALID = [
  { role: "user", id: "m0", content: "read a.txt" },
  { role: "assistant", id: "m1", content: [call("c1")] },
  { role: "toolResult", id: "m2", toolCallId: "c1", toolName: "read", content: "ok", isError: false },
];

test("a valid transcript has no diagnostic, and parseTranscript returns its messages", () => {
  assert.deepEqual(validateTranscript(VALID), []);
  assert.equal(parseTranscript(VALID), VALID);
});

test("a diagnostic carries its code, indexes, JSON Pointer and a sentence", () => {
  const [found, ...rest] = validateTranscript(VALID.slice(0, 2));
  assert.deepEqual(rest, []);
  assert.deepEqual(found, {
    code: "MISSING_TOOL_RESULT",
    messageIndex: 1,
    message: "tool call 'c1' (read) has no result after it",
    path: "/1/content/0",
  });
});

test("parseTranscript throws a TranscriptError carrying every diagnostic", () => {
  const broken = [{ role: "user", id: " ", content: 1 }];
  assert.throws(
    () => parseTranscript(broken),
    (error) => error instanceof TranscriptError && error.diagnostics.map((d) => d.path).join(" ") === "/0/content /0/id",
  );
});

test("a TranscriptError's sentence says where its first diagnostic is, never message -1", () => {
  const said = (value, options) => {
    try {
      parseTranscript(value, options);
    } catch (error) {
      return error.message;
    }
    return "no error";
  };
  assert.match(said({ not: "a list" }), /^INVALID_TRANSCRIPT in the transcript: /);
  assert.match(said([{ role: "user", id: " ", content: 1 }]), /^INVALID_MESSAGE at message 0: .* \(and 1 more\)$/);
  assert.match(said([], { tools: [{ name: "" }] }), /^INVALID_TOOL_DEFINITION in tool 0: /);
});

test("validateTranscript never throws: hostile values are one INVALID_TRANSCRIPT", () => {
  const hostile = [
    {
      get role() {
        throw new Error("boom");
      },
    },
  ];
  const cyclic = { role: "user", id: "m0", content: [] };
  cyclic.content.push({ type: "text", text: "x", cyclic });
  for (const value of [hostile, [cyclic], undefined, 1n, Symbol("s")]) {
    const found = validateTranscript(value);
    assert.ok(found.length >= 1, String(value?.toString?.()));
  }
  assert.equal(validateTranscript(hostile)[0].code, "INVALID_TRANSCRIPT");
});

test("options: tools and allowPending", () => {
  const pending = VALID.slice(0, 2);
  assert.deepEqual(validateTranscript(pending, { allowPending: true }), []);
  const undeclared = validateTranscript(VALID, { tools: [{ name: "write" }] });
  assert.deepEqual(undeclared.map((d) => [d.code, d.path]), [["UNDECLARED_TOOL", "/1/content/0/name"]]);
  const broken = validateTranscript(VALID, { tools: [{ name: "read", parameters: { type: 5 } }] });
  assert.deepEqual(broken.map((d) => [d.code, d.messageIndex, d.toolIndex, d.path]), [["INVALID_TOOL_DEFINITION", -1, 0, "/parameters/type"]]);
});

test("checkWireRules: each provider's rules, and a TypeError for another provider", () => {
  const late = [VALID[1], { role: "user", id: "m", content: "wait" }, VALID[2]];
  for (const provider of PROVIDERS) {
    const codes = checkWireRules(late, provider).map((d) => d.code);
    const expected = {
      "openai-chat": ["RESULT_NOT_IMMEDIATE"],
      "openai-responses": [],
      anthropic: ["RESULT_NOT_IMMEDIATE"],
      gemini: ["INVALID_ROLE_ORDER", "RESULT_NOT_IMMEDIATE"], // the call is before the last user message
      "bedrock-converse": ["INVALID_ROLE_ORDER", "RESULT_NOT_IMMEDIATE"], // an assistant turn first
      mistral: ["INVALID_TOOL_CALL_ID_FORMAT", "RESULT_NOT_IMMEDIATE"], // its ids are 9 of [a-zA-Z0-9]
    }[provider];
    assert.deepEqual(codes, expected, provider);
  }
  assert.throws(() => checkWireRules(VALID, "openai"), TypeError);
});

test("checkWireRules: a result after a malformed message calling its id is never paired with an earlier call", () => {
  // Anthropic takes an id again once answered: m4 answers m3's call, which is malformed.
  const call = { type: "toolCall", id: "c1", name: "read", arguments: {} };
  const result = (id) => ({ role: "toolResult", id, toolCallId: "c1", toolName: "read", content: "ok", isError: false });
  const again = (content) => [
    { role: "assistant", id: "m0", content: [call] },
    result("m1"),
    { role: "user", id: "m2", content: "again" },
    { role: "assistant", id: "m3", content },
    result("m4"),
  ];
  const found = (content) => checkWireRules(again(content), "anthropic").map((d) => [d.code, d.path]);
  assert.deepEqual(found([call, { type: "text" }]), [["INVALID_MESSAGE", "/3/content/1/text"]]);
  assert.deepEqual(found([{ ...call, name: "" }]), [["EMPTY_TOOL_NAME", "/3/content/0/name"]]);
});

test("checkWireRules: Gemini's thought signatures depend on the model", () => {
  const turn = [VALID[0], VALID[1], VALID[2]];
  const signed = (model) => checkWireRules(turn, "gemini", model === undefined ? {} : { model }).map((d) => d.code);
  for (const model of [undefined, "gemini-3-pro-preview", "models/gemini-3.1-flash-lite", "gemini-flash-latest"]) {
    assert.deepEqual(signed(model), ["MISSING_THOUGHT_SIGNATURE"], String(model));
  }
  for (const model of ["gemini-2.5-flash", "gemini-3-pro-image-preview", "gemma-3-27b-it"]) {
    assert.deepEqual(signed(model), [], model);
  }
  const [found] = checkWireRules(turn, "gemini", { model: "gemini-3-pro-preview" });
  assert.match(found.message, /Google Gemini \('gemini-3-pro-preview'\) requires one/);
});

test("values JSON has not are refused where they are, as Python refuses them", () => {
  const user = (content) => [{ role: "user", id: "m0", content }];
  const paths = (value) => validateTranscript(value).map((d) => [d.code, d.path]);
  assert.deepEqual(paths(user([{ type: "text", text: undefined }])), [["INVALID_MESSAGE", "/0/content/0/text"]]);
  assert.deepEqual(paths(user([{ type: "text", text: "x", when: new Date(0) }])), [["INVALID_MESSAGE", "/0/content/0/when"]]);
  assert.deepEqual(paths(user("x\ud800")), [["INVALID_MESSAGE", "/0/content"]]);
  assert.deepEqual(paths([, { role: "user", id: "m1", content: "x" }]), [["INVALID_MESSAGE", "/0"]]); // a hole
  const args = { a: 1n };
  const call = [{ role: "assistant", id: "m0", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] }];
  assert.deepEqual(paths(call), [["INVALID_TOOL_ARGUMENTS", "/0/content/0/arguments/a"]]);
});

const image = (data = "iVBORw0KGgo=") => ({ type: "image", source: { type: "base64", mediaType: "image/png", data } });
const documentOf = (data = "JVBERi0xLjQK") => ({ type: "document", source: { type: "base64", mediaType: "application/pdf", data } });
const bytes = (size) => Buffer.alloc(size).toString("base64");
const located = (found) => found.map((d) => [d.code, d.messageIndex, d.path]);

test("checkWireRules: Bedrock's media counts, per user turn, at the first block beyond", () => {
  const at = [{ role: "user", id: "u", content: [...Array(20).fill(image()), ...Array(5).fill(documentOf()), { type: "text", text: "t" }] }];
  assert.deepEqual(checkWireRules(at, "bedrock-converse"), []);
  const split = [
    { role: "user", id: "u1", content: [...Array(10).fill(image()), { type: "text", text: "look" }] },
    { role: "system", id: "s", content: "be brief" },
    { role: "user", id: "u2", content: [...Array(11).fill(image()), ...Array(6).fill(documentOf())] },
  ];
  const found = checkWireRules(split, "bedrock-converse");
  assert.deepEqual(located(found), [
    ["TOO_MANY_IMAGES", 2, "/2/content/10"],
    ["TOO_MANY_DOCUMENTS", 2, "/2/content/16"],
  ]);
  assert.equal(
    found[0].message,
    "this is image 21 of the user turn that starts at message 0: bedrock-converse takes at most 20 images " +
      "in one user message (consecutive user and tool-result messages are sent as one)",
  );
  for (const provider of PROVIDERS.filter((name) => name !== "bedrock-converse")) {
    assert.deepEqual(checkWireRules(split, provider), [], provider);
  }
});

test("checkWireRules: Bedrock's media sizes are the decoded bytes, and megabytes of base64 validate", () => {
  for (const [size, expected] of [
    [3_749_999, []],
    [3_750_000, []],
    [3_750_001, [["MEDIA_TOO_LARGE", 0, "/0/content/0"]]],
    [3_750_002, [["MEDIA_TOO_LARGE", 0, "/0/content/0"]]],
  ]) {
    const transcript = [{ role: "user", id: "u", content: [image(bytes(size))] }];
    assert.deepEqual(validateTranscript(transcript), [], String(size));
    assert.deepEqual(located(checkWireRules(transcript, "bedrock-converse")), expected, String(size));
  }
  const [found] = checkWireRules([{ role: "user", id: "u", content: [documentOf(bytes(4_500_001))] }], "bedrock-converse");
  assert.equal(found.message, "the document's base64 data decodes to 4500001 bytes: bedrock-converse takes documents of at most 4500000 bytes");
  // base64 the schema refuses is still refused, however long
  const broken = [{ role: "user", id: "u", content: [image("A".repeat(5_000_001))] }];
  assert.deepEqual(located(validateTranscript(broken)), [["INVALID_MESSAGE", 0, "/0/content/0/source/data"]]);
});

test("checkWireRules: a Bedrock user turn holding a document holds text", () => {
  const alone = [{ role: "user", id: "u", content: [documentOf()] }];
  const [found, ...rest] = checkWireRules(alone, "bedrock-converse");
  assert.deepEqual(rest, []);
  assert.deepEqual(located([found]), [["DOCUMENT_WITHOUT_TEXT", 0, "/0/content/0"]]);
  assert.equal(
    found.message,
    "the user turn that starts at message 0 holds a document but no text: bedrock-converse requires a text block " +
      "beside a document in a user message (consecutive user and tool-result messages are sent as one)",
  );
  // text in the turn's next user message counts; blank text does not
  assert.deepEqual(checkWireRules([...alone, { role: "user", id: "u2", content: "what is it?" }], "bedrock-converse"), []);
  const blank = [{ role: "user", id: "u", content: [{ type: "text", text: " \n" }, documentOf()] }];
  assert.deepEqual(located(checkWireRules(blank, "bedrock-converse")), [["DOCUMENT_WITHOUT_TEXT", 0, "/0/content/1"]]);
  assert.deepEqual(checkWireRules(alone, "anthropic"), []);
});

test("checkWireRules: Bedrock's 8000 pixels a side, read from the image's header", () => {
  // made by Pillow (tests/support/media.py, SIDED): a PNG 8000 x 1, a PNG 1 x 8001, a JPEG 1 x 8001
  const wide = "iVBORw0KGgoAAAANSUhEUgAAH0AAAAABCAAAAAB2CMfGAAAAHElEQVR4nO3BAQEAAACAkP6v7ggKAAAAAAAAAGgfQQABwNe7owAAAABJRU5ErkJggg==";
  const high = "iVBORw0KGgoAAAANSUhEUgAAAAEAAB9BCAAAAACksH0eAAAAJUlEQVR4nO3BAQEAAACAkP6v7ggKAAAAAAAAAAAAAAAAAAAAqgY+ggABFUKGmgAAAABJRU5ErkJggg==";
  const jpeg = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAFA3PEY8MlBGQUZaVVBfeMiCeG5uePWvuZHI////////////////////////////////////////////////////wAALCB9BAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AKVFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFf/9k=";
  assert.deepEqual(checkWireRules([{ role: "user", id: "u", content: [image(wide)] }], "bedrock-converse"), []);
  for (const data of [high, jpeg]) {
    const [found, ...rest] = checkWireRules([{ role: "user", id: "u", content: [image(data)] }], "bedrock-converse");
    assert.deepEqual(rest, []);
    assert.deepEqual(located([found]), [["MEDIA_TOO_LARGE", 0, "/0/content/0"]]);
    assert.equal(found.message, "the image is 1 x 8001 pixels: bedrock-converse takes images of at most 8000 pixels a side");
  }
  // a header that cannot be read is not checked
  assert.deepEqual(checkWireRules([{ role: "user", id: "u", content: [image(high.slice(0, 24))] }], "bedrock-converse"), []);
});

test("checkWireRules: a malformed call answered lets a later call use its id again (Anthropic)", () => {
  const made = (index, args) => ({ role: "assistant", id: `a${index}`, content: [{ type: "toolCall", id: "toolu_1", name: "read", arguments: args }] });
  const answer = (index) => ({ role: "toolResult", id: `r${index}`, toolCallId: "toolu_1", toolName: "read", content: "ok", isError: false });
  const messages = [{ role: "user", id: "u", content: "go" }, made(1, {}), answer(2), made(3, 5), answer(4), made(5, {}), answer(6)];
  const found = checkWireRules(messages, "anthropic").map((d) => [d.code, d.messageIndex]);
  assert.ok(found.some(([code, index]) => code === "INVALID_TOOL_ARGUMENTS" && index === 3));
  assert.ok(!found.some(([code]) => code === "TOOL_RESULT_BEFORE_CALL" || code === "DUPLICATE_TOOL_RESULT"));
});
