// Transcript validation: shape per message, then tool-call linkage across messages, then
// the calls against the tools (src/agent_ir/validation/_conductor.py).
import type { Diagnostic } from "../index.js";
import { diagnostic, ordered } from "./diagnostics.js";
import { linkage, malformedLinks, type Link } from "./linkage.js";
import { inspectMessage, type Problem } from "./shape.js";
import { checkCalls, readTools, type Tools } from "./tools.js";

/** How a transcript is checked. */
export interface ValidateOptions {
  /** The tool definitions the calls may name (an array of ToolDefinition in JSON form).
   * Given, a call naming no tool is UNDECLARED_TOOL and arguments its tool's parameters
   * refuse are TOOL_ARGUMENTS_MISMATCH; a broken definition is INVALID_TOOL_DEFINITION.
   * Absent (or null): calls are not checked against definitions. */
  readonly tools?: unknown;
  /** The calls of the last assistant message may wait for their results when only tool
   * results follow it: no MISSING_TOOL_RESULT for them. */
  readonly allowPending?: boolean;
}

/** The options read once: the tools (undefined: not given) and allowPending. */
export interface Options {
  readonly tools: Tools | undefined;
  readonly pending: boolean;
}

export function readOptions(options: ValidateOptions | undefined): Options {
  const given = options ?? {};
  // null is "not given", as Python's None
  const tools = given.tools === undefined || given.tools === null ? undefined : readTools(given.tools);
  return { tools, pending: Boolean(given.allowPending) };
}

/** The diagnostics, each message when it is valid on its own (null otherwise), and what
 * each message contributes to the linkage; `messages` is null (and `links` empty) when
 * the transcript is not an array. */
export interface Checked {
  readonly diagnostics: Diagnostic[];
  readonly messages: (Record<string, any> | null)[] | null;
  readonly links: readonly Link[];
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

export function check(value: unknown, options: Options, reuse = false): Checked {
  if (!Array.isArray(value)) {
    const found = [diagnostic("INVALID_TRANSCRIPT", -1, [], `must be an array of messages, not ${kindOf(value)}`)];
    if (options.tools !== undefined) found.push(...options.tools.problems);
    return { diagnostics: ordered(found), messages: null, links: [] };
  }
  const messages: (Record<string, any> | null)[] = [];
  const links: Link[] = [];
  const malformed = new Map<number, { plain: unknown; problems: Problem[] }>();
  const found: Diagnostic[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const entry: unknown = value[index]; // a hole of a sparse array is undefined: no JSON value
    const { plain, problems } = inspectMessage(entry);
    if (problems.length === 0) {
      messages.push(entry as Record<string, any>);
      links.push({ kind: "valid", message: entry as Record<string, any> });
      continue;
    }
    messages.push(null);
    malformed.set(index, { plain, problems });
    for (const problem of problems) {
      found.push(diagnostic(problem.code as Diagnostic["code"], index, problem.path, problem.reason));
    }
    links.push(malformedLinks(plain, problems));
  }
  found.push(...linkage(links, reuse, options.pending));
  if (options.tools !== undefined) {
    found.push(...options.tools.problems, ...checkCalls(options.tools, messages, malformed));
  }
  return { diagnostics: ordered(found), messages, links };
}
