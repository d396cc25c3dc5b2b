// The JavaScript examples of the documentation run as they are written.
//
//   node doc_blocks.mjs REPOSITORY PAGE...
//
// Each ```js block of each Markdown PAGE (a path inside REPOSITORY) is written into a
// fresh folder beside this file (so that it imports the packages installed here: Ajv),
// with `schemas/` holding the v1 schemas as `agent-ir schema --export schemas` writes
// them, and run with node from that folder. What it prints must be what its comments
// promise: each `// ` line right after a line calling console.log is a printed line.
// `nox -s conformance_js` runs it on the pages that hold such blocks, and so does
// tests/test_readme.py when node and Ajv are found.
//
// Exit status 0 when every block printed what it promised; 1 otherwise, naming it.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const [root, ...pages] = process.argv.slice(2);
assert.ok(root && pages.length, "usage: node doc_blocks.mjs REPOSITORY PAGE...");

export function blocks(markdown) {
  return [...markdown.matchAll(/^```js\n(.*?)^```$/gms)].map((match) => match[1]);
}

export function promised(block) {
  const lines = block.split("\n");
  const printed = [];
  lines.forEach((line, index) => {
    if (!line.includes("console.log(")) return;
    for (const next of lines.slice(index + 1)) {
      if (!next.startsWith("// ")) break;
      printed.push(next.slice(3));
    }
  });
  return printed;
}

let ran = 0;
for (const page of pages) {
  const found = blocks(fs.readFileSync(path.join(root, page), "utf8"));
  assert.ok(found.length > 0, `${page} holds no js block`);
  for (const [index, block] of found.entries()) {
    const folder = fs.mkdtempSync(path.join(HERE, "doc-block-"));
    try {
      const schemas = path.join(folder, "schemas");
      fs.mkdirSync(schemas);
      const source = path.join(root, "schemas", "v1");
      for (const name of fs.readdirSync(source).filter((n) => n.endsWith(".schema.json"))) {
        fs.copyFileSync(path.join(source, name), path.join(schemas, name));
      }
      fs.writeFileSync(path.join(folder, "block.mjs"), block);
      const printed = execFileSync("node", ["block.mjs"], { cwd: folder, encoding: "utf8" });
      const expected = promised(block);
      assert.ok(expected.length > 0, `${page} block ${index + 1} promises nothing`);
      assert.deepEqual(printed.trimEnd().split("\n"), expected, `${page} block ${index + 1}`);
      ran += 1;
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
}
console.log(`doc blocks: ${ran} ran as written and printed what they promise`);
