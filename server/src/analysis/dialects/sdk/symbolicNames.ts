// Two registrations may name the same thing with a value the analysis cannot compute: a template of
// the same consts written twice (`${PREFIX}_info` with `const PREFIX = process.env.PREFIX ?? "acme"`).
// Whatever PREFIX holds, both calls make the same name, so the second throws ("Tool acme_info is already
// registered") for certain. The expression itself stands for the name, when it reads nothing but
// consts of its file (and imports) that no function in between hides: a const never changes.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { mutatedNamesOf } from "../../core/evaluate/mutation";
import type { Scope } from "../../core/evaluate/values";
import type { ValueExpr } from "../../core/model/summary";

/** A dotted path of names: `PREFIX`, `pkg.prefix`, `config.tools.prefix`. */
const PATH = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/;

/**
 * The source text that stands for the name `arg` computes (whitespace dropped), or undefined when it
 * may differ from one run of the expression to another (a call, a local, a `let`, a computed key).
 */
export function symbolicName(ev: Evaluator, arg: ValueExpr, scope: Scope): string | undefined {
  const roots: string[] = [];
  let text: string;
  if (arg.k === "ref") {
    roots.push(arg.name);
    text = arg.name;
  } else if (arg.k === "get") {
    const path = staticPath(arg);
    if (!path) return undefined;
    roots.push(path[0]!);
    text = path.join(".");
  } else if (arg.k === "dyn" && !arg.arith && !arg.branches && arg.text.startsWith("`") && arg.text.endsWith("`")) {
    const parts = templateParts(arg.text);
    if (!parts) return undefined;
    for (const p of parts) roots.push(p.split(".")[0]!.trim());
    text = arg.text.replace(/\s+/g, "");
  } else return undefined;
  if (!roots.every((r) => constOfFile(ev, r, scope))) return undefined;
  // A member read (`cfg.prefix`) is the same only while no code of the file changes that object.
  const summary = ev.summary(scope.file);
  const changed = summary && mutatedNamesOf(summary, () => ev.host.text?.(scope.file));
  if (text.includes(".") && (!changed || roots.some((r) => changed.has(r)))) return undefined;
  return text;
}

/** `a.b.c` as its names, when every key is written as a name or a string. */
function staticPath(expr: ValueExpr): string[] | undefined {
  if (expr.k === "ref") return [expr.name];
  if (expr.k !== "get" || expr.key.k !== "static") return undefined;
  const head = staticPath(expr.object);
  return head ? [...head, expr.key.name] : undefined;
}

/** The substitutions of a template literal's text, each a dotted path; undefined for anything else in one. */
function templateParts(text: string): string[] | undefined {
  const inner = text.slice(1, -1);
  // A nested template or an escape around a `${` is not read.
  if (inner.includes("`") || inner.includes("\\")) return undefined;
  const parts: string[] = [];
  for (const m of inner.matchAll(/\$\{([^{}]*)\}/g)) {
    const part = m[1]!.trim();
    if (!PATH.test(part)) return undefined;
    parts.push(part);
  }
  // Braces left over: a substitution holding an object or a block.
  if (inner.replace(/\$\{[^{}]*\}/g, "").includes("${")) return undefined;
  return parts.length > 0 ? parts : undefined;
}

/** Whether `name`, seen from `scope`, is a const declared at the top level of the file (or an import), hidden by no local. */
function constOfFile(ev: Evaluator, name: string, scope: Scope): boolean {
  for (let s: Scope | null = scope; s; s = s.parent) {
    if (s.vars === null) {
      const summary = ev.summary(s.file);
      const decl = summary?.decls.get(name);
      return decl ? decl.k === "const" || (decl.k === "mutable" && decl.stable !== undefined) : summary?.imports.has(name) === true;
    }
    if (s.vars.has(name)) return false;
  }
  return false;
}
