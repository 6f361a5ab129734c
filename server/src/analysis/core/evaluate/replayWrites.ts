import type { ArrItem, FileSummary, GuardedWrite, ObjEntry, TopWrite, ValueExpr } from "../model/summary";
import { guardedEntry } from "../summarize/guardedEntry";
import type { Loc } from "./values";
import { positionAt } from "../model/positions";

/**
 * A top-level const object or array that the file changes only by top-level statements
 * `name.key = value` / `name.push(item)` (straightWritesOf), as a use at `useLoc` sees it:
 * - a use later in the same file, outside a function declaration (which is hoisted, so it may run
 *   before them): every statement has run, in order, so the value is the declaration with them
 *   applied (`variant` "#after");
 * - any other use (above them, in a function declared anywhere, in another file): an object keeps the
 *   keys no statement writes, and each key one writes is unknown (`variant` "#keys"); an array may or
 *   may not have the pushed items, so it stays unknown (undefined).
 * Undefined too when the writes do not fit the value (a push onto an object, a key set on an array) or
 * push a spread. A guarded write (`if (x) name.key = …`) adds, after them, the keys of the arm its
 * condition takes (see guardedEntry), and before them leaves each key it writes unknown.
 */
export function replayWrites(
  init: ValueExpr & { k: "obj" | "arr" },
  writes: readonly (TopWrite | GuardedWrite)[],
  file: string,
  summary: FileSummary,
  name: string,
  useLoc: Loc,
): { init: ValueExpr; variant: string } | undefined {
  const after = useLoc.file === file && writes.every((w) => w.span.end <= useLoc.span.start) && !inFunctionDeclaration(summary, useLoc.span.start);
  if (init.k === "arr") {
    // A pushed spread (`list.push(...more())`) adds items whose count is not written: left unknown.
    if (!after || writes.some((w) => w.k !== "push" || w.items.some((i) => i.k === "spread"))) return undefined;
    const items: ArrItem[] = [...init.items];
    for (const w of writes) if (w.k === "push") items.push(...w.items);
    return { init: { ...init, items }, variant: "#after" };
  }
  if (writes.some((w) => w.k === "push")) return undefined;
  const entries: ObjEntry[] = [...init.entries];
  for (const w of writes) {
    if (w.k === "guarded") {
      if (after) entries.push(guardedEntry(name, w));
      else for (const key of w.keys) entries.push({ k: "prop", key: { k: "static", name: key, span: w.span }, value: { k: "dyn", text: `${name}.${key}`, span: w.span, why: laterWrite(summary, w.span.start, true) } });
      continue;
    }
    if (w.k !== "set") continue;
    const value: ValueExpr = after ? w.value : { k: "dyn", text: `${name}.${w.key}`, span: w.span, why: laterWrite(summary, w.span.start, false) };
    entries.push({ k: "prop", key: { k: "static", name: w.key, span: w.head }, value });
  }
  return { init: { ...init, entries }, variant: after ? "#after" : "#keys" };
}

/** The reason a key written by a statement is not known where the object is read: its value may be a literal, but it may land after the read. */
function laterWrite(summary: FileSummary, at: number, guarded: boolean): string {
  const line = positionAt(summary.lineStarts, at).line + 1;
  return `it is written ${guarded ? "under a condition " : ""}by the statement at line ${line}, which may run only after it is read here`;
}

/** Whether a position is inside a top-level function declaration, which may be called before the statements above it run. */
export function inFunctionDeclaration(summary: FileSummary, at: number): boolean {
  for (const d of summary.decls.values()) if (d.k === "function" && d.span.start <= at && at < d.span.end) return true;
  return false;
}
