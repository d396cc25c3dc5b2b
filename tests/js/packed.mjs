// The npm package as a user gets it: the tarball `npm pack` made, installed into a fresh
// folder with npm, used from plain JavaScript and from TypeScript (tsc --strict).
//
//   node packed.mjs TARBALL TSC [PAGE...]
//
// TSC: the path of the TypeScript compiler's bin/tsc (the package's pinned devDependency).
// PAGE: Markdown pages (the repository's README.md, docs/guide/other-languages.md) whose
// TypeScript examples of the package (```ts blocks) are then compiled and run too, each
// as it is written, and must print what their comments say.
// Exit status 0 when both programs type-check, run and print what they must.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [tarball, tsc, ...pages] = process.argv.slice(2).map((file) => path.resolve(file));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "agent-ir-packed-"));
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: folder, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], ...options });

fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball]);
const installed = JSON.parse(fs.readFileSync(path.join(folder, "node_modules", "agent-ir", "package.json"), "utf8"));
assert.deepEqual(Object.keys(installed.dependencies), ["ajv", "re2js"], "the package depends on Ajv and RE2 only");
// What npm shows and ships: the licence text, and a README with no link out of the package
// (npm renders it where ../ leads nowhere).
const packageFolder = path.join(folder, "node_modules", "agent-ir");
assert.match(fs.readFileSync(path.join(packageFolder, "LICENSE"), "utf8"), new RegExp(`^${installed.license} License`));
assert.doesNotMatch(fs.readFileSync(path.join(packageFolder, "README.md"), "utf8"), /\]\((?:\.\.\/|\/)/);

const TRANSCRIPT = `[
  {"role": "user", "id": "m0", "content": "What is the weather in Paris?"},
  {"role": "assistant", "id": "m1", "content": [
    {"type": "toolCall", "id": "call_1", "name": "get_weather", "arguments": {"city": "Paris"}}]},
  {"role": "toolResult", "id": "m2", "toolCallId": "call_2", "toolName": "get_weather", "content": "18 C", "isError": false}
]`;

// Plain JavaScript: no types, the same calls.
fs.writeFileSync(
  path.join(folder, "plain.mjs"),
  `import { validateTranscript, parseTranscript, checkWireRules, TranscriptError } from "agent-ir";
const transcript = ${TRANSCRIPT};
const found = validateTranscript(transcript);
console.log(JSON.stringify(found.map((d) => [d.code, d.messageIndex, d.path])));
transcript[2].toolCallId = "call_1";
console.log(parseTranscript(transcript).length);
console.log(JSON.stringify(checkWireRules(transcript, "anthropic")));
try { parseTranscript("not a transcript"); } catch (error) { console.log(error instanceof TranscriptError, error.diagnostics[0].code); }
console.log(JSON.stringify(validateTranscript(null)[0].code));
`,
);
const plain = run("node", ["plain.mjs"]).trim().split("\n");
assert.deepEqual(plain, [
  '[["MISSING_TOOL_RESULT",1,"/1/content/0"],["ORPHAN_TOOL_RESULT",2,"/2/toolCallId"]]',
  "3",
  "[]",
  "true INVALID_TRANSCRIPT",
  '"INVALID_TRANSCRIPT"',
]);

// TypeScript, strict: the declarations of the functions and of the schema types.
fs.writeFileSync(
  path.join(folder, "typed.ts"),
  `import { validateTranscript, parseTranscript, checkWireRules, TranscriptError } from "agent-ir";
import type { Diagnostic, DiagnosticCode, Message, Provider, ValidateOptions } from "agent-ir";
import type { Message as AnthropicReply, Usage as AnthropicUsage } from "agent-ir/wire/anthropic";

const transcript: unknown = JSON.parse(${JSON.stringify(TRANSCRIPT)});
const options: ValidateOptions = { tools: [{ name: "get_weather" }], allowPending: false };
const found: Diagnostic[] = validateTranscript(transcript, options);
const codes: DiagnosticCode[] = found.map((d) => d.code);
console.log(codes.join(" "));
const provider: Provider = "openai-chat";
console.log(checkWireRules(transcript, provider).length);
try {
  const messages: Message[] = parseTranscript(transcript);
  console.log(messages.length);
} catch (error) {
  if (error instanceof TranscriptError) console.log(error.diagnostics.length);
}
// The wire formats' declarations (types only): a count is a number.
const usage: AnthropicUsage = { input_tokens: 3, output_tokens: 5 };
// @ts-expect-error: a count given as a string
const wrong: AnthropicUsage = { input_tokens: "3" };
const reply = JSON.parse('{"usage": {"input_tokens": 3}}') as AnthropicReply;
console.log(usage.output_tokens, reply.usage?.input_tokens, typeof wrong);
try {
  // @ts-expect-error: not a registered provider
  checkWireRules(transcript, "openai");
} catch (error) {
  console.log(error instanceof TypeError);
}
`,
);
fs.writeFileSync(
  path.join(folder, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", outDir: "out", types: [] },
    files: ["typed.ts"],
  }),
);
run("node", [tsc, "-p", "tsconfig.json"]);
const typed = run("node", [path.join("out", "typed.js")]).trim().split("\n");
assert.deepEqual(typed, ["MISSING_TOOL_RESULT ORPHAN_TOOL_RESULT", "2", "2", "5 3 object", "true"]);

// The pages' examples, as they are written there.
for (const page of pages) {
  const examples = [...fs.readFileSync(page, "utf8").matchAll(/^```ts\n(.*?)^```$/gms)].map((match) => match[1]);
  assert.ok(examples.length > 0, `${page} holds no TypeScript example`);
  for (const example of examples) {
    assert.ok(example.includes("validateTranscript"), `${page}: an example of the package`);
    fs.writeFileSync(path.join(folder, "readme.ts"), example);
    const config = JSON.parse(fs.readFileSync(path.join(folder, "tsconfig.json"), "utf8"));
    fs.writeFileSync(path.join(folder, "tsconfig.json"), JSON.stringify({ ...config, files: ["readme.ts"] }));
    run("node", [tsc, "-p", "tsconfig.json"]);
    const printed = run("node", [path.join("out", "readme.js")]).trim().split("\n");
    const promised = [...example.matchAll(/^\/\/ (\d+ [A-Z_]+ \S+)$/gm)].map((match) => match[1]);
    assert.deepEqual(printed, promised, `${page}: the example prints what its comments say`);
  }
}

fs.rmSync(folder, { recursive: true, force: true });
console.log(`packed: ${path.basename(tarball)} installed into a fresh folder, used from JavaScript and TypeScript (strict)`);
