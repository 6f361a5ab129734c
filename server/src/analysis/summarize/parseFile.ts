import { ts } from "ts-morph";

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

/** Syntax errors the parser recovered from (the tree is still complete enough to summarise). */
export function parseErrorCount(sf: ts.SourceFile): number {
  const diagnostics = (sf as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
  return diagnostics ? diagnostics.length : 0;
}

/** Most `async name(` calls nested in one another that a file may hold (see `nestedAsyncCallDepth`). */
export const MAX_NESTED_ASYNC_CALLS = 12;

/**
 * How deeply calls written `async name(...)` nest. TypeScript's parser tries each one both as an arrow
 * function and as a call, so its time doubles with every level (18 levels take seconds, 24 freeze
 * it): such files are refused before parsing. Strings and comments are not skipped, which can only
 * over-count, on text nobody writes by hand.
 */
export function nestedAsyncCallDepth(text: string): number {
  if (!text.includes("async")) return 0;
  const stack: boolean[] = [];
  let depth = 0;
  let max = 0;
  const asyncCall = /async\s+[A-Za-z_$][\w$]*\s*\(/y;
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
