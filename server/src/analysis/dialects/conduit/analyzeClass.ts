import { buildCapabilities, type BuildResult, type Era } from "./builder";
import { chooseBase } from "./baseSet";
import { computeProvenance } from "./provenance";
import { buildChain, findMember, type ClassChain } from "./classChain";
import { findEndpoint } from "./endpoint";
import { presentHandlers } from "./handlerPresence";
import type { AnalysisDiagnostic } from "../../core/model/diagnostics";
import { diagnostic } from "./codes";
import { serverDiagnostics } from "./rules";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, JsonObject, Loc } from "../../core/evaluate/values";
import { isHandlerName, type HandlerName } from "./handlers";
import type { ServerReport, UnitAnalysis } from "../../core/model/serverReport";
import type { UnknownPart } from "../../core/model/unknown";
import { sortUnknown } from "../../core/model/unknown";
import { withoutMarkers } from "../../core/evaluate/unknownParts";
import type { ConduitDetails } from "./details";
import { handlerStubFix } from "./handlerStub";
import type { ClassSummary } from "../../core/model/summary";
import { basename } from "../../core/project/paths";

export interface UnitAnalysisOptions {
  readonly tasksExtension: boolean;
  readonly fileText: (file: string) => string | undefined;
}

/**
 * Analyses one class: whether it is a server (spec §2), its base (§4), both eras (§6) with the cause
 * of every key, and its diagnostics (§7). A class that is not a server gets no diagnostic, except
 * `inheritance-cycle` when it sits on an `extends` loop.
 */
export function analyzeClass(ev: Evaluator, ref: ClassRef, options: UnitAnalysisOptions): UnitAnalysis {
  const summary = ev.summary(ref.file)!.classes[ref.index]!;
  const loc: Loc = { file: ref.file, span: summary.nameSpan };
  // Most classes of a workspace extend nothing and have none of the members that make a server:
  // they are answered without walking a chain.
  if (!summary.heritage && !mayBeServerOnItsOwn(summary)) return { name: summary.name, loc, server: undefined, diagnostics: [] };
  const chain = buildChain(ev, ref);
  const cycleDiagnostics = cycleRule(chain);
  const none: UnitAnalysis = { name: summary.name, loc, server: undefined, diagnostics: cycleDiagnostics };
  if (summary.isAbstract) return none;

  const endpoint = findEndpoint(ev, chain);
  const handlers = presentHandlers(chain, endpoint);
  const isServer =
    findMember(chain, "__capabilities__", true) !== undefined ||
    // A private or protected look-alike is a helper's name: it counts only in a class that is a server otherwise.
    [...handlers.values()].some((h) => h.handler !== "handleComplete" && h.via !== "endpoint" && !h.member?.hidden) ||
    endpoint !== undefined ||
    summary.mcpServerTag;
  if (!isServer) return none;

  const base = chooseBase(ev, chain, endpoint);
  const handlerSet = new Set(handlers.keys());
  const usable = base.kind !== "explicit" || (base.json !== undefined && !base.notCallable);
  const opaque = base.kind === "explicit" ? base.opaque : new Set<string>();
  const eras: Record<Era, BuildResult> = {
    legacy: build(usable ? base.json : undefined, handlerSet, "legacy", options.tasksExtension, opaque),
    modern: build(usable ? base.json : undefined, handlerSet, "modern", options.tasksExtension, opaque),
  };
  const rules = serverDiagnostics({
    serverName: summary.name,
    serverLoc: loc,
    chain,
    base,
    endpoint,
    handlers,
    eras,
    tasksExtension: options.tasksExtension,
    fileText: options.fileText,
  });
  const instanceCaps = findMember(chain, "__capabilities__", false);
  const extra: AnalysisDiagnostic[] = [];
  if (instanceCaps) {
    extra.push(
      diagnostic(
        "capabilities-not-static",
        { file: instanceCaps.link.ref.file, span: instanceCaps.member.nameSpan },
        `__capabilities__ is declared on instances, but the runtime reads it from the class: it is ignored, and ` +
          `${base.kind === "default" ? "the default trio (tools, resources, prompts) is advertised instead" : "the class's other base is used instead"}. Make it static.`,
        {
          server: { name: summary.name, loc },
          fixes: [
            {
              title: "Make __capabilities__ static",
              edits: [{ loc: { file: instanceCaps.link.ref.file, span: { start: instanceCaps.member.staticInsertAt, end: instanceCaps.member.staticInsertAt } }, newText: "static " }],
              preferred: true,
            },
          ],
        },
      ),
    );
  }

  const legacy = withoutMarkers(usable ? eras.legacy.capabilities : null, base.kind === "explicit" ? base.dynamics : []);
  const modern = withoutMarkers(usable ? eras.modern.capabilities : null, base.kind === "explicit" ? base.dynamics : []);
  const unknown = sortUnknown([...legacy.unknown, ...modern.unknown, ...wholeBaseUnknown(base), ...chainUnknown(chain), ...componentUnknown(endpoint)]);
  const details: ConduitDetails = {
    kind: "conduit",
    base: {
      kind: base.kind,
      json: base.kind === "explicit" ? (base.json ?? null) : base.json,
      ...(base.kind === "explicit" ? { loc: base.value.loc } : base.kind === "endpoint" ? { loc: base.endpoint.loc } : {}),
    },
    handlers: [...handlers.values()].map((h) => ({ handler: h.handler, via: h.via, className: h.className, loc: h.loc })),
    chain: chain.links.map((l) => ({ name: l.summary.name, loc: { file: l.ref.file, span: l.summary.nameSpan } })),
    stubInsert: { loc: { file: ref.file, span: { start: summary.bodyEnd, end: summary.bodyEnd } }, indent: summary.memberIndent },
  };
  const server: ServerReport = {
    name: summary.name,
    loc,
    span: summary.span,
    dialectId: "conduit",
    dialect: "conduit",
    exact: unknown.length === 0,
    tasksExtension: options.tasksExtension,
    legacy: legacy.caps,
    modern: modern.caps,
    unknown,
    provenance: usable ? computeProvenance(base, eras, handlers, summary.name) : [],
    missing: rules.missing,
    details,
  };
  const own = [...rules.diagnostics, ...extra].map((d) => (isLibraryFile(d.loc.file) ? onServer(d, loc) : withStub(d, details, options.fileText)));
  return { name: summary.name, loc, server, diagnostics: [...cycleDiagnostics, ...own] };
}

/** A base that cannot be evaluated at all (spec §4.1): both eras are null and what is unknown is everything. */
function wholeBaseUnknown(base: ReturnType<typeof chooseBase>): UnknownPart[] {
  if (base.kind !== "explicit" || base.json !== undefined || base.notCallable) return [];
  // A value known statically that is not an object (`null`, an array, a number): capability-not-object
  // says what the runtime does with it, and nothing of it is unknown.
  if (base.wholeDynamic === undefined && base.dynamics.length === 0) return [];
  const part = base.wholeDynamic ?? base.dynamics[0];
  const source = part?.text ?? "__capabilities__";
  return [{ path: [], source, reason: `${source} cannot be known without running the server (${part?.why ?? "not a static value"})`, ...(part ? { loc: part.loc } : {}) }];
}

/** An `extends` target that cannot be resolved, or a cycle (spec §2): whatever it would add is unknown. */
function chainUnknown(chain: ClassChain): UnknownPart[] {
  if (chain.end.kind === "unresolved") {
    return [{ path: [], source: chain.end.text, spread: true, reason: `the base class ${chain.end.text} cannot be resolved (${chain.end.why}), so what it adds is not known`, loc: chain.end.loc }];
  }
  if (chain.end.kind === "cycle") return [{ path: [], spread: true, reason: "the class is on an inheritance cycle, so it cannot be defined at run time" }];
  return [];
}

/** Endpoint components of unknown kind (spec §4.2): the capability they would generate is unknown. */
function componentUnknown(endpoint: ReturnType<typeof findEndpoint>): UnknownPart[] {
  return (endpoint?.unresolved ?? []).map((u) => ({ path: [], source: u.text, spread: true as const, reason: `the Endpoint component ${u.text} cannot be resolved (${u.why})`, loc: u.loc }));
}

/** Whether a class that extends nothing could qualify by what it declares itself (spec §2). */
function mayBeServerOnItsOwn(summary: ClassSummary): boolean {
  return (
    summary.mcpServerTag ||
    summary.decorators.some((d) => d.name === "Endpoint") ||
    summary.members.some((m) => m.name === "__capabilities__" || isHandlerName(m.name))
  );
}

/** A look-alike handler also offers the stub of the handler it resembles (keeping the member), after the rename. */
function withStub(d: AnalysisDiagnostic, details: ConduitDetails, fileText: (file: string) => string | undefined): AnalysisDiagnostic {
  const target = d.code === "handler-misspelled" ? d.fixes?.[0]?.edits[0]?.newText : undefined;
  if (!target || !isHandlerName(target)) return d;
  const stub = handlerStubFix(details, target, fileText(details.stubInsert.loc.file));
  return { ...d, fixes: [...(d.fixes ?? []), stub] };
}

/** Declaration files and installed packages: the user cannot edit them. */
function isLibraryFile(file: string): boolean {
  return /\.d\.[cm]?ts$/.test(file) || file.includes("/node_modules/");
}

/**
 * A problem found in a library the server inherits from is shown on the server itself, where the
 * user can act (override the member, or choose another base); its real place stays as related info.
 */
function onServer(d: AnalysisDiagnostic, serverLoc: Loc): AnalysisDiagnostic {
  const { fixes: _fixes, ...rest } = d;
  return {
    ...rest,
    loc: serverLoc,
    message: `Inherited from ${basename(d.loc.file)}: ${d.message}`,
    related: [{ loc: d.loc, message: "declared here" }],
  };
}

function build(base: JsonObject | undefined, handlers: ReadonlySet<HandlerName>, era: Era, tasks: boolean, opaque: ReadonlySet<string>): BuildResult {
  if (!base) return { capabilities: null, effects: [], notObject: [] };
  return buildCapabilities({ base, handlers, era, tasksExtension: tasks, opaque });
}

/** `inheritance-cycle` on every class of the loop (spec §2): such code cannot run. */
function cycleRule(chain: ClassChain): AnalysisDiagnostic[] {
  if (chain.end.kind !== "cycle") return [];
  const names = chain.end.members.map((m) => m.summary.name);
  return chain.end.members.map((m, i) => {
    // The loop is told from the class itself, so every analysis on the cycle words it the same way.
    const loop = [...names.slice(i), ...names.slice(0, i), m.summary.name].join(" → ");
    return diagnostic(
      "inheritance-cycle",
      { file: m.ref.file, span: m.summary.nameSpan },
      `${m.summary.name} is on an inheritance cycle (${loop}): the class cannot be defined at run time (a ReferenceError on load). Break the cycle.`,
    );
  });
}
