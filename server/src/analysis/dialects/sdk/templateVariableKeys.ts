// A URI template built from strings only known at run time, whose variables are still written in it:
// `new ResourceTemplate(`${scheme}:///{+${variable}}`, { complete: { [variable]: async (v) => ... } })`
// (the URI and the completer's key are the same name, read at the same moment: one expression), or
// `${base}/{id}` with `complete: { id }`. The SDK advertises `completions` for a template when a
// variable of its URI has a completer; a helper that registers one template per scheme or per
// variable name writes exactly this.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Span, ValueExpr } from "../../core/model/summary";

/**
 * `{name}`, `{+name}`, `{#name*}`... written as `{<op>${IDENT}}` in a template literal. Not with a prefix
 * modifier (`{${v}:7}`): the SDK names that variable `<v>:7`, which the completer's key is not.
 */
const NAMED_VARIABLE = /\{[+#./?&]?\$\{\s*([A-Za-z_$][\w$]*)\s*\}\*?\}/g;

/** `{id}`, `{+path}`, `{x,y}` written literally (not after a `$`, which starts a substitution). */
const LITERAL_VARIABLES = /(?<!\$)\{[+#./?&]?([A-Za-z_][\w]*(?:\*|:\d+)?(?:,[A-Za-z_][\w]*(?:\*|:\d+)?)*)\}/g;

type NewExpr = Extract<ValueExpr, { k: "new" }>;

/**
 * Where the `complete` entry is written whose key names a variable of the URI template (written in it,
 * or the name a substitution puts in a variable's braces), when its completer is a function written
 * there; undefined otherwise.
 */
export function completerOfNamedVariable(ev: Evaluator, file: string, template: NewExpr): Span | undefined {
  const [uri, options] = template.args;
  if (!uri || options?.k !== "obj") return undefined;
  const text = ev.textAt(file, uri.span);
  if (text === undefined || !text.startsWith("`")) return undefined;
  const names = new Set([...text.matchAll(NAMED_VARIABLE)].map((m) => m[1]!));
  // A prefix modifier stays part of the name, as the SDK keeps it (`{sha:7}` is `sha:7`).
  const literal = new Set([...text.matchAll(LITERAL_VARIABLES)].flatMap((m) => m[1]!.split(",").map((v) => v.replace("*", ""))));
  const complete = options.entries.find((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "complete");
  if (complete?.k !== "prop" || complete.value.k !== "obj") return undefined;
  for (const e of complete.value.entries) {
    if (e.k !== "prop" || e.value.k !== "fn") continue;
    if (e.key.k === "computed" && e.key.expr.k === "ref" && names.has(e.key.expr.name)) return e.key.span;
    if (e.key.k === "static" && literal.has(e.key.name)) return e.key.span;
  }
  return undefined;
}
