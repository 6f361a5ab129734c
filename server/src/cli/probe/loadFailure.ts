// A server process that stopped before its program ran: its code did not compile or its modules did
// not load. Such an end is never the start-up throw the analysis predicts (the SDK or a framework
// refusing a registration, which needs the program to run), so the probe does not count it as one.
// Node's and tsx's own messages for it, as the probe quotes the server's error line.
const LOAD_FAILURES: readonly RegExp[] = [
  /\bTransform failed\b/,
  /\bTop-level await is currently not supported\b/,
  /\bERR_MODULE_NOT_FOUND\b|\bCannot find (?:module|package)\b/,
  /\bERR_REQUIRE_ESM\b|\bERR_UNKNOWN_FILE_EXTENSION\b|\bERR_IMPORT_ATTRIBUTE/,
  /\b(?:exports|require|module|__dirname|__filename) is not defined in ES module scope\b/,
  /\bCannot use import statement outside a module\b/,
  /\bdoes not provide an export named\b/,
  /\bSyntaxError\b(?!.*\bJSON\b)/,
];

/** The quoted error, when the probe's failure message shows the program never ran; else undefined. */
export function loadFailure(error: string | undefined): string | undefined {
  const quoted = error && /; its (?:error|last stderr line): (.*)$/.exec(error)?.[1];
  return quoted && LOAD_FAILURES.some((p) => p.test(quoted)) ? quoted : undefined;
}
