// Writes src/schemas.generated.ts: the v1 JSON Schemas of the repository, embedded in
// the package so that it needs no file system at run time. Run by `npm run build`:
//
//   node scripts/embed-schemas.mjs [SCHEMA_DIR]   (default: ../../schemas/v1)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(here, "..", "..", "..", "schemas", "v1"));
const schemas = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith(".schema.json"))
  .sort()
  .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
const text =
  "// DO NOT EDIT: written by scripts/embed-schemas.mjs from schemas/v1 at build time.\n" +
  "export const SCHEMAS: readonly Record<string, any>[] = " +
  JSON.stringify(schemas) +
  ";\n";
fs.writeFileSync(path.join(here, "..", "src", "schemas.generated.ts"), text);
