// Which line of a crashed server's stderr tells the user why. The last line is often not it: an
// uncaught exception ends with Node's version banner ("Node.js v20.20.2"), after the stack frames
// ("    at …"), and the error itself ("Error: …") sits above them.

const BANNER = /^Node\.js v\d/;
const STACK_FRAME = /^at\s/;
const CARET = /^\^+$/;
const ERROR_LINE = /^(?:[A-Za-z_$][\w$]*)?(?:Error|Exception)\b[^:]*:/;

/** The most telling non-empty line of `stderr`: the last error line, else the last ordinary one. */
export function tellingStderrLine(stderr: string): string | undefined {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !BANNER.test(l) && !STACK_FRAME.test(l) && !CARET.test(l));
  for (let i = lines.length - 1; i >= 0; i--) if (ERROR_LINE.test(lines[i]!)) return lines[i];
  return lines[lines.length - 1];
}
