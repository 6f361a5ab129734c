import type { Evaluator } from "../../core/evaluate/evaluator";
import { toJson, type DynamicPart, type JsonObject, type Loc, type Value } from "../../core/evaluate/values";
import type { Span } from "../../core/model/summary";
import { classScope, findMember, type ClassChain, type FoundMember } from "./classChain";
import type { Component, ComponentKind, EndpointInfo } from "./endpoint";

/** The default trio (spec §4.1): advertised when a class has neither `__capabilities__` nor components. */
export function defaultTrio(): JsonObject {
  return { prompts: { listChanged: false }, resources: { listChanged: false }, tools: { listChanged: false } };
}

const GROUP_KEYS: Readonly<Record<ComponentKind, string>> = { tool: "tools", resource: "resources", prompt: "prompts" };

/** An Endpoint's generated base: one `{listChanged: false}` per non-empty component group. */
export function endpointBase(components: readonly Component[]): JsonObject {
  const base: JsonObject = {};
  for (const c of components) base[GROUP_KEYS[c.kind]] = { listChanged: false };
  return base;
}

export type BaseSet =
  | { readonly kind: "default"; readonly json: JsonObject }
  | { readonly kind: "endpoint"; readonly json: JsonObject; readonly endpoint: EndpointInfo }
  | {
      readonly kind: "explicit";
      readonly member: FoundMember;
      /** The evaluated base, its dynamic parts marked; undefined when it is not an object. */
      readonly json: JsonObject | undefined;
      readonly value: Value;
      readonly dynamics: readonly DynamicPart[];
      /** Set when `__capabilities__` exists but cannot be called (`capabilities-not-callable`). */
      readonly notCallable: boolean;
      /** Set when the whole result is unknown: both eras are null. */
      readonly wholeDynamic: DynamicPart | undefined;
      /** Top-level keys whose value is unknown (not an object, array or primitive in the source). */
      readonly opaque: ReadonlySet<string>;
    };

/**
 * Which base applies (spec §4): walking up from the class, the nearest static `__capabilities__` or
 * Endpoint declaration wins; a `__capabilities__` on the Endpoint class itself beats its components.
 */
export function chooseBase(ev: Evaluator, chain: ClassChain, endpoint: EndpointInfo | undefined): BaseSet {
  const caps = findMember(chain, "__capabilities__", true);
  const capsAt = caps ? chain.links.indexOf(caps.link) : Infinity;
  if (endpoint && endpoint.declaredAt < capsAt) return { kind: "endpoint", json: endpointBase(endpoint.components), endpoint };
  if (caps) return explicitBase(ev, caps);
  return { kind: "default", json: defaultTrio() };
}

function explicitBase(ev: Evaluator, found: FoundMember): BaseSet {
  const result = callCapabilities(ev, found);
  if (result === "not-callable") {
    const loc = { file: found.link.ref.file, span: found.member.nameSpan };
    const value: Value = { t: "dyn", text: "__capabilities__", loc };
    return { kind: "explicit", member: found, json: undefined, value, dynamics: [], notCallable: true, wholeDynamic: undefined, opaque: new Set() };
  }
  if (result.t === "dyn") {
    const part: DynamicPart = { text: result.text, loc: result.loc, ...(result.why ? { why: result.why } : {}) };
    return { kind: "explicit", member: found, json: undefined, value: result, dynamics: [part], notCallable: false, wholeDynamic: part, opaque: new Set() };
  }
  const dynamics: DynamicPart[] = [];
  const json = toJson(result, dynamics);
  const isObject = typeof json === "object" && json !== null && !Array.isArray(json);
  return {
    kind: "explicit",
    member: found,
    json: isObject ? json : undefined,
    value: result,
    dynamics,
    notCallable: false,
    wholeDynamic: undefined,
    opaque: opaqueKeys(result),
  };
}

function opaqueKeys(value: Value): Set<string> {
  const keys = new Set<string>();
  if (value.t !== "obj") return keys;
  for (const [key, entry] of value.entries) {
    const t = entry.value.t;
    if (t !== "obj" && t !== "arr" && t !== "prim") keys.add(key);
  }
  return keys;
}

/** What `Class.__capabilities__()` returns, or "not-callable" when the member is not a function. */
function callCapabilities(ev: Evaluator, found: FoundMember): Value | "not-callable" {
  const { member, link } = found;
  const scope = classScope(ev, link.ref);
  const nameLoc: Loc = { file: link.ref.file, span: member.nameSpan };
  const unknown = (why: string): Value => ({ t: "dyn", text: "__capabilities__()", loc: nameLoc, why });
  const callValue = (v: Value): Value | "not-callable" => {
    if (v.t === "fn") return ev.callWithoutArguments(v.fn, v.scope, "__capabilities__()", v.loc);
    if (v.t === "dyn") return v;
    return "not-callable";
  };

  if (member.kind === "method") {
    if (member.fn?.result) return ev.callWithoutArguments(member.fn, scope, "__capabilities__()", nameLoc);
    if (link.summary.ambient) return unknown("it is declared in a declaration file, without a body");
    if (member.fn) return bodyNotEvaluated(ev, link.ref.file, member.fn.bodySpan);
    return unknown("it has no body");
  }
  if (member.kind === "accessor") {
    if (!member.fn?.result) return unknown("the getter does more than return a value");
    return callValue(ev.callWithoutArguments(member.fn, scope, "__capabilities__", nameLoc));
  }
  if (member.fn?.result) return ev.callWithoutArguments(member.fn, scope, "__capabilities__()", nameLoc);
  if (member.fn) return bodyNotEvaluated(ev, link.ref.file, member.fn.bodySpan);
  if (member.value) return callValue(ev.evaluate(member.value, scope, { calls: false }));
  return unknown("its value is not declared here");
}

/** A `__capabilities__` body that is not a single `return`: dynamic, quoting the body. */
function bodyNotEvaluated(ev: Evaluator, file: string, span: Span): Value {
  const text = ev.textAt(file, span) ?? "{…}";
  const why = /^\{\s*\}$/.test(text) ? "the body is empty: it returns undefined" : "the body does more than return a value";
  return { t: "dyn", text, loc: { file, span }, why };
}
