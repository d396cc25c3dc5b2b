// The v1 JSON Schemas, embedded at build time (scripts/embed-schemas.mjs), and the one
// strict Ajv that compiles them, created on first use and kept.
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import { SCHEMAS } from "./schemas.generated.js";

export const ID_BASE = "https://agent-ir.dev/schemas/v1/";
export const MESSAGE_REF = `${ID_BASE}message.schema.json#/$defs/Message`;
export const TIMESTAMP_REF = `${ID_BASE}message.schema.json#/$defs/Timestamp`;
export const TOOL_DEFINITION_REF = `${ID_BASE}transcript.schema.json#/$defs/ToolDefinition`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaNode = Record<string, any>;

export const DOCUMENTS: ReadonlyMap<string, SchemaNode> = new Map(SCHEMAS.map((schema) => [schema.$id as string, schema]));

/** The diagnostic codes in the order of the enum (the order of codes at one place). */
export const CODE_ORDER: readonly string[] = DOCUMENTS.get(`${ID_BASE}diagnostic.schema.json`)!.$defs.DiagnosticCode.enum;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** The strict Ajv holding every schema under its $id (no network), `discriminator` and
 * `x-code` registered as annotations. */
export function schemaAjv(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: true, logger: false });
    ajv.addVocabulary(["discriminator", "x-code"]);
    for (const schema of SCHEMAS) ajv.addSchema(schema);
  }
  return ajv;
}

/** The compiled validator of the schema at `key` (a $id with a JSON Pointer fragment). */
export function validatorOf(key: string): ValidateFunction {
  let found = validators.get(key);
  if (found === undefined) {
    found = schemaAjv().getSchema(key);
    if (found === undefined) throw new Error(`agent-ir: no schema ${key}`);
    validators.set(key, found);
  }
  return found;
}
