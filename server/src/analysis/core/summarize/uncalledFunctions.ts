// A top-level function nothing in its file calls: it runs only if something else calls it, and only
// then. Not exported and named nowhere but its declaration, nothing can: what it does never happens.
// Exported (or named elsewhere: handed on, stored), it may run, at a time the file does not say, so
// whether the server is connected by then is not known either.
import { ts } from "../typescript";
import type { FlowUnit } from "../model/summary";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The identifiers written in a file, by name → how many times (comments and strings are not code). */
const countsOf = new Map<string, { readonly text: string; readonly counts: ReadonlyMap<string, number> }>();

function identifierCounts(file: string, text: string): ReadonlyMap<string, number> {
  const cached = countsOf.get(file);
  if (cached?.text === text) return cached.counts;
  const counts = new Map<string, number>();
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n)) counts.set(n.text, (counts.get(n.text) ?? 0) + 1);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  countsOf.set(file, { text, counts });
  return counts;
}

/** Whether the file's top-level function can never run: not exported, its name written only where it is declared. */
export function neverCalled(file: string, text: string, unit: FlowUnit): boolean {
  if (unit.kind !== "function" || !unit.nameSpan || !IDENTIFIER.test(unit.name)) return false;
  if (text.slice(unit.nameSpan.start, unit.nameSpan.end) !== unit.name) return false;
  // `export function f`, `export const f = () => ...`, `export default function f`: its own line says so.
  const lineStart = text.lastIndexOf("\n", unit.nameSpan.start) + 1;
  if (/\bexport\b|\bexports\b/.test(text.slice(lineStart, unit.nameSpan.start))) return false;
  // Any other mention (a call, an export clause, a callback handed on, `obj.f`) may run it; an eval may too.
  const counts = identifierCounts(file, text);
  return counts.get(unit.name) === 1 && !counts.has("eval");
}
