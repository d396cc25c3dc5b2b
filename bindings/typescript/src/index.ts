// agent-ir for TypeScript and JavaScript: validate a transcript exactly as the Python
// library's validate_transcript does (same codes, JSON Pointer paths and order), and
// check a provider's stricter rules (check_wire_rules). The types are the declarations
// generated from the v1 JSON Schemas (../index.d.ts).
import type { Diagnostic, Message } from "../index.js";
import { diagnostic } from "./diagnostics.js";
import { checkWireRulesOf, PROVIDERS, type Provider, type WireRulesOptions } from "./rules.js";
import { check, readOptions, type ValidateOptions } from "./transcript.js";

export type * from "../index.js";
export type { Provider, ValidateOptions, WireRulesOptions };
export { PROVIDERS };

function failure(error: unknown): Diagnostic[] {
  const name = error instanceof Error ? error.name : typeof error;
  return [diagnostic("INVALID_TRANSCRIPT", -1, [], `could not be validated (${name})`)];
}

/** Every problem of `value` as a transcript (an array of messages in JSON form); `[]`
 * when it is valid. Never throws. */
export function validateTranscript(value: unknown, options?: ValidateOptions): Diagnostic[] {
  try {
    return check(value, readOptions(options)).diagnostics;
  } catch (error) {
    return failure(error);
  }
}

/** Where a diagnostic is, as a sentence says it: its message, else its tool definition,
 * else the transcript as a whole (whose messageIndex is -1). */
function place(diagnostic: Diagnostic): string {
  if (diagnostic.messageIndex >= 0) return `at message ${diagnostic.messageIndex}`;
  return diagnostic.toolIndex === undefined ? "in the transcript" : `in tool ${diagnostic.toolIndex}`;
}

/** Thrown by parseTranscript: every diagnostic of the transcript. */
export class TranscriptError extends Error {
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[]) {
    const first = diagnostics[0];
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
    super(first === undefined ? "invalid transcript" : `${first.code} ${place(first)}: ${first.message}${more}`);
    this.name = "TranscriptError";
    this.diagnostics = diagnostics;
  }
}

/** The messages of a valid transcript, typed; a TranscriptError carrying every
 * diagnostic otherwise. */
export function parseTranscript(value: unknown, options?: ValidateOptions): Message[] {
  const diagnostics = validateTranscript(value, options);
  if (diagnostics.length > 0) throw new TranscriptError(diagnostics);
  return value as Message[];
}

/** Every problem `provider` would refuse the transcript for: validateTranscript's
 * diagnostics and the provider's own rules, in order. A provider that is not one of
 * PROVIDERS is a TypeError; the transcript and the tools never make it throw.
 * `options`: validateTranscript's, and `model` (the model the request is for). */
export function checkWireRules(transcript: unknown, provider: Provider, options?: WireRulesOptions): Diagnostic[] {
  if (!PROVIDERS.includes(provider)) return checkWireRulesOf(transcript, provider, options); // throws the TypeError
  try {
    return checkWireRulesOf(transcript, provider, options);
  } catch (error) {
    return failure(error);
  }
}
