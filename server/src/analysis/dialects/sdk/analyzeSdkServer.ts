// One SDK server end to end: replay its story, decide which eras its entry point serves, check the
// pain points of ts-mcp-ecosystem.md §4.6, and report it like any other server.
import { modernCapabilities } from "../../core/model/modernCapabilities";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import { diagnostic } from "./codes";
import { returnsSharedInstance, sharedInstanceMessage } from "./sharedInstanceFactory";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { DYNAMIC_KEY, isPlainObject, sortKeysDeep, SPREAD_KEY, type JsonObject, type Loc } from "../../core/evaluate/values";
import type { ProvenanceEntry } from "../../core/model/provenance";
import type { ServerReport } from "../../core/model/serverReport";
import { sortUnknown, type UnknownPart, mayNotStart } from "../../core/model/unknown";
import { startupThrows } from "../../core/evaluate/startupThrows";
import { withoutMarkers } from "../../core/evaluate/unknownParts";
import { sdkDetails } from "./details";
import { eraNotesOf, transportOf, type EntryFacts } from "./entryPoint";
import { codecOptionThrows, entryOptionThrows } from "./v2OptionChecks";
import { exitAfterServing } from "./exitAfterStart";
import type { FileSummary, FlowUnit, ValueExpr, InvokeEvent } from "../../core/model/summary";
import { returnsServer, sdkNameOf, type SdkSite } from "./findSdkServers";
import { Replay, type ReplayResult } from "./replay";
import { returnsOnlyConnected } from "./callerHandsOn";
import type { Elsewhere } from "./factoryCallers";
import type { SdkRelease } from "./sdkRelease";
import { loggingGuarded } from "./sends";
import { NOT_SERVED_HERE } from "./entryPoint";
import { entryEras } from "./entryFactories";
import { mergeEraRuns, splitsByEra, type EraRun } from "./eraSplit";
import { fieldGetters, isGetterCallOnNew } from "./fieldGetters";
import { holderClassesOf } from "./siteEscapes";
import { servedElsewhere } from "./servedElsewhere";
import { handsOutBoundServer, type ServerMaker } from "./boundServers";
import { isMethodFactoryOf } from "./methodFactories";
import { referencedMethodUnit } from "./methodReferences";
import { markEraOpen, markInexact, markReplaced, type SdkState } from "./sdkState";
import { calledBySmitheryRuntime } from "./smitheryRuntime";
import { ANSWERS, type SdkVersion, EXTENSION_ID, KNOWN_EXTENSIONS, NOTIFICATION_FLAGS, SPEC_SUBKEYS } from "./sdkTables";
import { SDK_EVAL } from "./sdkEval";
import type { ZodMain } from "./zodFlavours";
import { statelessTransportReused } from "./statelessTransportReuse";
import { eraReadIn, factoryThrow, requestThrow } from "./eraConditions";
import { prototypePatch } from "./prototypePatches";
import { lineOf } from "../../core/evaluate/lineOf";
import { removePropertyEdit } from "../../core/model/removeProperty";
import { buildsOnRequest, perRequestThrow, perRequestWords } from "./perRequestBuilds";
import { inModuleCode } from "./moduleCode";


export interface ServedEras {
  readonly legacy: boolean;
  readonly modern: boolean;
  /** How it is served, for people: `createMcpHandler`, `serveStdio`, `connect()`. */
  readonly via: string;
  /** The entry point is code the analysis does not follow: `modern: false` means "not known". */
  readonly unknown?: boolean;
  /** Why the eras are not known, when it is not that (a factory choosing by the era). */
  readonly unknownWhy?: string;
  /**
   * Entry points that serve different eras: the eras some answer and others do not (with `unknown`,
   * only these are open; an era every one of them answers, or none, is certain).
   */
  readonly differ?: { readonly legacy: boolean; readonly modern: boolean };
  /** The call that decides it (`createMcpHandler(...)`, `serveStdio(...)`, `connect(...)`). */
  readonly loc?: Loc;
}

export function analyzeSdkServer(ev: Evaluator, site: SdkSite, elsewhere?: Elsewhere, release?: SdkRelease, zodMain?: () => ZodMain | undefined): { server: ServerReport; diagnostics: AnalysisDiagnostic[] } {
  // A factory that reads the era it is called for: each era from a run of its own.
  if (splitsByEra(ev, site)) return mergeEraRuns(analyzeFor(ev, site, elsewhere, release, zodMain, "legacy"), analyzeFor(ev, site, elsewhere, release, zodMain, "modern"));
  return analyzeFor(ev, site, elsewhere, release, zodMain);
}

function analyzeFor(ev: Evaluator, site: SdkSite, elsewhere: Elsewhere | undefined, release: SdkRelease | undefined, zodMain: (() => ZodMain | undefined) | undefined, era?: EraRun): { server: ServerReport; diagnostics: AnalysisDiagnostic[] } {
  let replay = new Replay(ev, site, elsewhere, release, zodMain, era);
  replay.run();
  // A registration taken as certain because the server's connect() follows it under the same guard,
  // when that connect() turns out not to be the one way the server is served: all again, without that.
  if (!replay.connectGuardsHold()) {
    replay = new Replay(ev, site, elsewhere, release, zodMain, era);
    replay.trustsConnectGuards = false;
    replay.run();
  }
  const served = servedEras(ev, site, replay);
  // Run for one era: what it says of the other era is the other run's to say.
  const eras = era === undefined ? served : { ...served, legacy: served.legacy && era === "legacy", modern: served.modern && era === "modern" };
  if (site.version === "v2") for (const t of codecThrows(ev, site)) replay.mayThrowAt.push(t);
  // `JSON.parse(process.env.CFG)` at start-up with no fallback: the server may not start (startupThrows.ts).
  // Its certain throws and exits the walk reports itself.
  for (const t of startupThrows(ev, site.file)) {
    const key = `${t.loc.file}:${t.loc.span.start}`;
    if (!t.certain && !replay.mayThrowAt.some((m) => `${m.loc.file}:${m.loc.span.start}` === key)) replay.mayThrowAt.push({ loc: t.loc, why: t.why });
  }
  // Every request after the first may fail: said as it is, not as a start-up that may fail.
  if (eras.via === "createMcpHandler" && site.unit.kind !== "module") for (const failing of replay.completionChecks.rebuiltPerRequest(eras.via)) replay.mayThrowAt.push({ ...failing, said: true });
  const connectedFirst = returnsOnlyConnected(site.unit, site.eventIndex + 1, site.event.target);
  if (returnsServer(site) && !replay.followedCallers && !replay.callersOpen && !connectedFirst && !calledBySmitheryRuntime(ev, site.file, site.unit) && eras.via !== "createMcpHandler" && eras.via !== "serveStdio" && eras.via !== LEGACY_FALLBACK) {
    replay.escapes(`the server is returned by ${site.unit.name}(), and what its callers add is not followed`);
  }
  const result = replay.finish();
  // The report is made from a copy: settling unknown keys takes them out of the capabilities.
  const state = workingCopy(result.state);
  const patched = prototypePatch(ev, site.file);
  if (patched) {
    const where = patched.file === site.file ? `line ${lineOf(ev, patched)}` : `${patched.file.slice(patched.file.lastIndexOf("/") + 1)}:${lineOf(ev, patched)}`;
    markReplaced(state, `the program replaces a method of the SDK's server class (${where}), so what its registrations and connect() do is not what the SDK does`, patched);
  }
  const loc: Loc = { file: site.file, span: site.event.nameSpan };
  const conditional = [...settleConditionalKeys(state, result), ...settleReleaseUnknowns(state, result)];
  const caps = sortKeysDeep(state.caps) as JsonObject;
  // A factory an entry point runs per request (code its module runs as it loads aside): a throw there
  // fails every request, while the process runs; its messages say so, not that the server does not start.
  const builtPerRequest = (at: Loc) => buildsOnRequest(eras.via) && site.unit.kind !== "module" && !inModuleCode(ev, at);
  const said = (d: AnalysisDiagnostic) => (builtPerRequest(d.loc) ? perRequestThrow(d, eras.via) : d);
  const diagnostics: AnalysisDiagnostic[] = [...state.diagnostics.map(said), ...statelessTransportReused(ev, result.connectArg, site.version, result.release)];
  const perRequest = state.threw !== undefined && builtPerRequest(state.threw.loc);
  if (state.threw) diagnostics.push(said(state.threw));
  // SDK 0.4.0 advertises what its handlers imply and checks nothing: none of the later rules apply.
  else if (!result.release.handlersImply) diagnostics.push(...finalRules(state, result, eras, (f) => ev.host.text?.(f)));
  for (const part of result.dynamics) {
    diagnostics.push(
      diagnostic("capabilities-dynamic", part.loc, `${part.text} cannot be known without running the server (${part.why ?? "not a static value"}): the result is approximate.`),
    );
  }
  const serves = !state.threw;
  const construction: Loc = { file: site.file, span: site.event.span };
  const factory = returnsServer(site) && site.unit.nameSpan ? { file: site.file, span: site.unit.nameSpan } : undefined;
  const transport = result.connectArg ? transportOf(ev.summary(result.connectArg.file), result.connectArg.expr) : undefined;
  const facts: EntryFacts = {
    version: site.version,
    legacy: eras.legacy,
    modern: eras.modern,
    via: eras.via,
    ...(eras.unknown ? { unknown: true } : {}),
    ...(legacyOpen(site, eras) ? { legacyOpen: true as const } : {}),
    ...(eras.loc ? { loc: eras.loc } : {}),
    ...(transport ? { transport } : {}),
    construction,
    ...(factory ? { factory } : {}),
    ...(state.threw ? { threw: { code: state.threw.code, loc: state.threw.loc, ...(perRequest ? { perRequest } : {}) } } : {}),
  };
  const known = withoutMarkers(caps, result.dynamics);
  // An era whose handshake the program answers itself sends what its handler returns: nothing is stated.
  const ownLegacy = result.ownEraHandlers.get("legacy");
  // v2's entry points install their own server/discover handler on the server the factory hands them
  // (installModernOnlyHandlers), over any set by hand: that one never answers.
  const ownModern = eras.via === "createMcpHandler" || eras.via === "serveStdio" ? undefined : result.ownEraHandlers.get("modern");
  // The SDK's making of the capabilities replaced by the program: nothing of them is stated.
  const replaced = state.replaced ?? [];
  const legacy = serves && eras.legacy ? (replaced.length > 0 ? {} : ownLegacy ? (ownLegacy.caps ?? {}) : known.caps) : null;
  // Served by code the analysis does not follow, server/discover is answered or not (an unknown entry
  // says so): the era is stated as it is answered if it is, as initialize is, never as not served.
  // A server/discover handler set by hand answers it or is replaced, by what is not known.
  const modernOpen = site.version === "v2" && eras.unknown === true && !eras.differ && !eras.modern && era !== "legacy";
  const modernAnswer = (caps: JsonObject): JsonObject => (replaced.length > 0 || (modernOpen && ownModern) ? {} : ownModern ? (ownModern.caps ?? {}) : modernCapabilities(caps));
  const modern = serves && (eras.modern || modernOpen) && known.caps ? modernAnswer(known.caps) : null;
  const replacedParts: UnknownPart[] = replaced.map(({ why, loc: at }) => ({ path: [], reason: `what this server advertises is not known: ${why}`, loc: at }));
  // What a handler of its own returns, not known statically: nothing of that era is stated.
  const ownUnknown = (era: "legacy" | "modern", handler: typeof ownLegacy, method: string): UnknownPart[] =>
    handler && !handler.caps ? [{ path: [], spread: true, era, reason: `a handler set by hand answers ${method}: this era sends the capabilities it returns, which are not known statically`, loc: handler.loc }] : [];
  const ownEras = [...(legacy ? ownUnknown("legacy", ownLegacy, "initialize") : []), ...(modern ? ownUnknown("modern", ownModern, "server/discover") : [])];
  // One entry per place the server escapes the analysis, each with its location.
  const open: UnknownPart[] = state.open.map((why) => {
    const at = state.openAt.get(why);
    return { path: [], spread: true as const, reason: `the server may be given more capabilities where the analysis does not follow it: ${why}`, ...(at ? { loc: at } : {}) };
  });
  const mayThrow: UnknownPart[] = result.mayThrowAt.map(({ loc: at, why, said }) => ({ path: [], reason: said ? why : mayNotStart(why), loc: at }));
  // `server.server.notification({ method: "notifications/message", … })` at start-up without logging: the SDK throws, and nothing takes it.
  const logs = !("logging" in caps) && !(SPREAD_KEY in caps) && !result.capsUncertain && !result.conditionalKeys.has("logging");
  for (const send of logs ? state.sends.filter((x) => x.raw && x.startup && x.method === "notifications/message") : []) {
    mayThrow.push({ path: [], reason: mayNotStart(`the notifications/message sent at start-up throws without the logging capability ("Server does not support logging"), and nothing takes the error`), loc: send.loc });
  }
  // Whether server/discover is answered is not known: the report says why (the era is stated as answered, see `modernOpen`).
  const modernNotKnown: UnknownPart[] = eras.unknown && (eras.differ ? eras.differ.modern : !eras.modern) ? [{ path: [], era: "modern", reason: eras.unknownWhy ? `whether this server answers server/discover is not known: ${eras.unknownWhy}` : `whether the server answers server/discover is not known: ${eras.via} serves it` }] : [];
  // SDK v2 served by code not followed: an entry point given `legacy: "reject"` answers no initialize.
  const legacyNotKnown: UnknownPart[] = eras.unknown && (eras.differ ? eras.differ.legacy : legacyOpen(site, eras)) ? [{ path: [], era: "legacy", reason: eras.unknownWhy ? `whether this server answers initialize is not known: ${eras.unknownWhy}` : `whether the server answers initialize is not known: ${eras.via} serves it, and an SDK v2 entry point may be given legacy: "reject", which answers server/discover only` }] : [];
  const whole: UnknownPart[] = (state.whole ?? []).map(({ why, loc: at }) => ({ path: [], spread: true, reason: why, ...(at ? { loc: at } : {}) }));
  // An era answered or not at run time: that era's entry says so (null or not, the era is open).
  const erasOpen: UnknownPart[] = (state.erasOpen ?? []).filter((e) => (e.era === "legacy" ? legacy : modern) !== null).map(({ era, why, loc: at }) => ({ path: [], era, reason: why, ...(at ? { loc: at } : {}) }));
  const stated = [...(replaced.length > 0 ? [] : known.unknown), ...whole, ...erasOpen, ...conditional, ...open, ...mayThrow, ...modernNotKnown, ...legacyNotKnown, ...ownEras, ...replacedParts];
  const unknown = serves ? sortUnknown([...stated, ...inexactOnly(state, stated)]) : [];
  const server: ServerReport = {
    name: site.name,
    loc,
    span: site.span,
    dialectId: "sdk",
    dialect: site.version === "v1" ? "sdk-v1" : "sdk-v2",
    exact: unknown.length === 0,
    tasksExtension: false,
    legacy,
    modern,
    unknown,
    provenance: provenance(state, replaced.length > 0 ? {} : (known.caps ?? {}), { ...eras, modern: eras.modern || modernOpen }, serves),
    ...(facts.threw ? { startupThrows: facts.threw } : {}),
    eraNotes: eraNotesOf(facts),
    missing: [],
    details: sdkDetails(site, { ...result, steps: result.steps.map((step) => (step.why !== undefined && builtPerRequest(step.loc) ? { ...step, why: perRequestWords(step.why, eras.via) } : step)) }, facts),
  };
  const serverRef = { name: site.name, loc };
  return { server, diagnostics: diagnostics.map((d) => ({ ...d, server: serverRef })) };
}

/** SDK v2 served by one way the analysis does not know: whether initialize is answered is open too (an entry point may be given `legacy: "reject"`). */
function legacyOpen(site: SdkSite, eras: ServedEras): boolean {
  return eras.unknown === true && !eras.differ && site.version === "v2" && eras.legacy;
}

/** Keys and flags that differ between the SDK releases the server may load: left out, each an unknown part. */
function settleReleaseUnknowns(state: SdkState, result: ReplayResult): UnknownPart[] {
  const out: UnknownPart[] = [];
  for (const [path, { loc, why }] of result.releaseUnknowns) {
    const [k, sub] = path.split(".") as [string, string | undefined];
    const obj = state.caps[k];
    if (sub === undefined) delete state.caps[k];
    else if (isPlainObject(obj)) delete obj[sub];
    out.push({ path: sub === undefined ? [k] : [k, sub], reason: why, loc });
  }
  return out;
}

/**
 * Keys only conditional registrations add may or may not be advertised: they are not stated, and each
 * is an `unknown` entry at the place of its registration.
 */
function settleConditionalKeys(state: SdkState, result: ReplayResult): UnknownPart[] {
  const flags = settleConditionalFlags(state, result);
  if (result.conditionalKeys.size === 0) return flags;
  const keys = [...result.conditionalKeys.keys()];
  for (const k of keys) delete state.caps[k];
  markInexact(state, `${keys.join(", ")} ${keys.length === 1 ? "is" : "are"} registered only under a condition`);
  return [
    ...flags,
    ...[...result.conditionalKeys].map(([k, at]) => ({
      path: [k],
      reason: result.instanceKeys.has(k)
        ? `${k} is registered on one of the servers made here (${result.instanceKeys.get(k)}), and which of them a client meets is not followed`
        : result.replacedKeys.has(k)
          ? `${k} is ${result.replacedKeys.get(k)}`
          : result.untimedKeys.has(k)
          ? `${k} is ${result.untimedKeys.get(k)}`
          : result.conditionCalls.has(k)
            ? `${k} is registered by code that runs only under a condition (an if, a loop or a callback, at ${result.conditionCalls.get(k)}), so whether it is advertised depends on run time`
            : `${k} is registered only under a condition (an if, a loop or a callback), so whether it is advertised depends on run time`,
      ...(at ? { loc: at } : {}),
    })),
  ];
}

/**
 * Flags a conditional merge would change in a key that is there for certain (`tools.listChanged` set by
 * a registerCapabilities under an `if`): the key stays, the flag is not stated.
 */
function settleConditionalFlags(state: SdkState, result: ReplayResult): UnknownPart[] {
  const out: UnknownPart[] = [];
  for (const [path, at] of result.conditionalFlags) {
    const [k, sub] = path.split(".") as [string, string];
    if (result.conditionalKeys.has(k)) continue;
    const obj = state.caps[k];
    if (isPlainObject(obj)) delete obj[sub];
    out.push({ path: [k, sub], reason: `${path} is changed only under a condition (an if, a loop or a callback), so its value depends on run time`, ...(at ? { loc: at } : {}) });
  }
  if (out.length > 0) markInexact(state, `${out.map((u) => u.path.join(".")).join(", ")} ${out.length === 1 ? "is" : "are"} changed only under a condition`);
  return out;
}

/**
 * Reasons the result is inexact that name no part of the capabilities (options the entry point takes,
 * a handler's method not known): they still go in `unknown`, since `exact` is false exactly when it
 * is not empty.
 */
function inexactOnly(state: SdkState, stated: readonly UnknownPart[]): UnknownPart[] {
  if (state.exact || stated.length > 0) return [];
  return [{ path: [], spread: true, reason: state.inexact.join("; ") || "part of the server is not known statically" }];
}


/** v2's per-request transport of a hand-wired modern leg (`classifyInboundRequest`, then connect). */
const PER_REQUEST = "PerRequestHTTPServerTransport";

/** v2's `legacyStatelessFallback(factory)`: serves 2025 clients (initialize) only, one server per request. */
const LEGACY_FALLBACK = "legacyStatelessFallback";

/** `createRequestStateCodec(...)` at the top level of the server's module runs as it is imported: its checks may stop it. */
function codecThrows(ev: Evaluator, site: SdkSite): { loc: Loc; why: string }[] {
  const summary = ev.summary(site.file);
  const top = summary?.flow?.units.find((u) => u.kind === "module");
  if (!summary || !top) return [];
  const out: { loc: Loc; why: string }[] = [];
  for (const { event, conditional } of top.events) {
    if (event.k !== "invoke" || conditional || sdkNameOf(summary, event.callee, ev) !== "createRequestStateCodec") continue;
    const options = event.argExprs[0] ? ev.evaluate(event.argExprs[0], ev.fileScope(site.file), SDK_EVAL) : undefined;
    out.push(...codecOptionThrows(options));
  }
  return out;
}

/** Which eras the entry point serves (ts-mcp-ecosystem.md §2.4 item 7). */
function servedEras(ev: Evaluator, site: SdkSite, replay: Replay): ServedEras {
  if (site.version === "v1") return { legacy: true, modern: false, via: "v1 (initialize only)", ...(replay.state.connected ? { loc: replay.state.connected } : {}) };
  const summary = ev.summary(site.file)!;
  const units = summary.flow?.units ?? [];
  const modernVersions = Array.isArray(replay.supportedVersions) && replay.supportedVersions.includes("2026-07-28");
  const memo = replay.elsewhere.memo;
  const calls = memo ? memo(`sdk-entry-calls\u0000${site.file}`, () => entryCalls(ev, summary)) : entryCalls(ev, summary);
  // `new App().server` serves the field's server for `App` and for a subclass that keeps the field (`class Timestamped extends App {}`).
  const field = heldField(site);
  const holders = site.unit.className !== undefined && field !== undefined ? holderClassesOf(ev, site.file, site.unit.className, field) : [];
  const transport = replay.connectArg ? transportOf(ev.summary(replay.connectArg.file), replay.connectArg.expr) : undefined;
  if (replay.state.connected && transport === PER_REQUEST) {
    // It binds the server to the modern revision each request was classified as (when the server's
    // supportedProtocolVersions lists it), and what reaches it is routed by code of the program.
    const why = `connect(${PER_REQUEST}) binds the server to the revision each request was classified as, which the program decides per request`;
    markInexact(replay.state, why);
    return { legacy: true, modern: false, via: `connect(${PER_REQUEST})`, unknown: true, unknownWhy: why, loc: replay.state.connected };
  }
  // The unit a factory argument names: a function (`buildServer`), one written in place, or a method
  // handed by reference (`FeedServer.create`, `factories.create`) whose code reads no `this`.
  const unitOf = (factory: ValueExpr): FlowUnit | undefined => factoryUnit(units, factory) ?? referencedMethodUnit(ev, site.file, units, factory);
  const serving = calls.filter(({ event }) => {
    const factory = event.argExprs[0];
    return factory !== undefined && (isFactoryOf(units, unitOf, factory, site, holders, 0) || isMethodFactoryOf(ev, summary, units, factory, site) || handsOutBoundServer(ev.host.text?.(site.file) ?? "", units, factory, makerOf(site)));
  });
  const decided = serving.map(({ event, entry }, index) => {
    const factory = event.argExprs[0]!;
    // A handler for 2025 clients only (the legacy leg of a hand-wired composition beside a strict
    // createMcpHandler): its second argument is an error callback, not options.
    const optionsArg = event.argExprs[entry === LEGACY_FALLBACK ? 2 : 1];
    const options = optionsArg ? ev.evaluate(optionsArg, ev.fileScope(site.file), SDK_EVAL) : undefined;
    for (const t of entryOptionThrows(options, entry)) replay.mayThrowAt.push({ loc: t.loc, why: t.why });
    // `main().then(() => process.exit(0))` around a function that calls the entry point, which returns at once.
    const home = units.find((u) => u.events.some((x) => x.event === event));
    const exits = home && (home.kind === "module" || home.kind === "function") ? exitAfterServing(ev, site.file, home.kind === "function" ? home.name : undefined, event.span.end) : undefined;
    if (exits) replay.mayThrowAt.push({ loc: { file: site.file, span: exits }, why: `the program exits (line ${lineOf(ev, { file: site.file, span: exits })}) once the code that calls ${entry} has run, and ${entry} returns at once: the process ends before any client is answered` });
    if (entry === LEGACY_FALLBACK) return { legacy: true, modern: false, via: entry, loc: { file: site.file, span: event.span } };
    const served = entryEras(options);
    // A throw of the first entry point's own factory stops the server (the others may never run).
    const thrown = index === 0 && factory.k === "fn" ? factoryThrow(ev, site.file, factory.span.start) : undefined;
    if (thrown) replay.startupThrows(thrown.loc, thrown.why);
    // The factory written there, or a function of this file named there (`createMcpHandler(build)`).
    const own = thrown ? undefined : factory.k === "fn" ? units.find((u) => u.kind === "closure" && u.span.start === factory.span.start) : factory.k === "ref" ? units.find((u) => u.kind === "function" && u.name === factory.name) : factory.k === "get" ? unitOf(factory) : undefined;
    const perRequest = own && requestThrow(ev, site.file, own);
    if (perRequest) replay.mayThrowAt.push({ ...perRequest, said: true });
    // `createMcpHandler(() => shared)`: one server for every request, where the entry point wants a new one each time.
    if (entry === "createMcpHandler" && own && returnsSharedInstance(ev, site, own)) {
      // The factory is written in the server's own file (a serving call of it).
      const where = (at: Loc) => `line ${lineOf(ev, at)}`;
      const made = { file: site.file, span: site.event.span };
      replay.state.diagnostics.push(diagnostic("sdk-factory-shared-instance", { file: site.file, span: factory.span }, sharedInstanceMessage(entry, made, where, served.legacyUnknown ? "unknown" : served.legacy)));
    }
    if (served.legacyUnknown) markEraOpen(replay.state, "legacy", `whether ${entry} answers initialize depends on its options, which are not known statically`, { file: site.file, span: event.span });
    const chooses = eraChoice(ev, site, replay, unitOf(factory), entry);
    const loc = { file: site.file, span: event.span };
    return chooses ? { ...chooses, legacy: served.legacy, loc } : { legacy: served.legacy, modern: served.modern, via: entry, loc };
  });
  // The same server also connected by hand to a transport (the sessionful legacy leg of a composition).
  if (decided.length > 0 && replay.state.connected) decided.push({ legacy: true, modern: modernVersions, via: transport ? `connect(${transport})` : "connect()", loc: replay.state.connected });
  const first = decided[0];
  if (first) {
    // Entry points that serve other eras (`createMcpHandler(f, { legacy: "reject" })` for HTTP,
    // `serveStdio(f)` for stdio, one chosen by a flag or both started): each client gets what the
    // one it reaches serves, so an era some of them leave out is not certain.
    const differ = decided.find((d) => d.legacy !== first.legacy || d.modern !== first.modern);
    if (!differ) return first;
    const mixed = differentEras(decided, (d) => `line ${lineOf(ev, d.loc)}`);
    markInexact(replay.state, mixed.unknownWhy);
    return { ...mixed, via: first.via, loc: first.loc };
  }
  const elsewhere = servedElsewhere(ev, replay);
  if (elsewhere) {
    const perRequest = site.unit.kind === "function" || site.unit.kind === "closure" ? requestThrow(ev, site.file, site.unit) : undefined;
    if (perRequest) replay.mayThrowAt.push({ ...perRequest, said: true });
    // The server's own function, handed by reference to an entry point elsewhere, may choose by the era too.
    const read = site.unit.kind === "function" || site.unit.kind === "closure" ? eraReadIn(ev, site.file, site.unit) : undefined;
    return read && !elsewhere.unknown ? { ...eraChosen(ev, replay, read, elsewhere.via), legacy: elsewhere.legacy, ...(elsewhere.loc ? { loc: elsewhere.loc } : {}) } : elsewhere;
  }
  if (!replay.state.connected && !replay.followedCallers && returnsServer(site)) {
    // Built and handed out (`export function createServer()`), served by code elsewhere: which eras
    // that code serves is not known here. Only initialize is stated (every entry point but a
    // legacy: "reject" one answers it).
    markInexact(replay.state, `the server is served by code that calls ${site.unit.name}(), which the analysis does not follow`);
    return { legacy: true, modern: false, via: "code the analysis does not follow", unknown: true };
  }
  // Not served where the analysis goes, but handed to code it does not follow (a factory's caller that
  // takes it out of a returned object, `Service.create().server`): that code may serve either era.
  if (!replay.state.connected && replay.state.open.length > 0 && site.version === "v2") {
    return { legacy: true, modern: false, via: "code the analysis does not follow", unknown: true };
  }
  if (!replay.state.connected) return { legacy: true, modern: modernVersions, via: NOT_SERVED_HERE };
  return { legacy: true, modern: modernVersions, via: "connect()", loc: replay.state.connected };
}

/**
 * `serveStdio(({ era }) => era === "modern" ? a() : b())`: the entry point calls its factory with the
 * era it serves, and a factory that reads it may hand each era another server, or none. The replay
 * runs the factory once, for no era in particular: both eras are then not known.
 */
function eraChoice(ev: Evaluator, site: SdkSite, replay: Replay, unit: FlowUnit | undefined, entry: string): Omit<ServedEras, "legacy" | "loc"> | undefined {
  const read = unit ? eraReadIn(ev, site.file, unit) : undefined;
  return read ? eraChosen(ev, replay, read, entry) : undefined;
}

function eraChosen(ev: Evaluator, replay: Replay, read: Loc, entry: string): Omit<ServedEras, "legacy" | "loc"> {
  const why = `${entry} calls its factory with the era it serves, and the factory decides by it what it returns or whether it throws (line ${lineOf(ev, read)}): it may serve each era another server, or none`;
  markInexact(replay.state, why);
  return { modern: false, via: entry, unknown: true, unknownWhy: why };
}

/**
 * The calls of v2's entry points (`createMcpHandler`, `serveStdio`) in a file, in order: every
 * server of the file looks for the one that serves it, and telling an entry point from any other
 * imported function may follow the file's imports through the workspace's re-exports.
 */
function entryCalls(ev: Evaluator, summary: FileSummary): { readonly event: InvokeEvent; readonly entry: string }[] {
  const found: { event: InvokeEvent; entry: string }[] = [];
  for (const unit of summary.flow?.units ?? []) {
    for (const { event } of unit.events) {
      if (event.k !== "invoke") continue;
      const entry = sdkNameOf(summary, event.callee, ev);
      if (entry === "createMcpHandler" || entry === "serveStdio" || entry === LEGACY_FALLBACK) found.push({ event, entry });
    }
  }
  return found;
}

/**
 * Whether `factory` (the argument of createMcpHandler/serveStdio) hands out this server: the server's
 * own function, a function returning it (`() => server`, `() => createServer(CONFIG)`,
 * `() => withLogging(createServer())`, `() => new Service().server`), or a call of a function that
 * returns such a function (`makeFactory(options)`).
 */
/** The function a factory argument names or writes in place (`buildServer`, `() => {...}`), in its file. */
function factoryUnit(units: readonly FlowUnit[], factory: ValueExpr): FlowUnit | undefined {
  // A named arrow const inside a function (`const createServer = () => {...}` in `main`) counts too.
  if (factory.k === "ref") return units.find((u) => (u.kind === "function" || (u.kind === "closure" && u.nameSpan !== undefined)) && u.name === factory.name);
  if (factory.k === "fn") return units.find((u) => u.span.start === factory.span.start);
  return undefined;
}


function isFactoryOf(units: readonly FlowUnit[], unitOf: (factory: ValueExpr) => FlowUnit | undefined, factory: ValueExpr, site: SdkSite, holders: readonly string[], depth: number): boolean {
  if (depth > 4) return false;
  const unit = unitOf(factory);
  if (factory.k === "call" && factory.callee.k === "ref") {
    const maker = units.find((u) => u.kind === "function" && u.name === (factory.callee as { name: string }).name);
    return maker?.events.some(({ event }) => event.k === "return" && event.expr !== undefined && event.expr.k === "fn" && isFactoryOf(units, unitOf, event.expr, site, holders, depth + 1)) ?? false;
  }
  if (!unit) return false;
  if (unit === site.unit) return true;
  const target = site.event.target?.join(".");
  const siteFunction = site.unit.kind === "function" ? site.unit.name : undefined;
  const siteMethod = site.unit.kind === "method" && site.unit.className !== undefined && site.unit.name.startsWith(`${site.unit.className}.`) ? site.unit.name.slice(site.unit.className.length + 1) : undefined;
  const field = heldField(site);
  return unit.events.some(({ event }) => {
    if (event.k !== "return") return false;
    // `() => server`: a factory that hands out the module's server.
    if (target && event.source?.join(".") === target) return true;
    if (event.expr === undefined) return false;
    // `() => createServer(CONFIG)`, `() => withLogging(createServer())`: it calls the server's function.
    if (siteFunction && calls(event.expr, siteFunction)) return true;
    // `() => Notes.create()`: the static method of the class that makes the server, called on the class.
    if (siteMethod && callsStatic(event.expr, site.unit.className!, siteMethod)) return true;
    // `() => factories.create()`: a method of an object literal that reads no `this`, called on it.
    if (event.expr.k === "call" && event.expr.callee.k === "get" && unitOf(event.expr.callee) === site.unit) return true;
    if (field === undefined) return false;
    // `() => { const app = new App(); ...; return app.server }`: an instance of the class holding it.
    if (event.source?.length === 2 && event.source[1] === field) {
      const inst = event.source[0];
      if (unit.events.some(({ event: e }) => e.k === "new" && holders.includes(e.ctor) && e.target?.length === 1 && e.target[0] === inst)) return true;
    }
    // `() => new Service().server`: a factory that builds the class holding the server in a field;
    // `() => new Service().getServer()`, with a getter that only returns the field.
    return holders.some((name) => builds(event.expr!, name) || isGetterCallOnNew(event.expr!, name, fieldGetters(units, site.unit.className!, field)));
  });
}

/** How code outside the site gets this server: by calling its function, or from the field of its class. */
function makerOf(site: SdkSite): ServerMaker {
  const field = heldField(site);
  return {
    ...(site.unit.kind === "function" && returnsServer(site) ? { builder: site.unit.name } : {}),
    ...(site.unit.kind === "module" && site.event.target?.length === 1 ? { named: site.event.target[0]! } : {}),
    ...(site.unit.className !== undefined && field !== undefined ? { holder: { className: site.unit.className, field } } : {}),
  };
}

/** The field of `this` the server is constructed into (`server` of `this.server = new McpServer()`). */
function heldField(site: SdkSite): string | undefined {
  const t = site.event.target;
  return t?.length === 2 && t[0] === "this" ? t[1] : undefined;
}

/** Whether an expression calls the function `name` (itself, or in an argument). */
function calls(expr: ValueExpr, name: string): boolean {
  if (expr.k !== "call") return false;
  return (expr.callee.k === "ref" && expr.callee.name === name) || expr.args.some((a) => calls(a, name));
}

/** `Notes.create()`: a call of `method` on the class itself (a static method). */
function callsStatic(expr: ValueExpr, className: string, method: string): boolean {
  return expr.k === "call" && expr.callee.k === "get" && expr.callee.key.k === "static" && expr.callee.key.name === method && expr.callee.object.k === "ref" && expr.callee.object.name === className;
}

/** Whether an expression constructs `className` (`new C()`, `new C().server`). */
function builds(expr: ValueExpr, className: string): boolean {
  if (expr.k === "new") return expr.callee.k === "ref" && expr.callee.name === className;
  if (expr.k === "get") return builds(expr.object, className);
  return false;
}

function provenance(state: SdkState, caps: JsonObject, eras: ServedEras, serves: boolean): ProvenanceEntry[] {
  if (!serves) return [];
  const era = eras.legacy && eras.modern ? "both" : eras.legacy ? "legacy" : "modern";
  if (!eras.legacy && !eras.modern) return [];
  const out: ProvenanceEntry[] = [];
  for (const k of Object.keys(caps)) {
    const paths = [[k], ...(isPlainObject(caps[k]) ? Object.keys(caps[k] as JsonObject).map((s) => [k, s]) : [])];
    for (const path of paths) {
      const cause = state.causes.get(path.join(".")) ?? state.causes.get(k);
      out.push({ era, path, because: cause?.because ?? "constructor", ...(cause?.loc ? { loc: cause.loc } : {}), ...(cause?.detail ? { detail: cause.detail } : {}) });
    }
  }
  return out;
}

/**
 * The 2025-11-25 `tasks` capability. The advice depends on the SDK: v2 serves no tasks/* any more, so
 * the extension is the way on; v1 serves initialize only, where `tasks` is right, and its tasks/*
 * handlers throw at registration without it, so removing it would break the server: there the
 * extension needs SDK v2 first.
 */
function tasksAdvice(state: SdkState, loc: Loc): AnalysisDiagnostic {
  if (state.version === "v2") {
    return diagnostic(
      "sdk-tasks-legacy-shape",
      loc,
      `tasks is the 2025-11-25 capability: 2026-07-28 removed it, and SDK v2 no longer serves tasks/*. Migrate to the tasks extension (extensions["io.modelcontextprotocol/tasks"]).`,
    );
  }
  return diagnostic(
    "sdk-tasks-legacy-shape",
    loc,
    `tasks is the 2025-11-25 capability, which 2026-07-28 replaces with the tasks extension (extensions["io.modelcontextprotocol/tasks"]). ` +
      `Keep it while on SDK v1: v1 answers initialize only, where tasks is right, and its tasks/* handlers throw at registration without it. ` +
      `The tasks extension needs SDK v2 (@modelcontextprotocol/server): move to v2 first.`,
    { severity: "information" },
  );
}

/**
 * Whether something the analysis does not see may answer `method`: a handler whose method is not
 * known statically, or code the server reaches that is not followed (it may set any handler there).
 */
function mayAnswer(state: SdkState, result: ReplayResult, method: string): boolean {
  return state.open.length > 0 || result.unknownHandlers === "any" || result.unknownHandlers?.has(method) === true;
}

function finalRules(state: SdkState, result: ReplayResult, eras: ServedEras, text: (file: string) => string | undefined): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = [];
  const caps = state.caps;
  const at = (k: string): Loc => state.causes.get(k)?.loc ?? state.optionsCaps ?? { file: "", span: { start: 0, end: 0 } };
  /** "Remove prompts from the capabilities": where the key is written as a property of an object literal. */
  const removal = (what: string, loc: Loc) => {
    const source = text(loc.file);
    const edit = source === undefined ? undefined : removePropertyEdit(loc.file, source, loc.span.start, what.slice(what.lastIndexOf(".") + 1));
    return edit ? { fixes: [{ title: `Remove ${what} from the capabilities`, edits: [edit] }] } : {};
  };

  for (const [k, answers] of Object.entries(ANSWERS)) {
    if (!(k in caps) || answers.some((m) => state.handlers.has(m) || mayAnswer(state, result, m))) continue;
    if (k === "logging" && result.loggingLate) continue;
    // 2026-07-28 has no logging/setLevel: a server that answers only that era is not asked it.
    if (k === "logging" && !eras.legacy && !eras.unknown) continue;
    out.push(
      diagnostic(
        "sdk-handler-missing",
        at(k),
        `${k} is advertised, but nothing answers ${answers[0]}: clients that trust the capability get -32601 (Method not found). ` +
          (k !== "completions"
            ? `Register a handler for ${answers[0]}, or remove ${k}.`
            : state.kind === "low"
              ? "Set a completion/complete handler (setRequestHandler), or remove completions."
              : "Add a completable argument or a template with complete callbacks, or remove completions."),
        removal(k, at(k)),
      ),
    );
  }
  const resources = caps.resources;
  // Only legacy clients send resources/subscribe (2026-07-28 subscribes through subscriptions/listen, which the SDK answers).
  const legacyAsked = eras.legacy || eras.unknown === true;
  if (legacyAsked && isPlainObject(resources) && resources.subscribe === true && !state.handlers.has("resources/subscribe") && !mayAnswer(state, result, "resources/subscribe")) {
    out.push(
      diagnostic(
        "sdk-handler-missing",
        state.causes.get("resources.subscribe")?.loc ?? at("resources"),
        `resources.subscribe is advertised, but there is no resources/subscribe handler: a client's subscribe gets -32601 (Method not found). ` +
          `Register one with setRequestHandler, or drop subscribe.`,
        state.causes.get("resources.subscribe")?.loc ? removal("resources.subscribe", state.causes.get("resources.subscribe")!.loc!) : {},
      ),
    );
  }
  if (result.loggingLate && !state.handlers.has("logging/setLevel")) {
    out.push(
      diagnostic(
        "sdk-logging-setlevel",
        result.loggingLate,
        result.release.setLevelInstalled && result.loggingWrittenLate
          ? `In SDK v1, logging written to the capabilities object after the Server was made with it is advertised, but the constructor installs the logging/setLevel handler only for a logging it is given: clients that set a level get -32601. ` +
              `Write logging in the object before the Server is made instead.`
          : result.release.setLevelInstalled
          ? `In SDK v1, logging added by registerCapabilities installs no logging/setLevel handler (typescript-sdk #1464): clients that set a level get -32601. ` +
              `Declare logging in the constructor's capabilities instead.`
          : `SDK ${result.release.version ?? "v1"} installs no logging/setLevel handler, whether logging is declared in the constructor or added by registerCapabilities: clients that set a level get -32601. ` +
              `Set one with setRequestHandler(SetLevelRequestSchema, ...), or move to SDK 1.17.5 or later and declare logging in the constructor's capabilities.`,
      ),
    );
  }
  // A key the capabilities may hold where they are not known (`...(verbose ? { logging: {} } : {})`)
  // is not said to be missing.
  const mayHold = (k: string): boolean => k in caps || SPREAD_KEY in caps || result.capsUncertain || result.conditionalKeys.has(k);
  for (const send of state.sends) {
    const flag = NOTIFICATION_FLAGS[send.method];
    const method = send.raw ? send.method : flag?.notification ?? "notifications/message";
    if (flag) {
      const key = caps[flag.key];
      if (!(flag.key in caps)) {
        if (mayHold(flag.key)) continue;
        out.push(
          diagnostic(
            "sdk-notification-flag",
            send.loc,
            send.caught
              ? `${send.method}() is rejected: the SDK checks that ${flag.key} is advertised before sending ${method}. The rejection is caught here, so the server goes on, but the notification is never sent. Declare ${flag.key}: { ${flag.flag}: true }.`
              : `${send.method}() throws: the SDK checks that ${flag.key} is advertised before sending ${method}. Declare ${flag.key}: { ${flag.flag}: true }.`,
            { ...(send.caught ? {} : { severity: "error" as const }), ...result.addKeyFix(flag.key, `{ ${flag.flag}: true }`) },
          ),
        );
      } else if ((!isPlainObject(key) || key[flag.flag] !== true) && !(isPlainObject(key) && SPREAD_KEY in key) && !result.conditionalFlags.has(`${flag.key}.${flag.flag}`)) {
        out.push(
          diagnostic(
            "sdk-notification-flag",
            send.loc,
            `${send.method}() sends ${method}, but ${flag.key}.${flag.flag} is not advertised: the SDK only checks ${flag.key}, so the notification goes out and conforming clients ignore it. ` +
              `Declare ${flag.key}: { ${flag.flag}: true }.`,
            result.addFlagFix(flag.key, flag.flag),
          ),
        );
      }
    } else if (method === "notifications/message" && !mayHold("logging")) {
      out.push(
        diagnostic(
          "sdk-logging-dropped",
          send.loc,
          loggingSendRejected(send.raw, state.version, result.release),
          { ...(send.raw || !loggingGuarded(state.version, result.release) ? { severity: "error" as const } : {}), ...result.addKeyFix("logging") },
        ),
      );
    }
  }
  for (const { loc, fix } of result.optionalCompletables) {
    out.push(
      diagnostic(
        "sdk-completable-optional",
        loc,
        `completable() around an optional schema completes nothing in SDK ${result.state.version}: completion metadata is only found outside the optional, so this argument adds no completions. ` +
          `Write completable(z.string(), complete).optional() instead.`,
        fix ? { fixes: [fix] } : {},
      ),
    );
  }
  for (const { loc, specifier } of result.foreignOptionalCompletables) {
    out.push(
      diagnostic(
        "sdk-completable-optional",
        loc,
        `This optional is made with ${specifier}, and SDK ${result.release.version ?? "1.x"} looks through an optional only when it is a class of the zod it loads itself: the completable() inside is not found, so this argument adds no completions. ` +
          `Build the schema with the same zod the SDK uses (import from "zod").`,
      ),
    );
  }
  if (eras.legacy && "extensions" in caps) {
    out.push(diagnostic("sdk-revision-keys", at("extensions"), `extensions is not part of 2025-11-25: initialize sends it, and legacy clients ignore it. Only server/discover (2026-07-28) defines extensions.`));
  }
  if (eras.modern && "logging" in caps) {
    out.push(
      diagnostic("sdk-revision-keys", at("logging"), `logging is deprecated in 2026-07-28: there is no logging/setLevel, and clients opt in to log messages per request.`, { severity: "hint" }),
    );
  }
  if ("tasks" in caps) out.push(tasksAdvice(state, at("tasks")));
  // Extension ids have a format and a reserved prefix; `experimental` keys are free-form in every revision.
  for (const group of ["extensions"]) {
    const ids = caps[group];
    if (!isPlainObject(ids)) continue;
    for (const id of Object.keys(ids)) {
      if (id === DYNAMIC_KEY || id === SPREAD_KEY) continue;
      const reserved = id.startsWith("io.modelcontextprotocol/") && !KNOWN_EXTENSIONS.has(id);
      const malformed = !EXTENSION_ID.test(id);
      if (!reserved && !malformed) continue;
      out.push(
        diagnostic(
          "sdk-extension-id",
          at(`${group}.${id}`),
          reserved
            ? `"${id}" uses the reserved io.modelcontextprotocol/ prefix but is not an extension MCP defines: clients will not recognise it. Use your own reverse-DNS prefix.`
            : `"${id}" is not a valid extension id: ids are a vendor prefix (a reversed domain name, recommended) and a name, like "com.example/feature". The SDK sends it as written; clients may reject or ignore it.`,
        ),
      );
    }
  }
  for (const [k, allowed] of Object.entries(SPEC_SUBKEYS)) {
    const v = caps[k];
    if (!isPlainObject(v)) continue;
    for (const sub of Object.keys(v)) {
      // An internal marker (a spread or value the analysis could not know) is not a key the user wrote.
      if (allowed.includes(sub) || sub === SPREAD_KEY || sub === DYNAMIC_KEY) continue;
      out.push(
        diagnostic(
          "sdk-nonspec-key",
          at(`${k}.${sub}`),
          `${k}.${sub} is not part of the ${k} capability (it defines ${allowed.join(" and ")}): clients ignore it. Per-item data belongs in the ${k}/list results.`,
        ),
      );
    }
  }
  return out;
}

/**
 * What a log message sent without the logging capability does: a raw notifications/message is
 * always rejected; sendLoggingMessage drops it silently from 1.17.5 on, and is rejected before
 * (sends.ts). A release range reaching both is said with the release the rules are read for.
 */
function loggingSendRejected(raw: boolean, version: SdkVersion, release: SdkRelease): string {
  if (raw) return `This notifications/message throws: the SDK requires the logging capability for it ("Server does not support logging"). Declare logging: {}.`;
  if (loggingGuarded(version, release)) return `sendLoggingMessage() does nothing without the logging capability: the SDK drops the message silently. Declare logging: {} in the capabilities.`;
  return (
    `sendLoggingMessage() throws without the logging capability in SDK ${release.version ?? "1.x"}: it rejects with "Server does not support logging" (releases before 1.17.5 do not drop the message). ` +
    `Declare logging: {} in the capabilities.`
  );
}

/** The replay's state, to settle and report without changing what the replay found. */
function workingCopy(state: Readonly<SdkState>): SdkState {
  return {
    ...state,
    caps: structuredClone(state.caps),
    causes: new Map(state.causes),
    handlers: new Map(state.handlers),
    registered: new Set(state.registered),
    inexact: [...state.inexact],
    open: [...state.open],
    openAt: new Map(state.openAt),
    diagnostics: [...state.diagnostics],
    sends: [...state.sends],
    ...(state.replaced ? { replaced: [...state.replaced] } : {}),
  };
}

type EntryEras = { readonly via: string; readonly legacy: boolean; readonly modern: boolean };

/**
 * A server served through entry points that answer different eras: each era some of them answer is
 * stated and left open where others do not answer it (`differ`), with why (`where` places each entry).
 */
export function differentEras<E extends EntryEras>(entries: readonly E[], where: (entry: E) => string): Pick<ServedEras, "legacy" | "modern" | "unknown" | "unknownWhy" | "differ"> & { readonly unknownWhy: string } {
  const answers = (d: E) => (d.legacy && d.modern ? "answers both eras" : d.legacy ? "answers initialize only" : d.modern ? "answers server/discover only" : "answers neither era");
  const listed = entries.map((d) => `${d.via} at ${where(d)} ${answers(d)}`).join(", ");
  const some = (era: "legacy" | "modern") => entries.some((d) => d[era]);
  const differs = (era: "legacy" | "modern") => some(era) && entries.some((d) => !d[era]);
  return {
    legacy: some("legacy"),
    modern: some("modern"),
    unknown: true,
    unknownWhy: `the program serves this server through ${entries.length} entry points that serve different eras (${listed}), and a client gets what the one it reaches serves`,
    differ: { legacy: differs("legacy"), modern: differs("modern") },
  };
}
