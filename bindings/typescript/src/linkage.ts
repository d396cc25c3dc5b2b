// Tool-call linkage: every tool call answered once, by a later result of the same name
// (src/agent_ir/validation/_linkage.py). The sites of every call and result are collected once;
// each rule is then one function over them, in the order of the codes.
import type { Diagnostic } from "../index.js";
import { diagnostic, type Path } from "./diagnostics.js";
import { hasOwn, isObject, type Problem } from "./shape.js";
import { cut, isBlank, quoted } from "./text.js";

type JsonObject = Record<string, any>;

/** What one message contributes to linkage: a valid message (its JSON value), or what a
 * malformed one still holds. */
export type Link =
  | { readonly kind: "valid"; readonly message: JsonObject }
  | {
      readonly kind: "malformed";
      /** [block index, id, name] of its well-formed calls */
      readonly calls: readonly [number, string, string][];
      /** readable ids of its malformed calls */
      readonly malformedCallIds: ReadonlySet<string>;
      /** readable toolCallId of a malformed result */
      readonly malformedResultId: string | null;
      /** [block index, id, is a call] of its server-tool blocks */
      readonly servers: readonly [number, string, boolean][];
    };

const readableId = (value: unknown): string | null => (typeof value === "string" && !isBlank(value) ? value : null);

/** (index, block) of every block of an assistant message whose type is toolCall. */
export function toolCallBlocks(plain: unknown): [number, JsonObject][] {
  if (!isObject(plain) || plain.role !== "assistant" || !Array.isArray(plain.content)) return [];
  const found: [number, JsonObject][] = [];
  plain.content.forEach((block: unknown, index: number) => {
    if (isObject(block) && block.type === "toolCall") found.push([index, block]);
  });
  return found;
}

/** The blocks (content indexes) of a message that hold a problem. */
export function brokenBlocks(problems: readonly Problem[]): Set<unknown> {
  return new Set(problems.filter((p) => p.path.length > 1 && p.path[0] === "content").map((p) => p.path[1]));
}

/** The links of a malformed message, given its problems. */
export function malformedLinks(plain: unknown, problems: readonly Problem[]): Link {
  const none = { kind: "malformed" as const, calls: [], malformedCallIds: new Set<string>(), malformedResultId: null, servers: [] };
  if (!isObject(plain)) return none;
  if (plain.role === "toolResult") return { ...none, malformedResultId: readableId(plain.toolCallId) };
  const broken = brokenBlocks(problems);
  const calls: [number, string, string][] = [];
  const malformed = new Set<string>();
  for (const [index, block] of toolCallBlocks(plain)) {
    const id = readableId(block.id);
    if (id === null) continue;
    if (broken.has(index)) malformed.add(id);
    else calls.push([index, id, block.name]);
  }
  const servers: [number, string, boolean][] = [];
  if (plain.role === "assistant" && Array.isArray(plain.content)) {
    plain.content.forEach((block: unknown, index: number) => {
      const kind = isObject(block) ? block.type : undefined;
      if (kind === "serverToolCall") {
        const id = (block as JsonObject).id;
        if (typeof id === "string" && id) servers.push([index, id, true]);
      } else if (kind === "serverToolResult" && !broken.has(index)) {
        const id = (block as JsonObject).toolCallId;
        if (typeof id === "string" && id) servers.push([index, id, false]);
      }
    });
  }
  return { kind: "malformed", calls, malformedCallIds: malformed, malformedResultId: null, servers };
}

/** The index of the pending turn: the last assistant message when every message after
 * it is a tool result (a malformed one with a readable id included); null when none. */
export function pendingTurn(links: readonly Link[]): number | null {
  for (let index = links.length - 1; index >= 0; index -= 1) {
    const link = links[index];
    if (link.kind === "malformed") {
      if (link.malformedResultId !== null) continue;
      return link.calls.length > 0 || link.malformedCallIds.size > 0 ? index : null;
    }
    if (link.message.role === "toolResult") continue;
    return link.message.role === "assistant" ? index : null;
  }
  return null;
}

type CallSite = [number, number, string]; // message index, block index, name
type ResultSite = [number, string]; // message index, tool name

interface Sites {
  calls: Map<string, CallSite[]>;
  results: Map<string, ResultSite[]>;
  malformedCallIds: Set<string>;
  malformedResultIds: Set<string>;
  unambiguous: [string, ResultSite[], CallSite | null][];
  reused: Set<string>;
  serverOrphans: [number, number, string][];
  pending: number | null;
}

// Sites are keyed by (id, use): the use is 0 unless `reuse` starts a new one for an id
// called again after its call was answered.
const keyOf = (id: string, use: number): string => `${use}:${id}`;
const idOf = (key: string): string => key.slice(key.indexOf(":") + 1);

class Collector {
  readonly sites: Sites = {
    calls: new Map(),
    results: new Map(),
    malformedCallIds: new Set(),
    malformedResultIds: new Set(),
    unambiguous: [],
    reused: new Set(),
    serverOrphans: [],
    pending: null,
  };
  private readonly use = new Map<string, number>();
  private readonly answered = new Set<string>();
  private readonly serverCalls = new Set<string>();

  constructor(private readonly reuse: boolean) {}

  call(messageIndex: number, blockIndex: number, id: string, name: string): void {
    let use = this.use.get(id) ?? 0;
    if (this.answered.has(id)) {
      this.answered.delete(id);
      if (this.reuse) {
        use += 1;
        this.use.set(id, use);
      } else {
        this.sites.reused.add(`${messageIndex}:${blockIndex}`);
      }
    }
    const key = keyOf(id, use);
    const found = this.sites.calls.get(key);
    if (found === undefined) this.sites.calls.set(key, [[messageIndex, blockIndex, name]]);
    else found.push([messageIndex, blockIndex, name]);
  }

  malformedCall(id: string): void {
    if (this.reuse && this.answered.has(id)) {
      this.answered.delete(id);
      this.use.set(id, (this.use.get(id) ?? 0) + 1);
    }
    this.sites.malformedCallIds.add(keyOf(id, this.use.get(id) ?? 0));
  }

  malformedResult(id: string): void {
    this.sites.malformedResultIds.add(keyOf(id, this.use.get(id) ?? 0));
  }

  result(messageIndex: number, id: string, toolName: string): void {
    const key = keyOf(id, this.use.get(id) ?? 0);
    const found = this.sites.results.get(key);
    if (found === undefined) this.sites.results.set(key, [[messageIndex, toolName]]);
    else found.push([messageIndex, toolName]);
    // A malformed call's use is answered too: a later call may use its id again.
    if (this.sites.calls.has(key) || this.sites.malformedCallIds.has(key)) this.answered.add(id);
  }

  server(messageIndex: number, blockIndex: number, id: string, isCall: boolean): void {
    if (isCall) this.serverCalls.add(id);
    else if (!this.serverCalls.has(id)) this.sites.serverOrphans.push([messageIndex, blockIndex, id]);
  }
}

function collect(links: readonly Link[], reuse: boolean): Sites {
  const collector = new Collector(reuse);
  links.forEach((link, messageIndex) => {
    if (link.kind === "valid") {
      const { message } = link;
      if (message.role === "toolResult") {
        collector.result(messageIndex, message.toolCallId, message.toolName);
      } else if (message.role === "assistant") {
        (message.content as JsonObject[]).forEach((block, blockIndex) => {
          if (block.type === "toolCall") collector.call(messageIndex, blockIndex, block.id, block.name);
          else if (block.type === "serverToolCall") collector.server(messageIndex, blockIndex, block.id, true);
          else if (block.type === "serverToolResult") collector.server(messageIndex, blockIndex, block.toolCallId, false);
        });
      }
      return;
    }
    for (const id of link.malformedCallIds) collector.malformedCall(id);
    for (const [blockIndex, id, name] of link.calls) collector.call(messageIndex, blockIndex, id, name);
    for (const [blockIndex, id, isCall] of link.servers) collector.server(messageIndex, blockIndex, id, isCall);
    if (link.malformedResultId !== null) collector.malformedResult(link.malformedResultId);
  });
  const { sites } = collector;
  for (const [key, answers] of sites.results) {
    const found = sites.calls.get(key) ?? [];
    if (found.length <= 1) sites.unambiguous.push([key, answers, found[0] ?? null]);
  }
  return sites;
}

/** Said where an id is used again after its call was answered, which Anthropic accepts. */
export const STRICTER =
  ", whose result came before this call: agent-ir is stricter than Anthropic on purpose " +
  "(a result must name exactly one call, or pairing results by id, as repair and the " +
  "OpenAI Responses format do, is ambiguous); check_wire_rules does not report it for " +
  "anthropic";

const at = (...path: Path): Path => path;

function* duplicateCallIds(sites: Sites): Generator<Diagnostic> {
  for (const [key, calls] of sites.calls) {
    const first = calls[0][0];
    for (const [messageIndex, blockIndex] of calls.slice(1)) {
      const why = sites.reused.has(`${messageIndex}:${blockIndex}`) ? STRICTER : "";
      yield diagnostic(
        "DUPLICATE_TOOL_CALL_ID",
        messageIndex,
        at("content", blockIndex, "id"),
        `tool call id ${quoted(idOf(key))} is already used by a call in message ${first}${why}`,
      );
    }
  }
}

function* missingResults(sites: Sites): Generator<Diagnostic> {
  for (const [key, calls] of sites.calls) {
    if (calls.length > 1 || sites.malformedResultIds.has(key)) continue;
    const [callIndex, blockIndex, name] = calls[0];
    if (callIndex === sites.pending) continue; // allowPending: its results may still come
    const answers = sites.results.get(key) ?? [];
    if (!answers.some(([answerIndex]) => answerIndex > callIndex)) {
      yield diagnostic(
        "MISSING_TOOL_RESULT",
        callIndex,
        at("content", blockIndex),
        `tool call ${quoted(idOf(key))} (${cut(name)}) has no result after it`,
      );
    }
  }
}

function* duplicateResults(sites: Sites): Generator<Diagnostic> {
  for (const [key, answers] of sites.unambiguous) {
    const first = answers[0][0];
    for (const [messageIndex] of answers.slice(1)) {
      yield diagnostic(
        "DUPLICATE_TOOL_RESULT",
        messageIndex,
        at("toolCallId"),
        `tool call ${quoted(idOf(key))} already has a result in message ${first}`,
      );
    }
  }
}

function* orphans(sites: Sites): Generator<Diagnostic> {
  for (const [key, answers, call] of sites.unambiguous) {
    if (call !== null || sites.malformedCallIds.has(key)) continue;
    for (const [messageIndex] of answers) {
      yield diagnostic("ORPHAN_TOOL_RESULT", messageIndex, at("toolCallId"), `no tool call has id ${quoted(idOf(key))}`);
    }
  }
}

function* resultsBeforeCall(sites: Sites): Generator<Diagnostic> {
  for (const [key, answers, call] of sites.unambiguous) {
    if (call === null) continue;
    for (const [messageIndex] of answers) {
      if (messageIndex <= call[0]) {
        yield diagnostic(
          "TOOL_RESULT_BEFORE_CALL",
          messageIndex,
          at("toolCallId"),
          `answers tool call ${quoted(idOf(key))}, which only comes in message ${call[0]}`,
        );
      }
    }
  }
}

function* nameMismatches(sites: Sites): Generator<Diagnostic> {
  for (const [key, answers, call] of sites.unambiguous) {
    if (call === null) continue;
    const [callIndex, , name] = call;
    for (const [messageIndex, toolName] of answers) {
      if (messageIndex > callIndex && toolName !== name) {
        yield diagnostic(
          "TOOL_NAME_MISMATCH",
          messageIndex,
          at("toolName"),
          `${quoted(toolName)} differs from the name of tool call ${quoted(idOf(key))}: ${quoted(name)}`,
        );
      }
    }
  }
}

function* serverOrphans(sites: Sites): Generator<Diagnostic> {
  for (const [messageIndex, blockIndex, id] of sites.serverOrphans) {
    yield diagnostic(
      "ORPHAN_SERVER_TOOL_RESULT",
      messageIndex,
      at("content", blockIndex),
      `server-tool result ${quoted(id)} answers no server-tool call: none with its id ` +
        "comes before it in its message or in an earlier assistant message",
    );
  }
}

const RULES = [duplicateCallIds, missingResults, duplicateResults, orphans, resultsBeforeCall, nameMismatches, serverOrphans];

/** Every linkage diagnostic over the messages, in rule order (the caller orders them).
 * `reuse`: an id used again after its call was answered is a new call (check_wire_rules
 * for a provider that accepts it); `pending`: the pending turn's calls may wait. */
export function linkage(links: readonly Link[], reuse = false, pending = false): Diagnostic[] {
  const sites = collect(links, reuse);
  if (sites.calls.size === 0 && sites.results.size === 0 && sites.serverOrphans.length === 0) return [];
  if (pending) sites.pending = pendingTurn(links);
  const found: Diagnostic[] = [];
  for (const rule of RULES) for (const item of rule(sites)) found.push(item);
  return found;
}

export { hasOwn };
