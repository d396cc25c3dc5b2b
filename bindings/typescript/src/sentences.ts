// The sentence a TOOL_ARGUMENTS_MISMATCH says about one failing keyword
// (src/agent_ir/validation/_keyword_sentences.py, step for step): the keyword's template
// (src/keywordSentences.ts, generated from the table Python reads) filled with facts of
// the failure (the keyword's value, the failing value), never with Ajv's own words.
import { SENTENCES } from "./keywordSentences.js";
import { cut, QUOTE_CHARS, quoted } from "./text.js";

/** The facts a template is filled with, by the name it gives them. */
export type Facts = Record<string, unknown>;

const PLACE = /\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g;

/** The sentence of `keyword` (its template, or "*"'s) with `facts` written in; cut at
 * twice QUOTE_CHARS. */
export function fill(keyword: string, facts: Facts): string {
  const template = Object.hasOwn(SENTENCES, keyword) ? SENTENCES[keyword] : SENTENCES["*"];
  const filled = template.replace(PLACE, (_: string, name: string, one: string | undefined, many: string | undefined) => {
    const fact = Object.hasOwn(facts, name) ? facts[name] : name === "keyword" ? keyword : null;
    if (one !== undefined) {
      const count = typeof fact === "number" ? fact : Array.isArray(fact) ? fact.length : 0;
      return count === 1 ? one : many!;
    }
    return written(name, fact);
  });
  return cut(filled, 2 * QUOTE_CHARS);
}

function written(name: string, fact: unknown): string {
  if (name === "keyword" || name === "pattern") return cut(String(fact));
  if (name === "count") return String(fact);
  if (name === "unexpected") return cut((fact as string[]).map((each) => quoted(each)).join(", "));
  if (name === "types") return (fact as unknown[]).map(jsonText).join(", ");
  if (name === "options") {
    const listed = (fact as unknown[]).map(jsonText);
    return cut(listed.length > 1 ? listed.slice(0, -1).join(", ") + " or " + listed.at(-1) : listed.join(""));
  }
  return cut(jsonText(fact));
}

/** `value` as JSON.stringify writes it (Python's json_text writes the same; -0 is 0). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}

/** The keys of an object in JavaScript's order (array indexes ascending, then the
 * others as written): Python's js_key_order. */
export function keyOrder(names: readonly string[]): string[] {
  const index = (name: string): boolean => /^(?:0|[1-9][0-9]*)$/.test(name) && Number(name) < 2 ** 32 - 1;
  const indexes = names.filter(index).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...names.filter((name) => !index(name))];
}
