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
