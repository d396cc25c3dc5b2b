// Tool definitions: reading them, and checking each call against the tool it names
// (src/agent_ir/validation/_tools.py). A definition that is malformed, declares a name an earlier
// one declared, or whose parameters is no JSON Schema is one INVALID_TOOL_DEFINITION
// (with its toolIndex); a call naming no tool is UNDECLARED_TOOL; arguments its tool's
// parameters refuse are TOOL_ARGUMENTS_MISMATCH, one per failing keyword.
import { Ajv2020 } from "ajv/dist/2020.js";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { Diagnostic } from "../index.js";
import { RE2JS } from "re2js";
import { compareCodePoints } from "./text.js";
import { diagnostic, formatPath, type Path } from "./diagnostics.js";
import { forRe2 } from "./patternDialect.js";
import { argumentSize, DESCENDING, IN_PLACE, jsonBytes, LIMITS, readProfile, type PatternPlace } from "./toolProfile.js";
import { DRAFT_06 } from "./schemas.generated.js";
import { brokenBlocks, toolCallBlocks } from "./linkage.js";
import { hasOwn, isObject, MAX_DEPTH, type Problem } from "./shape.js";
import { cut, isBlank, quoted } from "./text.js";
import { fill, keyOrder, type Facts } from "./sentences.js";

interface Tool {
  readonly position: number;
  readonly validate: ValidateFunction | null; // null: any arguments object
  readonly broken: boolean;
  /** its patterns as compiled -> as written (what the sentences quote) */
  readonly originals: ReadonlyMap<string, string>;
  /** the most subschemas its parameters evaluate at one place */
  readonly widest: number;
}

/** The tools of one transcript, read once. */
export interface Tools {
  /** each declared name, in the order declared */
  readonly byName: Map<string, Tool>;
  /** the INVALID_TOOL_DEFINITION diagnostics */
  readonly problems: Diagnostic[];
  /** false when the tools as a whole are not an array: then no call is checked */
  readonly readable: boolean;
  /** each definition, or null when it is malformed */
  readonly definitions: (Record<string, unknown> | null)[];
}

const FIELDS = ["name", "description", "parameters", "strict"];
const MOST_DECLARED_SHOWN = 5;

/** The first value of a definition JSON cannot hold: a lone surrogate, a number that is
 * not finite, containers nested too deeply (counted from `parameters`). */
function firstReadProblem(value: unknown, at: (string | number)[]): [Path, string] | null {
  if (typeof value === "string") return value.isWellFormed() ? null : [at, "holds a lone surrogate (not valid Unicode)"];
  if (typeof value === "number") return Number.isFinite(value) ? null : [at, "must be a finite number"];
  if (typeof value !== "object" || value === null) return null;
  const offset = at[0] === "parameters" ? 1 : 0;
  if (at.length >= MAX_DEPTH + offset) return [at, `is nested deeper than ${MAX_DEPTH} levels`];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = firstReadProblem(value[index], [...at, index]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (!key.isWellFormed()) return [[...at, key], "holds a lone surrogate (not valid Unicode)"];
    const found = firstReadProblem((value as Record<string, unknown>)[key], [...at, key]);
    if (found !== null) return found;
  }
  return null;
}

// The JSON type each field of a ToolDefinition must have.
const FIELD_TYPES: Record<string, (value: unknown) => boolean> = {
  name: (value) => typeof value === "string",
  description: (value) => typeof value === "string",
  parameters: (value) => isObject(value),
  strict: (value) => typeof value === "boolean",
};

/** The one problem of a malformed definition, or null when it is well-formed: what
 * reading it as JSON refuses first, else the error jsonschema's best_match picks (the
 * shallowest: a missing name, then an unknown field; then the wrong field whose name is
 * the greatest). */
function definitionProblem(entry: unknown): [Path, string] | null {
  const read = firstReadProblem(entry, []);
  // at the place read, named as Python names it (_tools._problem)
  if (read !== null) return [read[0], `${formatPath(read[0]) || "the tool definition"} ${read[1]}`];
  if (!isObject(entry)) return [[], `the tool definition must be an object, not ${entry === null ? "null" : Array.isArray(entry) ? "array" : typeof entry}`];
  if (!hasOwn(entry, "name")) return [["name"], "name is missing (a tool definition needs it)"];
  const unknown = Object.keys(entry).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) return [[unknown], `${unknown} is not a field of a tool definition (its fields: ${FIELDS.join(", ")})`];
  // jsonschema's relevance prefers, among the fields, the greatest name ("strict" over
  // "parameters" over "name" over "description"): the fields' names are ASCII
  const wrong = FIELDS.filter((field) => hasOwn(entry, field) && !FIELD_TYPES[field](entry[field]));
  if (typeof entry.name === "string" && isBlank(entry.name)) wrong.push("name");
  if (wrong.length === 0) return null;
  const field = wrong.sort().at(-1)!;
  if (field === "name" && typeof entry.name === "string") return [["name"], "name must hold a character other than whitespace"];
  return [[field], `${field} is not valid: it must be ${field === "parameters" ? "a JSON object" : field === "strict" ? "a boolean" : "a string"}`];
}

/** The name a definition declares even when it is malformed (its calls are then not
 * UNDECLARED_TOOL): a string with a visible character, read (a key holding a lone
 * surrogate makes the whole definition unreadable, as in Python). */
function readableName(entry: unknown): string | null {
  if (!isObject(entry) || Object.keys(entry).some((key) => !key.isWellFormed())) return null;
  const name = entry.name;
  return typeof name === "string" && !isBlank(name) && name.isWellFormed() ? name : null;
}

interface Outcome {
  readonly validate: ValidateFunction | null;
  readonly path: Path;
  readonly reason: string;
  readonly originals?: ReadonlyMap<string, string>;
  readonly widest?: number;
}

function draft06(): Ajv {
  const ajv = new Ajv(OPTIONS);
  ajv.addMetaSchema(DRAFT_06);
  return ajv;
}

const DRAFT_07 = "http://json-schema.org/draft-07/schema";

/** Ajv for draft 7, judging a schema by the published draft-07 meta-schema (the one
 * jsonschema-rs holds): Ajv's copy keeps draft 6's `enum` (minItems 1, uniqueItems),
 * which draft 7 dropped: its values SHOULD be unique, and a schema repeating one, or
 * listing none, is still valid (docs/tool-schemas.md). */
function draft07(): Ajv {
  const ajv = new Ajv(OPTIONS);
  const held = ajv.schemas[DRAFT_07]?.schema;
  if (!isObject(held) || !isObject(held.properties) || !isObject(held.properties.enum)) return ajv;
  const { minItems: _fewest, uniqueItems: _unique, ...values } = held.properties.enum;
  ajv.removeSchema(DRAFT_07);
  ajv.addMetaSchema({ ...held, properties: { ...held.properties, enum: values } }, DRAFT_07, false);
  return ajv;
}

interface Dialect {
  readonly make: () => Ajv;
  /** the $schema Ajv knows it by */
  readonly id: string;
}

// The dialects jsonschema-rs knows, by $schema without its scheme and final "#" (it
// takes http and https alike). Draft 4 is read as draft 6 once its differences are
// written the draft-6 way (`drafted04`).
const DIALECTS: Record<string, Dialect> = {
  "json-schema.org/draft/2020-12/schema": { make: () => new Ajv2020(OPTIONS), id: "https://json-schema.org/draft/2020-12/schema" },
  "json-schema.org/schema": { make: () => new Ajv2020(OPTIONS), id: "https://json-schema.org/draft/2020-12/schema" },
  "json-schema.org/draft/2019-09/schema": { make: () => new Ajv2019(OPTIONS), id: "https://json-schema.org/draft/2019-09/schema" },
  "json-schema.org/draft-07/schema": { make: draft07, id: "http://json-schema.org/draft-07/schema#" },
  "json-schema.org/draft-06/schema": { make: draft06, id: "http://json-schema.org/draft-06/schema#" },
  "json-schema.org/draft-04/schema": { make: draft06, id: "http://json-schema.org/draft-06/schema#" },
};
const DEFAULT_DIALECT = DIALECTS["json-schema.org/draft/2020-12/schema"];

function dialectOf(uri: string): Dialect | undefined {
  const match = /^https?:\/\/(.*?)#?$/.exec(uri);
  return match === null ? undefined : DIALECTS[match[1]];
}

/** The first problem of a draft-4 schema that draft 6 reads otherwise: a boolean
 * exclusiveMinimum/exclusiveMaximum needs its minimum/maximum (reported at the schema
 * holding it), and must be a boolean (at the keyword). */
function draft04Problem(schema: unknown, at: (string | number)[]): (string | number)[] | null {
  if (Array.isArray(schema)) {
    for (let index = 0; index < schema.length; index += 1) {
      const found = draft04Problem(schema[index], [...at, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isObject(schema)) return null;
  for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]]) {
    if (hasOwn(schema, exclusive) && !hasOwn(schema, bound)) return at;
    if (hasOwn(schema, exclusive) && typeof schema[exclusive] !== "boolean") return [...at, exclusive];
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === "enum" || key === "const" || key === "default" || key === "examples") continue;
    const found = draft04Problem(value, [...at, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A draft-4 schema written as draft 6: a boolean exclusiveMinimum/exclusiveMaximum
 * beside minimum/maximum becomes the number, and `id` becomes `$id`. */
function drafted04(schema: unknown, root = true): unknown {
  if (Array.isArray(schema)) return schema.map((item) => drafted04(item, false));
  if (!isObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = key === "enum" || key === "const" ? value : drafted04(value, false);
  for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]]) {
    if (copy[exclusive] === true && typeof copy[bound] === "number") {
      copy[exclusive] = copy[bound];
      delete copy[bound];
    } else if (copy[exclusive] === false) {
      delete copy[exclusive];
    }
  }
  if (typeof copy.id === "string" && !hasOwn(copy, "$id")) {
    copy.$id = copy.id;
    delete copy.id;
  }
  return copy;
}

// A tool's parameters are the user's JSON Schema, not agent-ir's: not strict, format an
// annotation, every error reported.
// Every pattern reaching Ajv is a translation of the profile's dialect, matched by RE2
// (re2js): linear time, whatever the pattern and the string.
// (Ajv keeps one matcher per `toString()`: each names its pattern.)
const regExp = (pattern: string): { test: (text: string) => boolean; toString: () => string } => {
  const compiled = RE2JS.compile(pattern);
  return { test: (text: string) => compiled.matcher(text).find(), toString: () => `re2:${pattern}` };
};
regExp.code = 'require("re2js").RE2JS';
// ownProperties: a name is read from the arguments only when they hold it (never from
// Object.prototype: "constructor", "toString"...).
// verbose: each error carries the failing value and the keyword's value, which its
// sentence is built from (src/sentences.ts).
// process: Ajv keeps the names an unevaluatedProperties keyword finds evaluated (when
// patternProperties or a combinator finds them as the data is read) in a plain object,
// and reads a name from it: "toString", "isPrototypeOf" and every other name of
// Object.prototype was evaluated, and "__proto__" could never be recorded. Each such
// object is made without a prototype (seed 32's draw 6070).
const withoutPrototypes = (code: string): string =>
  code
    .replace(/\b(props\d+) = \{\};/g, "$1 = Object.create(null);")
    .replace(/\b(props\d+) = \1 \|\| \{\};/g, "$1 = $1 || Object.create(null);");
const OPTIONS = { strict: false, validateFormats: false, allErrors: true, logger: false, ownProperties: true, verbose: true, code: { regExp, process: withoutPrototypes } } as const;

/** multipleOf as jsonschema-rs reads it: on the numbers as written (their shortest
 * decimal form), exactly; 0.07 is a multiple of 0.01. */
function exactMultiples(ajv: Ajv): Ajv {
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({ keyword: "multipleOf", type: "number", schemaType: "number", errors: false, validate: (divisor: number, value: number) => isMultiple(value, divisor) });
  // const and enum compared as JSON, own members only (Ajv's equal calls a "toString"
  // or "valueOf" member it finds, and throws); an empty enum matches nothing
  ajv.removeKeyword("const");
  ajv.removeKeyword("enum");
  // uniqueItems compared as JSON (Ajv's keeps the strings it saw as keys of a plain
  // object, where "__proto__" is never seen twice), in the meta-schemas too
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword({ keyword: "uniqueItems", schemaType: "boolean", errors: false, validate: (unique: boolean, value: unknown) => !unique || !Array.isArray(value) || distinct(value) });
  ajv.addKeyword({ keyword: "const", errors: false, validate: (expected: unknown, value: unknown) => jsonEqual(expected, value) });
  ajv.addKeyword({ keyword: "enum", schemaType: "array", errors: false, validate: (values: unknown[], value: unknown) => values.some((expected) => jsonEqual(expected, value)) });
  return ajv;
}

/** Whether no two of `items` are equal as JSON. */
function distinct(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = canonical(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** A JSON value's text with every object's keys sorted: equal texts, equal values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (!isObject(value)) return JSON.stringify(value) ?? "null";
  const keys = Object.keys(value).sort(compareCodePoints);
  return "{" + keys.map((key) => JSON.stringify(key) + ":" + canonical(value[key])).join(",") + "}";
}

/** Two JSON values equal as JSON (numbers by value, objects whatever their order). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

function decimal(value: number): [bigint, number] {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value))!;
  const digits = BigInt(match[1] + match[2] + (match[3] ?? ""));
  return [digits, Number(match[4] ?? 0) - (match[3] ?? "").length];
}

function isMultiple(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return true;
  const [a, p] = decimal(value);
  const [b, q] = decimal(divisor);
  const low = Math.min(p, q);
  const x = a * 10n ** BigInt(p - low);
  const y = b * 10n ** BigInt(q - low);
  return x % y === 0n;
}

const CACHE_SIZE = 512;
const compiled = new Map<string, Outcome>();

function compileParameters(parameters: Record<string, unknown>): Outcome {
  const key = JSON.stringify(parameters);
  let found = compiled.get(key);
  if (found === undefined) {
    found = compileOnce(parameters);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, found);
  }
  return found;
}

function compileOnce(parameters: Record<string, unknown>): Outcome {
  const profile = readProfile(parameters, jsonBytes(parameters));
  if (profile.refusal !== null) {
    const where = ["parameters", ...profile.refusal.path];
    return { validate: null, path: where, reason: `${formatPath(where)} ${profile.refusal.reason}` };
  }
  const originals = new Map<string, string>();
  parameters = compiledForm(parameters, profile.patterns, originals) as Record<string, unknown>;
  // a $ref into an unevaluatedProperties (unevaluatedItems) subschema would miss it once
  // it is wrapped
  const text = JSON.stringify(parameters);
  const wrap = new Set(["unevaluatedProperties", "unevaluatedItems"].filter((keyword) => !text.includes(keyword + "/")));
  parameters = besideRefs(parameters, profile.dialect, originals);
  // the meta-schema judges the parameters with every keyword where it is written (draft
  // 7's beside a $ref too, which adjusted leaves out: seed 28's draw 3699; an
  // unevaluatedProperties subschema unwrapped: draw 7960)
  const written = parameters;
  const anchors = compiledAnchors(written, profile.anchors, originals, profile.dialect);
  parameters = adjusted(parameters, profile.dialect, anchors, wrap) as Record<string, unknown>;
  notePlaces(parameters);
  try {
    const outcome = compileChecked(parameters, written);
    if (outcome.validate !== null || outcome.path[0] !== "parameters") return { ...outcome, originals, widest: profile.widest };
    // a place inside the parameters as written, not in their compiled form
    return { ...outcome, path: ["parameters", ...writtenParts(outcome.path.slice(1).map(String), originals)] };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { validate: null, path: ["parameters"], reason: `parameters could not be compiled as a JSON Schema (${cut(text)})` };
  }
}

/** The parameters with each pattern translated for RE2, the unasserted ones left out
 * (src/agent_ir/validation/_tool_patterns.py): an unasserted pattern keyword is removed; the
 * unasserted patternProperties keys are replaced by one key matching every name, holding
 * true. Two patterns with the same translation are told apart (an empty group added).
 * Only the containers on the way are copied. */
function compiledForm(parameters: unknown, patterns: readonly PatternPlace[], originals: Map<string, string>): unknown {
  if (patterns.length === 0) return parameters;
  const root = shallow(parameters);
  const copies = new Map<string, any>([["[]", root]]);
  const names = new Map<string, string>(); // translation written -> taken
  const given = new Map<string | null, string>();
  const nameOf = (original: string | null, translated: string): string => {
    let name = given.get(original);
    if (name === undefined) {
      name = forRe2(translated);
      while (names.has(name)) name += "(?:)";
      names.set(name, "");
      given.set(original, name);
      if (original !== null) originals.set(name, original);
    }
    return name;
  };
  const at = (path: Path): any => {
    let node = root;
    for (let depth = 1; depth <= path.length; depth += 1) {
      const key = JSON.stringify(path.slice(0, depth));
      let copy = copies.get(key);
      if (copy === undefined) {
        copy = shallow(node[path[depth - 1]]);
        node[path[depth - 1]] = copy;
        copies.set(key, copy);
      }
      node = copy;
    }
    return node;
  };
  const keys = new Map<string, [Path, Map<string, PatternPlace>]>();
  for (const place of patterns) {
    if (place.key) {
      const key = JSON.stringify(place.schema);
      if (!keys.has(key)) keys.set(key, [place.schema, new Map()]);
      keys.get(key)![1].set(place.pattern, place);
      continue;
    }
    const schema = at(place.schema);
    if (place.reading.translated === null) delete schema.pattern;
    else schema.pattern = nameOf(place.pattern, place.reading.translated);
  }
  // Deepest first: a key rewritten above a nested patternProperties would take away the
  // name its path goes through.
  const deepestFirst = [...keys.values()].sort(([a], [b]) => b.length - a.length);
  for (const [path, places] of deepestFirst) {
    const schema = at(path);
    const written: Record<string, unknown> = {};
    let unasserted = false;
    for (const [key, value] of Object.entries(schema.patternProperties as Record<string, unknown>)) {
      const translated = places.get(key)!.reading.translated;
      if (translated === null) unasserted = true;
      else Object.defineProperty(written, nameOf(key, translated), { value, enumerable: true, writable: true, configurable: true });
    }
    if (unasserted) Object.defineProperty(written, nameOf(null, ""), { value: true, enumerable: true, writable: true, configurable: true });
    schema.patternProperties = written;
  }
  return root;
}

/** The parameters with each draft-07 $ref whose target is inside a keyword beside
 * another $ref (which draft 7 ignores, so adjusted leaves it out; jsonschema-rs still
 * finds the target there) pointed at a copy of the target in `definitions`, under a name
 * `originals` reads back as the place written (writtenParts). */
function besideRefs(parameters: Record<string, unknown>, dialect: string, originals: Map<string, string>): Record<string, unknown> {
  if (dialect !== "draft-07" || !JSON.stringify(parameters).includes('"$ref"')) return parameters;
  const inPlace = IN_PLACE[dialect];
  const descending = DESCENDING[dialect];
  const ignored = (node: unknown, key: string): boolean =>
    isObject(node) && hasOwn(node, "$ref") && (ASSERTIONS.includes(key) || inPlace.has(key) || descending.has(key));
  const moved = new Map<string, [string, unknown]>(); // pointer -> [name, copy]
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isObject(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, held] of Object.entries(value)) {
      let written: unknown = LITERALS.includes(key) ? held : rewrite(held);
      if (key === "$ref" && typeof held === "string" && held.startsWith("#/")) {
        const target = targetBeside(parameters, held.slice(1), ignored);
        if (target !== undefined) {
          let entry = moved.get(held);
          if (entry === undefined) {
            entry = [`agent-ir:beside-$ref:${moved.size}`, null];
            moved.set(held, entry);
            entry[1] = rewrite(target);
          }
          written = "#/definitions/" + encodeURIComponent(entry[0]);
        }
      }
      define(copy, key, written);
    }
    return copy;
  };
  const root = rewrite(parameters) as Record<string, unknown>;
  if (moved.size === 0 || (hasOwn(root, "definitions") && !isObject(root.definitions))) return parameters;
  const definitions: Record<string, unknown> = {};
  if (isObject(root.definitions)) for (const [name, held] of Object.entries(root.definitions)) define(definitions, name, held);
  for (const [pointer, [name, copy]] of moved) {
    define(definitions, name, copy);
    originals.set(name, pointer);
  }
  define(root, "definitions", definitions);
  return root;
}

/** The value at a $ref's JSON Pointer when the way there goes through a keyword
 * `ignored` beside a $ref; otherwise undefined. */
function targetBeside(root: unknown, fragment: string, ignored: (node: unknown, key: string) => boolean): unknown {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  let node = root;
  let through = false;
  for (const part of decoded.slice(1).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    if (ignored(node, key)) through = true;
    node = (node as Record<string, unknown>)[key];
  }
  return through ? node : undefined;
}

// The keywords Ajv evaluates beside a draft-07 $ref, which draft 7 ignores.
const ASSERTIONS = ["type", "enum", "const", "required", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
  "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems", "minProperties",
  "maxProperties"];

/** The parameters as Ajv must read them to judge as jsonschema-rs does (a copy):
 * `enum: []` matches nothing (Ajv refuses the schema); `items: false` after prefixItems
 * (2020-12) refuses each item beyond them at its own place (Ajv: once at the array);
 * a draft-07 $ref is evaluated alone; a $ref to an anchor is written as the JSON Pointer
 * the profile resolved it to, and $anchor left out (Ajv refuses a name given twice,
 * jsonschema-rs takes the first, and Ajv reads $anchor in draft 7 too). */
function adjusted(schema: unknown, dialect: string, anchors: ReadonlyMap<string, Path>, wrap: ReadonlySet<string>, root: unknown = schema): unknown {
  if (!isObject(schema)) return schema;
  const inPlace = IN_PLACE[dialect];
  const descending = DESCENDING[dialect];
  const copy: Record<string, unknown> = {};
  const alone = dialect === "draft-07" && hasOwn(schema, "$ref");
  for (const [key, value] of Object.entries(schema)) {
    if (alone && (ASSERTIONS.includes(key) || inPlace.has(key) || descending.has(key))) continue;
    const form = key === "$defs" || key === "definitions" ? "map" : inPlace.get(key) ?? descending.get(key)?.[0];
    let written: unknown = value;
    if (form === "map" && isObject(value)) {
      const map: Record<string, unknown> = {};
      for (const [name, held] of Object.entries(value)) define(map, name, adjusted(held, dialect, anchors, wrap, root));
      written = map;
    } else if ((form === "list" || Array.isArray(value)) && form !== undefined && Array.isArray(value)) {
      written = value.map((held) => adjusted(held, dialect, anchors, wrap, root));
    } else if (form !== undefined) {
      written = adjusted(value, dialect, anchors, wrap, root);
      if ((key === "unevaluatedProperties" || key === "unevaluatedItems") && wrap.has(key) && isObject(written)) {
        // jsonschema-rs: one unevaluatedProperties error at the object, naming each
        // property its subschema refused, whatever route (a $ref restarts Ajv's schema
        // path) the refusal took inside it; Ajv gives none of its own: an anyOf of the
        // one subschema gives one at each property refused (UNEVALUATED). The same for
        // unevaluatedItems: one error at the array counting the items refused (seed 33's
        // draw 6528)
        written = { anyOf: [written] };
        UNEVALUATED.add(written as object);
      }
    } else if (key === "$anchor") {
      continue; // references to anchors are written as JSON Pointers (Ajv refuses a name twice)
    } else if (key === "$ref" && typeof value === "string" && /^#[^/]/.test(value) && anchors.has(value.slice(1))) {
      const place = anchors.get(value.slice(1))!.map(String);
      written = movedPointer(root, place, dialect) ?? "#" + place.map((part) => "/" + part.replaceAll("~", "~0").replaceAll("/", "~1")).join("");
    } else if (key === "$ref" && typeof value === "string" && value.startsWith("#/") && value.includes("__proto__")) {
      written = movedPointer(root, pointerPath(value.slice(1)).map(String), dialect) ?? value;
    } else if (typeof value === "object" && value !== null && !LITERALS.includes(key)) {
      // a keyword the dialect does not evaluate: no schema to jsonschema-rs, but Ajv
      // still reads the anchors inside it (and refuses a malformed one)
      written = withoutAnchors(value);
    } else if (key === "enum" && Array.isArray(value) && value.length === 0) {
      written = [{ [EMPTY_ENUM]: [] }];
    }
    if (key === "items" && value === false && dialect === "2020-12" && hasOwn(schema, "prefixItems")) {
      written = { not: true };
      FALSE_ITEMS.add(written as object); // its errors are a false schema's
    }
    define(copy, key, written);
  }
  // Ajv leaves a property named "__proto__" out of properties: the same schema, as the
  // pattern matching that name only, is evaluated at the same place
  const properties = copy.properties;
  if (isObject(properties) && hasOwn(properties, "__proto__") && !(alone && dialect === "draft-07")) {
    const held = properties.__proto__;
    const rest: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(properties)) if (name !== "__proto__") define(rest, name, value);
    const patterns: Record<string, unknown> = {};
    const given = copy.patternProperties;
    if (isObject(given)) for (const [name, value] of Object.entries(given)) define(patterns, name, value);
    const only = PROTO_PATTERN;
    define(patterns, only, hasOwn(patterns, only) ? { allOf: [patterns[only], held] } : held);
    define(copy, "properties", rest);
    define(copy, "patternProperties", patterns);
  }
  return copy;
}

/** A $ref to `place` in the parameters as written, as a JSON Pointer into what adjusted
 * makes of them: through each properties.__proto__ it moves into patternProperties
 * (Ajv read "#/properties/__proto__" from Object.prototype: a schema allowing anything;
 * an anchor inside it was "outside them", seed 33's draw 4540); null when the way
 * passes none. */
function movedPointer(root: unknown, place: readonly string[], dialect: string): string | null {
  const written: string[] = [];
  let node: unknown = root;
  let next: PartKind = "schema";
  let moved = false;
  for (let index = 0; index < place.length; index += 1) {
    const part = place[index];
    const properties = isObject(node) ? node.properties : undefined;
    const alone = dialect === "draft-07" && isObject(node) && hasOwn(node, "$ref");
    if (next === "schema" && part === "properties" && place[index + 1] === "__proto__" && isObject(properties) && hasOwn(properties, "__proto__") && !alone) {
      const patterns = (node as Record<string, unknown>).patternProperties;
      written.push("patternProperties", encodeURIComponent(PROTO_PATTERN));
      if (isObject(patterns) && hasOwn(patterns, PROTO_PATTERN)) written.push("allOf", "1");
      node = properties.__proto__;
      index += 1;
      moved = true;
      continue;
    }
    written.push(part.replaceAll("~", "~0").replaceAll("/", "~1"));
    const held: unknown = Array.isArray(node) ? node[Number(part)] : isObject(node) && hasOwn(node, part) ? node[part] : undefined;
    next = nextPart(next, part, held, dialect);
    node = held;
  }
  return moved ? "#/" + written.join("/") : null;
}

type PartKind = "schema" | "name" | "index" | "data";

/** What the part after `part` (a part of a path in some parameters, of kind `kind`,
 * naming `held`) is: a keyword of a schema, a name in a map of schemas, an index in a
 * list of them, or data. */
function nextPart(kind: PartKind, part: string, held: unknown, dialect: string): PartKind {
  if (kind === "data") return "data";
  if (kind !== "schema") return "schema";
  if (["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"].includes(part)) return "name";
  if (IN_PLACE[dialect].get(part) === "list" || DESCENDING[dialect].get(part)?.[0] === "list" || (part === "items" && Array.isArray(held))) return "index";
  return IN_PLACE[dialect].has(part) || DESCENDING[dialect].has(part) ? "schema" : "data";
}

/** The place of each anchor in the compiled form of the parameters: each key of
 * patternProperties on the way as compiled (`originals`: as compiled -> as written), so
 * that the JSON Pointer adjusted writes for a $ref to the anchor is in them (seed 37's
 * draw 2779: it was "outside them"). */
function compiledAnchors(root: unknown, anchors: ReadonlyMap<string, Path>, originals: ReadonlyMap<string, string>, dialect: string): ReadonlyMap<string, Path> {
  if (originals.size === 0) return anchors;
  const compiled = new Map<string, string>([...originals].map(([name, written]) => [written, name]));
  const found = new Map<string, Path>();
  for (const [name, path] of anchors) {
    const place: (string | number)[] = [];
    let node: unknown = root;
    let kind: PartKind = "schema";
    let after = "";
    for (const part of path) {
      const text = String(part);
      const key = kind === "name" && after === "patternProperties" ? compiled.get(text) ?? text : text;
      place.push(typeof part === "number" ? part : key);
      const held: unknown = Array.isArray(node) ? node[Number(key)] : isObject(node) && hasOwn(node, key) ? node[key] : undefined;
      kind = nextPart(kind, key, held, dialect);
      after = key;
      node = held;
    }
    found.set(name, place);
  }
  return found;
}

// The keywords whose value is data, not schemas.
const LITERALS = ["const", "enum", "default", "examples", "required", "type"];

/** `value` with every $anchor and $id member left out, at any depth (the containers
 * copied): a keyword the dialect does not evaluate holds no schema, whose $id Ajv would
 * still read (seed 35's draw 848: draft 7's unevaluatedProperties giving "#x" twice
 * was "resolves to more than one schema"). */
function withoutAnchors(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnchors);
  if (!isObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, held] of Object.entries(value)) if (key !== "$anchor" && key !== "$id") define(copy, key, withoutAnchors(held));
  return copy;
}

/** The only value of the enum written for `enum: []` (Ajv refuses an empty enum). */
const EMPTY_ENUM = "\u0000agent-ir: an empty enum matches nothing";

/** The `{ anyOf: [subschema] }` written for an unevaluatedProperties or unevaluatedItems
 * subschema. */
const UNEVALUATED = new WeakSet<object>();

/** The `{ not: true }` written for a false `items` after prefixItems. */
const FALSE_ITEMS = new WeakSet<object>();

/** The pattern written for properties.__proto__ (read back as it: schemaParts). */
const PROTO_PATTERN = "^(?:__proto__)$";

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function shallow(container: any): any {
  if (Array.isArray(container)) return [...container];
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(container)) {
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** The validator of `parameters` (as Ajv must read them: `adjusted`), or why there is
 * none; `written`: the same parameters with every keyword where it is written, which
 * the meta-schema judges. */
function compileChecked(parameters: Record<string, unknown>, written: Record<string, unknown> = parameters): Outcome {
  const dialectValue = parameters.$schema;
  let dialect = DEFAULT_DIALECT;
  if (dialectValue !== undefined) {
    const known = typeof dialectValue === "string" ? dialectOf(dialectValue) : undefined;
    if (known === undefined) return unknownDialect(parameters, dialectValue);
    dialect = known;
    parameters = { ...parameters, $schema: known.id };
    written = { ...written, $schema: known.id };
  }
  const ajv = exactMultiples(dialect.make());
  if (typeof dialectValue === "string" && dialectOf(dialectValue) === DIALECTS["json-schema.org/draft-04/schema"]) {
    const problem = draft04Problem(parameters, []);
    if (problem !== null) return { validate: null, path: ["parameters", ...problem], reason: "parameters is not a valid draft-4 JSON Schema" };
    parameters = drafted04(parameters) as Record<string, unknown>;
    written = drafted04(written) as Record<string, unknown>;
  }
  const refused = metaProblem(ajv, written, dialect.id === DEFAULT_DIALECT.id);
  if (refused !== null) return refused;
  try {
    return { validate: ajv.compile(withoutRootId(parameters)), path: [], reason: "" };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const missing = (error as { missingRef?: string }).missingRef;
    if (missing !== undefined) {
      return {
        validate: null,
        path: ["parameters"],
        reason: `parameters refers to ${quoted(missing)}, outside them: a $ref is resolved inside the tool's parameters only, never fetched`,
      };
    }
    return { validate: null, path: ["parameters"], reason: `parameters could not be compiled as a JSON Schema (${cut(text)})` };
  }
}

/** `parameters` without its root $id, for Ajv: the profile's references are local, so
 * the base it names resolves none, and Ajv's URI parser refused some URI references
 * jsonschema-rs accepts (`urn:x`: "URN without nid cannot be serialized"). */
function withoutRootId(parameters: Record<string, unknown>): Record<string, unknown> {
  if (!hasOwn(parameters, "$id")) return parameters;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parameters)) if (key !== "$id") define(copy, key, value);
  return copy;
}

/** The problem of parameters whose meta-schema refuses them; null when it accepts them.
 * Its sentence is the one of the meta-schema's keyword that failed first, filled from
 * the table the mismatch sentences are (src/keywordSentences.ts) with the keyword's value
 * in the meta-schema and the failing value: Python's words (_tools._invalid_outcome),
 * never Ajv's. */
function metaProblem(ajv: Ajv, parameters: Record<string, unknown>, vocabularies = true): Outcome | null {
  if (ajv.validateSchema(parameters)) return null;
  const first = firstMetaError(ajv.errors ?? [], vocabularies);
  if (first === undefined) {
    return { validate: null, path: ["parameters"], reason: `parameters is not a valid JSON Schema: ${cut(ajv.errorsText(ajv.errors))}` };
  }
  const [keyword, facts] = factsOf(first, new Map(), pointerPath(first.schemaPath.replace(/^#/, "")).map(String));
  if (!Object.hasOwn(facts, "value")) facts.value = first.data;
  return {
    validate: null,
    path: ["parameters", ...pointerPath(first.instancePath)],
    reason: `parameters is not a valid JSON Schema: ${fill(keyword, facts)}`,
  };
}

/** The error of a meta-schema jsonschema-rs gives first (Python's refusal): the one of
 * a failing anyOf, none of the errors inside it (draft 7's items, dependencies, type),
 * and the first place in its walk, which takes the keywords of a schema in code-point
 * order (its maps are sorted), Draft 2020-12's vocabularies one after the other
 * (`vocabularies`; ORDER); Ajv walks the meta-schema in its own order (seed 31's draw
 * 1287: "$id": true and a repeated name in $defs/toString/required). */
function firstMetaError(errors: readonly ErrorObject[], vocabularies: boolean): ErrorObject | undefined {
  const failing = errors.filter((error) => error.keyword === "anyOf").map((error) => error.instancePath);
  // inside one: below its place, or at it (nothing else of a meta-schema applies there)
  const inside = (error: ErrorObject, outer: string): boolean =>
    error.instancePath.startsWith(outer + "/") || (error.keyword !== "anyOf" && error.instancePath === outer);
  const reported = errors.filter((error) => !failing.some((outer) => inside(error, outer)));
  const keyed = reported.map((error) => [metaOrder(pointerPath(error.instancePath), vocabularies), error] as const);
  keyed.sort((a, b) => compareOrders(a[0], b[0]));
  return keyed[0]?.[1];
}

/** The vocabularies of Draft 2020-12, in the order its meta-schema's allOf lists them
 * (core, applicator, unevaluated, validation, meta-data, format-annotation, content);
 * a keyword of none is one of the deprecated ones its own properties list after. */
const ORDER = new Map<string, number>(
  [
    ["$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs"],
    ["prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties", "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not"],
    ["unevaluatedItems", "unevaluatedProperties"],
    ["type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired"],
    ["title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples"],
    ["format"],
    ["contentEncoding", "contentMediaType", "contentSchema"],
  ].flatMap((keywords, rank) => keywords.map((keyword) => [keyword, rank] as const)),
);
const META_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
const META_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
const META_ONE = new Set(["not", "if", "then", "else", "items", "additionalItems", "additionalProperties", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema"]);

/** A place in a schema as jsonschema-rs's walk of the meta-schema meets it: per part, a
 * keyword's rank ([vocabulary, name]), a name's or an index's. */
function metaOrder(path: readonly (string | number)[], vocabularies: boolean): (string | number)[][] {
  const order: (string | number)[][] = [];
  let state: "schema" | "map" | "list" | "data" = "schema";
  for (const part of path) {
    const text = String(part);
    const index = /^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : null;
    if (state === "list" && index === null) state = "schema"; // draft 7's items: one schema
    if (state === "schema") {
      order.push([vocabularies ? (ORDER.get(text) ?? ORDER.size) : 0, text]);
      state = META_MAPS.has(text) ? "map" : META_LISTS.has(text) ? "list" : META_ONE.has(text) ? "schema" : "data";
    } else if (state === "list" && index !== null) {
      order.push([index]);
      state = "schema";
    } else {
      order.push(index === null || state === "map" ? [text] : [index]);
      state = state === "map" ? "schema" : "data";
    }
  }
  return order;
}

function compareOrders(a: readonly (string | number)[][], b: readonly (string | number)[][]): number {
  for (let at = 0; at < Math.min(a.length, b.length); at += 1) {
    for (let part = 0; part < Math.min(a[at].length, b[at].length); part += 1) {
      const x = a[at][part], y = b[at][part];
      const order = typeof x === "number" && typeof y === "number" ? x - y : compareCodePoints(String(x), String(y));
      if (order !== 0) return order;
    }
    if (a[at].length !== b[at].length) return a[at].length - b[at].length;
  }
  return a.length - b.length;
}

/** Parameters naming a dialect jsonschema-rs does not know: checked against Draft
 * 2020-12 first (as jsonschema-rs does), then refused at $schema (nothing is fetched),
 * or as a whole for an unknown json-schema.org meta-schema. */
function unknownDialect(parameters: Record<string, unknown>, dialect: unknown): Outcome {
  const { $schema: _, ...rest } = parameters;
  // a $schema that is no string is the first thing Draft 2020-12 refuses
  const refused = typeof dialect === "string" ? metaProblem(DEFAULT_DIALECT.make(), rest) : null;
  if (refused !== null) return refused;
  if (typeof dialect === "string" && /^https?:\/\/json-schema\.org\//.test(dialect)) {
    return { validate: null, path: ["parameters"], reason: `parameters is not a valid JSON Schema: unknown meta-schema ${quoted(dialect)}` };
  }
  return {
    validate: null,
    path: ["parameters", "$schema"],
    reason: `parameters.$schema names an unknown JSON Schema dialect (${quoted(dialect)})`,
  };
}

function pointerPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The tools of `value` (an array of tool definitions in JSON form); never throws. */
export function readTools(value: unknown): Tools {
  if (!Array.isArray(value)) {
    const kind = value === null ? "null" : typeof value === "object" ? "object" : typeof value;
    const problem = diagnostic("INVALID_TOOL_DEFINITION", -1, [], `tools must be an array of tool definitions, not ${kind}`);
    return { byName: new Map(), problems: [problem], readable: false, definitions: [] };
  }
  const byName = new Map<string, Tool>();
  const problems: Diagnostic[] = [];
  const definitions: (Record<string, unknown> | null)[] = [];
  value.forEach((entry: unknown, index: number) => {
    const wrong = definitionProblem(entry);
    let broken = wrong !== null;
    let validate: ValidateFunction | null = null;
    let originals: ReadonlyMap<string, string> = new Map();
    let widest = 0;
    if (wrong !== null) {
      problems.push(diagnostic("INVALID_TOOL_DEFINITION", -1, wrong[0], wrong[1], index));
      definitions.push(null);
    } else {
      const definition = entry as Record<string, unknown>;
      const name = definition.name as string;
      definitions.push(definition);
      const first = byName.get(name);
      if (first !== undefined) {
        const reason = `tool name ${quoted(name)} is already declared by tool ${first.position}`;
        problems.push(diagnostic("INVALID_TOOL_DEFINITION", -1, ["name"], reason, index));
        broken = true;
      } else if (definition.parameters !== undefined) {
        const outcome = compileParameters(definition.parameters as Record<string, unknown>);
        if (outcome.validate === null) {
          problems.push(diagnostic("INVALID_TOOL_DEFINITION", -1, outcome.path, outcome.reason, index));
          broken = true;
        }
        validate = outcome.validate;
        originals = outcome.originals ?? originals;
        widest = outcome.widest ?? 0;
      }
    }
    const name = readableName(entry);
    if (name !== null && !byName.has(name)) byName.set(name, { position: index, validate, broken, originals, widest });
  });
  return { byName, problems, readable: true, definitions };
}

/** The keyword errors of Ajv as jsonschema-rs reports them: one per failing keyword,
 * not the errors inside a composite keyword (anyOf, oneOf, not, if/then) that failed. */
function keywordErrors(errors: readonly ErrorObject[], root: unknown): ErrorObject[] {
  const kept = errors.filter((error) => error.keyword !== "if" && error.keyword !== "propertyNames");
  const composite = kept
    .filter((error) => COMPOSITE.includes(error.keyword))
    .map((error) => error.schemaPath + "/");
  const inside = insideComposites(kept, root);
  const found = kept.filter((error, index) => !inside.has(index) && !composite.some((prefix) => error.schemaPath.startsWith(prefix)));
  // jsonschema-rs reports additionalProperties once per object, required once per
  // missing property, a propertyNames keyword once per name refused
  const seen = new Set<string>();
  return found.filter((error) => {
    const params = error.params as { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string };
    const name = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty ?? null;
    // a name refused through a $ref Ajv compiles apart (propertyNames: {$ref: "#"}) has
    // no propertyName: the name is its data (seed 37's draw 597)
    const refusedName = error.propertyName ?? (typeof error.data === "string" ? error.data : null);
    const key = JSON.stringify([error.instancePath, error.schemaPath, refusedName, name]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const COMPOSITE = ["anyOf", "oneOf", "not", "contains"];

/** The subschemas a composite keyword's value reaches (reachedFrom), by that value. */
const REACHED = new WeakMap<object, Set<unknown>>();

/** The positions of the errors Ajv gives inside a composite keyword that failed by a
 * $ref (its schema path restarts at the target, so it does not start with the
 * keyword's): Ajv gives a composite keyword's error right after those of its
 * subschemas, so they are the errors just before it, at or below its place, whose
 * subschema is one its subschemas reach (through $ref too). */
function insideComposites(errors: readonly ErrorObject[], root: unknown): Set<number> {
  const inside = new Set<number>();
  errors.forEach((error, index) => {
    if (!COMPOSITE.includes(error.keyword) || !isObject(error.parentSchema)) return;
    const held = (error.parentSchema as Record<string, unknown>)[error.keyword];
    let reached = typeof held === "object" && held !== null ? REACHED.get(held) : undefined;
    if (reached === undefined) {
      reached = reachedFrom(held, root);
      if (typeof held === "object" && held !== null) REACHED.set(held, reached);
    }
    // a $ref beside the keyword, evaluated before it at the same place, gives the same
    // errors at that place as the same target reached inside it: they are its own
    const parent = error.parentSchema as Record<string, unknown>;
    const beside = ["$ref", "$dynamicRef"].some((key) => typeof parent[key] === "string") ? reachedFrom({ $ref: parent.$ref, $dynamicRef: parent.$dynamicRef }, root) : new Set<unknown>();
    const below = error.instancePath + "/";
    for (let before = index - 1; before >= 0; before -= 1) {
      const earlier = errors[before];
      if (earlier.instancePath !== error.instancePath && !earlier.instancePath.startsWith(below)) break;
      // another name of the propertyNames it is in: the errors before are that name's
      if (error.propertyName !== undefined && earlier.propertyName !== undefined && earlier.propertyName !== error.propertyName) break;
      if (earlier.schemaPath.startsWith(error.schemaPath + "/")) continue; // inside it as written (a false subschema of it)
      if (!reached.has(holderOf(earlier))) break;
      if (earlier.instancePath === error.instancePath && beside.has(holderOf(earlier))) continue;
      inside.add(before);
    }
  });
  return inside;
}

/** Every subschema object within `schema`, following each local $ref into `root`, and
 * the place ("#/$defs/x", decoded) of each boolean subschema a $ref reaches. */
function reachedFrom(schema: unknown, root: unknown): Set<unknown> {
  const reached = new Set<unknown>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || reached.has(value)) continue;
    reached.add(value);
    for (const [key, held] of Object.entries(value)) {
      if ((key === "$ref" || key === "$dynamicRef") && typeof held === "string" && held.startsWith("#") && !Array.isArray(value)) {
        const target = resolvedPointer(root, held.slice(1));
        if (typeof target === "boolean") reached.add(decodedPlace(held));
        stack.push(target);
      } else stack.push(held);
    }
  }
  return reached;
}

/** What `reachedFrom` holds for the subschema an error is in: its object, or for a
 * false subschema a $ref reached (Ajv compiles it apart: its schema path restarts at
 * it, "#/$defs/x/false schema", and its parent schema is `false`), its place (seed 34's
 * draw 9412: a oneOf failing by such a $ref gave that error too). */
function holderOf(error: ErrorObject): unknown {
  if (error.keyword !== "false schema" || typeof error.parentSchema === "object") return error.parentSchema;
  return decodedPlace(error.schemaPath.replace(/\/false schema$/, ""));
}

function decodedPlace(reference: string): string {
  try {
    return decodeURIComponent(reference);
  } catch {
    return reference;
  }
}

/** The value at a JSON Pointer (URI-fragment encoded) in `root`, or undefined. */
function resolvedPointer(root: unknown, fragment: string): unknown {
  let decoded = fragment;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  if (decoded === "") return root;
  if (!decoded.startsWith("/")) return undefined;
  let node: unknown = root;
  for (const part of decoded.slice(1).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The path of an Ajv error inside the arguments: its instancePath, exact (Python maps
 * jsonschema-rs's paths, which read a key such as "007" as an index and leave empty keys
 * out, back onto the arguments: _paths.exact_path, and where that leaves several places,
 * jsonschema-rs's evaluation output: _tools._Located). */
function argumentsPath(pointer: string): (string | number)[] {
  return pointerPath(pointer);
}

function declared(tools: Tools): string {
  const names = [...tools.byName.keys()];
  if (names.length === 0) return "none is declared";
  const shown = names.slice(0, MOST_DECLARED_SHOWN).map((name) => quoted(name)).join(", ");
  const more = names.length - MOST_DECLARED_SHOWN;
  return `declared: ${shown}` + (more > 0 ? ` and ${more} more` : "");
}

function checkCall(tools: Tools, messageIndex: number, blockIndex: number, call: Record<string, any>): Diagnostic[] {
  const tool = tools.byName.get(call.name);
  if (tool === undefined) {
    const reason = `tool call ${quoted(call.id)} names ${quoted(call.name)}, which no tool declares (${declared(tools)})`;
    return [diagnostic("UNDECLARED_TOOL", messageIndex, ["content", blockIndex, "name"], reason)];
  }
  if (tool.broken || tool.validate === null) return [];
  let valid: boolean;
  try {
    valid = tool.validate(call.arguments) as boolean;
  } catch {
    valid = true; // never reached by a schema of the profile; a throw is no verdict
  }
  if (valid) return [];
  const [values, text] = argumentSize(call.arguments);
  const cost = (values * LIMITS.value_bytes + text) * tool.widest;
  if (cost > LIMITS.explained_work) {
    const reason = `the arguments of tool call ${quoted(call.id)} do not match the parameters of tool ${tool.position} (${cut(call.name)}); the places are not listed: explaining them would cost ${cost} bytes (${values} values at ${LIMITS.value_bytes} and ${text} bytes of text, times the ${tool.widest} subschemas evaluated at one place), more than the ${LIMITS.explained_work} explained per tool call`;
    return [diagnostic("TOOL_ARGUMENTS_MISMATCH", messageIndex, ["content", blockIndex, "arguments"], reason)];
  }
  const found = new Map<string, [Path, string[], string, string]>();
  const named = new Map<string, Named>(); // the sentences listing names, by place
  const errors = keywordErrors(tool.validate.errors ?? [], tool.validate.schema);
  // the properties an unevaluatedProperties subschema refused: what Ajv says at or
  // below them by a $ref inside it is that refusal
  const refused = errors
    .filter((error) => error.keyword === "anyOf" && UNEVALUATED.has(error.parentSchema as object))
    .map((error) => error.instancePath + "/");
  for (const error of errors) {
    let where: Path = argumentsPath(error.instancePath);
    let schemaPath = schemaParts(error, tool.originals);
    if (error.keyword === "anyOf" && UNEVALUATED.has(error.parentSchema as object)) {
      addName(named, where.slice(0, -1), schemaPath.slice(0, -1), schemaPath.at(-2)!, String(where.at(-1)));
      continue;
    }
    if (refused.some((prefix) => (error.instancePath + "/").startsWith(prefix))) continue;
    const unevaluated = unevaluatedObject(where, schemaPath);
    if (unevaluated !== null) {
      // jsonschema-rs: one unevaluatedProperties error at the object, naming each
      // property that failed in it
      const [object, keywordPath] = unevaluated;
      addName(named, object, keywordPath, "unevaluatedProperties", String(where[object.length]));
      continue;
    }
    const params = error.params as Record<string, unknown>;
    if (error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties") {
      addName(named, where, schemaPath, error.keyword, String(params.additionalProperty ?? params.unevaluatedProperty));
      continue;
    }
    if (error.keyword === "false schema" && schemaPath.at(-1) === "propertyNames") {
      addName(named, where, schemaPath, "propertyNames/falseSchema", String(error.data));
      continue;
    }
    if (error.keyword === "contains") schemaPath = containsBound(error, schemaPath, tool.validate.errors ?? []);
    const [keyword, facts] = factsOf(error, tool.originals, schemaPath);
    if (!Object.hasOwn(facts, "value")) facts.value = error.data;
    const sentence = fill(keyword, facts);
    const key = JSON.stringify([where, schemaPath, sentence]);
    if (!found.has(key)) found.set(key, [where, schemaPath, keywordOf(schemaPath), sentence]);
  }
  for (const { where, schemaPath, keyword, names } of named.values()) {
    const sentence = fill(keyword, keyword === "unevaluatedItems" ? { count: new Set(names).size } : { unexpected: keyOrder([...new Set(names)]) });
    found.set(JSON.stringify([where, schemaPath, sentence]), [where, schemaPath, keywordOf(schemaPath), sentence]);
  }
  const mismatches = [...found.values()].sort(mismatchOrder);
  const shown = mismatches.slice(0, LIMITS.errors_per_call);
  const head = `the arguments of tool call ${quoted(call.id)} do not match the parameters of tool ${tool.position} (${cut(call.name)})`;
  const listed = shown.map(([where, schemaPath, keyword, sentence]) => {
    const reason = `${head}: ${sentence} (keyword ${keyword} at ${pointer(schemaPath)} of the parameters)`;
    return diagnostic("TOOL_ARGUMENTS_MISMATCH", messageIndex, ["content", blockIndex, "arguments", ...where], reason);
  });
  if (mismatches.length > shown.length) {
    const reason = `${head} in ${mismatches.length - shown.length} more places not listed (at most ${LIMITS.errors_per_call} are listed per tool call)`;
    listed.push(diagnostic("TOOL_ARGUMENTS_MISMATCH", messageIndex, ["content", blockIndex, "arguments"], reason));
  }
  return listed;
}

interface Named {
  readonly where: Path;
  readonly schemaPath: string[];
  readonly keyword: string;
  readonly names: string[];
}

/** One more name for the sentence of `keyword` at `where` and `schemaPath`. */
function addName(named: Map<string, Named>, where: Path, schemaPath: string[], keyword: string, name: string): void {
  const key = JSON.stringify([where, schemaPath, keyword]);
  let entry = named.get(key);
  if (entry === undefined) {
    entry = { where, schemaPath, keyword, names: [] };
    named.set(key, entry);
  }
  entry.names.push(name);
}

/** The template of an Ajv error (src/keywordSentences.ts) and the facts it is filled
 * with: the keyword's value, the failing value (Python's _tools._facts). */
function factsOf(error: ErrorObject, originals: ReadonlyMap<string, string>, schemaPath: readonly string[]): [string, Facts] {
  const params = error.params as Record<string, any>;
  const schema = error.schema as any;
  switch (error.keyword) {
    case "contains": {
      const bound = schemaPath.at(-1)!;
      return bound === "contains" ? ["contains", {}] : [bound, { limit: params[bound] }];
    }
    case "type":
      return ["type", { types: (Array.isArray(schema) ? [...schema] : [schema]).sort(compareCodePoints) }];
    case "enum":
      return Array.isArray(schema) && schema.length === 1 && isObject(schema[0]) && hasOwn(schema[0], EMPTY_ENUM)
        ? ["enum/empty", {}]
        : ["enum", { options: schema }];
    case "const":
      return ["const", { expected: schema }];
    case "required":
    case "dependentRequired":
    case "dependencies":
      return ["required", { property: params.missingProperty }];
    case "multipleOf":
      return ["multipleOf", { limit: schema }];
    case "pattern":
      return ["pattern", { pattern: originals.get(params.pattern) ?? params.pattern }];
    case "oneOf":
      return [params.passingSchemas ? "oneOf/several" : "oneOf", {}];
    case "not":
      return FALSE_ITEMS.has(error.parentSchema as object) ? ["falseSchema", {}] : ["not", {}];
    case "false schema":
      return ["falseSchema", {}];
    case "unevaluatedItems":
      return ["unevaluatedItems", { count: (error.data as unknown[]).length - params.limit }];
    case "additionalItems":
      return ["additionalItems", { limit: params.limit, count: (error.data as unknown[]).length - params.limit }];
    default:
      return [error.keyword, params.limit === undefined ? {} : { limit: params.limit }];
  }
}

/** The place of a failing `contains` as jsonschema-rs gives it: at minContains when
 * the schema has one and too few items are valid under contains, at maxContains when
 * too many are; else at contains. The valid items are those no error of the contains
 * schema is at (Ajv gives each item's errors, with allErrors). */
function containsBound(error: ErrorObject, schemaPath: string[], errors: readonly ErrorObject[]): string[] {
  const params = error.params as { minContains?: number; maxContains?: number };
  const parent = error.parentSchema as Record<string, unknown> | undefined;
  const items = error.data as unknown[];
  const inside = error.schemaPath + "/";
  const failing = new Set<string>();
  for (const other of errors) {
    if (!other.schemaPath.startsWith(inside) || !other.instancePath.startsWith(error.instancePath + "/")) continue;
    failing.add(other.instancePath.slice(error.instancePath.length + 1).split("/")[0]);
  }
  const valid = items.length - failing.size;
  const tooFew = valid < (params.minContains ?? 1);
  const bound = tooFew ? "minContains" : "maxContains";
  if (parent === undefined || !hasOwn(parent, bound)) return schemaPath;
  return [...schemaPath.slice(0, -1), bound];
}

/** The place of every object in the compiled form of some parameters (`notePlaces`):
 * Ajv's schemaPath of an error inside a subschema it compiles as a function of its own
 * (a recursive $ref's target) starts at that subschema, not at the parameters. */
const PLACES = new WeakMap<object, readonly string[]>();

function notePlaces(root: unknown): void {
  const stack: [unknown, string[]][] = [[root, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value !== "object" || value === null || PLACES.has(value)) continue;
    PLACES.set(value, path);
    for (const [key, held] of Object.entries(value)) stack.push([held, [...path, key]]);
  }
}

/** Ajv's schema path `parts` from the parameters: a path from the target of a recursive
 * $ref (Ajv's function for it starts there: it does not start with the place of the
 * subschema holding the keyword, `parentSchema`) is written from the parameters, by that
 * place, which its part inside the subschema ends. */
function fromTheParameters(parts: string[], error: ErrorObject): string[] {
  const holder = error.parentSchema;
  const place = typeof holder === "object" && holder !== null ? PLACES.get(holder) : undefined;
  if (place === undefined || place.every((part, index) => part === parts[index])) return parts;
  for (let tail = 1; tail < parts.length; tail += 1) {
    const inside = parts.slice(0, parts.length - tail);
    if (inside.length > place.length) continue;
    const start = place.length - inside.length;
    if (inside.every((part, index) => part === place[start + index])) return [...place, ...parts.slice(parts.length - tail)];
  }
  // the path starts at the subschema, or names another one: a $ref Ajv inlined where it
  // is written ("#/$defs/a/type" for the type of the $defs/b that $defs/a refers to:
  // seed 35's draw 1054); the keyword is at the subschema's own place
  return [...place, ...parts.slice(-1)];
}

/** The place in the parameters of an Ajv error, as Python names it: its schemaPath's
 * parts decoded (Ajv writes them URI-encoded), each pattern as written, the pattern
 * written for properties.__proto__ read back as it, the `{ not: true }` written for a
 * false `items` and Ajv's "false schema" part left out. */
function schemaParts(error: ErrorObject, originals: ReadonlyMap<string, string>): string[] {
  const parts = error.schemaPath.split("/").slice(1).map((part) => {
    let decoded = part;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      // kept as Ajv wrote it
    }
    return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
  });
  if (parts.at(-1) === "false schema") parts.pop();
  if (error.keyword === "not" && FALSE_ITEMS.has(error.parentSchema as object)) parts.pop();
  return writtenParts(fromTheParameters(parts, error), originals);
}

/** A path in the compiled form of the parameters as a path in them as written: each
 * patternProperties key as written, the one written for properties.__proto__ read back
 * as it. */
function writtenParts(parts: string[], originals: ReadonlyMap<string, string>): string[] {
  if (parts[0] === "definitions" && parts.length > 1 && parts[1].startsWith("agent-ir:beside-$ref:") && originals.has(parts[1])) {
    const pointer = originals.get(parts[1])!.slice(2).split("/").map((part) => decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"));
    parts = [...pointer, ...parts.slice(2)];
  }
  for (let index = 0; index + 1 < parts.length; index += 1) {
    if (parts[index] !== "patternProperties") continue;
    if (parts[index + 1] === PROTO_PATTERN) parts.splice(index, 2, "properties", "__proto__");
    else parts[index + 1] = originals.get(parts[index + 1]) ?? parts[index + 1];
  }
  return parts;
}

/** The keyword a place in the parameters is at (Python's _tools._keyword): the last
 * part that is neither an index nor a name under a keyword naming subschemas. */
function keywordOf(schemaPath: readonly string[]): string {
  let keyword = "schema";
  for (let index = 0; index < schemaPath.length; index += 1) {
    const part = schemaPath[index];
    if (/^[0-9]+$/.test(part)) continue;
    keyword = part;
    if (NAMING.has(part)) index += 1;
  }
  return keyword;
}

const NAMING = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies", "dependentRequired"]);

function pointer(path: readonly string[]): string {
  return path.map((part) => "/" + part.replaceAll("~", "~0").replaceAll("/", "~1")).join("") || "/";
}

// The keywords that move one level down in the arguments (propertyNames stays: Ajv
// gives its errors at the object).
const DOWN = new Set(["properties", "patternProperties", "additionalProperties", "items", "prefixItems", "contains", "unevaluatedItems", "unevaluatedProperties", "additionalItems"]);
const NAMED = new Set(["properties", "patternProperties", "prefixItems", "dependentSchemas", "$defs", "definitions", "allOf", "anyOf", "oneOf"]);

/** For an error Ajv gives inside an unevaluatedProperties subschema (at a property, or
 * below it), the object holding that property and the keyword's place; else null. The
 * levels below the property are counted along the schema path after the keyword (a
 * $ref inside restarts Ajv's schema path: then the object is not found, and the error
 * is kept as Ajv gives it). */
function unevaluatedObject(where: Path, schemaPath: string[]): [Path, string[]] | null {
  const at = schemaPath.lastIndexOf("unevaluatedProperties");
  if (at < 0 || at === schemaPath.length - 1) return null;
  let levels = 1;
  for (let index = at + 1; index < schemaPath.length; index += 1) {
    const keyword = schemaPath[index];
    if (DOWN.has(keyword)) levels += 1;
    if (NAMED.has(keyword) || (keyword === "items" && /^[0-9]+$/.test(schemaPath[index + 1] ?? ""))) index += 1;
  }
  if (levels > where.length) return null;
  return [where.slice(0, where.length - levels), schemaPath.slice(0, at + 1)];
}

/** Python's order of mismatches: by place in the arguments (indexes before keys), then
 * by place in the parameters, then by sentence; strings by code point. */
function mismatchOrder(a: [Path, string[], string, string], b: [Path, string[], string, string]): number {
  const places = compareParts(a[0], b[0]);
  if (places !== 0) return places;
  const schema = compareParts(a[1], b[1]);
  return schema !== 0 ? schema : compareCodePoints(a[3], b[3]);
}

function compareParts(a: Path, b: Path): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const x = a[index], y = b[index];
    if (typeof x === "number" && typeof y === "number") {
      if (x !== y) return x - y;
    } else if (typeof x === "number") return -1;
    else if (typeof y === "number") return 1;
    else {
      const order = compareCodePoints(x, y);
      if (order !== 0) return order;
    }
  }
  return a.length - b.length;
}

/** The diagnostics of every call of the messages (null where malformed: the well-formed
 * calls of the message, given with its problems, are checked). */
export function checkCalls(
  tools: Tools,
  messages: readonly (Record<string, any> | null)[],
  malformed: ReadonlyMap<number, { plain: unknown; problems: readonly Problem[] }>,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  if (!tools.readable) return found;
  messages.forEach((message, messageIndex) => {
    if (message !== null) {
      if (message.role !== "assistant") return;
      (message.content as Record<string, any>[]).forEach((block, blockIndex) => {
        if (block.type === "toolCall") found.push(...checkCall(tools, messageIndex, blockIndex, block));
      });
      return;
    }
    const inspection = malformed.get(messageIndex);
    if (inspection === undefined) return;
    const broken = brokenBlocks(inspection.problems);
    for (const [blockIndex, block] of toolCallBlocks(inspection.plain)) {
      if (!broken.has(blockIndex)) found.push(...checkCall(tools, messageIndex, blockIndex, block));
    }
  });
  return found;
}
