// Diagnostics: their JSON Pointer paths and Python's order (src/agent_ir/validation/_diagnostics.py,
// src/agent_ir/_paths.py).
import type { Diagnostic, DiagnosticCode } from "../index.js";
import { CODE_ORDER } from "./schemas.js";
import { compareCodePoints } from "./text.js";

/** A path inside a JSON value: a string for an object key, a number for an index. */
export type Path = readonly (string | number)[];

const SHAPE_CODES = new Set<string>(["INVALID_TRANSCRIPT", "INVALID_MESSAGE", "EMPTY_TOOL_NAME", "INVALID_TOOL_ARGUMENTS"]);

/** `(2, "content", 1, "a/b")` -> `/2/content/1/a~1b` (RFC 6901). */
export function toPointer(path: Path): string {
  let text = "";
  for (const segment of path) text += "/" + String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
  return text;
}

const IDENTIFIER = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

/** How a sentence shows a path: `content[1].arguments["a b"][2]`. */
export function formatPath(path: Path): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** Lone surrogates written as the six characters \udXXX: a message can always be printed. */
export function writable(text: string): string {
  if (text.isWellFormed()) return text;
  return text.replace(/[\ud800-\udfff]/gu, (unit) => "\\u" + unit.charCodeAt(0).toString(16));
}

/** The diagnostic of `reason` at `path` inside message `messageIndex` (-1: the transcript). */
export function diagnostic(
  code: DiagnosticCode,
  messageIndex: number,
  path: Path,
  reason: string,
  toolIndex?: number,
): Diagnostic {
  if (SHAPE_CODES.has(code)) {
    const where = formatPath(path) || (messageIndex < 0 ? "transcript" : "message");
    reason = `${where} ${reason}`;
  }
  const full = messageIndex < 0 ? path : [messageIndex, ...path];
  const found: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = {
    code,
    messageIndex,
    message: writable(reason),
    path: writable(toPointer(full)),
  };
  if (toolIndex !== undefined) found.toolIndex = toolIndex;
  return found;
}

type KeyPart = [number, number, string];

/** Python's pointer_key: object keys before indexes (a segment of ASCII digits is an index). */
function pointerKey(pointer: string, skip: number): KeyPart[] {
  const parts = pointer.split("/").slice(1 + skip);
  return parts.map((raw) => {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    return /^[0-9]+$/.test(part) ? [1, Number(part), ""] : [0, 0, part];
  });
}

function compareKeys(a: KeyPart[], b: KeyPart[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const [x, y] = [a[index], b[index]];
    if (x[0] !== y[0]) return x[0] - y[0];
    if (x[1] !== y[1]) return x[1] - y[1];
    const text = compareCodePoints(x[2], y[2]);
    if (text !== 0) return text;
  }
  return a.length - b.length;
}

/** By message index (the transcript first, then the tools in order), then position
 * inside (JSON Pointer order, indexes numerically), then the order of the codes; stable. */
export function ordered(diagnostics: Diagnostic[]): Diagnostic[] {
  const keyed = diagnostics.map((found, index) => ({
    found,
    index,
    inside: pointerKey(found.path, found.messageIndex < 0 ? 0 : 1),
    code: CODE_ORDER.indexOf(found.code),
  }));
  keyed.sort(
    (a, b) =>
      a.found.messageIndex - b.found.messageIndex ||
      (a.found.toolIndex ?? -1) - (b.found.toolIndex ?? -1) ||
      compareKeys(a.inside, b.inside) ||
      a.code - b.code ||
      a.index - b.index,
  );
  return keyed.map((entry) => entry.found);
}
