// One era's question to a server of the older HTTP+SSE transport (2024-11-05), which many SDK v1
// servers still use: GET the URL for an event stream, whose first `endpoint` event names where to
// POST messages; the answers come back as `message` events on that stream. Tried only after a POST to
// the URL was refused with a 4xx status, as the specification's backwards-compatibility note says.
import { answerOf, isOurResponse, parseMessage, type EraAnswer, type EraQuestion } from "./requests";
import { streamEvents, TooLarge } from "./eventStream";
import { networkReason } from "./networkReason";
import { oneLine } from "./oneLine";

const MAX_STREAM = 8 * 1024 * 1024;
const NOTE = "answered over the HTTP+SSE transport of 2024-11-05 (an event stream at the URL, messages posted to the endpoint it names)";

/** The answer over HTTP+SSE, or undefined when the URL serves no such stream (the POST's failure then stands). */
export async function askOverSse(url: string, question: EraQuestion, signal: AbortSignal): Promise<EraAnswer | undefined> {
  let stream: Response;
  try {
    stream = await fetch(url, { method: "GET", headers: { accept: "text/event-stream" }, signal, redirect: "manual" });
  } catch {
    return undefined;
  }
  if (!stream.ok || !stream.body || !(stream.headers.get("content-type") ?? "").toLowerCase().includes("text/event-stream")) {
    await stream.body?.cancel().catch(() => {});
    return undefined;
  }
  try {
    let posted = false;
    for await (const { event, data } of streamEvents(stream.body, MAX_STREAM)) {
      if (!posted) {
        // The server names its endpoint first; anything before it is not an answer to us.
        if (event !== "endpoint") continue;
        let endpoint: URL;
        try {
          endpoint = new URL(data.trim(), url);
        } catch {
          return { kind: "failed", message: `the event stream at ${oneLine(url, 200)} names an endpoint that is not a URL: ${oneLine(data, 80)}` };
        }
        // The endpoint must be the stream's own server: a message is never sent anywhere else.
        if (endpoint.origin !== new URL(url).origin) return { kind: "failed", message: `the event stream at ${oneLine(url, 200)} names an endpoint on another origin (${oneLine(endpoint.origin, 80)}); not followed` };
        const sent = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(question.message), signal, redirect: "manual" });
        await sent.body?.cancel().catch(() => {});
        if (!sent.ok) return { kind: "failed", message: `HTTP ${sent.status} ${oneLine(sent.statusText, 80)} in answer to ${question.method} posted to ${oneLine(endpoint.pathname, 120)}` };
        posted = true;
        continue;
      }
      if (event !== "message") continue;
      const message = parseMessage(data);
      if (message && isOurResponse(message)) {
        const answer = answerOf(message, question);
        return answer.kind === "failed" ? answer : { ...answer, note: NOTE };
      }
    }
    return posted ? { kind: "failed", message: `the event stream at ${oneLine(url, 200)} ended before the answer to ${question.method}` } : undefined;
  } catch (err) {
    if (err instanceof TooLarge) return { kind: "failed", message: `the event stream at ${oneLine(url, 200)} sent more than ${MAX_STREAM} bytes without the answer to ${question.method}` };
    if (signal.aborted) throw err;
    return { kind: "failed", message: `the event stream at ${oneLine(url, 200)} broke: ${oneLine(networkReason(err), 200)}` };
  }
}
