// The language-neutral suites of the repository (fixtures/conformance/), case by case:
// every diagnostic of every case, in order (code, messageIndex, toolIndex), for
// validateTranscript (transcripts/) and checkWireRules (wire-rules/).
//
//   node --test test/            (from bindings/typescript, after npm run build)
//
// AGENT_IR_ROOT names the repository when the package is elsewhere.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { checkWireRules, validateTranscript } from "../dist/index.js";

const ROOT = process.env.AGENT_IR_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const SUITE = path.join(ROOT, "fixtures", "conformance");

const triple = (d) => (d.toolIndex === undefined ? [d.code, d.messageIndex] : [d.code, d.messageIndex, d.toolIndex]);

function cases(kind) {
  const dir = path.join(SUITE, kind);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")).map((c) => [name, c]));
}

for (const [file, c] of cases("transcripts")) {
  test(`transcripts/${file}: ${c.description}`, () => {
    const options = {};
    if ("tools" in c) options.tools = c.tools;
    if ("allowPending" in c) options.allowPending = c.allowPending;
    const found = validateTranscript(c.transcript, options);
    assert.deepEqual(found.map(triple), c.diagnostics.map(triple));
  });
}

for (const [file, c] of cases("wire-rules")) {
  test(`wire-rules/${file}: ${c.description}`, () => {
    const options = {};
    if ("tools" in c) options.tools = c.tools;
    if ("allowPending" in c) options.allowPending = c.allowPending;
    const found = checkWireRules(c.transcript, c.provider, options);
    assert.deepEqual(found.map(triple), c.diagnostics.map(triple));
  });
}
