// The MCP methods of a class: members decorated with @Tool, @Resource, @ResourceTemplate or @Prompt
// (each a Nest @MessagePattern tagged with MCP-Nest's transport id), and the server they bind to.
// `@McpController({ server })` re-tags only the class's OWN prototype methods (it walks
// Object.getOwnPropertyNames(prototype)); inherited ones keep the tag their own class gave them.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import type { ClassSummary, DecoratorSummary } from "../../core/model/summary";
import { classOf } from "./appModules";

export type Primitive = "tools" | "resources" | "prompts";

/** Decorator (as exported by @rekog/mcp-nest) → the capability key its methods feed. */
export const DECORATORS: Readonly<Record<string, Primitive>> = {
  Tool: "tools",
  Resource: "resources",
  ResourceTemplate: "resources",
  Prompt: "prompts",
};

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

export interface ControllerMethods {
  /** The server the controller itself is assigned to (`@McpController({ server })`). */
  readonly server: string | undefined;
  readonly methods: CapabilityMethod[];
  /** Things that make the set open (a base class not followed, a dynamic server name). */
  readonly open: { readonly text: string; readonly loc: Loc; readonly why: string }[];
}

const MAX_BASES = 20;

function importsMcpNest(ev: Evaluator, file: string): boolean {
  const summary = ev.summary(file);
  return summary !== undefined && [...summary.imports.values()].some((b) => b.specifier === "@rekog/mcp-nest");
}

/** `@McpController({ server: "x" })` → "x"; plain `@McpController()` → undefined; null: not known. */
function controllerServer(ev: Evaluator, cls: ClassRef, summary: ClassSummary, open: ControllerMethods["open"]): string | undefined {
  const dec = summary.decorators.find((d) => d.name === "McpController");
  const arg = dec?.args[0];
  if (!dec || !arg) return undefined;
  const v = ev.evaluate(arg, ev.fileScope(cls.file), { calls: false });
  if (v.t === "prim" || v.t === "arr") return undefined;
  if (v.t === "obj") {
    const server = v.entries.get("server")?.value;
    if (!server) return undefined;
    if (server.t === "prim" && typeof server.value === "string" && server.value !== "") return server.value;
    if (server.t === "prim") return undefined;
  }
  open.push({ text: ev.sourceText(arg, cls.file), loc: { file: cls.file, span: dec.span }, why: "the server name of @McpController is only known when it runs" });
  return undefined;
}

function ownMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary, server: string | undefined, inherited: boolean): CapabilityMethod[] {
  if (!importsMcpNest(ev, cls.file)) return [];
  const out: CapabilityMethod[] = [];
  for (const m of summary.members) {
    if (m.kind !== "method" || m.isStatic) continue;
    for (const d of m.decorators ?? []) {
      const primitive = DECORATORS[d.name];
      if (primitive) out.push({ primitive, decorator: d.name, className: summary.name, method: m.name, loc: { file: cls.file, span: d.span }, server, inherited });
    }
  }
  return out;
}

/** The MCP methods Nest finds on a controller (its prototype chain), each with the server it binds to. */
export function controllerMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary): ControllerMethods {
  const open: ControllerMethods["open"] = [];
  const server = controllerServer(ev, cls, summary, open);
  const methods = ownMethods(ev, cls, summary, server, false);
  const own = new Set(summary.members.map((m) => m.name));
  let current: ClassRef = cls;
  let currentSummary = summary;
  for (let depth = 0; depth < MAX_BASES && currentSummary.heritage; depth++) {
    const base = ev.evaluate(currentSummary.heritage, ev.fileScope(current.file), { calls: false });
    if (base.t !== "class") {
      open.push({ text: ev.sourceText(currentSummary.heritage, current.file), loc: base.loc, why: "the base class is not known statically" });
      break;
    }
    const baseSummary = classOf(ev, base.cls);
    if (!baseSummary) break;
    const inherited = ownMethods(ev, base.cls, baseSummary, controllerServer(ev, base.cls, baseSummary, open), true).filter((m) => !own.has(m.method));
    methods.push(...inherited);
    for (const m of baseSummary.members) own.add(m.name);
    current = base.cls;
    currentSummary = baseSummary;
  }
  return { server, methods, open };
}

/** The decorated MCP methods of any class, ignoring servers (for classes Nest never scans). */
export function decoratedMethods(ev: Evaluator, cls: ClassRef, summary: ClassSummary): CapabilityMethod[] {
  return ownMethods(ev, cls, summary, undefined, false);
}

export const isMcpDecorator = (d: DecoratorSummary): boolean => DECORATORS[d.name] !== undefined;
