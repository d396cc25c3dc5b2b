// DO NOT EDIT: generated from schemas/v1/providers.json by codegen/typescript.py.
// Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.
// Each provider's record, the facts checkWireRules reads (the Python registry reads
// the same file: agent_ir.wire._records); how each rule is applied is src/rules.ts.
import type { ProviderRecord } from "../index.js";

/** A registered provider's name. */
export type Provider = "openai-chat" | "openai-responses" | "anthropic" | "gemini" | "bedrock-converse" | "mistral";

/** Every registered provider's name, in the registry's order. */
export const PROVIDERS: readonly Provider[] = ["openai-chat", "openai-responses", "anthropic", "gemini", "bedrock-converse", "mistral"];

/** Every registered provider's record, by name. */
export const RECORDS: Readonly<Record<Provider, ProviderRecord>> = {
  "openai-chat": {
    name: "openai-chat",
    label: "OpenAI Chat Completions",
    ids: { longest: 40 },
    toolNames: { longest: 64, characters: "a-zA-Z0-9_-" },
    turns: {
      resultsFollowCall: true,
      assistantTurnsJoin: false,
      userTurnFirst: false,
      callsFollowUserTurn: false,
      contentRequired: false,
      idsReusableAfterResult: false,
    },
    request: { messages: "messages", tools: "tools", switches: ["parallel_tool_calls"] },
  },
  "openai-responses": {
    name: "openai-responses",
    label: "OpenAI Responses",
    ids: { longest: 64 },
    toolNames: { longest: 64, characters: "a-zA-Z0-9_-" },
    turns: {
      resultsFollowCall: false,
      assistantTurnsJoin: false,
      userTurnFirst: false,
      callsFollowUserTurn: false,
      contentRequired: false,
      idsReusableAfterResult: false,
    },
    request: { messages: "input", tools: "tools", switches: [] },
  },
  anthropic: {
    name: "anthropic",
    label: "Anthropic Messages",
    ids: { longest: 64, characters: "a-zA-Z0-9_-", replacement: "_" },
    toolNames: { longest: 64, characters: "a-zA-Z0-9_-" },
    cacheBreakpoints: 4,
    turns: {
      resultsFollowCall: true,
      assistantTurnsJoin: true,
      userTurnFirst: false,
      callsFollowUserTurn: false,
      contentRequired: true,
      idsReusableAfterResult: true,
    },
    request: { messages: "messages", system: "system", tools: "tools", switches: [] },
  },
  gemini: {
    name: "gemini",
    label: "Google Gemini",
    ids: {},
    toolNames: { longest: 64, characters: "a-zA-Z0-9_.:-", first: "a-zA-Z_" },
    turns: {
      resultsFollowCall: true,
      assistantTurnsJoin: true,
      userTurnFirst: false,
      callsFollowUserTurn: true,
      contentRequired: false,
      idsReusableAfterResult: false,
    },
    signatures: {
      placeholders: ["skip_thought_signature_validator", "context_engineering_is_the_way_to_go"],
      models: { prefix: "gemini-", fromMajor: 3, exempt: ["-image"] },
    },
    request: { messages: "contents", system: "systemInstruction", tools: "tools", switches: [] },
  },
  "bedrock-converse": {
    name: "bedrock-converse",
    label: "AWS Bedrock Converse",
    ids: { longest: 64, characters: "a-zA-Z0-9_.:-", replacement: "_" },
    toolNames: { longest: 64, characters: "a-zA-Z0-9_-" },
    turns: {
      resultsFollowCall: true,
      assistantTurnsJoin: true,
      userTurnFirst: true,
      callsFollowUserTurn: false,
      contentRequired: true,
      idsReusableAfterResult: false,
    },
    request: { messages: "messages", system: "system", tools: "toolConfig", switches: [] },
  },
  mistral: {
    name: "mistral",
    label: "Mistral",
    ids: { shortest: 9, longest: 9, characters: "a-zA-Z0-9", replacement: "0" },
    toolNames: { longest: 64, characters: "a-zA-Z0-9_-" },
    turns: {
      resultsFollowCall: true,
      assistantTurnsJoin: false,
      userTurnFirst: false,
      callsFollowUserTurn: false,
      contentRequired: false,
      idsReusableAfterResult: false,
    },
    request: { messages: "messages", tools: "tools", switches: ["parallel_tool_calls"] },
  },
};
