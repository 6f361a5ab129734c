// One era's question over Streamable HTTP: POST the JSON-RPC request and read the answer, which the
// server may send as a JSON body or as a server-sent-event stream (the stream is read only until our
// response arrives; it may stay open). A session the server opens for `initialize` (mcp-session-id)
// is ended with DELETE, as a client leaving would.
import { answerOf, asRpcMessage, isOurResponse, type EraAnswer, type EraQuestion, type RpcMessage } from "./requests";
import { oneLine } from "./oneLine";

const MAX_BODY = 8 * 1024 * 1024;

export async function askOverHttp(url: string, question: EraQuestion, timeoutMs: number): Promise<EraAnswer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let sessionId: string | null = null;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": question.protocolVersion,
        "mcp-method": question.method,
      },
      body: JSON.stringify(question.message),
      signal: abort.signal,
      redirect: "manual",
    });
    sessionId = response.headers.get("mcp-session-id");
    const type = (response.headers.get("content-type") ?? "").toLowerCase();
    const messages = type.includes("text/event-stream") ? await readEventStream(response) : await readJsonBody(response);
    // A server that cannot route the request to a session answers with an error whose id is null.
    const ours = messages?.find(isOurResponse) ?? messages?.find((m) => m.error !== undefined && (m.id === null || m.id === undefined));
    // A refusal often comes with an HTTP error status and a JSON-RPC error body: the body says more.
    if (ours) return answerOf(ours, question);
    if (!response.ok) return { kind: "failed", message: `HTTP ${response.status} ${oneLine(response.statusText, 80)} in answer to ${question.method}` };
    if (messages === undefined) return { kind: "failed", message: `the answer to ${question.method} is not JSON-RPC (content-type ${oneLine(type || "none", 80)})` };
    return { kind: "failed", message: `the answer to ${question.method} holds no response to it` };
  } catch (err) {
    if (abort.signal.aborted) return { kind: "failed", message: `no answer to ${question.method} within ${timeoutMs} ms` };
    return { kind: "failed", message: `cannot reach ${oneLine(url, 200)}: ${oneLine(networkReason(err), 200)}` };
  } finally {
    clearTimeout(timer);
    abort.abort();
    if (sessionId !== null) await endSession(url, sessionId, question.protocolVersion);
  }
}

/** The JSON-RPC messages of a JSON body (one message or a batch), or undefined when it is not that. */
async function readJsonBody(response: Response): Promise<RpcMessage[] | undefined> {
  const text = await response.text();
  if (text.length > MAX_BODY) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const messages = list.map(asRpcMessage);
  return messages.every((m) => m !== undefined) ? (messages as RpcMessage[]) : undefined;
}

/**
 * The JSON-RPC messages of an event stream, read until our response (the server may keep the stream
 * open after it). Each event's `data:` lines, joined, hold one message; other fields are ignored, and
 * so is an event whose data is empty.
 */
async function readEventStream(response: Response): Promise<RpcMessage[] | undefined> {
  if (!response.body) return [];
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const messages: RpcMessage[] = [];
  let buffer = "";
  let data: string[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return messages;
      total += value.byteLength;
      if (total > MAX_BODY) return undefined;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
        if (line === "") {
          // An event with empty data (a priming event that only carries an `id:` for resumption) is
          // not dispatched, as EventSource does not dispatch it.
          if (data.length > 0 && data.join("\n") !== "") {
            const message = parseMessage(data.join("\n"));
            if (!message) return undefined;
            messages.push(message);
            if (isOurResponse(message)) return messages;
          }
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(5).replace(/^ /, ""));
        }
      }
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
}

function parseMessage(text: string): RpcMessage | undefined {
  try {
    return asRpcMessage(JSON.parse(text));
  } catch {
    return undefined;
  }
}

async function endSession(url: string, sessionId: string, protocolVersion: string): Promise<void> {
  try {
    const response = await fetch(url, {
      method: "DELETE",
      headers: { "mcp-session-id": sessionId, "mcp-protocol-version": protocolVersion },
      signal: AbortSignal.timeout(2000),
    });
    await response.body?.cancel();
  } catch {
    // The session ends with the server anyway; the probe's answer does not depend on it.
  }
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND") return "no such host";
  return cause?.message ?? (err instanceof Error ? err.message : String(err));
}
