// One era's question over Streamable HTTP: POST the JSON-RPC request and read the answer, which the
// server may send as a JSON body or as a server-sent-event stream (the stream is read only until our
// response arrives; it may stay open). A session the server opens for `initialize` (mcp-session-id)
// is ended with DELETE, as a client leaving would.
import { answerOf, asRpcMessage, isOurResponse, parseMessage, type EraAnswer, type EraQuestion, type RpcMessage } from "./requests";
import { oneLine } from "./oneLine";
import { streamEvents, TooLarge } from "./eventStream";
import { askOverSse } from "./sseProbe";
import { networkReason } from "./networkReason";

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
    // A server of the older HTTP+SSE transport (2024-11-05) refuses a POST to its stream's URL: ask it
    // that way, as the specification tells clients to (GET the stream, POST to the endpoint it names).
    if (response.status >= 400 && response.status < 500) {
      const old = await askOverSse(url, question, abort.signal);
      if (old) return old;
    }
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
 * open after it). Each event's data holds one message.
 */
async function readEventStream(response: Response): Promise<RpcMessage[] | undefined> {
  if (!response.body) return [];
  const messages: RpcMessage[] = [];
  try {
    for await (const { data } of streamEvents(response.body, MAX_BODY)) {
      const message = parseMessage(data);
      if (!message) return undefined;
      messages.push(message);
      if (isOurResponse(message)) return messages;
    }
  } catch (err) {
    if (err instanceof TooLarge) return undefined;
    throw err;
  }
  return messages;
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
