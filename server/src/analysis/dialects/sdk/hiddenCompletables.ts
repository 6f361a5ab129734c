// `completable(schema, complete)` changes the schema object itself (and returns it): a prompt argument
// is completable whenever its schema is that object, however it is reached — a helper that wraps
// completable() (`lang: withLangs(z.string())`), a schema made completable by a statement of its own
// (`completable(lang, f)` then `{ lang }`), a chain over completable() (`completable(s, f).default("ts")`).
// A chain that starts from zod itself (`z.string().describe(..)`) is a fresh schema, unless the file
// applies completable() to a schema made elsewhere (`completable(Args.shape.lang, f)`); anything else
// may carry a completer when the code around names completable at all.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary, ValueExpr } from "../../core/model/summary";

const ZOD = /^zod(?:\/|$)/;
/** completable() given something else than a schema written from zod in place. */
const APPLIED_TO_EXISTING = /\bcompletable\s*\(\s*(?!z\s*\.)[A-Za-z_$]/;
const MAX_HOPS = 32;

/** Whether the argument's schema may have been made completable out of the analysis' sight. */
export function mayCarryCompletable(ev: Evaluator, file: string, summary: FileSummary, field: ValueExpr): boolean {
  // `completable(Args.shape.lang, f)`, `completable(schema, f)` in a helper: a schema made elsewhere is
  // changed, and it may be any argument's, even one written from zod.
  const here = completableIn(ev, file);
  if (here.applied) return true;
  const root = rootOf(field);
  if (root.k === "completable") {
    // `completable(z.string(), f).describe(..)`: a schema made in place, then a new one around it (which
    // carries no completer); `completable(lang, f).default(..)`: lang itself is now completable.
    const inner = root.call.args[0];
    return inner === undefined || !fromZod(summary, rootOf(inner));
  }
  const at = root.expr;
  if (at.k !== "ref") return here.named;
  const imported = summary.imports.get(at.name);
  // `z.string()`, `z.enum([...])`: made here, by zod.
  if (fromZod(summary, root)) return false;
  if (here.named) return true;
  // Declared in another module: a completable() there may have made it.
  const target = imported ? ev.host.resolveModule(imported.specifier, file) : undefined;
  return target !== undefined && completableIn(ev, target).named;
}

type Root = { readonly k: "completable"; readonly call: Extract<ValueExpr, { k: "call" }> } | { readonly k: "other"; readonly expr: ValueExpr };

/** What a chain of calls and members starts from: a completable() call met on the way, or its first name. */
function rootOf(expr: ValueExpr): Root {
  let at: ValueExpr = expr;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    if (at.k === "call" && at.callee.k === "ref" && at.callee.name === "completable") return { k: "completable", call: at };
    if (at.k === "call") at = at.callee;
    else if (at.k === "get") at = at.object;
    else break;
  }
  return { k: "other", expr: at };
}

function fromZod(summary: FileSummary, root: Root): boolean {
  if (root.k !== "other" || root.expr.k !== "ref") return false;
  const imported = summary.imports.get(root.expr.name);
  return imported !== undefined && ZOD.test(imported.specifier);
}

/** What a file's text says of completable(), read once per version of the text: applied to a schema made elsewhere, named at all (a text not at hand may do either). */
function completableIn(ev: Evaluator, file: string): { readonly applied: boolean; readonly named: boolean } {
  const derive = (text: string | undefined) => ({ applied: text !== undefined && APPLIED_TO_EXISTING.test(text), named: text === undefined || /\bcompletable\b/.test(text) });
  return ev.host.textFacts ? ev.host.textFacts(file, "sdk-completable-uses", derive) : derive(ev.host.text?.(file));
}
