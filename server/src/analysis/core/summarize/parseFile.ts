import { ts } from "../typescript";

/**
 * Parses one file with the TypeScript that ts-morph bundles. JSDoc is not parsed into the tree (the
 * only tag we read, `@mcpServer`, is found in the leading comment text), and parent pointers are not
 * set: the summariser walks down only, and both choices keep a parse as cheap as the parser allows.
 */
export function parseFile(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    scriptKindOf(fileName),
  );
}

export function scriptKindOf(fileName: string): ts.ScriptKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (lower.endsWith(".js") || lower.endsWith(".mjs") || lower.endsWith(".cjs")) return ts.ScriptKind.JS;
  if (lower.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return ts.ScriptKind.TS;
}

export function isDeclarationFileName(fileName: string): boolean {
  return /\.d\.[cm]?ts$/i.test(fileName) || /\.d\.[^.]+\.ts$/i.test(fileName);
}

/**
 * The offsets where lines start, as TypeScript counts them (`\n`, `\r\n`, `\r`, U+2028, U+2029).
 * A file with `\n` endings only (nearly all) takes a native `indexOf` loop, several times faster
 * than TypeScript's character-by-character scan; any other line break falls back to that scan.
 */
export function lineStartsOf(sf: ts.SourceFile): number[] {
  const text = sf.text;
  if (text.includes("\r") || text.includes("\u2028") || text.includes("\u2029")) return [...sf.getLineStarts()];
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Syntax errors the parser recovered from (the tree is still complete enough to summarise). */
export function parseErrorCount(sf: ts.SourceFile): number {
  const diagnostics = (sf as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
  return diagnostics ? diagnostics.length : 0;
}

/** The first syntax error the parser recovered from: where, and TypeScript's message. */
export function firstParseError(sf: ts.SourceFile): { start: number; message: string } | undefined {
  const first = (sf as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics?.[0];
  if (!first) return undefined;
  return { start: first.start ?? 0, message: ts.flattenDiagnosticMessageText(first.messageText, " ") };
}

/** Most `async` words in a row on one line that a file may hold (see `longestAsyncRun`). */
export const MAX_ASYNC_RUN = 100;

/**
 * The most `async` words in a row with only spaces or comments on one line between them (`async async
 * async ...`). TypeScript's parser reads each as the start of an async arrow function, looking ahead
 * through all the ones after it: its time grows with the square of the run (8,000 take 2 s, 60,000
 * minutes) and its stack with the run's length. No real code has more than two.
 */
export function longestAsyncRun(text: string): number {
  if (!text.includes("async")) return 0;
  let run = 0;
  let longest = 0;
  let end = -1;
  for (const m of text.matchAll(/\basync\b/g)) {
    // The gaps between consecutive matches do not overlap: the whole scan stays linear.
    run = end >= 0 && ON_ONE_LINE_BETWEEN.test(text.slice(end, m.index)) ? run + 1 : 1;
    if (run > longest) longest = run;
    end = m.index + m[0].length;
  }
  return longest;
}
const ON_ONE_LINE_BETWEEN = /^(?:[ \t\f\v]|\/\*(?:(?!\*\/)[^\n\r])*\*\/)+$/;

/** Most `async name(` calls nested in one another that a file may hold (see `nestedAsyncCallDepth`). */
export const MAX_NESTED_ASYNC_CALLS = 12;

/**
 * How deeply calls written `async name(...)` or `async (...` nest without their parenthesis closing.
 * TypeScript's parser tries each one both as an arrow function and as a call, so its time grows
 * geometrically with every level (18 levels of `async f(` take seconds, 24 freeze it; 23 unclosed
 * `async ({ a, g({...}) },` lines take minutes): such files are refused before parsing. Strings and comments are not skipped, which can only
 * over-count, on text nobody writes by hand. A file with at most MAX_NESTED_ASYNC_CALLS such calls
 * cannot nest deeper than their count, which is returned without the scan (an upper bound).
 */
export function nestedAsyncCallDepth(text: string): number {
  if (!text.includes("async")) return 0;
  const calls = text.match(/async(?:\s+[A-Za-z_$][\w$]*)?\s*\(/g)?.length ?? 0;
  if (calls <= MAX_NESTED_ASYNC_CALLS) return calls;
  const stack: boolean[] = [];
  let depth = 0;
  let max = 0;
  const asyncCall = /async(?:\s+[A-Za-z_$][\w$]*)?\s*\(/y;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 97 /* a */ && (i === 0 || !/[\w$]/.test(text[i - 1]!))) {
      asyncCall.lastIndex = i;
      if (asyncCall.test(text)) {
        i = asyncCall.lastIndex - 1;
        stack.push(true);
        if (++depth > max) max = depth;
        continue;
      }
    }
    if (c === 40 /* ( */) stack.push(false);
    else if (c === 41 /* ) */ && stack.pop() === true) depth--;
  }
  return max;
}
