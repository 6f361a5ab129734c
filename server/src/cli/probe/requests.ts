// The two questions the probe asks a running server, one per protocol era, and how to read the answer.
// Legacy: `initialize` at 2025-11-25 (the newest revision that has it). Modern: `server/discover` at
// 2026-07-28, which has no handshake, so the protocol version, client capabilities and client identity
// travel in every request's `_meta` envelope.
import type { JsonObject } from "../../analysis/core/evaluate/values";

export type ProbeEra = "legacy" | "modern";

export const LEGACY_VERSION = "2025-11-25";
export const MODERN_VERSION = "2026-07-28";

/** The id of the one request each connection carries. */
export const REQUEST_ID = 1;

export interface EraQuestion {
  readonly era: ProbeEra;
  readonly method: "initialize" | "server/discover";
  readonly protocolVersion: string;
  readonly message: JsonObject;
}

export function eraQuestion(era: ProbeEra, clientVersion: string): EraQuestion {
  const clientInfo = { name: "mcp-caps-probe", version: clientVersion };
  if (era === "legacy") {
    return {
      era,
      method: "initialize",
      protocolVersion: LEGACY_VERSION,
      message: { jsonrpc: "2.0", id: REQUEST_ID, method: "initialize", params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo } },
    };
  }
  return {
    era,
    method: "server/discover",
    protocolVersion: MODERN_VERSION,
    message: {
      jsonrpc: "2.0",
      id: REQUEST_ID,
      method: "server/discover",
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": clientInfo,
        },
      },
    },
  };
}

/**
 * What one era's question got: the advertised capabilities, a JSON-RPC error (the era is not served),
 * or no usable answer at all (`failed`: the server crashed, timed out, or wrote garbage).
 */
export type EraAnswer =
  | { readonly kind: "capabilities"; readonly capabilities: JsonObject; readonly note?: string }
  | { readonly kind: "refused"; readonly code: number; readonly message: string; readonly note?: string }
  | { readonly kind: "failed"; readonly message: string };

/** A parsed JSON-RPC message from the server, or undefined when it is not one. */
export type RpcMessage = { readonly id?: unknown; readonly method?: unknown; readonly result?: unknown; readonly error?: unknown };

export function asRpcMessage(value: unknown): RpcMessage | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== "2.0") return undefined;
  if (typeof m.method === "string" || "result" in m || "error" in m) return m as RpcMessage;
  return undefined;
}

export const isOurResponse = (m: RpcMessage): boolean => m.id === REQUEST_ID && m.method === undefined;

/** The answer a response to our request carries. */
export function answerOf(m: RpcMessage, question: EraQuestion): EraAnswer {
  if (m.error !== undefined) {
    const e = m.error as { code?: unknown; message?: unknown } | null;
    const code = typeof e?.code === "number" ? e.code : 0;
    const message = typeof e?.message === "string" ? e.message : "no message";
    return { kind: "refused", code, message };
  }
  const result = m.result as { capabilities?: unknown } | null;
  const caps = result?.capabilities;
  if (caps === null || typeof caps !== "object" || Array.isArray(caps)) {
    return { kind: "failed", message: `the answer to ${question.method} has no capabilities object` };
  }
  return { kind: "capabilities", capabilities: caps as JsonObject };
}

/**
 * The reply to a request the server sends us while we wait (a `ping`, `roots/list`, ...): an empty
 * result for `ping`, "method not found" for anything else, since the probe offers no client features.
 */
export function replyToServerRequest(m: RpcMessage): JsonObject | undefined {
  if (typeof m.method !== "string" || m.id === undefined || m.id === null) return undefined;
  const id = m.id as string | number;
  if (m.method === "ping") return { jsonrpc: "2.0", id, result: {} };
  return { jsonrpc: "2.0", id, error: { code: -32601, message: `Method not found: the probe offers no client features` } };
}

/** One JSON-RPC message from a text, or undefined when it is not one. */
export function parseMessage(text: string): RpcMessage | undefined {
  try {
    return asRpcMessage(JSON.parse(text));
  } catch {
    return undefined;
  }
}
