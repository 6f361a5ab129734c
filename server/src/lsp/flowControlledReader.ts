import { AbstractMessageReader, type DataCallback, type Disposable, type Message, type MessageReader } from "vscode-languageserver/node";
import type { FlowControl } from "./flowControl";

/** Requests (and what follows them) held back at most, in bytes of JSON, before the stream is paused. */
const MAX_HELD_BYTES = 1024 * 1024;

type Kind = "request" | "notification" | "response";

function kindOf(m: Message): Kind {
  const { id, method } = m as { id?: unknown; method?: unknown };
  if (typeof method !== "string") return "response";
  return id === undefined || id === null ? "notification" : "request";
}

/**
 * Hands messages on while `flow` allows. While it is congested, a request and everything after it
 * (in order: a change must not overtake the request before it) are held back; the client's answers
 * to the server's own requests still go through at once, since a held request may be waiting for one.
 * Once more than MAX_HELD_BYTES is held, the stream itself stops being read.
 */
export class FlowControlledReader extends AbstractMessageReader implements MessageReader {
  readonly #inner: MessageReader;
  readonly #flow: FlowControl;
  readonly #source: { pause(): unknown; resume(): unknown };
  readonly #held: { readonly message: Message; readonly bytes: number }[] = [];
  #heldBytes = 0;
  #sourcePaused = false;
  #callback: DataCallback | undefined;

  constructor(inner: MessageReader, flow: FlowControl, source: { pause(): unknown; resume(): unknown }) {
    super();
    this.#inner = inner;
    this.#flow = flow;
    this.#source = source;
    inner.onError((e) => this.fireError(e));
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  listen(callback: DataCallback): Disposable {
    this.#callback = callback;
    return this.#inner.listen((message) => this.#receive(message));
  }

  #receive(message: Message): void {
    const kind = kindOf(message);
    if (kind === "response") return this.#callback!(message);
    if (this.#held.length > 0 || (kind === "request" && this.#flow.congested)) return this.#hold(message);
    if (kind === "request") this.#flow.requestHandedOn();
    this.#callback!(message);
  }

  #hold(message: Message): void {
    if (this.#held.length === 0) this.#flow.whenRelieved(() => this.#release());
    const bytes = JSON.stringify(message).length;
    this.#held.push({ message, bytes });
    this.#heldBytes += bytes;
    if (!this.#sourcePaused && this.#heldBytes > MAX_HELD_BYTES) {
      this.#sourcePaused = true;
      this.#source.pause();
    }
  }

  #release(): void {
    while (this.#held.length > 0) {
      const next = this.#held[0]!;
      const kind = kindOf(next.message);
      if (kind === "request" && this.#flow.congested) {
        this.#flow.whenRelieved(() => this.#release());
        return;
      }
      this.#held.shift();
      this.#heldBytes -= next.bytes;
      if (kind === "request") this.#flow.requestHandedOn();
      this.#callback!(next.message);
    }
    if (this.#sourcePaused) {
      this.#sourcePaused = false;
      this.#source.resume();
    }
  }
}
