import type { Writable } from "node:stream";
import { AbstractMessageWriter, type Message, type MessageWriter } from "vscode-languageserver/node";
import type { FlowControl } from "./flowControl";

/**
 * Writes LSP frames to a stream and tells `flow` what waits for the client, so the reader can stop
 * reading requests while answers pile up (see FlowControl). Unlike vscode-jsonrpc's writer, which
 * queues messages in memory one write at a time, every frame goes to the stream at once: what waits
 * is counted in bytes.
 */
export class BoundedMessageWriter extends AbstractMessageWriter implements MessageWriter {
  readonly #output: Writable;
  readonly #flow: FlowControl;
  #errors = 0;

  constructor(output: Writable, flow: FlowControl) {
    super();
    this.#output = output;
    this.#flow = flow;
    output.on("error", (err) => this.fireError(err));
    output.on("close", () => this.fireClose());
  }

  write(msg: Message): Promise<void> {
    const body = Buffer.from(JSON.stringify(msg), "utf8");
    const frame = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
    const m = msg as { id?: unknown; method?: unknown };
    if (m.method === undefined && m.id !== undefined) this.#flow.answerWritten(frame.length);
    else this.#flow.messageWritten(frame.length);
    return new Promise((resolve, reject) => {
      this.#output.write(frame, (err) => {
        this.#flow.flushed(frame.length);
        if (err) {
          this.fireError(err, msg, ++this.#errors);
          reject(err);
        } else resolve();
      });
    });
  }

  end(): void {
    this.#output.end();
  }
}
