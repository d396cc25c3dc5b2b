// The package's speed on one transcript (measured, not asserted):
//   node speed.mjs PACKAGE_DIST TRANSCRIPT.json [REPEAT]
// prints the best of REPEAT (20) runs of validateTranscript (after one warm-up run, which
// compiles the schemas) in milliseconds, as JSON.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, file, repeat = "20"] = process.argv.slice(2);
const { validateTranscript } = await import(pathToFileURL(path.join(path.resolve(dist), "index.js")).href);
const transcript = JSON.parse(fs.readFileSync(file, "utf8"));
const first = performance.now();
const found = validateTranscript(transcript);
const cold = performance.now() - first;
let best = Infinity;
for (let run = 0; run < Number(repeat); run += 1) {
  const started = performance.now();
  validateTranscript(transcript);
  best = Math.min(best, performance.now() - started);
}
console.log(JSON.stringify({ messages: transcript.length, diagnostics: found.length, coldMs: cold, bestMs: best }));
