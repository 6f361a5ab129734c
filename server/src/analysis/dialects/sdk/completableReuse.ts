// `for (const name of PROMPTS) server.registerPrompt(name, { argsSchema: { lang: completable(lang, f) } }, …)`
// with `lang` one schema made outside the loop: completable() marks the schema object itself
// (`Object.defineProperty(schema, Symbol(mcp.completable), { configurable: false })`), so the second
// item's call on the same object throws "Cannot redefine property" at start-up. Whether the loop goes
// round twice is not always known: said as something that may stop the server. The same holds for two
// registrations that each call completable() on one schema, directly or through a helper of the file.
import type { FileSummary, ValueExpr } from "../../core/model/summary";

const MAX_DEPTH = 16;

/** The names of top-level schemas a registration's arguments hand to completable() (`completable(lang, f)`). */
export function completableOfTopLevel(summary: FileSummary, args: readonly ValueExpr[]): string[] {
  const binding = summary.imports.get("completable");
  if (!binding || !/^@modelcontextprotocol\//.test(binding.specifier)) return [];
  const found: string[] = [];
  const visit = (e: ValueExpr, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (e.k === "obj") for (const entry of e.entries) visit(entry.k === "prop" ? entry.value : entry.expr, depth + 1);
    else if (e.k === "arr") for (const item of e.items) visit(item.k === "spread" ? item.expr : item, depth + 1);
    else if (e.k === "call") {
      const first = e.args[0];
      if (e.callee.k === "ref" && e.callee.name === "completable" && first?.k === "ref" && summary.decls.get(first.name)?.k === "const") found.push(first.name);
      else if (e.callee.k === "get") visit(e.callee.object, depth + 1);
      else if (e.callee.k === "ref") {
        // `const langArg = () => completable(lang, f)`: a helper of the file whose result is that call.
        const helper = summary.decls.get(e.callee.name);
        const fn = helper?.k === "function" ? helper.fn : helper?.k === "const" && helper.init.k === "fn" ? helper.init.fn : undefined;
        if (fn && !fn.wraps && fn.result) visit(fn.result, depth + 1);
      }
    }
  };
  for (const a of args) visit(a, 0);
  return found;
}
