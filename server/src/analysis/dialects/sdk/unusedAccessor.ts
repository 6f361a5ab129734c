// `getServer() { return this.server; }`, "exposed for testing": a method or getter of the class that
// hands the server out lets its callers add capabilities, but only where something calls it. When no
// code of the package outside its tests names it (the class's own file, and the files importing the
// class), nothing gets the server through it. Any mention in code (a call, a string spelling it), or
// an importer the search cannot read, counts as a use.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FlowUnit, Span } from "../../core/model/summary";
import { exportNamesOf, serverImporters, strayMemberMention, type Elsewhere } from "./factoryCallers";
import type { LineClass } from "./subclassLine";

/**
 * `explained`: places of the class's file where a use of it is known to hand the server nowhere else.
 * `line`: the class's subclasses the replay follows (subclassLine.ts): their instances have the
 * accessor too, so their files and the files importing them count as well.
 */
export function accessorNeverUsed(ev: Evaluator, elsewhere: Elsewhere, file: string, className: string, accessor: FlowUnit, explained: readonly Span[] = [], line: readonly LineClass[] = []): boolean {
  const member = accessor.name.slice(accessor.name.lastIndexOf(".") + 1);
  if (!member || !accessor.nameSpan) return false;
  // Read as tokens (comments do not count); its own declaration is the one mention its file may hold.
  const named = (at: string, explained: readonly Span[]) => {
    const text = ev.host.text?.(at);
    return text === undefined || strayMemberMention(text, member, explained) !== undefined;
  };
  if (named(file, [accessor.nameSpan, ...explained])) return false;
  const classes = [{ file, name: className }, ...line.filter((c) => c.file !== file || c.name !== className)];
  return classes.every((cls) => {
    // A subclass's own file: an override or a call there is a use (the holder's file was read above).
    if (cls.file !== file && named(cls.file, [])) return false;
    const summary = ev.summary(cls.file);
    if (!summary) return false;
    const names = exportNamesOf(summary, cls.name);
    if (names.length === 0) return true;
    const importers = serverImporters(ev, elsewhere, cls.file, names);
    return importers.open.length === 0 && !importers.found.some((i) => named(i.file, []));
  });
}
