// Writes src/schemas.generated.ts: the v1 JSON Schemas of the repository, embedded in
// the package so that it needs no file system at run time. Run by `npm run build`
// (after npm ci):
//
//   node scripts/embed-schemas.mjs [SCHEMA_DIR]   (default: ../../schemas/v1)
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(here, "..", "..", "..", "schemas", "v1"));
const schemas = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith(".schema.json"))
  .sort()
  .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
// Ajv's draft-06 meta-schema (tool parameters may name draft 6 or 4): embedded too, so
// that the package imports no JSON file.
const draft06 = JSON.parse(
  fs.readFileSync(createRequire(import.meta.url).resolve("ajv/dist/refs/json-schema-draft-06.json"), "utf8"),
);
const text =
  "// DO NOT EDIT: written by scripts/embed-schemas.mjs from schemas/v1 at build time.\n" +
  "export const SCHEMAS: readonly Record<string, any>[] = " +
  JSON.stringify(schemas) +
  ";\n" +
  "export const DRAFT_06: Record<string, any> = " +
  JSON.stringify(draft06) +
  ";\n";
fs.writeFileSync(path.join(here, "..", "src", "schemas.generated.ts"), text);
