// A JSON module (`import pkg from "../package.json" with { type: "json" }`, `require("./config.json")`)
// is a value: Node loads the parsed text as the module's default export (and, through `require` or a
// CommonJS build, as the object whose keys are read). Summarised as a module declaring that value, so
// `name: pkg.name` or `capabilities: config.capabilities` read what the file holds.
import type { ExportEntry, FileSummary, TopLevelDecl } from "../model/summary";
import { ts } from "../typescript";
import { spanOf, type SummaryContext } from "./context";
import { isStackOverflow } from "./cutDeepSubtrees";
import { lineStartsOf } from "./parseFile";
import { toValueExpr } from "./valueExpr";

/**
 * The summary of a JSON file: `default` is its value, and each key of a top-level object is exported by
 * its name too (what a CommonJS build's `import { version } from "./package.json"` reads). A text that
 * is not JSON declares nothing, and says it did not parse.
 */
export function summarizeJsonModule(fileName: string, text: string, version: number): { readonly summary: FileSummary; readonly sf: ts.SourceFile } {
  const decls = new Map<string, TopLevelDecl>();
  const exports = new Map<string, ExportEntry>();
  let sf: ts.SourceFile;
  let errors: number;
  try {
    sf = ts.parseJsonText(fileName, text);
    // TypeScript's JSON parser forgives what Node's loader (JSON.parse) refuses: comments, trailing commas, bare keys.
    errors = ((sf as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics?.length ?? 0) + (strictJson(text) ? 0 : 1);
    if (errors === 0) readValue(sf, text, decls, exports);
  } catch (err) {
    // Nested deeper than the parser's stack: a value not known, as for a text that is not JSON.
    if (!isStackOverflow(err)) throw err;
    sf = ts.parseJsonText(fileName, "");
    errors = 1;
    decls.clear();
    exports.clear();
  }
  const summary: FileSummary = {
    fileName,
    version,
    lineStarts: lineStartsOf(sf),
    textLength: text.length,
    isDeclarationFile: false,
    parseErrors: errors,
    decls,
    imports: new Map(),
    exports,
    starExports: [],
    classes: [],
  };
  return { summary, sf };
}

function strictJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function readValue(sf: ts.SourceFile, text: string, decls: Map<string, TopLevelDecl>, exports: Map<string, ExportEntry>): void {
  const ctx: SummaryContext = { sf, text, ambientFile: false, classes: [], functionTypeAliases: new Set(), imports: new Map(), stringConsts: new Map() };
  const statement = sf.statements[0];
  const value = statement && ts.isExpressionStatement(statement) ? statement.expression : undefined;
  if (value) {
    decls.set("default", { k: "const", init: toValueExpr(ctx, value), span: spanOf(ctx, value) });
    exports.set("default", { k: "local", local: "default" });
    if (ts.isObjectLiteralExpression(value)) {
      for (const p of value.properties) {
        if (!ts.isPropertyAssignment(p) || !ts.isStringLiteral(p.name) || p.name.text === "default") continue;
        decls.set(p.name.text, { k: "const", init: toValueExpr(ctx, p.initializer), span: spanOf(ctx, p.initializer) });
        exports.set(p.name.text, { k: "local", local: p.name.text });
      }
    }
  }
}
