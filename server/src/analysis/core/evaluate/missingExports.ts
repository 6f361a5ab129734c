// `import * as tools from "./tools.js"; tools.register(server)` where the module exports no `register`
// (only a default, or other names): the namespace object has no such member, the read gives
// undefined, and calling it is a TypeError ("tools.register is not a function") where the call runs.
// Said only of a workspace TypeScript module whose exports its own text lists in full: no
// `export * from`, no `export =`, no CommonJS writes (`exports.x =`, `module.exports`), no parse errors.
import type { Evaluator } from "./evaluator";
import type { ValueExpr } from "../model/summary";

const TYPESCRIPT_SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
/** A CommonJS write, which may add a member no `export` declares. */
const COMMONJS_WRITE = /\bmodule\s*\.\s*exports\b|\bexports\s*(?:\.|\[)/;

/** The module a namespace member read calls (`ns.member`) with no export of that name: its file and the member, or undefined. */
export function missingNamespaceMember(ev: Evaluator, file: string, callee: ValueExpr): { readonly module: string; readonly specifier: string; readonly member: string } | undefined {
  if (callee.k !== "get" || callee.key.k !== "static") return undefined;
  const specifier = wholeModule(ev, file, callee.object);
  if (specifier === undefined || !specifier.startsWith(".")) return undefined;
  const module = ev.host.resolveModule(specifier, file);
  if (!module || !TYPESCRIPT_SOURCE.test(module) || DECLARATION.test(module)) return undefined;
  const target = ev.summary(module);
  if (!target || target.parseErrors > 0 || target.exportEquals || target.starExports.length > 0) return undefined;
  const member = callee.key.name;
  if (target.exports.has(member)) return undefined;
  const text = ev.host.text?.(module);
  if (text === undefined || COMMONJS_WRITE.test(text)) return undefined;
  return { module, specifier, member };
}

/** The specifier of the whole module an expression is: a namespace import (`import * as ns`, `const ns = require("./m")`) or `require("./m")` itself. */
function wholeModule(ev: Evaluator, file: string, e: ValueExpr): string | undefined {
  const summary = ev.summary(file);
  if (e.k === "ref") {
    const binding = summary?.imports.get(e.name) ?? summary?.flow?.loaded?.get(e.name);
    // A local declaration of the same name shadows the import.
    return binding && binding.imported === "*" && !summary?.decls.has(e.name) ? binding.specifier : undefined;
  }
  const arg = e.k === "call" && e.callee.k === "ref" && e.callee.name === "require" && e.args.length === 1 ? e.args[0] : undefined;
  return arg?.k === "lit" && typeof arg.value === "string" && !summary?.decls.has("require") ? arg.value : undefined;
}

/** Why the module a called import (`addPrompts`, `tools.addPrompts`) comes from cannot be loaded (EvaluationHost.loadFailure). */
export function importLoadFailure(ev: Evaluator, file: string, callee: ValueExpr): string | undefined {
  const head = callee.k === "get" ? callee.object : callee;
  if (head.k !== "ref" || !ev.host.loadFailure) return undefined;
  const summary = ev.summary(file);
  const binding = summary?.imports.get(head.name);
  if (!binding || summary?.decls.has(head.name)) return undefined;
  return ev.host.loadFailure(binding.specifier, file);
}
