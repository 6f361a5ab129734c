/** Requests handed to the server and not yet answered, above which no further request is read. */
const MAX_IN_FLIGHT = 64;
/** Bytes of answers written and not yet taken by the client, above which no request is read. */
const HIGH_WATER_MARK = 4 * 1024 * 1024;

/**
 * Back-pressure between the stdio reader and writer. A client that stops reading its end of the pipe
 * while sending requests would otherwise make the server read every request at once and pile every
 * answer up in memory (45 MB/s). The reader hands on a request only while fewer than MAX_IN_FLIGHT
 * are unanswered and less than HIGH_WATER_MARK of answers waits for the client; otherwise it holds
 * requests back (FlowControlledReader) until the writer reports relief (half the bytes flushed, an
 * answer written).
 */
export class FlowControl {
  #inFlight = 0;
  #pending = 0;
  #waiting: (() => void)[] = [];

  constructor(
    readonly maxInFlight = MAX_IN_FLIGHT,
    readonly highWaterMark = HIGH_WATER_MARK,
  ) {}

  /** Whether the reader must hold back the next request. */
  get congested(): boolean {
    return this.#inFlight >= this.maxInFlight || this.#pending > this.highWaterMark;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get pendingBytes(): number {
    return this.#pending;
  }

  /** Calls `resume` once, when the congestion is over. */
  whenRelieved(resume: () => void): void {
    this.#waiting.push(resume);
  }

  requestHandedOn(): void {
    this.#inFlight++;
  }

  answerWritten(bytes: number): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#pending += bytes;
    this.#check();
  }

  messageWritten(bytes: number): void {
    this.#pending += bytes;
  }

  flushed(bytes: number): void {
    this.#pending -= bytes;
    this.#check();
  }

  #check(): void {
    if (this.#waiting.length === 0 || this.#inFlight >= this.maxInFlight || this.#pending > this.highWaterMark / 2) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resume of waiting) resume();
  }
}
