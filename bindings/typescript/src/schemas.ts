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

// The message schema's Base64Data pattern, (?:[A-Za-z0-9+/]{4})* then a last group,
// overflows the stack of V8's backtracking matcher on a string of about five million
// characters (an image of under 4 MB: a RangeError, once "could not be validated"). It is
// matched by a test of the same language that never recurses: a length that is a
// multiple of 4, and the alphabet but for one or two "=" at the end. Every other pattern
// is V8's RegExp, as Ajv's default.
const BASE64_PATTERN: string = DOCUMENTS.get(`${ID_BASE}message.schema.json`)!.$defs.Base64Data.pattern;
const BASE64_ALPHABET = /^[A-Za-z0-9+/]*$/;

/** Whether `text` is standard padded base64 of at least one byte (Base64Data). */
function isBase64(text: string): boolean {
  const size = text.length;
  if (size === 0 || size % 4 !== 0) return false;
  const body = text.endsWith("==") ? size - 2 : text.endsWith("=") ? size - 1 : size;
  return BASE64_ALPHABET.test(text.slice(0, body));
}

// (Ajv keeps one matcher per `toString()`.)
const regExp = (pattern: string, flags: string): { test: (text: string) => boolean; toString: () => string } =>
  pattern === BASE64_PATTERN ? { test: isBase64, toString: () => `base64:${pattern}` } : new RegExp(pattern, flags);
regExp.code = "new RegExp";

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** The strict Ajv holding every schema under its $id (no network), `discriminator` and
 * `x-code` registered as annotations, Base64Data matched in linear time. */
export function schemaAjv(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: true, logger: false, code: { regExp } });
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
