// The shape of one message: the v1 schema through Ajv (strict), the rules a schema cannot
// say by hand, and where each problem is with its code (fixtures/conformance/README.md,
// "Implementing the shape checks in another language"; Python: src/agent_ir/validation/_explain.py,
// _reference.py, _codes.py).
import { DOCUMENTS, ID_BASE, MESSAGE_REF, TIMESTAMP_REF, validatorOf, type SchemaNode } from "./schemas.js";
import type { Path } from "./diagnostics.js";

export const DEFAULT_CODE = "INVALID_MESSAGE";
/** The JSON objects of a message nest at most this many levels, the object counted as one. */
export const MAX_DEPTH = 64;

/** One thing wrong with a message: where (inside the message), its code, a sentence. */
export interface Problem {
  readonly path: Path;
  readonly code: string;
  readonly reason: string;
}

type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

const OBJECT_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ["toolCall", ["arguments"]],
  ["serverToolCall", ["input", "wire"]],
  ["serverToolResult", ["wire"]],
]);

/** Where a value JSON cannot hold was read: the value (or the whole object holding a
 * bad key) is INVALID in the snapshot, as in agent_ir._jsoncopy. */
export const INVALID: unique symbol = Symbol("INVALID");

const depthOffset = (at: Path): number => (at.length > 2 && at[2] === "citations" ? 5 : 3);

function isPrefix(prefix: Path, at: Path): boolean {
  if (prefix.length > at.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (prefix[index] !== at[index]) return false;
  return true;
}

/** The message read as JSON (agent_ir._jsoncopy.snapshot_json): a copy where each value
 * JSON cannot hold is INVALID, with a problem at its path: a string or key holding a
 * lone surrogate (a bad key makes its whole object INVALID: the keys after it are not
 * read), a number that is not finite, a container nested too deeply. */
function snapshot(message: unknown): { plain: unknown; read: { path: Path; reason: string }[] } {
  if (isReadable(message, 0, false)) return { plain: message, read: [] }; // the usual case: no copy
  const read: { path: Path; reason: string }[] = [];
  const at: (string | number)[] = [];
  const copy = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (value.isWellFormed()) return value;
      read.push({ path: [...at], reason: "holds a lone surrogate (not valid Unicode)" });
      return INVALID;
    }
    if (typeof value === "number") {
      if (Number.isFinite(value)) return value;
      read.push({ path: [...at], reason: "must be a finite number" });
      return INVALID;
    }
    if (value === null || typeof value === "boolean") return value;
    if (!isJsonContainer(value)) {
      read.push({ path: [...at], reason: `must be a JSON value, not ${kindName(value)}` });
      return INVALID;
    }
    if (at.length >= MAX_DEPTH + depthOffset(at)) {
      read.push({ path: [...at], reason: `is nested deeper than ${MAX_DEPTH} levels` });
      return INVALID;
    }
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (let index = 0; index < value.length; index += 1) {
        at.push(index);
        items.push(copy(value[index]));
        at.pop();
      }
      return items;
    }
    const copied: JsonObject = Object.create(null);
    for (const key of Object.keys(value)) {
      if (!key.isWellFormed()) {
        read.push({ path: [...at, key], reason: "has a key holding a lone surrogate (not valid Unicode)" });
        return INVALID;
      }
      at.push(key);
      copied[key] = copy((value as JsonObject)[key]);
      at.pop();
    }
    return copied;
  };
  const plain = copy(message);
  return { plain, read };
}

/** Whether `snapshot` would find nothing under `value` at a path of `length` segments
 * (`citations`: the path's third segment is "citations"). */
function isReadable(value: unknown, length: number, citations: boolean): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (typeof value === "number") return Number.isFinite(value);
  if (value === null || typeof value === "boolean") return true;
  if (!isJsonContainer(value)) return false;
  if (length >= MAX_DEPTH + (citations ? 5 : 3)) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isReadable(item, length + 1, citations)) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (!key.isWellFormed()) return false;
    if (!isReadable((value as JsonObject)[key], length + 1, citations || (length === 2 && key === "citations"))) return false;
  }
  return true;
}

/** An array, or an object whose prototype is Object's or null: what JSON.parse makes
 * (anything else, undefined, a function, a bigint, a Date or a Map, is no JSON value,
 * as Python refuses what is not one). */
function isJsonContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function kindName(value: unknown): string {
  if (typeof value !== "object" || value === null) return typeof value;
  return (value as { constructor?: { name?: string } }).constructor?.name ?? "object";
}

/** The paths of the values that are INVALID in `plain`. */
function invalidPlaces(plain: unknown): Path[] {
  const found: Path[] = [];
  const at: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (value === INVALID) {
      found.push([...at]);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        at.push(index);
        visit(item);
        at.pop();
      });
    } else if (typeof value === "object" && value !== null) {
      for (const key of Object.keys(value)) {
        at.push(key);
        visit((value as JsonObject)[key]);
        at.pop();
      }
    }
  };
  visit(plain);
  return found;
}

/** The JSON objects of a message's blocks in the snapshot (agent_ir.validation._explain's JSON-object
 * rule): [path, value] of each one that is there, whatever its value. */
function jsonObjects(plain: unknown): [Path, unknown][] {
  const found: [Path, unknown][] = [];
  if (!isObject(plain) || !Array.isArray(plain.content)) return found;
  plain.content.forEach((block: unknown, index: number) => {
    if (!isObject(block) || typeof block.type !== "string") return;
    for (const field of OBJECT_FIELDS.get(block.type) ?? []) {
      if (hasOwn(block, field)) found.push([["content", index, field], block[field]]);
    }
    if (block.type === "text" && Array.isArray(block.citations)) {
      block.citations.forEach((citation: unknown, number: number) => {
        if (isObject(citation) && hasOwn(citation, "wire")) {
          found.push([["content", index, "citations", number, "wire"], citation.wire]);
        }
      });
    }
  });
  return found;
}

// A timestamp the schema accepts must name a real date (year 0000 is a leap year; a leap
// second :60 is accepted at any time of day).
function isCalendarDate(timestamp: string): boolean {
  const year = Number(timestamp.slice(0, 4));
  const month = Number(timestamp.slice(5, 7));
  const day = Number(timestamp.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const typeMatches = (value: unknown, type: string): boolean => {
  const actual = jsonType(value);
  return actual === type || (type === "number" && actual === "integer");
};

function typeName(value: unknown): string {
  const type = jsonType(value);
  return type === "integer" ? "number" : type;
}

/** A place in a schema: its document's $id, a JSON Pointer, and the node there. */
interface Place {
  readonly id: string;
  readonly pointer: string;
  readonly node: SchemaNode;
}

function locate(base: string, ref: string): Place {
  // The shipped schemas refer to $defs of their own or another shipped document by a
  // relative URL (no $anchor, no nested $id): a join and a JSON Pointer resolve them.
  const hash = ref.indexOf("#");
  const address = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? "" : decodeURIComponent(ref.slice(hash + 1));
  const id = address === "" ? base : address.includes("://") ? address : base.slice(0, base.lastIndexOf("/") + 1) + address;
  let node = DOCUMENTS.get(id)!;
  for (const part of pointer.split("/").slice(1)) node = node[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  return { id, pointer, node };
}

function child(place: Place, ...parts: (string | number)[]): Place {
  let { node } = place;
  for (const part of parts) node = node[part];
  const escaped = parts.map((part) => String(part).replaceAll("~", "~0").replaceAll("/", "~1"));
  return { id: place.id, pointer: [place.pointer, ...escaped].join("/"), node };
}

function isValid(place: Place, value: unknown): boolean {
  return validatorOf(`${place.id}#${place.pointer}`)(value);
}

function withKeyword(place: Place, keyword: string): Place | null {
  while (!hasOwn(place.node, keyword)) {
    if (!hasOwn(place.node, "$ref")) return null;
    place = locate(place.id, place.node.$ref);
  }
  return place;
}

function xCode(place: Place): string | undefined {
  const owner = withKeyword(place, "x-code");
  return owner === null ? undefined : owner.node["x-code"];
}

const ROOT = locate(ID_BASE, MESSAGE_REF);
const TIMESTAMP = locate(ID_BASE, TIMESTAMP_REF);

/** The union branch `value` is checked against (the schema itself when no union). */
function select(place: Place, value: unknown): Place | null {
  const tagged = withKeyword(place, "discriminator");
  if (tagged !== null) {
    const { propertyName, mapping } = tagged.node.discriminator;
    const tag = isObject(value) && hasOwn(value, propertyName) ? value[propertyName] : undefined;
    return typeof tag === "string" && hasOwn(mapping, tag) ? locate(tagged.id, mapping[tag]) : null;
  }
  const union = withKeyword(place, "anyOf");
  if (union !== null) {
    const branch = union.node.anyOf.findIndex((b: SchemaNode) => typeof b.type === "string" && typeMatches(value, b.type));
    return branch >= 0 ? child(union, "anyOf", branch) : null;
  }
  return place;
}

function member(place: Place, segment: string | number): Place | null {
  const owner = withKeyword(place, typeof segment === "string" ? "properties" : "items");
  if (owner === null) return null;
  if (typeof segment !== "string") return child(owner, "items");
  return hasOwn(owner.node.properties, segment) ? child(owner, "properties", segment) : null;
}

/** The innermost x-code met walking `at` from the message root, choosing union branches
 * by the value's tags (agent_ir.validation._codes.code_for_path). */
export function codeForPath(message: unknown, at: Path): string {
  let code = DEFAULT_CODE;
  let place: Place | null = ROOT;
  let value: unknown = message;
  for (const segment of at) {
    place = select(place, value);
    if (place === null) return code;
    place = member(place, segment);
    if (place === null) return code;
    if (typeof segment === "string") code = xCode(place) ?? code;
    if (typeof segment === "string") value = isObject(value) && hasOwn(value, segment) ? value[segment] : undefined;
    else value = Array.isArray(value) ? value[segment] : undefined;
  }
  return code;
}

// Where a value the schema refuses fails, the way agent-ir's explanation finds it: a
// oneOf with a discriminator picks its branch by the tag, an anyOf the branch of the
// value's JSON type, a missing or unknown property is a problem at its own path.
function walk(place: Place, value: unknown, at: Path, code: string, out: Problem[]): void {
  if (isValid(place, value)) return;
  let { node } = place;
  while (node.$ref !== undefined && node.discriminator === undefined) {
    place = locate(place.id, node.$ref);
    ({ node } = place);
    if (isValid(place, value)) return; // keywords beside $ref are annotations in v1
  }
  const before = out.length;
  if (node.discriminator !== undefined) {
    walkUnion(place, value, at, code, out);
  } else if (node.anyOf !== undefined) {
    const branch = node.anyOf.findIndex((b: SchemaNode) => typeof b.type === "string" && typeMatches(value, b.type));
    if (branch >= 0) walk(child(place, "anyOf", branch), value, at, code, out);
  } else if (node.type === "object" && isObject(value)) {
    walkObject(place, value, at, code, out, null);
  } else if (node.type === "array" && Array.isArray(value) && node.items !== undefined) {
    value.forEach((item, index) => walk(child(place, "items"), item, [...at, index], code, out));
  }
  if (out.length === before) {
    out.push({ path: at, code, reason: refusal(node, value) });
    // jsonschema reports each failing keyword: a value of another type is not in an enum
    if (Array.isArray(node.enum) && typeof node.type === "string" && !typeMatches(value, node.type)) {
      out.push({ path: at, code, reason: `must be one of ${node.enum.map((item: unknown) => JSON.stringify(item)).join(", ")}` });
    }
  }
}

function refusal(node: SchemaNode, value: unknown): string {
  if (typeof node.type === "string" && !typeMatches(value, node.type)) {
    return `must be ${node.type === "object" ? "an" : "a"} ${node.type}, not ${typeName(value)}`;
  }
  if (node.const !== undefined) return `must be ${JSON.stringify(node.const)}`;
  if (Array.isArray(node.enum)) return `must be one of ${node.enum.map((item: unknown) => JSON.stringify(item)).join(", ")}`;
  if (node.description !== undefined && typeof node.description === "string") {
    return `is not valid (${node.description.split(". ")[0].replace(/\.$/, "")})`;
  }
  return "is not valid";
}

function walkUnion(place: Place, value: unknown, at: Path, code: string, out: Problem[]): void {
  const { node } = place;
  const tag: string = node.discriminator.propertyName;
  if (!isObject(value)) return; // reported at `at` by walk
  const mapping = node.discriminator.mapping;
  if (!hasOwn(value, tag)) {
    out.push({ path: [...at, tag], code, reason: "is required" });
    return;
  }
  if (typeof value[tag] !== "string" || !hasOwn(mapping, value[tag] as string)) {
    out.push({ path: [...at, tag], code, reason: `must be one of ${Object.keys(mapping).map((k) => JSON.stringify(k)).join(", ")}` });
    return;
  }
  const branch = locate(place.id, mapping[value[tag] as string]);
  // An if/then beside the union narrows a property of the branch it selects.
  const narrows = node.if !== undefined && isValid(child(place, "if"), value);
  walkObject(branch, value, at, code, out, narrows ? child(place, "then") : null);
}

function walkObject(place: Place, value: JsonObject, at: Path, code: string, out: Problem[], narrowing: Place | null): void {
  const { node } = place;
  const properties: SchemaNode = node.properties ?? {};
  for (const name of (node.required ?? []) as string[]) {
    if (!hasOwn(value, name)) {
      const owned = hasOwn(properties, name) ? child(place, "properties", name) : null;
      out.push({ path: [...at, name], code: (owned && xCode(owned)) ?? code, reason: "is required" });
    }
  }
  for (const name of Object.keys(value)) {
    const item = value[name];
    if (hasOwn(properties, name)) {
      const owned = child(place, "properties", name);
      const memberCode = xCode(owned) ?? code;
      walk(owned, item, [...at, name], memberCode, out);
      const narrowed = narrowing?.node.properties;
      // (a value of another type gets the same sentence from both, which Python merges)
      if (
        narrowed !== undefined &&
        hasOwn(narrowed, name) &&
        (typeof narrowed[name].type !== "string" || typeMatches(item, narrowed[name].type)) &&
        !isValid(child(narrowing!, "properties", name), item)
      ) {
        out.push({ path: [...at, name], code: memberCode, reason: "does not fit the rest of the block" });
      }
    } else if (node.additionalProperties === false) {
      out.push({ path: [...at, name], code, reason: `is not a field here (the fields: ${Object.keys(properties).join(", ")})` });
    } else if (isObject(node.additionalProperties)) {
      walk(child(place, "additionalProperties"), item, [...at, name], code, out);
    }
  }
}

function comparePaths(a: Path, b: Path): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const [x, y] = [a[index], b[index]];
    if (x === y) continue;
    if (typeof x !== typeof y) return typeof x === "string" ? -1 : 1;
    if (typeof x === "number") return x - (y as number);
    const [cx, cy] = [Array.from(x), Array.from(y as string)];
    for (let i = 0; i < Math.min(cx.length, cy.length); i += 1) {
      if (cx[i] !== cy[i]) return cx[i].codePointAt(0)! - cy[i].codePointAt(0)!;
    }
    return cx.length - cy.length;
  }
  return a.length - b.length;
}

/** What reading one message found: its snapshot (INVALID where a value could not be
 * read) and every problem, in Python's order (by path); no problem: it is valid. */
export interface Inspection {
  readonly plain: unknown;
  readonly problems: Problem[];
}

/** Every problem of one message (agent_ir.validation._explain.inspect_message). */
export function inspectMessage(message: unknown): Inspection {
  const { plain, read } = snapshot(message);
  const objects = jsonObjects(plain);
  if (read.length === 0 && objects.every(([, value]) => isObject(value)) && isValidMessage(message)) {
    if (!hasTimestampProblem(plain)) return { plain, problems: [] };
  }
  const found: Problem[] = read.map(({ path, reason }) => ({ path, code: codeForPath(plain, path), reason }));
  for (const [at, value] of objects) {
    if (value === INVALID || read.some((bad) => isPrefix(at, bad.path))) continue;
    if (!isObject(value)) {
      found.push({ path: at, code: codeForPath(plain, at), reason: "must be a JSON object (a mapping), not " + typeName(value) });
    }
  }
  const invalid = read.length === 0 ? [] : invalidPlaces(plain);
  const schemaProblems: Problem[] = [];
  walk(ROOT, message, [], DEFAULT_CODE, schemaProblems);
  for (const problem of schemaProblems) {
    if (invalid.some((place) => isPrefix(place, problem.path))) continue;
    if (objects.some(([at]) => isPrefix(at, problem.path))) continue; // the JSON-object rule's
    found.push(problem);
  }
  if (hasTimestampProblem(plain)) {
    found.push({ path: ["timestamp"], code: DEFAULT_CODE, reason: "is not a real calendar date-time" });
  }
  const unique = new Map(found.map((problem) => [JSON.stringify([problem.path, problem.code, problem.reason]), problem]));
  return { plain, problems: [...unique.values()].sort((a, b) => comparePaths(a.path, b.path)) };
}

/** The Message schema's verdict. Its oneOf's branches each hold one role (the
 * discriminator's mapping): the branch the role selects is checked alone, as valid
 * exactly when the union is (Ajv would try every branch). */
function isValidMessage(message: unknown): boolean {
  const branch = select(ROOT, message);
  return branch !== null ? isValid(branch, message) : isValid(ROOT, message);
}

function hasTimestampProblem(plain: unknown): boolean {
  const timestamp = isObject(plain) ? plain.timestamp : undefined;
  return typeof timestamp === "string" && isValid(TIMESTAMP, timestamp) && !isCalendarDate(timestamp);
}
