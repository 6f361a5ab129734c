// The line of a server's stderr that says why it stopped. Node ends an uncaught error's report with a
// stack and its own version banner ("Node.js v20.20.2"): quoting the last line would quote the banner,
// so the error line itself is looked for first. An error whose message is only a heading ("Transform
// failed with 1 error:", as tsx and esbuild report a file that does not compile) gets the lines that
// follow it, up to the stack: they hold the cause.
import { oneLine } from "./oneLine";

/** Lines Node adds around an uncaught error that say nothing of the cause. */
const NOISE = [/^Node\.js v\d/, /^at\s/, /^\^+$/, /^node:internal\//, /^\[?Symbol\(/];
const ERROR_LINE = /^(?:Uncaught\s+)?(?:[A-Z]\w*)?(?:Error|Exception)\b.*:/;
/** Lines of the cause quoted after a heading, at most. */
const CAUSE_LINES = 3;

const isNoise = (l: string) => NOISE.some((n) => n.test(l));

/** `; its error: …` (or `; its last stderr line: …`) for a failure message; empty when stderr said nothing. */
export function stderrSuffix(stderrTail: string): string {
  const all = stderrTail.split(/\r?\n/).map((l) => l.trim());
  const lines = all.filter((l) => l !== "" && !isNoise(l));
  if (lines.length === 0) return "";
  let at = -1;
  for (let i = all.length - 1; i >= 0 && at < 0; i--) if (all[i] !== "" && !isNoise(all[i]!) && ERROR_LINE.test(all[i]!)) at = i;
  if (at < 0) return `; its last stderr line: ${oneLine(lines[lines.length - 1]!, 200)}`;
  const error = all[at]!;
  if (!error.endsWith(":")) return `; its error: ${oneLine(error, 200)}`;
  const cause: string[] = [];
  for (let i = at + 1; i < all.length && cause.length < CAUSE_LINES; i++) {
    const l = all[i]!;
    if (l === "" || isNoise(l)) break;
    cause.push(l);
  }
  return `; its error: ${oneLine([error, ...cause].join(" "), 400)}`;
}
