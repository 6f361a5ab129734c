// The MCP methods of a class: members decorated with @Tool, @Resource, @ResourceTemplate or @Prompt
// (each a Nest @MessagePattern tagged with MCP-Nest's transport id), and the server they bind to.
// `@McpController({ server })` re-tags only the class's OWN prototype methods (it walks
// Object.getOwnPropertyNames(prototype)); inherited ones keep the tag their own class gave them.
// A decorator of the workspace that applies MCP-Nest's ones binds the method too (workspaceDecorators.ts).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc, Scope } from "../../core/evaluate/values";
import type { ClassSummary, DecoratorSummary, ValueExpr } from "../../core/model/summary";
import { classOf } from "./appModules";
import { DECORATORS, originOf, type Origin, type Primitive } from "./decoratorOrigin";
import { methodReplacements } from "./classReplacements";
import { wrappedController } from "./controllerWrapper";
import { shadowsDecorator } from "./scopedClasses";
import { isMcpNestSpecifier } from "./packageName";
import { decoratorEffect, type DecoratorEffect, type Step } from "./workspaceDecorators";

export { DECORATORS, type Primitive } from "./decoratorOrigin";

export interface CapabilityMethod {
  readonly primitive: Primitive;
  readonly decorator: string;
  readonly className: string;
  readonly method: string;
  readonly loc: Loc;
  /** The logical server it binds to (undefined: the default, unnamed one). */
  readonly server: string | undefined;
  /** Declared in a base class of the listed one. */
  readonly inherited: boolean;
}

/** A method whose decorator of the workspace may apply one of MCP-Nest's decorators, not followed. */
export interface MaybeMethod {
  readonly primitive: Primitive;
  readonly method: string;
  readonly server: string | undefined;
  readonly loc: Loc;
  readonly reason: string;
}

export interface ControllerMethods {
  /** The server the controller itself is assigned to (`@McpController({ server })`). */
  readonly server: string | undefined;
  readonly methods: CapabilityMethod[];
  readonly maybe: MaybeMethod[];
  /** Things that make the set open (a base class not followed, a dynamic server name). */
  readonly open: { readonly text: string; readonly loc: Loc; readonly why: string }[];
}

const MAX_BASES = 20;

/**
 * The MCP-Nest decorators the file imports from the package under their own names (`import { Tool }
 * from "@rekog/mcp-nest"`). A name bound otherwise (a local `const Tool = …` a wrong import left, a
 * barrel of the workspace) is followed to where it comes from (decoratorEffect).
 */
function packageDecorators(ev: Evaluator, file: string): ReadonlySet<string> {
  const summary = ev.summary(file);
  const names = new Set<string>();
  for (const [local, b] of summary?.imports ?? []) if (isMcpNestSpecifier(b.specifier) && b.imported === local && !summary!.decls.has(local)) names.add(local);
  return names;
}

/** `@McpController({ server: "x" })` → "x"; plain `@McpController()` → undefined; null: not known (said in `open`). */
function controllerServer(ev: Evaluator, cls: ClassRef, summary: ClassSummary, open: ControllerMethods["open"]): string | undefined | null {
  const dec = summary.decorators.find((d) => d.name === "McpController");
  if (!dec) {
    // `@InternalController()` of the workspace may apply `McpController({ server })` itself: when it
    // plainly returns that call (controllerWrapper.ts), the server is the one its options name.
    const wrappers = summary.decorators.filter((d) => d.name !== "McpController" && mayApplyController(ev, cls.file, d));
    if (wrappers.length === 0) return undefined;
    const applied = wrappers.length === 1 ? wrappedController(ev, cls.file, wrappers[0]!) : undefined;
    if (applied) return serverOption(ev, applied.options, ev.fileScope(applied.file), { file: cls.file, span: wrappers[0]!.span }, open);
    open.push({ text: `@${wrappers[0]!.name}`, loc: { file: cls.file, span: wrappers[0]!.span }, why: "a decorator of the workspace that may apply @McpController with a server name, which the analysis does not follow" });
    return null;
  }
  // A mixin's class reads its options in the scope of the call that made it.
  return serverOption(ev, dec.args[0], cls.scope ?? ev.fileScope(cls.file), { file: cls.file, span: dec.span }, open);
}

/** The server an McpController options argument (read in `scope`) names; null: not known (said in `open`). */
function serverOption(ev: Evaluator, arg: ValueExpr | undefined, scope: Scope, at: Loc, open: ControllerMethods["open"]): string | undefined | null {
  if (!arg) return undefined;
  const v = ev.evaluate(arg, scope, { calls: false });
  if (v.t === "prim" || v.t === "arr") return undefined;
  if (v.t === "obj") {
    const server = v.entries.get("server")?.value;
    if (!server) return undefined;
    if (server.t === "prim" && typeof server.value === "string" && server.value !== "") return server.value;
    if (server.t === "prim") return undefined;
  }
  open.push({ text: ev.sourceText(arg, scope.file), loc: at, why: "the server name of @McpController is only known when it runs" });
  return null;
}

interface Own {
  readonly methods: CapabilityMethod[];
  readonly maybe: MaybeMethod[];
}

function ownMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary, server: string | undefined, inherited: boolean): Own {
  const direct = packageDecorators(ev, cls.file);
  const out: Own = { methods: [], maybe: [] };
  for (const m of summary.members) {
    if (m.kind !== "method" || m.isStatic) continue;
    const decorators = m.decorators ?? [];
    // What each does, as written (top to bottom). Any decorator other than MCP-Nest's own may be a
    // function of the workspace that applies them, or that replaces the method (workspaceDecorators.ts).
    const effects: DecoratorEffect[] = decorators.map((d) => {
      const primitive = direct.has(d.name) ? DECORATORS[d.name] : undefined;
      return primitive ? { steps: [{ k: "mcp", kind: primitive }], may: [] } : decoratorEffect(ev, cls.file, d);
    });
    for (const { d, step, after } of applicationOrder(decorators, effects)) {
      if (step.k !== "mcp") continue;
      const loc = { file: cls.file, span: d.span };
      if (!after) {
        out.methods.push({ primitive: step.kind, decorator: d.name, className: summary.name, method: m.name, loc, server, inherited });
        continue;
      }
      const replacer = after.d === d ? `@${d.name} then applies a decorator that` : `@${after.d.name}, written above @${d.name}, is applied after it (TypeScript applies a method's decorators bottom-up) and`;
      out.maybe.push({
        primitive: step.kind,
        method: m.name,
        server,
        loc,
        reason: `${replacer} may replace ${summary.name}.${m.name} (${after.why}): Nest binds the function left in the end, which carries none of @${d.name}'s metadata unless it copies it, so the method may not be a ${step.kind === "tools" ? "tool" : step.kind === "prompts" ? "prompt" : "resource"}`,
      });
    }
    decorators.forEach((d, i) => {
      for (const p of effects[i]!.may) {
        out.maybe.push({ primitive: p, method: m.name, server, loc: { file: cls.file, span: d.span }, reason: `@${d.name} on ${summary.name}.${m.name} is a decorator of the workspace whose body the analysis does not follow, and it may apply MCP-Nest's decorators that add ${p}` });
      }
    });
  }
  return out;
}

interface Applied {
  readonly d: DecoratorSummary;
  readonly step: Step;
  /** The first later step that may replace the method, with its decorator. */
  readonly after?: { readonly d: DecoratorSummary; readonly why: string };
}

/**
 * The steps of a method's decorators in the order they run: TypeScript applies the last written
 * first, and each decorator's own steps in order. A decorator not followed may replace the method too.
 */
function applicationOrder(decorators: readonly DecoratorSummary[], effects: readonly DecoratorEffect[]): Applied[] {
  const order: { d: DecoratorSummary; step: Step }[] = [];
  for (let i = decorators.length - 1; i >= 0; i--) {
    const steps = effects[i]!.steps ?? [{ k: "replaces", why: "its body is not followed" }];
    for (const step of steps) order.push({ d: decorators[i]!, step });
  }
  return order.map((o, i) => {
    const later = order.slice(i + 1).find((l) => l.step.k === "replaces");
    return later?.step.k === "replaces" ? { ...o, after: { d: later.d, why: later.step.why } } : o;
  });
}

/** The MCP methods Nest finds on a controller (its prototype chain), each with the server it binds to. */
export function controllerMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary): ControllerMethods {
  const open: ControllerMethods["open"] = [];
  const server = controllerServer(ev, cls, summary, open);
  const { methods, maybe } = taggedMethods(ev, cls, summary, server, false);
  const own = new Set(summary.members.map((m) => m.name));
  const replacements = methodReplacements(ev, cls, summary).map((r) => ({ ...r, className: summary.name }));
  if (summary.ambient) open.push(compiled(cls, summary));
  let current: ClassRef = cls;
  let currentSummary = summary;
  for (let depth = 0; depth < MAX_BASES && currentSummary.heritage && !currentSummary.ambient; depth++) {
    // `extends WithHealth(class {})`: a mixin's call is applied (its parameters bound to the arguments),
    // and the class it returns reads its own `extends Base` in that call's scope.
    const base = ev.evaluate(currentSummary.heritage, current.scope ?? ev.fileScope(current.file), { calls: true });
    if (base.t !== "class" || (base.cls.scope !== null && shadowsDecorator(base.cls.scope, classOf(ev, base.cls)))) {
      open.push({ text: ev.sourceText(currentSummary.heritage, current.file), loc: base.loc, why: "the base class is not known statically" });
      break;
    }
    const baseSummary = classOf(ev, base.cls);
    if (!baseSummary) break;
    if (baseSummary.ambient) {
      open.push(compiled(base.cls, baseSummary));
      break;
    }
    const inherited = taggedMethods(ev, base.cls, baseSummary, controllerServer(ev, base.cls, baseSummary, open), true);
    methods.push(...inherited.methods.filter((m) => !own.has(m.method)));
    maybe.push(...inherited.maybe.filter((m) => !own.has(m.method)));
    replacements.push(...methodReplacements(ev, base.cls, baseSummary).map((r) => ({ ...r, className: baseSummary.name })));
    for (const m of baseSummary.members) own.add(m.name);
    current = base.cls;
    currentSummary = baseSummary;
  }
  // A method the class's own code replaces may not be bound: its kind is not known.
  const kept = methods.filter((m) => {
    const r = replacements.find((x) => x.instance || (x.methods ? x.methods.has(m.method) : x.className === m.className));
    if (r) maybe.push({ primitive: m.primitive, method: m.method, server: m.server, loc: r.loc, reason: `${m.className}.${m.method} has @${m.decorator}, but ${r.why}` });
    return !r;
  });
  return { server: server ?? undefined, methods: kept, maybe, open };
}

/** A class read from a declaration file (a compiled package's types): decorators leave no trace there. */
function compiled(cls: ClassRef, summary: ClassSummary): ControllerMethods["open"][number] {
  return { text: summary.name, loc: { file: cls.file, span: summary.nameSpan }, why: `${summary.name} is read from a declaration file (${cls.file.split("/").slice(-3).join("/")}), where decorators leave no trace: which of its methods are @Tool, @Resource or @Prompt methods is not known` };
}

/** A class's own methods under the server it is tagged with; none when that name is not known (every kind is then open). */
function taggedMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary, server: string | undefined | null, inherited: boolean): Own {
  return server === null ? { methods: [], maybe: [] } : ownMethods(ev, cls, summary, server, inherited);
}

/** The decorated MCP methods of any class, ignoring servers (for classes Nest never scans). */
export function decoratedMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary): CapabilityMethod[] {
  return ownMethods(ev, cls, summary, undefined, false).methods;
}

export const isMcpDecorator = (d: DecoratorSummary): boolean => DECORATORS[d.name] !== undefined;

/** Calls followed into the workspace's own functions before a class decorator counts as one that may apply @McpController. */
const MAX_WRAPPERS = 6;
/** Bodies read for one decorator before it counts as one that may. */
const MAX_BODIES = 100;

/**
 * Whether a class decorator is written in the workspace and may apply `McpController` (its code names
 * it, calls a function of the workspace that may, or is not read): a package's decorator cannot.
 */
function mayApplyController(ev: Evaluator, file: string, d: DecoratorSummary): boolean {
  const imported = [...(ev.summary(file)?.imports ?? [])].find(([local, b]) => local === d.name || b.imported === d.name)?.[0];
  return mayApply(ev, originOf(ev, { k: "ref", name: imported ?? d.name, span: d.span }, ev.fileScope(file)), 0, new Set());
}

/** `read`: bodies read already, each once (functions of the workspace that call one another). */
function mayApply(ev: Evaluator, origin: Origin, depth: number, read: Set<string>): boolean {
  if (origin.k === "package" || origin.k === "apply" || origin.k === "mcp") return false;
  if (origin.k === "opaque" || depth > MAX_WRAPPERS || read.size > MAX_BODIES) return true;
  const span = origin.k === "fn" ? origin.fn.bodySpan : origin.expr.span;
  const key = `${origin.scope.file}#${span.start}:${span.end}`;
  if (read.has(key)) return false;
  read.add(key);
  const text = origin.k === "fn" ? ev.textAt(origin.scope.file, span) : ev.sourceText(origin.expr, origin.scope.file);
  if (text === undefined || /\bMcpController\b/.test(text)) return true;
  for (const m of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)) {
    if (mayApply(ev, originOf(ev, { k: "ref", name: m[1]!, span }, origin.scope), depth + 1, read)) return true;
  }
  return false;
}
