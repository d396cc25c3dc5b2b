// Run by codegen/typescript.py: `node compile.mjs BUNDLE.json` prints the declarations
// json-schema-to-typescript makes of the bundled schema (one document, every $defs
// entry of schemas/v1, each reference already written as a tsType).
import fs from "node:fs";

import { compile } from "json-schema-to-typescript";

const bundle = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const declarations = await compile(bundle, bundle.title, {
  bannerComment: "",
  additionalProperties: false,
  declareExternallyReferenced: true,
  enableConstEnums: false,
  format: true,
  strictIndexSignatures: true,
  unreachableDefinitions: true,
  unknownAny: true,
});
process.stdout.write(declarations);
