// agent-ir v1 from JavaScript: the schemas used as they are, by Ajv.
//
// This file is the reference for an implementation in another language
// (fixtures/conformance/README.md, "Implementing the shape checks in another language").
// `nox -s conformance_js` runs it with the versions pinned in tests/js/package.json:
//
//   node conformance.mjs [REPOSITORY]
//
// (the session copies tests/js/ into a temporary folder, installs the packages there
// with npm ci, and passes the repository's path; without it, the repository is the one
// this file is in, for a checkout where `npm ci` was run in tests/js/).
//
// It checks that JavaScript reads the schemas as Python does:
//   1. every schema and every $defs entry compiles under new Ajv2020({strict: true}),
//      with ajv-formats and the two annotation keywords registered, without a warning;
//   2. every schema example (fixtures/schema-examples/) gets the verdict of its
//      directory, as in Python (tests/ir/test_schemas.py), the same gap excepted;
//   3. every message of every conformance case (fixtures/conformance/transcripts/) is
//      shape-valid exactly when Python's validate_transcript gives it no shape code,
//      and the shape codes derived from x-code (the innermost one on the failing path,
//      else INVALID_MESSAGE) are the expected ones, in order;
//   4. a case's optional "tools" and "allowPending" (fixtures/conformance/README.md) are
//      read as Python reads them: every tool the ToolDefinition schema refuses, every
//      name declared twice and every parameters Ajv cannot compile is the case's
//      INVALID_TOOL_DEFINITION (with its toolIndex), and no other tool is; each message
//      has as many UNDECLARED_TOOL as well-formed calls naming no declared tool, and a
//      TOOL_ARGUMENTS_MISMATCH exactly when Ajv refuses the arguments of one of its calls.
//      allowPending only changes linkage, which this file does not derive.
// Python's verdicts are the expected ones in the fixture files: the Python test suite
// checks that Python gives exactly those.
//
// Exit status 0 when everything agrees; 1 with one line per disagreement.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const ROOT = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
const SCHEMA_DIR = path.join(ROOT, "schemas", "v1");
const EXAMPLE_DIR = path.join(ROOT, "fixtures", "schema-examples");
const SUITE_DIR = path.join(ROOT, "fixtures", "conformance", "transcripts");
const ID_BASE = "https://agent-ir.dev/schemas/v1/";
const MESSAGE = `${ID_BASE}message.schema.json#/$defs/Message`;
const TRANSCRIPT = `${ID_BASE}transcript.schema.json`;
const TIMESTAMP = `${ID_BASE}message.schema.json#/$defs/Timestamp`;
const DEFAULT_CODE = "INVALID_MESSAGE";
const SHAPE_CODES = new Set(["INVALID_TRANSCRIPT", "INVALID_MESSAGE", "EMPTY_TOOL_NAME", "INVALID_TOOL_ARGUMENTS"]);
const CASE_KEYS = new Set(["description", "transcript", "diagnostics", "tools", "allowPending"]);
const TOOL_DEFINITION = `${ID_BASE}transcript.schema.json#/$defs/ToolDefinition`;
const MAX_DEPTH = 64;

// Examples on which a JSON Schema validator cannot give the verdict of the directory,
// in Python as here (tests/ir/test_schemas.py, KNOWN_SCHEMA_GAPS).
const KNOWN_SCHEMA_GAPS = {
  "provider-fixture/invalid/schema-version-float-1-0.json":
    "JSON's data model makes 1.0 the integer 1 (JSON.parse cannot tell them apart)",
};

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

// --- 1. The setup: four lines -----------------------------------------------------------

export function loadSchemas() {
  return fs
    .readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith(".schema.json"))
    .sort()
    .map((name) => readJson(path.join(SCHEMA_DIR, name)));
}

export function createAjv(schemas, logger = console) {
  const ajv = new Ajv2020({ strict: true, logger }); // strict: a doubtful schema throws
  addFormats(ajv); // v1 uses no format; registered as a user would, it changes nothing
  ajv.addVocabulary(["discriminator", "x-code"]); // annotations only (see below)
  for (const schema of schemas) ajv.addSchema(schema); // each under its $id: no network
  return ajv;
}

// --- 2. The rules a schema cannot say (schemas/README.md) -------------------------------
// Each problem found here is one diagnostic, at its path; schema problems at or below
// that path are dropped (they are about a value already refused). They are what
// agent_ir's reading of a message refuses (src/agent_ir/_jsoncopy.py), anywhere in it:
//   - a string or a key holding a lone surrogate: JSON.parse keeps "\ud800" as it is,
//     and Ajv accepts it, but it cannot be written as UTF-8. A bad key stops the reading
//     of its object (the keys after it are not looked at);
//   - a number that is not finite (JSON.parse reads 1e400 as Infinity);
//   - an array or object nested too deeply: the JSON objects of a message (see below)
//     nest at most 64 levels, the object counted as one, so a container is a problem,
//     and nothing under it is looked at, when its path has 64 + 3 segments or more
//     (content, index, arguments: the object is the third) or, under a text block's
//     citations, 64 + 5 (content, index, citations, index, wire).
// The JSON objects of a message are a tool call's arguments, a server-tool call's input
// and wire, a server-tool result's wire and the wire of each citation of a text block,
// in a block of any message (agent_ir.validation._explain._OBJECT_FIELDS). One that is not an
// object is a problem at its path (when nothing under it already is); the schema does
// not judge one at all (agent-ir checks it as a whole, by this rule).

const OBJECT_FIELDS = new Map([
  ["toolCall", ["arguments"]],
  ["serverToolCall", ["input", "wire"]],
  ["serverToolResult", ["wire"]],
]);

// The path of each JSON object of a message that is there, whatever its value.
function jsonObjectPaths(message) {
  const found = [];
  if (!isObject(message) || !Array.isArray(message.content)) return found;
  message.content.forEach((block, index) => {
    if (!isObject(block) || typeof block.type !== "string") return;
    for (const field of OBJECT_FIELDS.get(block.type) ?? []) {
      if (Object.hasOwn(block, field)) found.push([["content", index, field], block[field]]);
    }
    if (block.type === "text" && Array.isArray(block.citations)) {
      block.citations.forEach((citation, number) => {
        if (isObject(citation) && Object.hasOwn(citation, "wire")) {
          found.push([["content", index, "citations", number, "wire"], citation.wire]);
        }
      });
    }
  });
  return found;
}

const depthOffset = (at) => (at.length > 2 && at[2] === "citations" ? 5 : 3);

function handProblems(message) {
  const problems = [];
  const walk = (value, at) => {
    if (typeof value === "string") {
      if (!value.isWellFormed()) problems.push(at);
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) problems.push(at);
    } else if (Array.isArray(value) || isObject(value)) {
      if (at.length >= MAX_DEPTH + depthOffset(at)) {
        problems.push(at);
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => walk(item, [...at, index]));
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (!key.isWellFormed()) {
            problems.push([...at, key]);
            break;
          }
          walk(item, [...at, key]);
        }
      }
    }
  };
  walk(message, []);
  for (const [at, value] of jsonObjectPaths(message)) {
    if (!isObject(value) && !problems.some((bad) => isPrefix(at, bad))) problems.push(at);
  }
  return problems;
}

// A timestamp the schema accepts must name a real date: the schema says the syntax, not
// the calendar (year 0000 is a leap year; a leap second :60 is accepted at any time).
function isCalendarDate(timestamp) {
  const year = Number(timestamp.slice(0, 4));
  const month = Number(timestamp.slice(5, 7));
  const day = Number(timestamp.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

// --- 3. Shape problems and their codes ---------------------------------------------------
// Ajv says whether a value is valid; where it is not, this walk finds each failing place
// the way agent-ir's Python explanation does (src/agent_ir/_reference.py): a oneOf with a
// discriminator picks its branch by the tag (never "not valid under any branch"), an
// anyOf picks the branch of the value's JSON type, a missing or unknown property is a
// problem at its own path. The code of a problem is the innermost "x-code" met on the
// way down (a property's x-code is written beside its $ref), else INVALID_MESSAGE.

export class ShapeChecker {
  constructor(ajv, schemas) {
    this.ajv = ajv;
    this.documents = new Map(schemas.map((schema) => [schema.$id, schema]));
    this.validators = new Map();
    const diagnostic = this.documents.get(`${ID_BASE}diagnostic.schema.json`);
    this.codeOrder = diagnostic.$defs.DiagnosticCode.enum;
  }

  // A place in a schema: its document's $id and a JSON Pointer.
  locate(base, ref) {
    const url = new URL(ref, base.id);
    const pointer = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    let node = this.documents.get(url.href);
    for (const part of pointer.split("/").slice(1)) {
      node = node[part.replaceAll("~1", "/").replaceAll("~0", "~")];
    }
    return { id: url.href, pointer, node };
  }

  child(place, ...parts) {
    let { node } = place;
    for (const part of parts) node = node[part];
    return { id: place.id, pointer: [place.pointer, ...parts].join("/"), node };
  }

  isValid(place, value) {
    const key = `${place.id}#${place.pointer}`;
    if (!this.validators.has(key)) this.validators.set(key, this.ajv.getSchema(key));
    return this.validators.get(key)(value);
  }

  // Every problem of one message: [{path, code}], in Python's order.
  problems(message) {
    const root = this.locate({ id: ID_BASE }, MESSAGE);
    const bad = handProblems(message);
    const found = bad.map((at) => ({ path: at, code: this.codeForPath(message, at) }));
    const schemaProblems = [];
    this.walk(root, message, [], DEFAULT_CODE, schemaProblems);
    const objects = jsonObjectPaths(message).map(([at]) => at);
    for (const problem of schemaProblems) {
      if (bad.some((at) => isPrefix(at, problem.path))) continue;
      if (objects.some((at) => isPrefix(at, problem.path))) continue; // the JSON-object rule's
      found.push(problem);
    }
    const timestamp = isObject(message) ? message.timestamp : undefined;
    if (
      typeof timestamp === "string" &&
      !bad.some((at) => at.length === 1 && at[0] === "timestamp") &&
      this.isValid(this.locate({ id: ID_BASE }, TIMESTAMP), timestamp) &&
      !isCalendarDate(timestamp)
    ) {
      found.push({ path: ["timestamp"], code: DEFAULT_CODE });
    }
    const unique = new Map(found.map((problem) => [JSON.stringify(problem), problem]));
    return [...unique.values()].sort((a, b) => comparePaths(a.path, b.path) || this.compareCodes(a, b));
  }

  compareCodes(a, b) {
    return this.codeOrder.indexOf(a.code) - this.codeOrder.indexOf(b.code);
  }

  walk(place, value, at, code, out) {
    if (this.isValid(place, value)) return;
    let { node } = place;
    while (node.$ref !== undefined && node.discriminator === undefined) {
      place = this.locate(place, node.$ref);
      ({ node } = place);
      if (this.isValid(place, value)) return; // keywords beside $ref are annotations in v1
    }
    const before = out.length;
    if (node.discriminator !== undefined) {
      this.walkUnion(place, value, at, code, out);
    } else if (node.anyOf !== undefined) {
      const branch = node.anyOf.findIndex((b) => b.type !== undefined && jsonType(value) === b.type);
      if (branch >= 0) this.walk(this.child(place, "anyOf", branch), value, at, code, out);
    } else if (node.type === "object" && isObject(value)) {
      this.walkObject(place, value, at, code, out, null);
    } else if (node.type === "array" && Array.isArray(value) && node.items !== undefined) {
      value.forEach((item, index) => this.walk(this.child(place, "items"), item, [...at, index], code, out));
    }
    if (out.length === before) out.push({ path: at, code }); // the value itself is wrong
  }

  walkUnion(place, value, at, code, out) {
    const { node } = place;
    const tag = node.discriminator.propertyName;
    if (!isObject(value)) return; // reported at `at` by walk
    if (!(tag in value) || typeof value[tag] !== "string" || !(value[tag] in node.discriminator.mapping)) {
      out.push({ path: [...at, tag], code });
      return;
    }
    const branch = this.locate(place, node.discriminator.mapping[value[tag]]);
    // An if/then beside the union narrows a property of the branch it selects.
    const narrows = node.if !== undefined && this.isValid(this.child(place, "if"), value);
    this.walkObject(branch, value, at, code, out, narrows ? this.child(place, "then") : null);
  }

  walkObject(place, value, at, code, out, narrowing) {
    const { node } = place;
    const properties = node.properties ?? {};
    for (const name of node.required ?? []) {
      if (!(name in value)) {
        const member = name in properties ? this.child(place, "properties", name) : null;
        out.push({ path: [...at, name], code: (member && this.xCode(member)) ?? code });
      }
    }
    for (const [name, item] of Object.entries(value)) {
      if (name in properties) {
        const member = this.child(place, "properties", name);
        const memberCode = this.xCode(member) ?? code;
        this.walk(member, item, [...at, name], memberCode, out);
        const narrowed = narrowing?.node.properties?.[name];
        if (narrowed !== undefined && !this.isValid(this.child(narrowing, "properties", name), item)) {
          out.push({ path: [...at, name], code: memberCode });
        }
      } else if (node.additionalProperties === false) {
        out.push({ path: [...at, name], code });
      } else if (isObject(node.additionalProperties)) {
        this.walk(this.child(place, "additionalProperties"), item, [...at, name], code, out);
      }
    }
  }

  // The innermost x-code met walking `at` from the message root, choosing union branches
  // by the value's tags (agent_ir.validation._codes.code_for_path).
  codeForPath(message, at) {
    let code = DEFAULT_CODE;
    let place = this.locate({ id: ID_BASE }, MESSAGE);
    let value = message;
    for (const segment of at) {
      place = this.select(place, value);
      if (place === null) return code;
      const member = this.member(place, segment);
      if (member === null) return code;
      place = member;
      if (typeof segment === "string") code = this.xCode(place) ?? code;
      value = Array.isArray(value) || isObject(value) ? value[segment] : undefined;
    }
    return code;
  }

  // The x-code of a property: beside its $ref, else along the $ref chain.
  xCode(place) {
    const owner = this.withKeyword(place, "x-code");
    return owner === null ? undefined : owner.node["x-code"];
  }

  withKeyword(place, keyword) {
    while (place.node[keyword] === undefined) {
      if (place.node.$ref === undefined) return null;
      place = this.locate(place, place.node.$ref);
    }
    return place;
  }

  select(place, value) {
    const tagged = this.withKeyword(place, "discriminator");
    if (tagged !== null) {
      const { propertyName, mapping } = tagged.node.discriminator;
      const tag = isObject(value) ? value[propertyName] : undefined;
      return typeof tag === "string" && tag in mapping ? this.locate(tagged, mapping[tag]) : null;
    }
    const union = this.withKeyword(place, "anyOf");
    if (union !== null) {
      const branch = union.node.anyOf.findIndex((b) => b.type !== undefined && jsonType(value) === b.type);
      return branch >= 0 ? this.child(union, "anyOf", branch) : null;
    }
    return place;
  }

  member(place, segment) {
    const owner = this.withKeyword(place, typeof segment === "string" ? "properties" : "items");
    if (owner === null) return null;
    if (typeof segment !== "string") return this.child(owner, "items");
    return segment in owner.node.properties ? this.child(owner, "properties", segment) : null;
  }
}

function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" ? "number" : typeof value;
}

function isPrefix(prefix, at) {
  return prefix.length <= at.length && prefix.every((part, index) => part === at[index]);
}

// Python's order of paths: object keys before array indexes, indexes numerically, keys
// by code point.
function comparePaths(a, b) {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const [x, y] = [a[index], b[index]];
    if (x === y) continue;
    if (typeof x !== typeof y) return typeof x === "string" ? -1 : 1;
    if (typeof x === "number") return x - y;
    const [cx, cy] = [Array.from(x, (c) => c.codePointAt(0)), Array.from(y, (c) => c.codePointAt(0))];
    for (let i = 0; i < Math.min(cx.length, cy.length); i += 1) if (cx[i] !== cy[i]) return cx[i] - cy[i];
    return cx.length - cy.length;
  }
  return a.length - b.length;
}

// --- The checks ---------------------------------------------------------------------------

function compileEverything(schemas, failures) {
  const warnings = [];
  const record = (...args) => warnings.push(args.map(String).join(" "));
  for (const withFormats of [true, false]) {
    const ajv = new Ajv2020({ strict: true, logger: { log: record, warn: record, error: record } });
    if (withFormats) addFormats(ajv);
    ajv.addVocabulary(["discriminator", "x-code"]);
    for (const schema of schemas) ajv.addSchema(schema);
    for (const schema of schemas) {
      const targets = Object.keys(schema.$defs).map((name) => `${schema.$id}#/$defs/${name}`);
      if (schema.$ref !== undefined) targets.push(schema.$id);
      for (const target of targets) {
        try {
          ajv.getSchema(target);
        } catch (error) {
          failures.push(`compile ${target}${withFormats ? "" : " (without ajv-formats)"}: ${error.message}`);
        }
      }
    }
  }
  for (const warning of warnings) failures.push(`Ajv warned: ${warning}`);
}

function checkExamples(ajv, schemas, failures) {
  const ids = new Map(schemas.map((schema) => [path.basename(new URL(schema.$id).pathname, ".schema.json"), schema]));
  let count = 0;
  for (const name of fs.readdirSync(EXAMPLE_DIR).sort()) {
    const schema = ids.get(name);
    if (schema === undefined) continue;
    for (const kind of ["valid", "invalid"]) {
      const dir = path.join(EXAMPLE_DIR, name, kind);
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
        const rel = `${name}/${kind}/${file}`;
        let instance = readJson(path.join(dir, file));
        let target = schema.$id;
        if (schema.$ref === undefined) {
          target = `${schema.$id}#/$defs/${instance.def}`;
          instance = instance.instance;
        }
        const valid = ajv.getSchema(target)(instance);
        const expected = kind === "valid";
        count += 1;
        if (rel in KNOWN_SCHEMA_GAPS) {
          if (valid === expected) failures.push(`${rel}: gap closed, remove it from KNOWN_SCHEMA_GAPS`);
        } else if (valid !== expected) {
          failures.push(`${rel}: Ajv says ${valid ? "valid" : "invalid"}`);
        }
      }
    }
  }
  return count;
}

// --- 4. Tools -------------------------------------------------------------------------------
// A tool's parameters are compiled by their own Ajv (a JSON Schema of the user's, not
// agent-ir's: not strict, format an annotation); compiling refuses what Python refuses:
// no valid schema, a $ref outside them or an unknown $schema (nothing is fetched).

function compileParameters(parameters) {
  try {
    return new Ajv2020({ strict: false, validateFormats: false, logger: false }).compile(parameters);
  } catch {
    return null;
  }
}

// A name a broken definition still declares (its calls are then not UNDECLARED_TOOL).
const readableName = (tool) =>
  isObject(tool) && typeof tool.name === "string" && tool.name.trim() !== "" && tool.name.isWellFormed()
    ? tool.name
    : null;

// Derived from the tools alone: the broken tool indexes (-1: tools not an array), and
// for each declared name its validator (null: not checked, broken or no parameters).
function readTools(ajv, tools) {
  if (!Array.isArray(tools)) return { broken: [-1], declared: new Map(), readable: false };
  const toolValid = ajv.getSchema(TOOL_DEFINITION);
  const broken = [];
  const declared = new Map();
  tools.forEach((tool, index) => {
    const name = readableName(tool);
    let ok = toolValid(tool) && !declared.has(name);
    let validate = null;
    if (ok && tool.parameters !== undefined) {
      validate = compileParameters(tool.parameters);
      ok = validate !== null;
    }
    if (!ok) broken.push(index);
    if (name !== null && !declared.has(name)) declared.set(name, ok ? validate : null);
  });
  return { broken, declared, readable: true };
}

function checkTools(ajv, checker, testCase, where, failures) {
  const { broken, declared, readable } = readTools(ajv, testCase.tools);
  const reported = testCase.diagnostics
    .filter((d) => d.code === "INVALID_TOOL_DEFINITION")
    .map((d) => d.toolIndex ?? -1);
  if (JSON.stringify(reported) !== JSON.stringify(broken)) {
    failures.push(`${where}: broken tools ${JSON.stringify(broken)}, Python ${JSON.stringify(reported)}`);
  }
  if (!Array.isArray(testCase.transcript)) return;
  testCase.transcript.forEach((message, index) => {
    const count = (code) => testCase.diagnostics.filter((d) => d.code === code && d.messageIndex === index).length;
    let undeclared = 0;
    let mismatch = false;
    if (readable && isObject(message) && message.role === "assistant" && Array.isArray(message.content)) {
      const problems = checker.problems(message);
      message.content.forEach((block, at) => {
        if (!isObject(block) || block.type !== "toolCall") return;
        if (problems.some((problem) => problem.path[0] === "content" && problem.path[1] === at)) return;
        if (!declared.has(block.name)) undeclared += 1;
        else if (declared.get(block.name) !== null && !declared.get(block.name)(block.arguments)) mismatch = true;
      });
    }
    if (undeclared !== count("UNDECLARED_TOOL")) {
      failures.push(`${where}: message ${index} has ${undeclared} undeclared calls, Python ${count("UNDECLARED_TOOL")}`);
    }
    if (mismatch !== count("TOOL_ARGUMENTS_MISMATCH") > 0) {
      failures.push(`${where}: message ${index} ${mismatch ? "has" : "has no"} mismatched arguments here, not in Python`);
    }
  });
}

function checkSuite(ajv, checker, failures) {
  const transcriptValid = ajv.getSchema(TRANSCRIPT);
  let cases = 0;
  let messages = 0;
  let shapeOnly = 0;
  let withTools = 0;
  for (const file of fs.readdirSync(SUITE_DIR).filter((f) => f.endsWith(".json")).sort()) {
    for (const testCase of readJson(path.join(SUITE_DIR, file))) {
      cases += 1;
      const where = `${file}: ${testCase.description}`;
      for (const key of Object.keys(testCase)) {
        if (!CASE_KEYS.has(key)) failures.push(`${where}: unknown case key ${key}`);
      }
      if ("allowPending" in testCase && typeof testCase.allowPending !== "boolean") {
        failures.push(`${where}: allowPending is not a boolean`);
      }
      if ("tools" in testCase) {
        withTools += 1;
        checkTools(ajv, checker, testCase, where, failures);
      }
      const expected = testCase.diagnostics
        .filter((d) => SHAPE_CODES.has(d.code))
        .map((d) => `${d.code}@${d.messageIndex}`);
      const transcript = testCase.transcript;
      let derived;
      if (!Array.isArray(transcript)) {
        if (transcriptValid(transcript)) failures.push(`${where}: the transcript schema accepts a non-array`);
        derived = ["INVALID_TRANSCRIPT@-1"];
      } else {
        derived = [];
        transcript.forEach((message, index) => {
          messages += 1;
          const problems = checker.problems(message);
          const pythonValid = !expected.some((pair) => pair.endsWith(`@${index}`));
          if ((problems.length === 0) !== pythonValid) {
            failures.push(`${where}: message ${index} is ${pythonValid ? "valid" : "invalid"} in Python, not here`);
          }
          derived.push(...problems.map((problem) => `${problem.code}@${index}`));
        });
      }
      if (testCase.diagnostics.every((d) => SHAPE_CODES.has(d.code))) shapeOnly += 1;
      if (JSON.stringify(derived) !== JSON.stringify(expected)) {
        failures.push(`${where}: shape codes ${JSON.stringify(derived)}, expected ${JSON.stringify(expected)}`);
      }
    }
  }
  return { cases, messages, shapeOnly, withTools };
}

function main() {
  const started = Date.now();
  const failures = [];
  const schemas = loadSchemas();
  compileEverything(schemas, failures);
  if (failures.length > 0) {
    for (const failure of failures) console.log(`FAIL ${failure}`);
    console.log(`conformance_js: the schemas do not compile under strict Ajv (${failures.length} problems)`);
    return 1;
  }
  const ajv = createAjv(schemas);
  const examples = checkExamples(ajv, schemas, failures);
  const suite = checkSuite(ajv, new ShapeChecker(ajv, schemas), failures);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(
    `conformance_js: ${schemas.length} schemas compiled (strict, no warning); ` +
      `${examples} schema examples; ${suite.cases} conformance cases ` +
      `(${suite.messages} messages, ${suite.shapeOnly} with shape codes only, ${suite.withTools} with tools); ` +
      `${failures.length} disagreements with Python (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return failures.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
