import type { Readable } from "node:stream";
import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from "vscode-languageserver/node";

/** A header block larger than this is not a header: the stream is resynchronised. */
const MAX_HEADER_BYTES = 8 * 1024;
/** A body larger than this is refused (a 100 GB Content-Length must not be waited for). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
const HEADER_END = Buffer.from("\r\n\r\n");
const LENGTH_FIELD = Buffer.from("Content-Length:");

/**
 * Reads LSP frames (`Content-Length` headers, JSON bodies) from a stream and never gets stuck: a bad
 * header, a wrong length, an oversized frame or garbage between frames is skipped up to the next line
 * that starts a header, so one broken message costs that message, not the connection. (vscode-jsonrpc's
 * stream reader stops reading after such an error, leaving the server alive but deaf.)
 */
export class ResilientMessageReader extends AbstractMessageReader {
  readonly #stream: Readable;
  #chunks: Buffer[] = [];
  #length = 0;
  /** Bytes needed before the next frame can be complete; parsing waits until then. */
  #needed = 0;
  /** Frames skipped so far, for diagnostics of the server's own health. */
  skipped = 0;

  constructor(stream: Readable) {
    super();
    this.#stream = stream;
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer) => {
      this.#chunks.push(chunk);
      this.#length += chunk.length;
      if (this.#length >= this.#needed) this.#drain(callback);
    };
    const onClose = () => this.fireClose();
    const onError = (error: Error) => this.fireError(error);
    this.#stream.on("data", onData);
    this.#stream.on("close", onClose);
    this.#stream.on("end", onClose);
    this.#stream.on("error", onError);
    return {
      dispose: () => {
        this.#stream.off("data", onData);
        this.#stream.off("close", onClose);
        this.#stream.off("end", onClose);
        this.#stream.off("error", onError);
      },
    };
  }

  #buffer(): Buffer {
    if (this.#chunks.length > 1) this.#chunks = [Buffer.concat(this.#chunks, this.#length)];
    return this.#chunks[0] ?? Buffer.alloc(0);
  }

  #keep(buffer: Buffer, from: number): void {
    const rest = buffer.subarray(from);
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#length = rest.length;
  }

  #drain(callback: DataCallback): void {
    this.#needed = 0;
    for (;;) {
      const buffer = this.#buffer();
      if (buffer.length === 0) return;
      // A frame starts with its header; anything else is what a broken frame left behind.
      if (!startsWithHeader(buffer)) {
        if (buffer.length < HEADER_PREFIX.length) return this.#wait(HEADER_PREFIX.length);
        this.#resync(buffer, 1);
        continue;
      }
      const headerEnd = buffer.subarray(0, MAX_HEADER_BYTES + HEADER_END.length).indexOf(HEADER_END);
      if (headerEnd < 0) {
        if (buffer.length > MAX_HEADER_BYTES) this.#resync(buffer, 1);
        else return this.#wait(buffer.length + 1);
        continue;
      }
      const length = contentLength(buffer.toString("latin1", 0, headerEnd));
      if (length === undefined) {
        this.#resync(buffer, headerEnd + HEADER_END.length);
        continue;
      }
      const bodyStart = headerEnd + HEADER_END.length;
      if (buffer.length < bodyStart + length) return this.#wait(bodyStart + length);
      let message: unknown;
      try {
        message = JSON.parse(buffer.toString("utf8", bodyStart, bodyStart + length));
      } catch {
        message = undefined;
      }
      if (message !== null && typeof message === "object" && !Array.isArray(message)) {
        this.#keep(buffer, bodyStart + length);
        callback(message as Message);
      } else {
        // A wrong length may have swallowed the start of the next frame: look for it inside the body
        // (or right after an empty one). The header just read is dropped either way, so this advances.
        this.#resync(buffer, bodyStart);
      }
    }
  }

  #wait(bytes: number): void {
    this.#needed = bytes;
  }

  /** Drops everything before the next `Content-Length:` at or after `from`. */
  #resync(buffer: Buffer, from: number): void {
    this.skipped++;
    const at = buffer.indexOf(LENGTH_FIELD, from);
    // Nothing yet: keep a tail in case the field name is split across chunks.
    this.#keep(buffer, at >= 0 ? at : Math.max(from, buffer.length - LENGTH_FIELD.length + 1));
  }
}

const HEADER_PREFIX = Buffer.from("content-");

/** Whether the buffer begins like a header (`Content-Length:` or `Content-Type:`, any case). */
function startsWithHeader(buffer: Buffer): boolean {
  const n = Math.min(buffer.length, HEADER_PREFIX.length);
  for (let i = 0; i < n; i++) if ((buffer[i]! | 0x20) !== HEADER_PREFIX[i]) return false;
  return true;
}

/** The Content-Length of a header block, when it is a sane one. */
function contentLength(headers: string): number | undefined {
  let length: number | undefined;
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0 || line.slice(0, colon).trim().toLowerCase() !== "content-length") continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,10}$/.test(value)) return undefined;
    length = Number(value);
  }
  return length !== undefined && length <= MAX_BODY_BYTES ? length : undefined;
}
