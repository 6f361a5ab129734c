// Server-sent events as EventSource reads them: `data:` lines joined, the `event:` name (default
// "message"), an event dispatched at a blank line; one whose data is empty (a priming event that only
// carries an `id:`) is not dispatched. Reading stops past `maxBytes`.
export interface StreamEvent {
  readonly event: string;
  readonly data: string;
}

/** The events of a response body, in order; throws `TooLarge` past `maxBytes`. */
export async function* streamEvents(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) throw new TooLarge();
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
        if (line === "") {
          if (data.length > 0 && data.join("\n") !== "") yield { event: event || "message", data: data.join("\n") };
          data = [];
          event = "";
        } else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        else if (line.startsWith("event:")) event = line.slice(6).trim();
      }
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
}

export class TooLarge extends Error {}
