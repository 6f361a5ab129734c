// A list the program only ever adds to: `const tools = [echo]; if (admin) tools.push(root);` holds at
// least what it was declared with, whatever the conditions decide, and after each top-level
// `tools.push(…)` above a use, at least that item more. A loop over it there runs its body once or
// more when that count is one or more, though the evaluator cannot say which items it holds.
import type { FileSummary, ValueExpr } from "../model/summary";
import type { Evaluator } from "./evaluator";
import type { Loc, Scope } from "./values";
import { constDeclaration } from "./constDeclarations";
import { aliasSources, mutatedNamesIn } from "./mutation";
import { handedOnNames } from "./handedOn";
import { certainItems } from "./tableItems";
import { bindingOf } from "./unitScope";
import { inFunctionDeclaration } from "./replayWrites";

/** `name.push(` or `name.unshift(`: the only changes that cannot take an item away. */
const addingHeads = (name: string) => new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, "\\$")}\s*\.\s*(?:push|unshift)\s*\(`, "g");

/**
 * Whether the text changes `name` only by pushing onto it: with those calls' heads blanked, no other
 * change is left (no `splice`, `pop`, `length = 0`, cast or `Object.assign`), no other name stands for
 * the same array, and it is not handed to a call that might change it. Read from the text like
 * `mutatedNames`, so a comment or a string can only make the answer no.
 */
export function onlyAddedTo(summary: FileSummary, text: string, name: string): boolean {
  const blanked = text.replace(addingHeads(name), (head) => " ".repeat(head.length));
  if (mutatedNamesIn(blanked).has(name)) return false;
  for (const sources of aliasSources(text).values()) if (sources.has(name)) return false;
  return !handedOnNames(summary, text).has(name);
}

/**
 * The items a top-level const array of `scope`'s file certainly holds at `at` (a use in the same file)
 * when the program only adds to it: its declared items, and those of the top-level pushes that have run
 * by then. 0 when that is not known: declared elsewhere or exported (another module may change it), or
 * changed otherwise.
 */
export function itemsAddedBefore(ev: Evaluator, expr: ValueExpr, scope: Scope, at: Loc): number {
  if (expr.k !== "ref" || at.file !== scope.file || bindingOf(scope, expr.name)) return 0;
  const declared = constDeclaration(ev, scope.file, expr.name);
  if (!declared || declared.file !== scope.file || declared.init.k !== "arr") return 0;
  const summary = ev.summary(declared.file);
  const text = ev.host.text?.(declared.file);
  if (!summary || text === undefined) return 0;
  for (const e of summary.exports.values()) if (e.k === "local" && e.local === declared.name) return 0;
  if (!onlyAddedTo(summary, text, declared.name)) return 0;
  let n = certainItems(ev, declared.init, ev.fileScope(declared.file));
  // A function declaration is hoisted: called from above the pushes, it sees none of them.
  if (inFunctionDeclaration(summary, at.span.start)) return n;
  for (const w of summary.topWrites?.get(declared.name) ?? []) {
    if (w.k === "push" && w.span.end <= at.span.start) n += w.items.filter((i) => i.k !== "spread").length;
  }
  return n;
}
