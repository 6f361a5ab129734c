// The first argument a workspace subclass of a package's class (packageSubclass.ts) hands to that
// class's constructor (MCPServer's config, McpStrategy's options): down the chain from `new
// AppServer(args)`, each class without a constructor passes its arguments on; one with a constructor
// passes what its `super(...)` call gets. A `super({...})` that reads none of the constructor's own
// names is the argument, read where that class is written (its consts, its `import.meta`);
// `super(options)` of a parameter passes that argument on, and `super({ ...cfg, logging: verbose })`
// reads each parameter as the argument given for it or its default (withParameters below). Anything
// else (a local built first, a parameter changed before super(), a super() under a condition) is not
// followed: not known.
import type { Loc } from "../evaluate/values";
import type { FileSummary, FlowUnit, ValueExpr } from "../model/summary";
import type { ChainClass } from "./packageSubclass";

/** Where the argument comes from: an expression and the file it is written in (undefined: none given). */
export type SuperArgument = { readonly k: "expr"; readonly expr: ValueExpr | undefined; readonly file: string } | { readonly k: "unknown"; readonly reason: string; readonly loc: Loc };

interface Args {
  readonly exprs: readonly ValueExpr[];
  readonly file: string;
}

/** How the argument and the class are named in reasons: `{ what: "config", base: "MCPServer" }`. */
export interface Naming {
  readonly what: string;
  readonly base: string;
}

/** `summaryOf`: a file's summary with its flow. `text`: a file's text (for a constructor without a flow). */
export function argumentThroughSupers(newArgs: Args, chain: readonly ChainClass[], summaryOf: (file: string) => FileSummary | undefined, text: (file: string) => string | undefined, naming: Naming): SuperArgument {
  const { what, base } = naming;
  let args = newArgs;
  for (const { file, cls } of chain) {
    const loc: Loc = { file, span: cls.nameSpan };
    const ctor = summaryOf(file)?.flow?.units.find((u) => u.kind === "method" && u.name === `${cls.name}.constructor` && u.span.start >= cls.span.start && u.span.end <= cls.span.end);
    if (!ctor) {
      const body = text(file)?.slice(cls.span.start, cls.span.end);
      // No constructor: the arguments go to the base's as they are.
      if (body !== undefined && !/\bconstructor\s*\(/.test(body)) continue;
      return { k: "unknown", reason: `${cls.name}'s constructor cannot be read, so the ${what} it hands to ${base} is not known`, loc };
    }
    const entry = ctor.events.find((e) => e.event.k === "invoke" && e.event.callee.k === "dyn" && e.event.callee.text === "super");
    if (!entry || entry.event.k !== "invoke") return { k: "unknown", reason: `${cls.name}'s constructor calls super() where the analysis does not follow it, so the ${what} ${base} gets is not known`, loc };
    if (entry.conditional) return { k: "unknown", reason: `${cls.name}'s constructor calls super() under a condition, so the ${what} ${base} gets is not known`, loc };
    const first = entry.event.argExprs[0];
    if (first?.k === "ref" && ctor.params.includes(first.name) && !(ctor.locals ?? []).includes(first.name)) {
      // `super(options)`: the argument given for that parameter.
      const given = args.exprs[ctor.params.indexOf(first.name)];
      if (given) {
        // The other arguments are read in the caller's module: one of this module that reads names is left unread.
        const rest = entry.event.argExprs.slice(1).map((r): ValueExpr => (args.file === file || closed(r) ? r : { k: "dyn", text: "(an argument written in another module)", span: r.span }));
        args = { exprs: [given, ...rest], file: args.file };
        continue;
      }
      // Not given: the parameter's default, read where the class is written.
      const built = withParameters(first, ctor, new Set([...ctor.params, ...(ctor.locals ?? []), ...(ctor.consts?.keys() ?? [])]), args, file, text(file), entry.event.span);
      if (!built) return { k: "unknown", reason: `${cls.name} hands its parameter ${first.name} to super(), and no argument is given for it, so the ${what} is its default, which the analysis does not follow`, loc };
      args = { exprs: [built, ...entry.event.argExprs.slice(1)], file };
      continue;
    }
    const own = new Set([...ctor.params, ...(ctor.locals ?? []), ...(ctor.consts?.keys() ?? [])]);
    // `super({ ...cfg, logging: verbose })`: each parameter read is what the caller gives for it, or its default.
    const built = first && mentions(first, own) ? withParameters(first, ctor, own, args, file, text(file), entry.event.span) : first;
    if (first && !built) return { k: "unknown", reason: `the ${what} ${cls.name} hands to super() is built from its constructor's own values, which the analysis does not follow`, loc: { file, span: first.span } };
    // The other arguments stay, for a base class whose constructor reads them in turn.
    args = { exprs: built ? [built, ...entry.event.argExprs.slice(1)] : [], file };
  }
  return { k: "expr", expr: args.exprs[0], file: args.file };
}

/** Whether an expression reads one of `names` (or `this`, or code the analysis keeps only as text). */
export function mentions(e: ValueExpr, names: ReadonlySet<string>): boolean {
  switch (e.k) {
    case "lit":
      return false;
    case "ref":
      return names.has(e.name);
    case "get":
      return mentions(e.object, names) || (e.key.k === "computed" && mentions(e.key.expr, names));
    case "freeze":
      return mentions(e.arg, names);
    case "call":
    case "new":
      return mentions(e.callee, names) || e.args.some((a) => mentions(a, names));
    case "obj":
      return e.entries.some((en) => (en.k === "spread" ? mentions(en.expr, names) : mentions(en.value, names) || (en.key.k === "computed" && mentions(en.key.expr, names))));
    case "arr":
      return e.items.some((i) => mentions(i.k === "spread" ? i.expr : i, names));
    case "class":
      return true;
    case "fn":
      return true;
    case "dyn":
      // Kept as text (`import.meta.dirname`, a template): a word of it may be one of the names.
      return e.text.split(/[^\w$]+/).some((w) => w === "this" || names.has(w));
  }
}

/**
 * `first` with each parameter of the constructor it reads replaced by what that parameter holds when
 * super() runs: the argument given for it, or (none given) its default, read where the class is
 * written. Only where that is certain: a parameter the body names anywhere else (it may be assigned
 * or changed before super()) is not followed, nor an argument after a spread, nor one written in
 * another module that reads names (it would be read in the wrong scope), nor a default that reads the
 * constructor's own names. Undefined when `first` still reads them.
 */
function withParameters(first: ValueExpr, ctor: FlowUnit, own: ReadonlySet<string>, args: Args, file: string, text: string | undefined, superSpan: { readonly start: number; readonly end: number }): ValueExpr | undefined {
  if (text === undefined) return undefined;
  const body = text.slice(ctor.span.start, superSpan.start) + text.slice(superSpan.end, ctor.span.end);
  const values = new Map<string, ValueExpr>();
  for (const [i, name] of ctor.params.entries()) {
    if (!name || !mentions(first, new Set([name]))) continue;
    // Once in the parameter list, never again outside super(...).
    if ((body.match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g")) ?? []).length !== 1) return undefined;
    if (args.exprs.slice(0, i + 1).some((a) => a.k === "dyn" && a.text.startsWith("..."))) return undefined;
    const given = args.exprs[i];
    const fallback = ctor.paramDefaults?.[i];
    if (given && given.k === "ref" && given.name === "undefined" && fallback) values.set(name, fallback);
    else if (given) {
      if (args.file !== file && !closed(given)) return undefined;
      values.set(name, given);
    } else if (fallback && !mentions(fallback, own)) values.set(name, fallback);
    else return undefined;
  }
  const result = replaced(first, values);
  return mentions(result, own) ? undefined : result;
}

/** Whether an expression reads no name at all (literals, and objects and arrays of them): it means the same in any module. */
export function closed(e: ValueExpr): boolean {
  switch (e.k) {
    case "lit":
      return true;
    case "obj":
      return e.entries.every((en) => (en.k === "spread" ? closed(en.expr) : closed(en.value) && en.key.k === "static"));
    case "arr":
      return e.items.every((i) => closed(i.k === "spread" ? i.expr : i));
    case "freeze":
      return closed(e.arg);
    case "get":
      return closed(e.object) && e.key.k === "static";
    default:
      return false;
  }
}

/** `e` with each name of `values` read as its value (functions and text-only code are left as they are). */
function replaced(e: ValueExpr, values: ReadonlyMap<string, ValueExpr>): ValueExpr {
  switch (e.k) {
    case "ref":
      return values.get(e.name) ?? e;
    case "get":
      return { ...e, object: replaced(e.object, values), key: e.key.k === "computed" ? { ...e.key, expr: replaced(e.key.expr, values) } : e.key };
    case "freeze":
      return { ...e, arg: replaced(e.arg, values) };
    case "call":
    case "new":
      return { ...e, callee: replaced(e.callee, values), args: e.args.map((a) => replaced(a, values)) };
    case "obj":
      return { ...e, entries: e.entries.map((en) => (en.k === "spread" ? { ...en, expr: replaced(en.expr, values) } : { ...en, value: replaced(en.value, values), key: en.key.k === "computed" ? { ...en.key, expr: replaced(en.key.expr, values) } : en.key })) };
    case "arr":
      return { ...e, items: e.items.map((i) => (i.k === "spread" ? { ...i, expr: replaced(i.expr, values) } : replaced(i, values))) };
    default:
      return e;
  }
}
