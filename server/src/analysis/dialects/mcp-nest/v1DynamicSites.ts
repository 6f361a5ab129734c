// MCP-Nest 1.x in a dynamic module of the workspace: `static register(name): DynamicModule { return {
// module: McpServerModule, imports: [McpModule.forRoot({ name, ... })], providers: [WeatherTool] } }`.
// Nest registers the dynamic module as `module` with its @Module metadata plus the providers and
// controllers the literal adds, and 1.9's discovery scans those for the McpModule it imports (fixture
// mcp-nest/v1/21). Read from the method's syntax (summaries keep no method bodies): only a body that is one
// `return { ... }` whose `module` is the class itself is followed. What the options take from the
// method's parameters is only known where it is called.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef } from "../../core/evaluate/values";
import type { ClassSummary, FileSummary, ValueExpr } from "../../core/model/summary";
import type { SummaryContext } from "../../core/summarize/context";
import { parsedSource } from "../../core/summarize/parsedSource";
import { toValueExpr } from "../../core/summarize/valueExpr";
import { ts } from "../../core/typescript";
import { staticMethod, unwrap } from "./dynamicModules";

export interface DynamicRoot {
  /** `McpServerModule.register`, as written. */
  readonly method: string;
  /** The forRoot/forRootAsync call of the returned literal's imports. */
  readonly call: ValueExpr;
  /** The literal's own providers and controllers (arrays as written), besides the module's metadata. */
  readonly lists: readonly { readonly key: "providers" | "controllers"; readonly expr: ValueExpr }[];
  /** The method's parameters that the call or the lists read: what they hold is known only where it is called. */
  readonly readsParams: readonly string[];
}

/** Each call listed in the imports of a literal dynamic module a static method of the class returns. */
export function dynamicRoots(ev: Evaluator, ref: ClassRef, summary: FileSummary, cls: ClassSummary): DynamicRoot[] {
  const sf = parsedSource(ev, ref.file);
  if (!sf) return [];
  const out: DynamicRoot[] = [];
  for (const member of cls.members) {
    if (!member.isStatic || member.kind !== "method") continue;
    const method = staticMethod(ev, ref, member.name);
    if (!method?.body) continue;
    const [only] = method.body.statements;
    const literal = method.body.statements.length === 1 && only && ts.isReturnStatement(only) && only.expression ? unwrap(only.expression) : undefined;
    if (!literal || !ts.isObjectLiteralExpression(literal)) continue;
    const prop = (name: string) => literal.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);
    const moduleProp = prop("module");
    const imports = prop("imports");
    if (!moduleProp || !imports || !ts.isIdentifier(unwrap(moduleProp.initializer)) || (unwrap(moduleProp.initializer) as ts.Identifier).text !== cls.name) continue;
    const list = unwrap(imports.initializer);
    if (!ts.isArrayLiteralExpression(list)) continue;
    const ctx: SummaryContext = { sf, text: sf.text, ambientFile: false, classes: [], functionTypeAliases: new Set(), imports: summary.imports, stringConsts: new Map() };
    const params = method.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : []));
    const lists = (["providers", "controllers"] as const).flatMap((key) => {
      const p = prop(key);
      return p ? [{ key, expr: toValueExpr(ctx, p.initializer), node: p.initializer }] : [];
    });
    for (const element of list.elements) {
      const e = unwrap(element as ts.Expression);
      if (!ts.isCallExpression(e)) continue;
      const read = params.filter((name) => [...optionNodesThatMatter(e), ...lists.map((l) => l.node)].some((n) => mentions(n, name)));
      out.push({ method: `${cls.name}.${member.name}`, call: toValueExpr(ctx, e), lists: lists.map(({ key, expr }) => ({ key, expr })), readsParams: read });
    }
  }
  return out;
}

/** Options that only name the server (`name`, `version`, ...) change none of its capabilities. */
const NAMING = new Set(["name", "version", "instructions", "description"]);

/** The parts of a forRoot call's options that may change what it advertises. */
function optionNodesThatMatter(call: ts.CallExpression): ts.Node[] {
  const [options, ...rest] = call.arguments;
  const literal = options ? unwrap(options) : undefined;
  if (!literal || !ts.isObjectLiteralExpression(literal)) return [...call.arguments];
  const kept = literal.properties.filter((p) => !((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name) && NAMING.has(p.name.text)));
  return [...kept, ...rest];
}

function mentions(node: ts.Node, name: string): boolean {
  if (ts.isIdentifier(node) && node.text === name) return true;
  return ts.forEachChild(node, (c) => mentions(c, name) || undefined) === true;
}
