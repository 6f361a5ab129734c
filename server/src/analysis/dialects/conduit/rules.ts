// The diagnostics of spec §7 for one server class. Each message says what happens at run time and
// how to fix it; each is placed on the member or key concerned, wherever in the workspace that is.

import type { BaseSet } from "./baseSet";
import { keyLocation } from "./provenance";
import type { BuildResult, Era } from "./builder";
import type { ClassChain } from "./classChain";
import type { EndpointInfo } from "./endpoint";
import type { HandlerSource } from "./handlerPresence";
import { damerauLevenshtein, HANDLERS, isHandlerName, resembledHandlers, type HandlerName } from "./handlers";
import type { MemberSummary } from "../../core/model/summary";
import type { MissingCapability } from "../../core/model/serverReport";
import { SPREAD_KEY, type Loc } from "../../core/evaluate/values";
import type { AnalysisDiagnostic, FixData } from "../../core/model/diagnostics";
import { diagnostic } from "./codes";

export interface RuleInput {
  readonly serverName: string;
  readonly serverLoc: Loc;
  readonly chain: ClassChain;
  readonly base: BaseSet;
  readonly endpoint: EndpointInfo | undefined;
  readonly handlers: ReadonlyMap<HandlerName, HandlerSource>;
  readonly eras: Readonly<Record<Era, BuildResult>>;
  readonly tasksExtension: boolean;
  /** The text of a file, for fixes that must see the source around an edit. */
  readonly fileText: (file: string) => string | undefined;
}

const KNOWN_KEYS = ["completions", "experimental", "extensions", "logging", "prompts", "resources", "tasks", "tools"];

/** What a handler's absence costs, for `handler-misspelled` messages. */
const MISSING_EFFECT: Partial<Record<HandlerName, { text: string; path: string[]; era: Era | "both" }>> = {
  handleComplete: { text: "completions is not advertised in either era and completion/complete is not served", path: ["completions"], era: "both" },
  handleSetLogLevel: { text: "legacy does not advertise logging and logging/setLevel is not served", path: ["logging"], era: "legacy" },
  handleSubscribeResource: {
    text: "legacy does not advertise resources.subscribe and resources/subscribe is not served",
    path: ["resources", "subscribe"],
    era: "legacy",
  },
};

export function serverDiagnostics(input: RuleInput): { diagnostics: AnalysisDiagnostic[]; missing: MissingCapability[] } {
  const out: AnalysisDiagnostic[] = [];
  const missing: MissingCapability[] = [];
  const server = { name: input.serverName, loc: input.serverLoc };
  const push = (d: AnalysisDiagnostic) => out.push({ ...d, server, related: d.related ?? relatedToServer(input, d.loc) });

  baseRules(input, push);
  handlerRules(input, push, missing);
  chainRules(input, push);
  return { diagnostics: out, missing };
}

/** A diagnostic placed in another file than the server points back at the server. */
function relatedToServer(input: RuleInput, loc: Loc): AnalysisDiagnostic["related"] {
  if (loc.file === input.serverLoc.file) return undefined;
  return [{ loc: input.serverLoc, message: `in server ${input.serverName}` }];
}

function memberLoc(source: { link: { ref: { file: string } } }, member: MemberSummary): Loc {
  return { file: source.link.ref.file, span: member.nameSpan };
}

function baseRules(input: RuleInput, push: (d: AnalysisDiagnostic) => void): void {
  const { base } = input;
  if (base.kind === "endpoint") {
    for (const u of base.endpoint.unresolved) {
      push(
        diagnostic(
          "component-unresolved",
          u.loc,
          `Component ${u.text} is left out of the capabilities: ${u.why}, so what it serves may not be advertised. ` +
            `Give it a @Tool, @Resource or @Prompt decorator, extend Tool, Resource or Prompt, or declare static type = "tool".`,
        ),
      );
    }
    return;
  }
  if (base.kind !== "explicit") return;
  const capsLoc = memberLoc(base.member, base.member.member);
  if (input.endpoint && input.chain.links.indexOf(base.member.link) <= input.endpoint.declaredAt) {
    const groups = [...new Set(input.endpoint.components.map((c) => `${c.kind}s`))].join(", ") || "nothing";
    push(
      diagnostic(
        "endpoint-capabilities-override",
        capsLoc,
        `__capabilities__ replaces what this Endpoint's components would advertise (${groups}): the server sends this object instead. ` +
          `Remove __capabilities__ to advertise from the components, or keep it if the override is deliberate.`,
      ),
    );
  }
  if (base.notCallable) {
    push(
      diagnostic(
        "capabilities-not-callable",
        capsLoc,
        `static __capabilities__ is not a function: the runtime calls __capabilities__() and throws, so neither initialize nor server/discover can answer. ` +
          `Make it a method: static __capabilities__() { return { tools: { listChanged: false } }; }`,
      ),
    );
    return;
  }
  for (const part of base.dynamics) {
    const whole = base.wholeDynamic !== undefined;
    push(
      diagnostic(
        "capabilities-dynamic",
        part.loc,
        whole
          ? `The capabilities cannot be known without running the server (${part.why ?? "not a static value"}): neither era can be shown. ` +
              `Return an object literal or a const so the analysis can read it.`
          : `${part.text} cannot be known without running the server (${part.why ?? "not a static value"}): it is left out of both eras and the result is approximate. ` +
              `Use literals or const values to make it exact.`,
      ),
    );
  }
  if (base.wholeDynamic) return;
  if (!base.json) {
    push(
      diagnostic(
        "capability-not-object",
        base.value.loc,
        `__capabilities__() returns ${describe(base.value.t)}, not an object: initialize and server/discover fail at run time (-32603 Internal error). ` +
          `Return an object such as { tools: { listChanged: false } }.`,
      ),
    );
    return;
  }
  for (const key of Object.keys(base.json)) {
    if (key === SPREAD_KEY || KNOWN_KEYS.includes(key)) continue;
    const loc = keyLocation(base.value, [key]) ?? capsLoc;
    const suggestion = nearestKey(key);
    const fixes: FixData[] = suggestion ? [renameKeyFix(input, loc, key, suggestion)] : [];
    push(
      diagnostic(
        "unknown-capability-key",
        loc,
        suggestion
          ? `"${key}" is not a capability: clients ignore it, so ${suggestion} is not advertised. Did you mean "${suggestion}"?`
          : `"${key}" is not a capability MCP defines: clients ignore it. Custom capabilities belong under "experimental".`,
        { fixes },
      ),
    );
  }
  if ("tasks" in base.json) {
    push(
      diagnostic(
        "tasks-legacy-shape",
        keyLocation(base.value, ["tasks"]) ?? capsLoc,
        `"tasks" is the 2025-11-25 capability: 2026-07-28 does not define it, so modern clients ignore it. ` +
          `Turn on the tasks extension (io.modelcontextprotocol/tasks) instead.`,
      ),
    );
  }
  notObjectRules(input, base, push);
}

function notObjectRules(input: RuleInput, base: Extract<BaseSet, { kind: "explicit" }>, push: (d: AnalysisDiagnostic) => void): void {
  const failing = new Map<string, Era[]>();
  for (const era of ["legacy", "modern"] as const) {
    for (const key of input.eras[era].notObject) failing.set(key, [...(failing.get(key) ?? []), era]);
  }
  for (const [key, eras] of failing) {
    const value = base.json?.[key];
    const what = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "string" ? "a string" : `${typeof value} ${JSON.stringify(value)}`;
    const where = eras.map((e) => (e === "legacy" ? "initialize" : "server/discover")).join(" and ");
    const advice = key === "extensions" ? "an object of extension ids" : "{ listChanged: false }";
    push(
      diagnostic(
        "capability-not-object",
        keyLocation(base.value, [key]) ?? memberLoc(base.member, base.member.member),
        `"${key}" is ${what}, not an object: ${where} ${eras.length > 1 ? "fail" : "fails"} at run time (-32603 Internal error) when the era rules add flags to it. Write ${key}: ${advice} instead.`,
      ),
    );
  }
}

function handlerRules(input: RuleInput, push: (d: AnalysisDiagnostic) => void, missing: MissingCapability[]): void {
  const { handlers, chain, base } = input;
  const subscribe = handlers.get("handleSubscribeResource");
  if (subscribe && base.json && !("resources" in base.json) && !(SPREAD_KEY in base.json)) {
    const why = base.kind === "endpoint" ? "this Endpoint has no resource components" : "the base capabilities have no resources";
    push(
      diagnostic(
        "subscribe-without-resources",
        subscribe.loc,
        `handleSubscribeResource has no effect in legacy: ${why}, so initialize advertises no resources.subscribe and clients never subscribe. ` +
          (base.kind === "endpoint"
            ? `Add a resource component to the Endpoint's components, or remove the handler.`
            : `Add resources: { listChanged: false } to __capabilities__(), or remove the handler.`),
        { fixes: addResourcesFix(input) },
      ),
    );
  }
  const unsubscribe = handlers.get("handleUnsubscribeResource");
  if (unsubscribe && !subscribe) {
    push(
      diagnostic(
        "unsubscribe-without-subscribe",
        unsubscribe.loc,
        `handleUnsubscribeResource is never called: without handleSubscribeResource no client can subscribe, so there is nothing to unsubscribe. ` +
          `Add handleSubscribeResource(ctx, uri), or remove this handler.`,
      ),
    );
  }
  for (const source of handlers.values()) {
    const m = source.member;
    if (!m || m.params === null) continue;
    const max = HANDLERS.get(source.handler)!.maxParams;
    if (m.params <= max) continue;
    const extra = m.params - max;
    push(
      diagnostic(
        "handler-arity",
        source.loc,
        `${source.handler} declares ${m.params} parameters but the runtime passes ${max} (${HANDLERS.get(source.handler)!.stubParams.join(", ")}): ` +
          `the last ${extra === 1 ? "one is" : `${extra} are`} always undefined. Remove the extra parameter${extra === 1 ? "" : "s"}.`,
      ),
    );
  }
  const setLogLevel = handlers.get("handleSetLogLevel");
  if (setLogLevel) {
    push(
      diagnostic(
        "logging-deprecated",
        setLogLevel.loc,
        `handleSetLogLevel only counts in legacy: 2026-07-28 has no logging/setLevel ` +
          `(logging is deprecated there), and modern advertises logging regardless.`,
      ),
    );
  }
  staticAndMisspelled(input, push, missing, chain);
}

function staticAndMisspelled(input: RuleInput, push: (d: AnalysisDiagnostic) => void, missing: MissingCapability[], chain: ClassChain): void {
  const helpers = new Set(chain.links.flatMap((l) => l.summary.thisAccesses));
  const winners = winningInstanceMembers(chain);
  for (const link of chain.links) {
    for (const m of link.summary.members) {
      const loc = { file: link.ref.file, span: m.nameSpan };
      if (m.isStatic) {
        if (isHandlerName(m.name) && !m.typeOnly) {
          push(
            diagnostic(
              "handler-static",
              loc,
              `static ${m.name} is never called: the runtime calls handlers on the server instance, so ${HANDLERS.get(m.name)!.request} is not served ` +
                `and no capability follows from it. Remove static.`,
            ),
          );
        }
        continue;
      }
      if (m.typeOnly || helpers.has(m.name)) continue;
      // Only the declaration that wins at run time is judged; an overridden one is not the class's.
      if (winners.get(m.name) !== m) continue;
      const resembled = resembledHandlers(m.name);
      if (resembled.length === 0) continue;
      const nearest = resembled[0]!.distance;
      const closest = resembled.filter((r) => r.distance === nearest);
      if (closest.some((r) => input.handlers.has(r.handler))) continue;
      const target = closest[0]!.handler;
      const effect = MISSING_EFFECT[target];
      const served = effect?.text ?? `${HANDLERS.get(target)!.request} is not served by it`;
      push(
        diagnostic("handler-misspelled", loc, `${m.name} is not a handler, so ${served}. Did you mean ${target}?`, {
          fixes: [{ title: `Rename to ${target}`, edits: [{ loc, newText: target }], preferred: true }],
        }),
      );
      if (effect) missing.push({ path: effect.path, era: effect.era, member: m.name, meant: target, loc });
    }
  }
}

/** Per name, the instance member that wins at run time (nearest first), computed once per chain. */
function winningInstanceMembers(chain: ClassChain): Map<string, MemberSummary> {
  const winners = new Map<string, MemberSummary>();
  for (const link of chain.links) {
    for (const m of link.summary.members) if (!m.isStatic && !m.typeOnly && !winners.has(m.name)) winners.set(m.name, m);
  }
  return winners;
}

function chainRules(input: RuleInput, push: (d: AnalysisDiagnostic) => void): void {
  const end = input.chain.end;
  if (end.kind === "unresolved") {
    const owner = end.from.summary.name === input.serverName ? "" : ` (inherited through ${end.from.summary.name})`;
    push(
      diagnostic(
        "base-unresolved",
        input.serverLoc,
        `The base class ${end.text}${owner} cannot be resolved: ${end.why}. Handlers and __capabilities__ it may provide are not seen, so the result is approximate.`,
        { related: [{ loc: end.loc, message: `extends ${end.text}` }] },
      ),
    );
  }
}

function renameKeyFix(input: RuleInput, loc: Loc, key: string, to: string): FixData {
  const text = input.fileText(loc.file)?.slice(loc.span.start, loc.span.end) ?? key;
  const quote = /^["'`]/.test(text) ? text[0]! : "";
  return { title: `Replace "${key}" with "${to}"`, edits: [{ loc, newText: `${quote}${to}${quote}` }], preferred: true };
}

/** Inserts `resources: { listChanged: false }` at the start of the base's object literal. */
function addResourcesFix(input: RuleInput): FixData[] {
  const { base } = input;
  if (base.kind !== "explicit" || base.value.t !== "obj") return [];
  const { file, span } = base.value.loc;
  const text = input.fileText(file);
  if (!text || text[span.start] !== "{") return [];
  const afterBrace = span.start + 1;
  const rest = text.slice(afterBrace, span.end);
  const entry = "resources: { listChanged: false }";
  let at = afterBrace;
  let newText: string;
  const multiLine = /^[ \t]*\r?\n([ \t]*)\S/.exec(rest);
  if (/^\s*}$/.test(rest)) newText = ` ${entry} `;
  else if (multiLine) {
    // One entry per line: add ours as the first line, indented like the next.
    at = afterBrace + multiLine[0].length - multiLine[1]!.length - 1;
    newText = `${multiLine[1]}${entry},\n`;
  } else newText = ` ${entry},`;
  return [{ title: `Add ${entry} to __capabilities__`, edits: [{ loc: { file, span: { start: at, end: at } }, newText }], preferred: true }];
}

function nearestKey(key: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of KNOWN_KEYS) {
    const d = k.toLowerCase() === key.toLowerCase() ? 0 : damerauLevenshtein(key, k, 3);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(1, Math.min(3, Math.floor(key.length / 3))) ? best : undefined;
}

function describe(t: string): string {
  return t === "arr" ? "an array" : t === "prim" ? "a primitive value" : `a ${t}`;
}
