// `new MCPServer(buildConfig())`: a config made by a function of the workspace (often in another
// module) whose body only declares consts and returns an object literal. That literal is the config,
// read where the function is written (its file's consts, its `import.meta.dirname`), as a literal
// given to `new` is. Not followed: an async or generator function (MCPServer gets a promise or an
// iterator, not the object), a body that does more than return a value, a result that is not an object
// literal, and a literal whose keys depend on the function's parameters or locals (said, with that
// reason); an option whose value reads them is an unknown value of that one option.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { parsedSource } from "../../core/summarize/parsedSource";
import { ts } from "../../core/typescript";
import type { ObjEntry } from "../../core/model/summary";
import { closed } from "../../core/classes/superArguments";
import { mentions, type ConfigSource } from "./superConfig";

/** Whether the function whose body starts at `bodyStart` of `file` is a plain one (not async, not a generator). */
function plainFunction(ev: Evaluator, file: string, bodyStart: number): boolean {
  const sf = parsedSource(ev, file);
  if (!sf) return false;
  let found: ts.FunctionLikeDeclaration | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.end <= bodyStart || n.pos > bodyStart) return;
    if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)) && n.body && n.body.getStart(sf) === bodyStart) {
      found = n;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!found) return false;
  const isAsync = (ts.getCombinedModifierFlags(found) & ts.ModifierFlags.Async) !== 0 || !!ts.getModifiers(found)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  return !isAsync && !found.asteriskToken;
}

/**
 * The config `source` stands for when it is a call of a function returning an object literal, or an
 * object literal spreading such calls (`{ ...loadConfig(), logging: true }`); otherwise `source` itself.
 */
export function throughConfigFactory(ev: Evaluator, source: ConfigSource): ConfigSource {
  if (source.k === "expr" && source.expr?.k === "obj") return { ...source, expr: { ...source.expr, entries: source.expr.entries.map((e) => spreadFactory(ev, e, source.file)) } };
  if (source.k !== "expr" || source.expr?.k !== "call") return source;
  const call = source.expr;
  const callee = ev.evaluate(call.callee, ev.fileScope(source.file), { calls: false });
  if (callee.t !== "fn") return source;
  const { fn } = callee;
  if (fn.result?.k !== "obj") return source;
  const file = callee.loc.file;
  if (!plainFunction(ev, file, fn.bodySpan.start)) return source;
  const own = new Set<string>(["this", "arguments", ...fn.params.filter(Boolean), ...fn.locals.keys()]);
  if (!mentions(fn.result, own)) return { k: "expr", expr: fn.result, file };
  // `{ name: "x", logging: env.DEBUG === "1" }`: only the options that read them are unknown; a key
  // that is itself computed from them, or a spread of them, may be any option.
  const entries: ObjEntry[] = [];
  for (const entry of fn.result.entries) {
    if (entry.k === "spread" || entry.key.k === "computed") {
      if (mentions(entry.k === "spread" ? entry.expr : entry.key.k === "computed" ? entry.key.expr : entry.value, own)) {
        return { k: "unknown", reason: `the config ${ev.sourceText(call, source.file)} returns is built from the function's parameters or local values, which the analysis does not follow`, loc: { file, span: fn.result.span } };
      }
      entries.push(entry);
      continue;
    }
    const value = entry.value;
    entries.push(mentions(value, own) ? { ...entry, value: { k: "dyn", text: ev.textAt(file, value.span) ?? "", span: value.span } } : entry);
  }
  return { k: "expr", expr: { ...fn.result, entries }, file };
}

/**
 * `...loadConfig()` in the config: the literal the function returns, spread in its place when it reads
 * nothing of the module it is written in (or is written in this one), so that it means the same here.
 */
function spreadFactory(ev: Evaluator, entry: ObjEntry, file: string): ObjEntry {
  if (entry.k !== "spread" || entry.expr.k !== "call") return entry;
  const made = throughConfigFactory(ev, { k: "expr", expr: entry.expr, file });
  if (made.k !== "expr" || made.expr?.k !== "obj" || (made.file !== file && !closed(made.expr))) return entry;
  return { ...entry, expr: made.expr };
}
