// The tool-schema profile (src/agent_ir/validation/_tool_profile.py, ported step for step;
// docs/tool-schemas.md states it): which JSON Schemas agent-ir checks tool arguments
// against, decided before a tool's parameters are compiled. The same limits, the same
// constructs, the same first problem (limits and constructs in document order, then
// references, then the work at each place) and the same sentence. Everything is walked
// with explicit stacks, and every key is read with Object.hasOwn or a Map: no schema
// can reach a prototype.
import type { Path } from "./diagnostics.js";
import { readPattern, type Reading } from "./patternDialect.js";
import { quoted } from "./text.js";
import { isUriReference } from "./uriReference.js";

/** The profile's limits (Python's `LIMITS`; tests/test_tool_profile_typescript.py
 * checks they are the same numbers, and the REFUSED and DIALECTS tables). */
export const LIMITS = Object.freeze({
  schema_bytes: 256 * 1024,
  subschemas: 10_000,
  nesting_depth: 48,
  reference_depth: 32,
  unfolded: 1_000,
  enum_values: 1_024,
  literal_bytes: 64 * 1024,
  analysis_steps: 200_000,
  errors_per_call: 32,
  /** what explaining a failing call may cost, in bytes: (value_bytes per value of its
   * arguments + the bytes of their text) x its parameters' widest place; beyond it the
   * places are not listed (Python: jsonschema-rs builds every error at once, each with a
   * copy of the value it is about) */
  explained_work: 32 * 1024 * 1024,
  value_bytes: 2_048,
  /** code points of a pattern once each repetition is written out (patternDialect.ts's
   * PATTERN_SIZE) */
  pattern_size: 4_096,
  /** repetitions of an atom by counted quantifiers, nested ones multiplied
   * (patternDialect.ts's PATTERN_REPEAT) */
  pattern_repeat: 1_000,
});

export const DIALECTS: ReadonlyMap<string, string> = new Map([
  ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
  ["http://json-schema.org/draft-07/schema", "draft-07"],
]);

const ONE = "schema", LIST = "list", MAP = "map";
const OBJECT = "object", ARRAY = "array", KEY = "key";

export const IN_PLACE: Readonly<Record<string, ReadonlyMap<string, string>>> = {
  "2020-12": new Map([
    ["allOf", LIST], ["anyOf", LIST], ["oneOf", LIST], ["not", ONE], ["if", ONE], ["then", ONE], ["else", ONE],
    ["dependentSchemas", MAP],
  ]),
  "draft-07": new Map([
    ["allOf", LIST], ["anyOf", LIST], ["oneOf", LIST], ["not", ONE], ["if", ONE], ["then", ONE], ["else", ONE],
    ["dependencies", MAP],
  ]),
};

export const DESCENDING: Readonly<Record<string, ReadonlyMap<string, readonly [string, string]>>> = {
  "2020-12": new Map([
    ["properties", [MAP, OBJECT]], ["patternProperties", [MAP, OBJECT]], ["additionalProperties", [ONE, OBJECT]],
    ["unevaluatedProperties", [ONE, OBJECT]], ["propertyNames", [ONE, KEY]], ["prefixItems", [LIST, ARRAY]],
    ["items", [ONE, ARRAY]], ["contains", [ONE, ARRAY]], ["unevaluatedItems", [ONE, ARRAY]],
  ]),
  "draft-07": new Map([
    ["properties", [MAP, OBJECT]], ["patternProperties", [MAP, OBJECT]], ["additionalProperties", [ONE, OBJECT]],
    ["propertyNames", [ONE, KEY]], ["items", [ONE, ARRAY]], ["additionalItems", [ONE, ARRAY]], ["contains", [ONE, ARRAY]],
  ]),
};

const DEFINITIONS = new Set(["$defs", "definitions"]);

export const REFUSED: ReadonlyMap<string, string> = new Map([
  ["$dynamicRef", "dynamic references are outside the tool-schema profile"],
  ["$dynamicAnchor", "dynamic references are outside the tool-schema profile"],
  ["$recursiveRef", "recursive references (draft 2019-09) are outside the tool-schema profile"],
  ["$recursiveAnchor", "recursive references (draft 2019-09) are outside the tool-schema profile"],
  ["$vocabulary", "vocabularies are outside the tool-schema profile"],
]);

const FRAGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*$/;
const ANCHOR = /^[A-Za-z_][A-Za-z0-9._-]*$/;

export interface Refusal {
  readonly path: Path;
  readonly reason: string;
}

export interface PatternPlace {
  readonly schema: Path;
  readonly key: boolean;
  readonly pattern: string;
  readonly reading: Reading;
}

export interface Profile {
  readonly refusal: Refusal | null;
  readonly dialect: string;
  /** each $anchor's subschema (the first one named so), inside the profile */
  readonly anchors: ReadonlyMap<string, Path>;
  readonly patterns: readonly PatternPlace[];
  /** the most subschemas evaluated at one place of the arguments (0 when refused) */
  readonly widest: number;
}

class Outside extends Error {
  constructor(readonly path: Path, readonly reason: string) {
    super(reason);
  }
}

type Json = unknown;
const isDict = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);
const isSchema = (value: Json): boolean => isDict(value) || typeof value === "boolean";
const keyOf = (path: Path): string => JSON.stringify(path);

/** The first problem of `parameters` (`size` bytes of compact UTF-8 JSON) and, inside
 * the profile, the reading of each of its patterns. Never throws. */
export function readProfile(parameters: Json, size: number): Profile {
  let dialect = "2020-12";
  try {
    if (size > LIMITS.schema_bytes) {
      throw new Outside([], `is ${size} bytes of JSON Schema, more than the ${LIMITS.schema_bytes} of the tool-schema profile`);
    }
    dialect = dialectOf(parameters);
    const graph = new Graph(parameters, dialect);
    graph.walk();
    const places = new Places(graph);
    places.explore();
    return { refusal: null, dialect, anchors: graph.anchors, patterns: graph.patterns, widest: places.widest };
  } catch (error) {
    if (error instanceof Outside) return { refusal: { path: error.path, reason: error.reason }, dialect, anchors: new Map(), patterns: [], widest: 0 };
    if (error instanceof RangeError) return { refusal: { path: [], reason: "could not be read within the tool-schema profile" }, dialect, anchors: new Map(), patterns: [], widest: 0 };
    throw error;
  }
}

/** The compact UTF-8 JSON size of a value (msgspec's encoding, as Python measures it). */
/** What explaining a call's arguments may cost is counted from: [the number of their
 * values, the UTF-8 bytes of their strings and keys] (Python's `argument_size`; walked,
 * since compact JSON text writes numbers differently in the two languages). */
export function argumentSize(value: Json): [number, number] {
  let values = 0;
  let text = 0;
  const stack: Json[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    values += 1;
    if (typeof item === "string") text += utf8Length(item);
    else if (Array.isArray(item)) {
      for (const member of item) stack.push(member); // no spread: an array may be huge
    } else if (isDict(item)) {
      for (const [key, member] of Object.entries(item)) {
        text += utf8Length(key);
        stack.push(member);
      }
    }
  }
  return [values, text];
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export function jsonBytes(value: Json): number {
  return utf8Length(JSON.stringify(value) ?? "");
}

function dialectOf(parameters: Json): string {
  if (!isDict(parameters) || !Object.hasOwn(parameters, "$schema")) return "2020-12";
  const given = parameters.$schema;
  if (typeof given === "string") {
    const bare = given.endsWith("#") ? given.slice(0, -1) : given;
    const known = DIALECTS.get(bare);
    if (known !== undefined) return known;
  }
  const shown = typeof given === "string" ? quoted(given) : JSON.stringify(given);
  const uris = [...DIALECTS.keys()];
  throw new Outside(
    ["$schema"],
    `names the dialect ${shown}: the tool-schema profile reads Draft 2020-12 (${uris[0]}) and draft-07 (${uris[1]}#)`,
  );
}

interface Edge {
  readonly child: string; // the key of its path
  readonly reference: boolean;
  readonly where: Path;
}

type Below = readonly [string, string | number | null, string];

class Graph {
  readonly nodes = new Map<string, Json>();
  readonly paths = new Map<string, Path>();
  readonly edges = new Map<string, Edge[]>();
  readonly below = new Map<string, Below[]>();
  readonly anchors = new Map<string, Path>();
  readonly references: [Path, string][] = [];
  readonly patterns: PatternPlace[] = [];
  readonly inPlace: ReadonlyMap<string, string>;
  readonly descending: ReadonlyMap<string, readonly [string, string]>;

  constructor(readonly root: Json, readonly dialect: string) {
    this.inPlace = IN_PLACE[dialect];
    this.descending = DESCENDING[dialect];
  }

  walk(): void {
    const pending: [Path, Json][] = [[[], this.root]];
    let next = 0;
    for (;;) {
      while (pending.length) {
        const [path, value] = pending.pop()!;
        if (!this.nodes.has(keyOf(path))) pending.push(...this.visit(path, value).reverse());
      }
      if (next >= this.references.length) return;
      const [place, reference] = this.references[next];
      next += 1;
      const target = this.resolve(place, reference);
      this.edges.get(keyOf(place))!.push({ child: keyOf(target), reference: true, where: [...place, "$ref"] });
      pending.push([target, this.at(target)]);
    }
  }

  private visit(path: Path, value: Json): [Path, Json][] {
    const key = keyOf(path);
    this.nodes.set(key, value);
    this.paths.set(key, path);
    this.edges.set(key, []);
    this.below.set(key, []);
    if (this.nodes.size > LIMITS.subschemas) {
      throw new Outside(path, `has more than ${LIMITS.subschemas} subschemas (the tool-schema profile)`);
    }
    if (path.length > LIMITS.nesting_depth) {
      throw new Outside(path, `nests subschemas ${path.length} levels deep, more than the ${LIMITS.nesting_depth} of the tool-schema profile`);
    }
    const found: [Path, Json][] = [];
    if (!isDict(value)) return found;
    const evaluated = !(this.dialect === "draft-07" && Object.hasOwn(value, "$ref"));
    for (const [keyword, held] of Object.entries(value)) {
      this.checkKeyword(path, keyword, held);
      found.push(...this.children(path, keyword, held, evaluated));
    }
    return found;
  }

  private checkKeyword(path: Path, keyword: string, held: Json): void {
    const where = [...path, keyword];
    const refused = REFUSED.get(keyword);
    if (refused !== undefined) throw new Outside(where, refused);
    if ((keyword === "$id" || keyword === "$schema") && path.length) {
      throw new Outside(where, `has ${keyword} inside a subschema (outside the tool-schema profile)`);
    }
    const wrong = this.wrongForm(keyword, held);
    if (wrong !== null) throw new Outside(where, `is no valid ${keyword}: it must be ${wrong}`);
    const member = this.holdsMany(keyword) ? wrongMember(where, held) : null;
    if (member !== null) throw new Outside(member, `is no schema of ${keyword}: it must be an object or a boolean`);
    if (keyword === "$ref") {
      this.reference(path, held);
    } else if (keyword === "$anchor" && this.dialect === "2020-12" && typeof held === "string") {
      if (!this.anchors.has(held)) this.anchors.set(held, path);
    } else if (keyword === "pattern" && typeof held === "string") {
      this.patterns.push({ schema: path, key: false, pattern: held, reading: patternReading(where, held, this.dialect) });
    } else if (keyword === "patternProperties" && isDict(held)) {
      for (const key of Object.keys(held)) {
        this.patterns.push({ schema: path, key: true, pattern: key, reading: patternReading([...where, key], key, this.dialect) });
      }
    } else {
      checkValue(where, keyword, held);
    }
  }

  /** Whether `keyword` holds a list or a map of schemas (draft-07's items and
   * dependencies are checked whole by wrongForm). */
  private holdsMany(keyword: string): boolean {
    if (DEFINITIONS.has(keyword)) return true;
    if (this.dialect === "draft-07" && (keyword === "items" || keyword === "dependencies")) return false;
    const form = this.inPlace.get(keyword) ?? this.descending.get(keyword)?.[0];
    return form === LIST || form === MAP;
  }

  /** What `held` must be when it is not of its keyword's form, else null (Python's
   * `_wrong_form`). */
  private wrongForm(keyword: string, held: Json): string | null {
    if (keyword === "$comment") return typeof held === "string" ? null : "a string";
    // another type: the meta-schema says so
    if (keyword === "$id") return typeof held !== "string" || isUriReference(held) ? null : FORMS.id;
    if (keyword === "$anchor" && this.dialect === "2020-12") {
      return typeof held === "string" && ANCHOR.test(held) ? null : FORMS.anchor;
    }
    let form: string | undefined;
    if (DEFINITIONS.has(keyword)) form = MAP;
    else form = this.inPlace.get(keyword) ?? this.descending.get(keyword)?.[0];
    if (form === undefined) return null;
    if (this.dialect === "draft-07" && keyword === "items") return isSchema(held) || schemas(held) ? null : FORMS.items;
    if (this.dialect === "draft-07" && keyword === "dependencies") {
      const valid = isDict(held) && Object.values(held).every((value) => isSchema(value) || (Array.isArray(value) && value.every((name) => typeof name === "string")));
      return valid ? null : FORMS.dependencies;
    }
    if (form === ONE) return isSchema(held) ? null : FORMS[ONE];
    if (form === LIST) return Array.isArray(held) && held.length > 0 ? null : FORMS[LIST];
    return isDict(held) ? null : FORMS[MAP];
  }

  private reference(path: Path, reference: Json): void {
    if (typeof reference !== "string") return;
    if (!reference.startsWith("#")) {
      throw new Outside(
        [...path, "$ref"],
        `refers to ${quoted(reference)}, outside them: a $ref of the tool-schema profile is local (# then a JSON Pointer or an anchor), never fetched`,
      );
    }
    if (!FRAGMENT.test(reference.slice(1))) {
      throw new Outside(
        [...path, "$ref"],
        `refers to ${quoted(reference)}, which is no fragment of the tool-schema profile (letters, digits and -._~!$&'()*+,;=:@/? only: no percent-encoding, which the engines read differently, and no other character)`,
      );
    }
    this.references.push([path, reference]);
  }

  private children(path: Path, keyword: string, held: Json, evaluated: boolean): [Path, Json][] {
    const where = [...path, keyword];
    const key = keyOf(path);
    const found: [Path, Json][] = [];
    if (DEFINITIONS.has(keyword)) return heldSchemas(where, MAP, held);
    const inPlace = this.inPlace.get(keyword);
    if (inPlace !== undefined) {
      for (const [child, value] of heldSchemas(where, inPlace, held)) {
        if (evaluated && isSchema(value)) this.edges.get(key)!.push({ child: keyOf(child), reference: false, where: child });
        found.push([child, value]);
      }
      return found;
    }
    const descending = this.descending.get(keyword);
    if (descending !== undefined) {
      let [form] = descending;
      const kind = descending[1];
      if (keyword === "items" && Array.isArray(held)) form = LIST;
      for (const [child, value] of heldSchemas(where, form, held)) {
        if (evaluated) this.below.get(key)!.push([kind, keyword === "properties" || form === LIST ? child.at(-1)! : null, keyOf(child)]);
        found.push([child, value]);
      }
    }
    return found;
  }

  private resolve(place: Path, reference: string): Path {
    const fragment = reference.slice(1); // no percent-encoding (FRAGMENT)
    const where = [...place, "$ref"];
    if (fragment && !fragment.startsWith("/")) {
      const anchored = this.dialect === "2020-12" ? this.anchors.get(fragment) : undefined;
      if (anchored !== undefined) return anchored;
      const named = ANCHOR.test(fragment) ? "no $anchor of the parameters" : "no anchor";
      throw new Outside(where, `refers to ${quoted(reference)}, ${named}`);
    }
    const path: (string | number)[] = [];
    let value: Json = this.root;
    for (const token of fragment ? fragment.split("/").slice(1) : []) {
      const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
      if (isDict(value) && Object.hasOwn(value, key)) {
        path.push(key);
        value = value[key];
      } else if (Array.isArray(value) && /^[0-9]+$/.test(key) && Number(key) < value.length) {
        path.push(Number(key));
        value = value[Number(key)];
      } else {
        throw new Outside(where, `refers to ${quoted(reference)}, which is not in them`);
      }
    }
    if (!isSchema(value)) throw new Outside(where, `refers to ${quoted(reference)}, which is no schema`);
    return path;
  }

  at(path: Path): Json {
    let value: Json = this.root;
    for (const part of path) value = (value as Record<string | number, Json>)[part];
    return value;
  }
}

const FORMS: Record<string, string> = {
  [ONE]: "a schema (an object or a boolean)",
  [LIST]: "a non-empty array of schemas",
  [MAP]: "an object of schemas",
  items: "a schema or an array of schemas",
  dependencies: "an object of schemas or arrays of names",
  anchor: "a name: a letter or _, then letters, digits, -, _ and .",
  id: "a URI reference (RFC 3986: ASCII, no space, % then two hex digits)",
};

const schemas = (value: Json): boolean => Array.isArray(value) && value.every(isSchema);

/** The place of the first member of a list or map of schemas that is no schema. */
function wrongMember(where: Path, held: Json): Path | null {
  if (Array.isArray(held)) {
    const index = held.findIndex((value) => !isSchema(value));
    return index < 0 ? null : [...where, index];
  }
  if (isDict(held)) {
    for (const [name, value] of Object.entries(held)) if (!isSchema(value)) return [...where, name];
  }
  return null;
}

function heldSchemas(where: Path, form: string, held: Json): [Path, Json][] {
  const found: [Path, Json][] = [];
  if (form === ONE) {
    if (isSchema(held)) found.push([where, held]);
  } else if (form === LIST && Array.isArray(held)) {
    held.forEach((value, index) => {
      if (isSchema(value)) found.push([[...where, index], value]);
    });
  } else if (form === MAP && isDict(held)) {
    for (const [name, value] of Object.entries(held)) if (isSchema(value)) found.push([[...where, name], value]);
  }
  return found;
}

function checkValue(where: Path, keyword: string, held: Json): void {
  if (keyword === "enum" && Array.isArray(held)) {
    if (held.length > LIMITS.enum_values) {
      throw new Outside(where, `lists ${held.length} values, more than the ${LIMITS.enum_values} of the tool-schema profile`);
    }
    literal(where, held);
  } else if (keyword === "const") {
    literal(where, held);
  }
}

function literal(where: Path, value: Json): void {
  const size = jsonBytes(value);
  if (size > LIMITS.literal_bytes) {
    throw new Outside(where, `is ${size} bytes of JSON, more than the ${LIMITS.literal_bytes} of the tool-schema profile`);
  }
}

function patternReading(where: Path, pattern: string, dialect: string): Reading {
  const reading = readPattern(pattern);
  let problem = reading.problem;
  if (problem === null && dialect === "draft-07" && (reading.translated ?? "").includes("(?-u:\\")) {
    // Python: jsonschema-rs checks a draft-07 pattern against the meta-schema's "regex"
    // format, which refuses the translation's ASCII word boundary
    problem = "uses \\b or \\B, which draft-07 parameters cannot hold (write them as Draft 2020-12)";
  }
  if (problem !== null) {
    throw new Outside(
      where,
      `is the pattern ${quoted(pattern)}, which ${problem}: the tool-schema profile reads ECMA-262 patterns, matched in linear time`,
    );
  }
  return reading;
}

/** A multiset of subschemas (by the key of their path), in insertion order. */
type Heads = Map<string, number>;

const add = (heads: Heads, key: string, count: number): void => {
  heads.set(key, (heads.get(key) ?? 0) + count);
};
const frozen = (heads: Heads): string => JSON.stringify([...heads].filter(([, count]) => count > 0).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));

class Places {
  readonly local = new Map<string, number>();
  readonly chain = new Map<string, number>();
  steps = 0;
  /** the most subschemas evaluated at one place */
  widest = 0;

  constructor(readonly graph: Graph) {}

  explore(): void {
    const start: Heads = new Map([[keyOf([]), 1]]);
    const seen = new Set([frozen(start)]);
    const queue: Heads[] = [start];
    for (let next = 0; next < queue.length; next += 1) {
      for (const below of this.place(queue[next])) {
        const key = frozen(below);
        if (!seen.has(key)) {
          seen.add(key);
          queue.push(below);
        }
      }
      queue[next] = new Map();
    }
  }

  private place(heads: Heads): Heads[] {
    for (const head of heads.keys()) this.settle(head);
    let work = 0;
    let worst: string | null = null;
    let most = -1;
    for (const [head, count] of heads) {
      const weight = count * this.local.get(head)!;
      work += weight;
      if (weight > most) {
        most = weight;
        worst = head;
      }
    }
    if (work > LIMITS.unfolded) {
      throw new Outside(
        this.graph.paths.get(worst!)!,
        `evaluates more than ${LIMITS.unfolded} subschemas at one place of the arguments, every route through $ref and the combinators counted (the tool-schema profile)`,
      );
    }
    this.widest = Math.max(this.widest, work);
    const order = this.closure(heads);
    this.steps += order.length;
    if (this.steps > LIMITS.analysis_steps) {
      throw new Outside([], `needs more than ${LIMITS.analysis_steps} steps to bound its work (the tool-schema profile)`);
    }
    const routes: Heads = new Map(heads);
    for (const node of order) {
      for (const edge of this.graph.edges.get(node)!) add(routes, edge.child, routes.get(node) ?? 0);
    }
    return below(this.graph, order, routes);
  }

  private closure(heads: Heads): string[] {
    const done = new Set<string>();
    const post: string[] = [];
    for (const head of heads.keys()) {
      if (done.has(head)) continue;
      done.add(head);
      const stack: [string, number][] = [[head, 0]];
      while (stack.length) {
        const top = stack[stack.length - 1];
        const edges = this.graph.edges.get(top[0])!;
        let pushed = false;
        while (top[1] < edges.length) {
          const edge = edges[top[1]];
          top[1] += 1;
          if (!done.has(edge.child)) {
            done.add(edge.child);
            stack.push([edge.child, 0]);
            pushed = true;
            break;
          }
        }
        if (!pushed) {
          stack.pop();
          post.push(top[0]);
        }
      }
    }
    return post.reverse();
  }

  private settle(start: string): void {
    if (this.local.has(start)) return;
    const edges = this.graph.edges;
    const open = new Set([start]);
    const stack: [string, number][] = [[start, 0]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      const pending = edges.get(top[0])!;
      let pushed = false;
      while (top[1] < pending.length) {
        const edge = pending[top[1]];
        top[1] += 1;
        if (open.has(edge.child)) {
          throw new Outside(
            edge.where,
            "comes back to a subschema it is evaluated from without descending into the arguments (a cycle the tool-schema profile refuses)",
          );
        }
        if (!this.local.has(edge.child)) {
          open.add(edge.child);
          stack.push([edge.child, 0]);
          pushed = true;
          break;
        }
      }
      if (!pushed) {
        stack.pop();
        open.delete(top[0]);
        this.count(top[0]);
      }
    }
  }

  private count(node: string): void {
    const edges = this.graph.edges.get(node)!;
    let sum = 1;
    let chain = 0;
    for (const edge of edges) {
      sum += this.local.get(edge.child)!;
      chain = Math.max(chain, this.chain.get(edge.child)! + (edge.reference ? 1 : 0));
    }
    this.local.set(node, Math.min(LIMITS.unfolded + 1, sum));
    if (chain > LIMITS.reference_depth) {
      throw new Outside(
        this.graph.paths.get(node)!,
        `follows more than ${LIMITS.reference_depth} references in a row at one place of the arguments (the tool-schema profile)`,
      );
    }
    this.chain.set(node, chain);
  }
}

function below(graph: Graph, order: readonly string[], routes: Heads): Heads[] {
  const named = new Map<string, [string, Heads]>(); // JSON [kind, name] -> kind, heads
  const anywhere = new Map<string, Heads>();
  for (const node of order) {
    for (const [kind, name, child] of graph.below.get(node)!) {
      const count = routes.get(node) ?? 0;
      if (name === null) {
        if (!anywhere.has(kind)) anywhere.set(kind, new Map());
        add(anywhere.get(kind)!, child, count);
      } else {
        const key = JSON.stringify([kind, name]);
        if (!named.has(key)) named.set(key, [kind, new Map()]);
        add(named.get(key)![1], child, count);
      }
    }
  }
  const places: Heads[] = [];
  for (const [kind, heads] of named.values()) {
    const merged: Heads = new Map(heads);
    for (const [child, count] of anywhere.get(kind) ?? new Map<string, number>()) add(merged, child, count);
    places.push(merged);
  }
  return [...places, ...anywhere.values()];
}
