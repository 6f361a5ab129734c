import type { Writable } from "node:stream";
import { AbstractMessageWriter, type Message, type MessageWriter } from "vscode-languageserver/node";

/** Bytes written but not yet taken by the client above which the server stops reading requests. */
const HIGH_WATER_MARK = 4 * 1024 * 1024;

/**
 * Writes LSP frames to a stream with back-pressure. A client that stops reading its end of the pipe
 * would otherwise make every answer pile up in the server's memory (45 MB/s under a stream of
 * requests): once more than the high-water mark waits, the server stops reading requests (`input`)
 * until the client has taken half of it.
 */
export class BoundedMessageWriter extends AbstractMessageWriter implements MessageWriter {
  readonly #output: Writable;
  readonly #input: { pause(): unknown; resume(): unknown };
  readonly #highWaterMark: number;
  #pending = 0;
  #paused = false;
  #errors = 0;

  constructor(output: Writable, input: { pause(): unknown; resume(): unknown }, highWaterMark = HIGH_WATER_MARK) {
    super();
    this.#output = output;
    this.#input = input;
    this.#highWaterMark = highWaterMark;
    output.on("error", (err) => this.fireError(err));
    output.on("close", () => this.fireClose());
  }

  /** Bytes written and not yet flushed to the client. */
  get pending(): number {
    return this.#pending;
  }

  write(msg: Message): Promise<void> {
    const body = Buffer.from(JSON.stringify(msg), "utf8");
    const frame = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
    this.#pending += frame.length;
    if (!this.#paused && this.#pending > this.#highWaterMark) {
      this.#paused = true;
      this.#input.pause();
    }
    return new Promise((resolve, reject) => {
      this.#output.write(frame, (err) => {
        this.#pending -= frame.length;
        if (this.#paused && this.#pending <= this.#highWaterMark / 2) {
          this.#paused = false;
          this.#input.resume();
        }
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
