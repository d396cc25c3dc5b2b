// The npm package (bindings/typescript/) against Python, case by case, on the corpus
// tests/js/write_corpus.py wrote: every diagnostic of every case must be Python's, in
// order: its code, messageIndex, toolIndex and JSON Pointer path, and its message for
// the codes whose sentences the package writes as Python does (PINNED), for the
// sentences of the tool-schema profile (PROFILE), for every INVALID_TOOL_DEFINITION of
// one tool (a malformed definition; parameters their dialect's meta-schema refuses,
// said with the failing keyword's sentence) and for every TOOL_ARGUMENTS_MISMATCH (each
// failing keyword's sentence, of the parameters or of the meta-schema, is filled from
// one table in both languages: src/agent_ir/validation/keyword_sentences.json). The
// one INVALID_TOOL_DEFINITION of no tool (tools that are no array) is each language's
// words for its own types ("a list or tuple ..., not dict"; "an array ..., not object").
//
//   node differential.mjs PACKAGE_DIST CORPUS.jsonl
//
// Exit status 0 when every case agrees; 1 with the first disagreements (SHOW=N of them)
// and their count. DUMP=FILE appends each disagreeing case to FILE as one JSON line
// (its source, Python's diagnostics and the package's), to classify them.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, corpus] = process.argv.slice(2);
const { checkWireRules, validateTranscript } = await import(pathToFileURL(path.join(path.resolve(dist), "index.js")).href);

// The sentences that are the same in both languages (the shape sentences differ: they
// are jsonschema's and Ajv's words).
const PINNED = new Set([
  "DUPLICATE_TOOL_CALL_ID",
  "DUPLICATE_TOOL_RESULT",
  "ORPHAN_TOOL_RESULT",
  "TOOL_RESULT_BEFORE_CALL",
  "TOOL_NAME_MISMATCH",
  "MISSING_TOOL_RESULT",
  "ORPHAN_SERVER_TOOL_RESULT",
  "UNDECLARED_TOOL",
  "RESULT_NOT_IMMEDIATE",
  "INVALID_TOOL_CALL_ID_FORMAT",
  "INVALID_TOOL_NAME_FORMAT",
  "INVALID_ROLE_ORDER",
  "EMPTY_CONTENT",
  "MISSING_THOUGHT_SIGNATURE",
  "TOO_MANY_IMAGES",
  "TOO_MANY_DOCUMENTS",
  "MEDIA_TOO_LARGE",
  "DOCUMENT_WITHOUT_TEXT",
]);

// Python's repr escapes a character its Unicode database calls unprintable, and each
// runtime has its own Unicode version (Python 3.12: 15.0; Node 20: its ICU's): a
// character assigned in one version only is escaped by one side. Sentences are compared
// with the escapes of non-ASCII characters decoded.
const decoded = (text) =>
  text.replace(/\\(?:U([0-9a-f]{8})|u([0-9a-f]{4})|x([89a-f][0-9a-f]))/g, (escape, long, short, byte) => {
    const code = parseInt(long ?? short ?? byte, 16);
    return code >= 0xd800 && code <= 0xdfff ? escape : String.fromCodePoint(code);
  });

// JSON.parse reads an integer beyond 2**53 as the nearest double, which the package
// quotes; Python quotes the integer written. Such integers (16 digits or more) are
// compared as the doubles both read.
const doubles = (text) => text.replace(/-?[0-9]{16,}/g, (digits) => String(Number(digits)));

// The sentences of the tool-schema profile (a refusal, its own words in both languages)
// and the one counting the mismatches not listed.
const PROFILE = /tool-schema profile|, no (?:\$anchor of the parameters|anchor)$|, which is (?:not in them|no schema)$|is no valid \S+: it must be |is no schema of \S+: it must be |more places not listed/;

const shown = (d) => {
  const found = { code: d.code, messageIndex: d.messageIndex };
  if (d.toolIndex !== undefined) found.toolIndex = d.toolIndex;
  found.path = d.path;
  const profile = (d.code === "INVALID_TOOL_DEFINITION" || d.code === "TOOL_ARGUMENTS_MISMATCH") && PROFILE.test(d.message);
  const definition = d.code === "INVALID_TOOL_DEFINITION" && d.toolIndex !== undefined;
  if (PINNED.has(d.code) || profile) found.message = decoded(d.message);
  else if (d.code === "TOOL_ARGUMENTS_MISMATCH" || definition) found.message = doubles(decoded(d.message));
  return JSON.stringify(found);
};

const lines = fs.readFileSync(corpus, "utf8").split("\n").filter(Boolean);
const started = performance.now();
let disagreements = 0;
let diagnostics = 0;
const bySource = new Map();
for (const line of lines) {
  const item = JSON.parse(line);
  const options = {};
  if ("tools" in item) options.tools = item.tools;
  if ("allowPending" in item) options.allowPending = item.allowPending;
  if ("model" in item) options.model = item.model;
  const found = item.provider === undefined
    ? validateTranscript(item.transcript, options)
    : checkWireRules(item.transcript, item.provider, options);
  const mine = found.map(shown);
  const python = item.diagnostics.map(shown);
  diagnostics += python.length;
  const kind = item.source.split(/[ /]/)[0];
  bySource.set(kind, (bySource.get(kind) ?? 0) + 1);
  if (JSON.stringify(mine) === JSON.stringify(python)) continue;
  if (process.env.DUMP) fs.appendFileSync(process.env.DUMP, JSON.stringify({ source: item.source, python: item.diagnostics, mine: found }) + "\n");
  disagreements += 1;
  if (disagreements <= Number(process.env.SHOW ?? 15)) {
    console.log(`DISAGREE ${item.source}${item.provider ? ` (${item.provider})` : ""}`);
    console.log(`  transcript: ${JSON.stringify(item.transcript).slice(0, 600)}`);
    if (item.tools !== undefined) console.log(`  tools: ${JSON.stringify(item.tools).slice(0, 300)}`);
    console.log(`  python:  ${python.join("\n           ")}`);
    console.log(`  package: ${mine.join("\n           ")}`);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const counts = [...bySource].map(([kind, count]) => `${count} ${kind}`).join(", ");
console.log(
  `differential: ${lines.length} cases (${counts}), ${diagnostics} diagnostics of Python; ` +
    `${disagreements} disagreements (${seconds} s)`,
);
process.exitCode = disagreements === 0 ? 0 : 1;
