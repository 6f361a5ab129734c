import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc, Value } from "../../core/evaluate/values";
import { buildChain, classScope, extendsNamed, findMember, type ChainLink, type ClassChain } from "./classChain";

export type ComponentKind = "tool" | "resource" | "prompt";

export interface Component {
  readonly kind: ComponentKind;
  readonly name: string;
  /** The component class's name, where a click lands. */
  readonly loc: Loc;
}

export interface UnresolvedComponent {
  readonly text: string;
  readonly loc: Loc;
  readonly why: string;
}

/** An Endpoint (spec §4.2): a class with components, from a decorator or a `static components`. */
export interface EndpointInfo {
  /** Index in the chain of the class that declares the components. */
  readonly declaredAt: number;
  readonly via: "decorator" | "static";
  readonly loc: Loc;
  readonly components: readonly Component[];
  readonly unresolved: readonly UnresolvedComponent[];
}

const KIND_BY_NAME: Readonly<Record<string, ComponentKind>> = { Tool: "tool", Resource: "resource", Prompt: "prompt" };

/** The nearest Endpoint declaration on the chain, if the class is an Endpoint. */
export function findEndpoint(ev: Evaluator, chain: ClassChain): EndpointInfo | undefined {
  for (let i = 0; i < chain.links.length; i++) {
    const link = chain.links[i]!;
    const fromDecorator = decoratorComponents(ev, link);
    if (fromDecorator) return resolveComponents(ev, i, "decorator", fromDecorator.value, fromDecorator.loc);
    const own = link.summary.members.find((m) => m.isStatic && m.name === "components" && !m.typeOnly);
    if (own && extendsNamed(chain, i, "Endpoint")) {
      const loc = { file: link.ref.file, span: own.nameSpan };
      const value: Value = own.value
        ? ev.evaluate(own.value, classScope(ev, link.ref), { calls: false })
        : { t: "dyn", text: "components", loc, why: "it is declared without a value" };
      return resolveComponents(ev, i, "static", value, loc);
    }
  }
  return undefined;
}

function decoratorComponents(ev: Evaluator, link: ChainLink): { value: Value; loc: Loc } | undefined {
  const decorator = link.summary.decorators.find((d) => d.name === "Endpoint");
  if (!decorator) return undefined;
  const loc = { file: link.ref.file, span: decorator.span };
  const arg = decorator.args[0];
  if (!arg) return undefined;
  const options = ev.evaluate(arg, classScope(ev, link.ref), { calls: false });
  if (options.t === "dyn") return { value: options, loc };
  if (options.t !== "obj") return undefined;
  const components = options.entries.get("components");
  if (!components) return undefined;
  return { value: components.value, loc: components.keyLoc };
}

function resolveComponents(ev: Evaluator, declaredAt: number, via: "decorator" | "static", value: Value, loc: Loc): EndpointInfo {
  const components: Component[] = [];
  const unresolved: UnresolvedComponent[] = [];
  const entries = value.t === "arr" ? value.items : [value];
  entries.forEach((entry, i) => {
    // Problems are reported where the entry is written in the components list.
    const at = value.t === "arr" ? value.itemLocs[i]! : value.loc;
    if (entry.t !== "class") {
      const text = entry.t === "dyn" ? entry.text : entry.t === "prim" ? JSON.stringify(entry.value) : entry.t;
      const why = entry.t === "dyn" ? entry.why ?? "it is not known statically" : "it is not a class";
      unresolved.push({ text, loc: at, why: value.t === "arr" ? why : `the components are not a static array (${why})` });
      return;
    }
    const summary = ev.summary(entry.cls.file)?.classes[entry.cls.index];
    const kind = summary ? componentKind(ev, buildChain(ev, entry.cls)) : undefined;
    if (!summary || !kind) {
      unresolved.push({ text: summary?.name ?? "class", loc: at, why: "its kind (tool, resource or prompt) is not known" });
      return;
    }
    components.push({ kind, name: summary.name, loc: { file: entry.cls.file, span: summary.nameSpan } });
  });
  return { declaredAt, via, loc, components, unresolved };
}

/**
 * A component's kind: its own class decorator, else a base class named so (directly or indirectly),
 * else `static type` (spec §4.2). A decorator on a base class decides nothing by itself.
 */
export function componentKind(ev: Evaluator, chain: ClassChain): ComponentKind | undefined {
  for (const d of chain.links[0]?.summary.decorators ?? []) {
    const kind = KIND_BY_NAME[d.name];
    if (kind) return kind;
  }
  for (let i = 0; i < chain.links.length; i++) {
    // The base as written, as imported, and the class it resolved to: `export { Tool as McpTool }`
    // re-exports a class named Tool.
    const resolvedBase = chain.links[i + 1]?.summary.name;
    for (const name of [...chain.links[i]!.extendsNames, ...(resolvedBase ? [resolvedBase] : [])]) {
      const kind = KIND_BY_NAME[name];
      if (kind) return kind;
    }
  }
  const type = findMember(chain, "type", true);
  if (type?.member.value) {
    const v = ev.evaluate(type.member.value, classScope(ev, type.link.ref), { calls: false });
    if (v.t === "prim" && (v.value === "tool" || v.value === "resource" || v.value === "prompt")) return v.value;
  }
  return undefined;
}
