// Each provider's stricter rules (src/agent_ir/rules.py): what a request must also
// satisfy, beyond validateTranscript, before the provider accepts it. The providers'
// records (names, labels, id and tool-name rules, turn rules, signature rules, media
// limits) are data:
// ./providers.ts, generated from schemas/v1/providers.json, the file the Python registry
// reads too. This module only derives the patterns from them and applies the rules.
import type {
  Diagnostic,
  DiagnosticCode,
  ProviderMediaLimit,
  ProviderMediaLimits,
  ProviderModelRule,
  ProviderRecord,
  ProviderTurnRules,
} from "../index.js";
import { diagnostic, ordered } from "./diagnostics.js";
import { imageSize } from "./imageSize.js";
import { PROVIDERS, RECORDS, type Provider } from "./providers.js";
import type { Link } from "./linkage.js";
import { check, readOptions, type ValidateOptions } from "./transcript.js";
import { codePoints, isBlank, quoted } from "./text.js";

export { PROVIDERS, type Provider };

/** A character-class rule: the whole-string pattern and its text (no anchors) for the
 * messages. */
interface Pattern {
  readonly pattern: RegExp;
  readonly text: string;
}

interface Spec {
  readonly name: Provider;
  readonly label: string;
  /** tool-call ids: a character class (null: any character) and the most characters
   * (null: no limit) */
  readonly ids: {
    readonly pattern: Pattern | null;
    readonly longest: number | null;
    readonly shortest: number;
  };
  /** tool names (null: no rule is known, none is checked) */
  readonly names: Pattern | null;
  readonly turns: ProviderTurnRules;
  /** which models want thought signatures back (null: none) */
  readonly signatures: ProviderModelRule | null;
  /** the limits on images and documents (null: none is known, none is checked) */
  readonly media: ProviderMediaLimits | null;
}

const whole = (text: string): Pattern => ({ pattern: new RegExp(`^${text}$`), text });

/** A record's rules with their patterns derived as agent_ir.wire._spec derives them
 * (IdRule, ToolNameRule): [characters]{shortest,longest} ({n} when both are n) or
 * [characters]+ ({shortest,} when shortest is not 1) for ids,
 * [characters]{1,longest} or [first][characters]{0,longest-1} for tool names. */
function specOf(record: ProviderRecord): Spec {
  const { ids, toolNames: names } = record;
  const shortest = ids.shortest ?? 1;
  const count =
    ids.longest === undefined
      ? shortest === 1
        ? "+"
        : `{${shortest},}`
      : shortest === ids.longest
        ? `{${shortest}}`
        : `{${shortest},${ids.longest}}`;
  return {
    name: record.name as Provider,
    label: record.label,
    ids: {
      pattern: ids.characters === undefined ? null : whole(`[${ids.characters}]${count}`),
      longest: ids.longest ?? null,
      shortest,
    },
    names:
      names === undefined
        ? null
        : whole(
            names.first === undefined
              ? `[${names.characters}]{1,${names.longest}}`
              : `[${names.first}][${names.characters}]{0,${names.longest - 1}}`,
          ),
    turns: record.turns,
    signatures: record.signatures?.models ?? null,
    media: record.media ?? null,
  };
}

const SPECS = Object.fromEntries(PROVIDERS.map((name) => [name, specOf(RECORDS[name])])) as Record<Provider, Spec>;

/** checkWireRules' options: validateTranscript's, and the model the request is for. */
export interface WireRulesOptions extends ValidateOptions {
  /** For the rules that depend on it (Gemini's thought signatures: Gemini 3 and later
   * require them, 1.x and 2.x do not). Absent (or not a string): judged as the current
   * models are, which require them. Other providers ignore it. */
  readonly model?: string | null;
}

// <major>[.<minor>] right after a model rule's prefix, before a "-" or the end (Python's
// re: \d is any decimal digit, $ also matches before a final newline)
const VERSION = /^(\p{Nd}+)(?:[.-]\p{Nd}+)?(?=-|\n?$)/u;

/** The value of a string of decimal digits of any script (Python's int). */
function digitsValue(digits: string): number {
  let value = 0;
  for (const digit of digits) {
    let code = digit.codePointAt(0)!;
    let run = 0; // the decimal digits right before it: digits come in runs of ten
    while (/^\p{Nd}$/u.test(String.fromCodePoint(code - 1))) {
      code -= 1;
      run += 1;
    }
    value = value * 10 + (run % 10);
  }
  return value;
}

/** Whether `model` refuses a current turn's call step without its signature, by the
 * record's model rule (agent_ir.wire._spec.ModelRule). */
function requiresSignatures(rule: ProviderModelRule, model: string | null): boolean {
  if (model === null) return true;
  const name = model.slice(model.lastIndexOf("/") + 1).toLowerCase();
  if (!name.startsWith(rule.prefix) || rule.exempt.some((fragment) => name.includes(fragment))) return false;
  const version = VERSION.exec(name.slice(rule.prefix.length));
  return version === null || digitsValue(version[1]) >= rule.fromMajor;
}

type Message = Record<string, any> | null;

const isAssistant = (message: Message): message is Record<string, any> => message !== null && message.role === "assistant";

function* toolCalls(messages: readonly Message[]): Generator<[number, number, Record<string, any>]> {
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (!isAssistant(message)) continue;
    const content = message.content as Record<string, any>[];
    for (let block = 0; block < content.length; block += 1) {
      if (content[block].type === "toolCall") yield [index, block, content[block]];
    }
  }
}

/** A call in a malformed message (its id readable) counts for the pairing only: its
 * result is not judged, never paired with an earlier call of its id. */
function* resultsNotImmediate(messages: readonly Message[], links: readonly Link[], spec: Spec): Generator<Diagnostic> {
  const latest = new Map<string, number | null>(); // null: the latest call is in a malformed message
  let runStart = 0;
  let others = 0;
  const othersBefore: number[] = [];
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    othersBefore.push(others);
    if (isAssistant(message)) {
      for (const block of message.content) if (block.type === "toolCall") latest.set(block.id, index);
    } else {
      others += 1;
      const link = links[index];
      if (link !== undefined && link.kind === "malformed") {
        for (const [, id] of link.calls) latest.set(id, null);
        for (const id of link.malformedCallIds) latest.set(id, null);
      }
    }
    if (message === null || message.role !== "toolResult") {
      runStart = index + 1;
      continue;
    }
    const madeAt = latest.get(message.toolCallId);
    if (madeAt === undefined || madeAt === null) continue;
    const adjacent = spec.turns.assistantTurnsJoin ? othersBefore[runStart] === othersBefore[madeAt + 1] : runStart === madeAt + 1;
    if (adjacent) continue;
    yield diagnostic(
      "RESULT_NOT_IMMEDIATE",
      index,
      ["toolCallId"],
      `the result of tool call ${quoted(message.toolCallId)} must come directly after ` +
        `the assistant message that made it (message ${madeAt}) for ${spec.name}`,
    );
  }
}

function* idFormats(messages: readonly Message[], spec: Spec): Generator<Diagnostic> {
  const { ids } = spec;
  for (const [index, block, call] of toolCalls(messages)) {
    const size = codePoints(call.id);
    const fits =
      ids.pattern !== null
        ? ids.pattern.pattern.test(call.id)
        : size >= ids.shortest && (ids.longest === null || size <= ids.longest);
    if (fits) continue;
    const rules = ids.pattern === null ? [] : [`match ${ids.pattern.text}`];
    if (ids.shortest === ids.longest) rules.push(`have exactly ${ids.longest} characters`);
    else {
      if (ids.shortest !== 1) rules.push(`have at least ${ids.shortest} characters`);
      if (ids.longest !== null) rules.push(`have at most ${ids.longest} characters`);
    }
    yield diagnostic(
      "INVALID_TOOL_CALL_ID_FORMAT",
      index,
      ["content", block, "id"],
      `tool call id ${quoted(call.id)} must ${rules.join(" and ")} for ${spec.name}`,
    );
  }
}

function* callNames(messages: readonly Message[], spec: Spec): Generator<Diagnostic> {
  const { names } = spec;
  if (names === null) return;
  for (const [index, block, call] of toolCalls(messages)) {
    if (names.pattern.test(call.name)) continue;
    yield diagnostic(
      "INVALID_TOOL_NAME_FORMAT",
      index,
      ["content", block, "name"],
      `tool call ${quoted(call.id)} names ${quoted(call.name)}, which must match ${names.text} for ${spec.name}`,
    );
  }
}

function* roleOrder(messages: readonly Message[], spec: Spec): Generator<Diagnostic> {
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === null || message.role === "system") continue;
    if (message.role === "assistant") {
      yield diagnostic(
        "INVALID_ROLE_ORDER",
        index,
        ["role"],
        `the first message after the system messages must be a user turn for ${spec.name}`,
      );
    }
    return;
  }
}

function* callsFirst(messages: readonly Message[], spec: Spec): Generator<Diagnostic> {
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === null || message.role === "system") continue;
    if (message.role !== "assistant") return;
    if (message.content.some((block: Record<string, any>) => block.type === "toolCall")) {
      yield diagnostic(
        "INVALID_ROLE_ORDER",
        index,
        ["role"],
        "an assistant turn with tool calls must come after a user turn or tool " +
          `results for ${spec.name}, not first after the system messages`,
      );
      return;
    }
  }
}

function* missingSignatures(messages: readonly Message[], spec: Spec, model: string | null): Generator<Diagnostic> {
  const who = model === null ? spec.label : `${spec.label} (${quoted(model)})`;
  let start = 0;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message !== null && message.role === "user") {
      start = index + 1;
      break;
    }
  }
  let firstOfStep = true;
  for (let index = start; index < messages.length; index += 1) {
    const message = messages[index];
    if (!isAssistant(message)) {
      firstOfStep = true;
      continue;
    }
    const content = message.content as Record<string, any>[];
    for (let blockIndex = 0; blockIndex < content.length; blockIndex += 1) {
      const block = content[blockIndex];
      if (!firstOfStep || block.type !== "toolCall") continue;
      firstOfStep = false;
      if (block.thoughtSignature !== undefined && block.thoughtSignature !== null) continue;
      yield diagnostic(
        "MISSING_THOUGHT_SIGNATURE",
        index,
        ["content", blockIndex],
        `tool call ${quoted(block.id)} (${quoted(block.name)}) has no thought ` +
          `signature: ${who} requires one on the first call of each model ` +
          "step of the current turn (the turn since the last user message)",
      );
    }
  }
}

function* emptyContent(messages: readonly Message[], spec: Spec): Generator<Diagnostic> {
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === null || (message.role !== "user" && message.role !== "assistant")) continue;
    const content = message.content;
    if (content.length === 0) {
      yield diagnostic("EMPTY_CONTENT", index, ["content"], `content must not be empty for ${spec.name}`);
      continue;
    }
    if (typeof content === "string") {
      if (isBlank(content)) {
        yield diagnostic("EMPTY_CONTENT", index, ["content"], `content must not be only whitespace for ${spec.name}`);
      }
      continue;
    }
    const blocks = content as Record<string, any>[];
    const said = blocks.some((block) => block.type !== "text" || !isBlank(block.text));
    for (let blockIndex = 0; blockIndex < blocks.length; blockIndex += 1) {
      const block = blocks[blockIndex];
      if (block.type !== "text" || !isBlank(block.text)) continue;
      if (block.text && said) continue; // whitespace beside other content is accepted
      const problem = block.text ? "must not be only whitespace when nothing else in the message is content" : "must not be empty";
      yield diagnostic(
        "EMPTY_CONTENT",
        index,
        ["content", blockIndex, "text"],
        `content[${blockIndex}].text ${problem} for ${spec.name}`,
      );
    }
  }
}

/** How many bytes the padded base64 `data` decodes to (the message schema's
 * Base64Data), counted from its length and padding (agent_ir.rules.decoded_size). */
function decodedSize(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor(data.length / 4) * 3 - padding;
}

interface Kind {
  readonly noun: string;
  readonly code: DiagnosticCode;
  readonly limit: ProviderMediaLimit | undefined;
  turn: number;
  count: number;
}

/** Each user turn as the [index, message] of its user and tool-result messages: system
 * messages do not end it, an assistant message or a malformed one does
 * (agent_ir.rules.user_turns). */
function* userTurns(messages: readonly Message[]): Generator<[number, Record<string, any>][]> {
  let turn: [number, Record<string, any>][] = [];
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message !== null && (message.role === "user" || message.role === "toolResult")) turn.push([index, message]);
    else if ((message === null || message.role !== "system") && turn.length > 0) {
      yield turn;
      turn = [];
    }
  }
  if (turn.length > 0) yield turn;
}

/** Each image and document of the user turns: [turn start, message index, block index,
 * whether it is counted (in a user message, not a tool result), block]
 * (agent_ir.rules._media_blocks). */
function* mediaBlocks(messages: readonly Message[]): Generator<[number, number, number, boolean, Record<string, any>]> {
  for (const turn of userTurns(messages)) {
    const start = turn[0][0];
    for (const [index, message] of turn) {
      const content = message.content;
      if (typeof content === "string") continue;
      for (let blockIndex = 0; blockIndex < content.length; blockIndex += 1) {
        const block = content[blockIndex];
        if (block.type === "image" || block.type === "document") yield [start, index, blockIndex, message.role === "user", block];
      }
    }
  }
}

/** Whether user content holds text that is not blank (agent_ir.rules.holds_text). */
const says = (content: string | Record<string, any>[]): boolean =>
  typeof content === "string" ? !isBlank(content) : content.some((block) => block.type === "text" && !isBlank(block.text));

/** DOCUMENT_WITHOUT_TEXT at the first document of each user turn whose user messages
 * hold no text that is not blank (agent_ir.rules._documents_without_text). */
function* documentsWithoutText(messages: readonly Message[], spec: Spec): Generator<Diagnostic> {
  for (const turn of userTurns(messages)) {
    const users = turn.filter(([, message]) => message.role === "user");
    if (users.some(([, message]) => says(message.content))) continue;
    let first: [number, number] | null = null;
    for (const [index, message] of users) {
      if (typeof message.content === "string") continue;
      const blockIndex = (message.content as Record<string, any>[]).findIndex((block) => block.type === "document");
      if (blockIndex >= 0) {
        first = [index, blockIndex];
        break;
      }
    }
    if (first === null) continue;
    yield diagnostic(
      "DOCUMENT_WITHOUT_TEXT",
      first[0],
      ["content", first[1]],
      `the user turn that starts at message ${turn[0][0]} holds a document but no text: ` +
        `${spec.name} requires a text block beside a document in a user message ` +
        "(consecutive user and tool-result messages are sent as one)",
    );
  }
}

/** TOO_MANY_IMAGES and TOO_MANY_DOCUMENTS once per user turn, at the first block beyond
 * the limit; MEDIA_TOO_LARGE at each block whose base64 data is larger than its kind's
 * limit (agent_ir.rules._media_limits). */
function* mediaLimits(messages: readonly Message[], spec: Spec, media: ProviderMediaLimits): Generator<Diagnostic> {
  const kinds: Record<string, Kind> = {
    image: { noun: "image", code: "TOO_MANY_IMAGES", limit: media.images, turn: -1, count: 0 },
    document: { noun: "document", code: "TOO_MANY_DOCUMENTS", limit: media.documents, turn: -1, count: 0 },
  };
  for (const [start, index, blockIndex, counts, block] of mediaBlocks(messages)) {
    const kind = kinds[block.type];
    const { limit } = kind;
    if (limit === undefined) continue;
    if (counts) {
      if (kind.turn !== start) {
        kind.turn = start;
        kind.count = 0;
      }
      kind.count += 1;
      const most = limit.mostPerTurn;
      if (most !== undefined && kind.count === most + 1) {
        yield diagnostic(
          kind.code,
          index,
          ["content", blockIndex],
          `this is ${kind.noun} ${most + 1} of the user turn that starts at message ${start}: ` +
            `${spec.name} takes at most ${most} ${kind.noun}s in one user message (consecutive ` +
            "user and tool-result messages are sent as one)",
        );
      }
    }
    if (block.source.type !== "base64") continue;
    const largest = limit.largestBytes;
    if (largest !== undefined) {
      const size = decodedSize(block.source.data);
      if (size > largest) {
        yield diagnostic(
          "MEDIA_TOO_LARGE",
          index,
          ["content", blockIndex],
          `the ${kind.noun}'s base64 data decodes to ${size} bytes: ${spec.name} takes ${kind.noun}s of at most ${largest} bytes`,
        );
      }
    }
    const side = limit.largestSide;
    if (side !== undefined && kind.noun === "image") {
      const sides = imageSize(block.source.data);
      if (sides !== null && Math.max(...sides) > side) {
        yield diagnostic(
          "MEDIA_TOO_LARGE",
          index,
          ["content", blockIndex],
          `the image is ${sides[0]} x ${sides[1]} pixels: ${spec.name} takes images of at most ${side} pixels a side`,
        );
      }
    }
  }
}

function* definitionNames(definitions: readonly (Record<string, unknown> | null)[], spec: Spec): Generator<Diagnostic> {
  const { names } = spec;
  if (names === null) return;
  for (let toolIndex = 0; toolIndex < definitions.length; toolIndex += 1) {
    const definition = definitions[toolIndex];
    if (definition === null || names.pattern.test(definition.name as string)) continue;
    yield diagnostic(
      "INVALID_TOOL_NAME_FORMAT",
      -1,
      ["name"],
      `tool name ${quoted(definition.name)} must match ${names.text} for ${spec.name}`,
      toolIndex,
    );
  }
}

/** Every problem `provider` would refuse the transcript for: validateTranscript's
 * diagnostics (but what the provider accepts where agent-ir is stricter) and the
 * provider's own rules over the messages valid on their own, in order. Throws a
 * TypeError for a provider that is not registered; never for the transcript. */
export function checkWireRulesOf(transcript: unknown, provider: Provider, options?: WireRulesOptions): Diagnostic[] {
  if (typeof provider !== "string" || !Object.prototype.hasOwnProperty.call(SPECS, provider)) {
    throw new TypeError(`provider must be one of ${PROVIDERS.join(", ")}, not ${quoted(String(provider))}`);
  }
  const spec = SPECS[provider];
  const read = readOptions(options);
  const { diagnostics, messages, links } = check(transcript, read, spec.turns.idsReusableAfterResult);
  const found = [...diagnostics];
  if (read.tools !== undefined) found.push(...definitionNames(read.tools.definitions, spec));
  if (messages !== null) {
    const { turns, signatures } = spec;
    if (turns.resultsFollowCall) found.push(...resultsNotImmediate(messages, links, spec));
    found.push(...idFormats(messages, spec), ...callNames(messages, spec));
    if (turns.userTurnFirst) found.push(...roleOrder(messages, spec));
    else if (turns.callsFollowUserTurn) found.push(...callsFirst(messages, spec));
    if (turns.contentRequired) found.push(...emptyContent(messages, spec));
    const model = typeof options?.model === "string" ? options.model : null;
    if (signatures !== null && requiresSignatures(signatures, model)) found.push(...missingSignatures(messages, spec, model));
    if (spec.media !== null) {
      found.push(...mediaLimits(messages, spec, spec.media));
      if (spec.media.documentsNeedText === true) found.push(...documentsWithoutText(messages, spec));
    }
  }
  return ordered(found);
}
