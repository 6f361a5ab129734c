import { AbstractMessageReader, ErrorCodes, type DataCallback, type Disposable, type Message, type MessageReader, type MessageWriter } from "vscode-languageserver/node";

/**
 * Stands between the transport and the connection: after a `shutdown` request, every further request
 * is answered with InvalidRequest (as the protocol says) without reaching the server, and every
 * notification but `exit` is dropped. vscode-languageserver itself goes on answering.
 */
export class ShutdownGate extends AbstractMessageReader implements MessageReader {
  readonly #inner: MessageReader;
  readonly #writer: MessageWriter;
  #shutDown = false;

  constructor(inner: MessageReader, writer: MessageWriter) {
    super();
    this.#inner = inner;
    this.#writer = writer;
    inner.onError((e) => this.fireError(e));
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  listen(callback: DataCallback): Disposable {
    return this.#inner.listen((message: Message) => {
      const m = message as { id?: unknown; method?: unknown };
      const isRequest = typeof m.method === "string" && (typeof m.id === "number" || typeof m.id === "string");
      const isNotification = typeof m.method === "string" && m.id === undefined;
      if (this.#shutDown && isRequest) {
        void this.#writer
          .write({ jsonrpc: "2.0", id: m.id as number | string, error: { code: ErrorCodes.InvalidRequest, message: `${m.method as string}: the server is shutting down (a request after shutdown)` } } as Message)
          .catch(() => undefined);
        return;
      }
      if (this.#shutDown && isNotification && m.method !== "exit") return;
      if (isRequest && m.method === "shutdown") this.#shutDown = true;
      callback(message);
    });
  }
}
