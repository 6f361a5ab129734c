// Lines a stdio server writes to stdout that are not JSON-RPC (a start-up banner, a stray console.log).
// The SDK's own client logs a parse error for each and keeps reading, so a server that does this still
// works with it: the probe does the same, and says what it skipped, since a stricter client may not.
import { oneLine } from "./oneLine";

export class StdoutNoise {
  private count = 0;
  private first: string | undefined;

  add(line: string): void {
    this.count += 1;
    this.first ??= line;
  }

  /** What was skipped, for a note beside an answer or inside a failure; undefined when nothing was. */
  describe(): string | undefined {
    if (this.count === 0) return undefined;
    const lines = this.count === 1 ? "1 line" : `${this.count} lines`;
    return `it wrote ${lines} to stdout that ${this.count === 1 ? "is" : "are"} not JSON-RPC (${this.count === 1 ? "" : "the first: "}${oneLine(this.first!, 120)})`;
  }
}
