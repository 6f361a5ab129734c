// The first argument a workspace subclass of a package's class (packageSubclass.ts) hands to that
// class's constructor (MCPServer's config, McpStrategy's options): down the chain from `new
// AppServer(args)`, each class without a constructor passes its arguments on; one with a constructor
// passes what its `super(...)` call gets. A `super({...})` that reads none of the constructor's own
// names is the argument, read where that class is written (its consts, its `import.meta`);
// `super(options)` of a parameter passes that argument on. Anything else (a spread of the parameters,
// a local built first, a super() under a condition) is not followed: not known.
import type { Loc } from "../evaluate/values";
import type { FileSummary, ValueExpr } from "../model/summary";
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
      // Not given: the parameter's default (not in the summary) would be the argument.
      if (!given) return { k: "unknown", reason: `${cls.name} hands its parameter ${first.name} to super(), and no argument is given for it, so the ${what} is its default, which the analysis does not read`, loc };
      args = { exprs: [given], file: args.file };
      continue;
    }
    const own = new Set([...ctor.params, ...(ctor.locals ?? []), ...(ctor.consts?.keys() ?? [])]);
    if (first && mentions(first, own)) return { k: "unknown", reason: `the ${what} ${cls.name} hands to super() is built from its constructor's own values, which the analysis does not follow`, loc: { file, span: first.span } };
    args = { exprs: first ? [first] : [], file };
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
