// MCP-Nest 1.x servers: each `McpModule.forRoot({...})` listed in the `imports` of a `@Module` class,
// written there or held in a const of the same file that only that list names. 1.9's discovery
// (McpRegistryDiscoveryService.discoverTools) pairs each module that imports an McpModule with it and
// scans that module's own providers and controllers, so the module that lists the call is the one
// whose classes serve it. A call the analysis cannot place this way stays a diagnostic (v1ModuleApi.ts).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary, ValueExpr } from "../../core/model/summary";
import { metadataConst, namedOnceBesidesExports } from "./namedOnce";
import { dynamicRoots, type DynamicRoot } from "./v1DynamicSites";
import { mcpNestExport } from "./reexports";

type CallExpr = Extract<ValueExpr, { k: "call" }>;

export interface V1Site {
  readonly file: string;
  /** The @Module class whose imports list the call. */
  readonly module: ClassRef;
  readonly moduleSummary: ClassSummary;
  readonly call: CallExpr;
  readonly method: "forRoot" | "forRootAsync";
  /** `McpModule.forRoot` as written. */
  readonly callee: string;
  /** The callee's place: where the server is said to be. */
  readonly loc: Loc;
  /** `const mcp = McpModule.forRoot(...)`, then `imports: [mcp]`: the const's name. */
  readonly via?: string;
  /** Imported by one side of a `?:` only: its condition, as written. */
  readonly conditional?: string;
  /** Listed by the dynamic module a static method of the module returns (v1DynamicSites.ts). */
  readonly dynamic?: Pick<DynamicRoot, "method" | "lists" | "readsParams">;
}

const WORD = /\bMcpModule\b/;

/** `McpModule.forRoot` (or `ns.McpModule.forRoot`) of @rekog/mcp-nest: the method called, or undefined. */
function rootMethod(ev: Evaluator, file: string, expr: ValueExpr): "forRoot" | "forRootAsync" | undefined {
  if (expr.k !== "call" || expr.callee.k !== "get" || expr.callee.key.k !== "static") return undefined;
  const method = expr.callee.key.name;
  if (method !== "forRoot" && method !== "forRootAsync") return undefined;
  const owner = expr.callee.object;
  const isModule =
    owner.k === "ref"
      ? mcpNestExport(ev, file, owner.name) === "McpModule"
      : owner.k === "get" && owner.object.k === "ref" && owner.key.k === "static" && mcpNestExport(ev, file, owner.object.name, owner.key.name) === "McpModule";
  return isModule ? method : undefined;
}

/** The `imports` array of a class's `@Module({...})`, as written. */
function importsOf(summary: ClassSummary, file: FileSummary, text: string): readonly Imported[] {
  let args = summary.decorators.find((d) => d.name === "Module")?.args[0];
  // `@Module(appMetadata)`, the metadata a const of the same file.
  if (args?.k === "ref") args = metadataConst(file, text, args.name, summary.span.start);
  if (args?.k !== "obj") return [];
  const entry = args.entries.find((e) => e.k === "prop" && e.key.k === "static" && e.key.name === "imports");
  let value = entry?.k === "prop" ? entry.value : undefined;
  // `const imports = [McpModule.forRoot(...)]; @Module({ imports, providers })`: that const's list.
  if (value?.k === "ref") value = metadataConst(file, text, value.name, summary.span.start);
  if (value?.k !== "arr") return [];
  const out: Imported[] = [];
  for (const item of value.items) {
    if (item.k !== "spread") out.push({ expr: item });
    // `...(process.env.NO_MCP ? [] : [McpModule.forRoot(...)])`: imported on one side only.
    else if (item.expr.k === "dyn" && item.expr.branches) {
      const [yes, no] = item.expr.branches;
      const when = item.expr.text.replace(/^\(/, "").replace(/\s+\?\s[\s\S]*$/, "").replace(/\s+/g, " ");
      for (const arm of [yes, no]) if (arm.k === "arr") for (const i of arm.items) if (i.k !== "spread") out.push({ expr: i, conditional: when });
    }
  }
  return out;
}

interface Imported {
  readonly expr: ValueExpr;
  /** The condition of the `?:` whose one side lists it. */
  readonly conditional?: string;
}

export function v1Sites(ev: Evaluator, file: string): V1Site[] {
  const summary = ev.summary(file);
  const text = ev.host.text?.(file);
  if (!summary || text === undefined || !WORD.test(text)) return [];
  const out: V1Site[] = [];
  summary.classes.forEach((cls, index) => {
    for (const { expr: item, conditional } of importsOf(cls, summary, text)) {
      let call: ValueExpr | undefined = item;
      let via: string | undefined;
      if (item.k === "ref") {
        // A const of this file that nothing else names: the dynamic module is this module's alone. Also
        // named in the module's own `exports: [...]` (re-exported to its importers, the same instance).
        const decl = summary.decls.get(item.name);
        if (decl?.k !== "const" || !namedOnceBesidesExports(text, item.name) || [...summary.exports.values()].some((e) => e.k === "local" && e.local === item.name)) continue;
        call = decl.init;
        via = item.name;
      }
      const method = call ? rootMethod(ev, file, call) : undefined;
      if (!method || call?.k !== "call" || call.callee.k !== "get") continue;
      const callee = ev.sourceText(call.callee, file);
      out.push({
        file,
        module: { file, index, scope: null, key: `${file}#${index}` },
        moduleSummary: cls,
        call,
        method,
        callee,
        loc: { file, span: call.callee.span },
        ...(via ? { via } : {}),
        ...(conditional !== undefined ? { conditional } : {}),
      });
    }
    if (!cls.decorators.some((d) => d.name === "Module")) return;
    for (const root of dynamicRoots(ev, { file, index, scope: null, key: `${file}#${index}` }, summary, cls)) {
      const method = rootMethod(ev, file, root.call);
      if (!method || root.call.k !== "call" || root.call.callee.k !== "get") continue;
      out.push({
        file,
        module: { file, index, scope: null, key: `${file}#${index}` },
        moduleSummary: cls,
        call: root.call,
        method,
        callee: ev.sourceText(root.call.callee, file),
        loc: { file, span: root.call.callee.span },
        via: `${root.method}()`,
        dynamic: { method: root.method, lists: root.lists, readsParams: root.readsParams },
      });
    }
  });
  return out;
}
