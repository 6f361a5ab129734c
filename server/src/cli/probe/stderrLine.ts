// The line of a server's stderr that says why it stopped. Node ends an uncaught error's report with a
// stack and its own version banner ("Node.js v20.20.2"): quoting the last line would quote the banner,
// so the error line itself is looked for first.
import { oneLine } from "./oneLine";

/** Lines Node adds around an uncaught error that say nothing of the cause. */
const NOISE = [/^Node\.js v\d/, /^at\s/, /^\^+$/, /^node:internal\//, /^\[?Symbol\(/];
const ERROR_LINE = /^(?:Uncaught\s+)?(?:[A-Z]\w*)?(?:Error|Exception)\b.*:/;

/** `; its error: …` (or `; its last stderr line: …`) for a failure message; empty when stderr said nothing. */
export function stderrSuffix(stderrTail: string): string {
  const lines = stderrTail.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "" && !NOISE.some((n) => n.test(l)));
  if (lines.length === 0) return "";
  const error = [...lines].reverse().find((l) => ERROR_LINE.test(l));
  return error ? `; its error: ${oneLine(error, 200)}` : `; its last stderr line: ${oneLine(lines[lines.length - 1]!, 200)}`;
}
