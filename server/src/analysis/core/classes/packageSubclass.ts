// What `new X(...)` builds: a package's class itself (imported from the package or through the
// workspace's re-exports), or a class of the workspace that extends it, directly or through more
// workspace classes (`class AppServer extends BaseServer`, `class BaseServer extends MCPServer`), in
// this file or imported. Such an instance is the package's class: its constructor runs the package
// class's with what reaches `super(...)` (superArguments.ts). Which class counts is the dialect's
// question (`isBase`: a name written in a file, followed through its imports to the package).
import type { Evaluator } from "../evaluate/evaluator";
import type { ClassSummary, FileSummary, ValueExpr } from "../model/summary";

/** One workspace class between the constructed one and the package's class. */
export interface ChainClass {
  readonly file: string;
  readonly cls: ClassSummary;
}

export type PackageCtor =
  | { readonly k: "package" }
  /** Most derived first; the last one extends the package's class. */
  | { readonly k: "subclass"; readonly chain: readonly ChainClass[] };

/** Whether `written` (`Base`, `ns.Base`) in the file of `owner` names the package's class. */
export type IsBase = (owner: FileSummary, written: string) => boolean;

/** No real server stacks more workspace classes than this. */
const MAX_CHAIN = 8;
const SPAN = { start: 0, end: 0 };

export function packageCtor(ev: Evaluator, summary: FileSummary, ctor: string, isBase: IsBase): PackageCtor | undefined {
  if (isBase(summary, ctor)) return { k: "package" };
  const [head, member] = ctor.split(".");
  // Only a class of this file, or a name imported from the workspace, can be a workspace class: `new
  // Map()` and a package's classes are not looked up.
  const binding = summary.imports.get(head!);
  const local = summary.decls.get(head!)?.k === "class";
  if (!local && !(binding && !isPackage(ev.host.resolveModule(binding.specifier, summary.fileName)))) return undefined;
  const expr: ValueExpr = member === undefined ? { k: "ref", name: head!, span: SPAN } : { k: "get", object: { k: "ref", name: head!, span: SPAN }, key: { k: "static", name: member, span: SPAN }, span: SPAN };
  const first = workspaceClass(ev, ev.evaluate(expr, ev.fileScope(summary.fileName), { calls: false }));
  const chain: ChainClass[] = [];
  for (let cur = first; cur && chain.length < MAX_CHAIN; ) {
    if (chain.some((c) => c.file === cur!.file && c.cls === cur!.cls)) return undefined;
    chain.push(cur);
    const heritage = cur.cls.heritage;
    const base = heritage ? written(heritage) : undefined;
    if (!heritage || base === undefined) return undefined;
    const owner = ev.summary(cur.file);
    if (owner && isBase(owner, base)) return { k: "subclass", chain };
    cur = workspaceClass(ev, ev.evaluate(heritage, ev.fileScope(cur.file), { calls: false }));
  }
  return undefined;
}

function workspaceClass(ev: Evaluator, v: ReturnType<Evaluator["evaluate"]>): ChainClass | undefined {
  if (v.t !== "class" || v.cls.scope !== null || isPackage(v.cls.file)) return undefined;
  const cls = ev.summary(v.cls.file)?.classes[v.cls.index];
  return cls && !cls.ambient ? { file: v.cls.file, cls } : undefined;
}

/** `Base` or `ns.Base` as written after `extends` (a mixin call is not followed). */
function written(h: ValueExpr): string | undefined {
  if (h.k === "ref") return h.name;
  if (h.k === "get" && h.object.k === "ref" && h.key.k === "static") return `${h.object.name}.${h.key.name}`;
  return undefined;
}

const isPackage = (file: string | undefined) => file === undefined || file.includes("/node_modules/");
