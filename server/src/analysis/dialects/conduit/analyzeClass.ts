import { buildCapabilities, type BuildResult, type Era } from "./builder";
import { chooseBase } from "./baseSet";
import { computeProvenance } from "./provenance";
import { buildChain, findMember, type ClassChain } from "./classChain";
import { findEndpoint } from "./endpoint";
import { presentHandlers } from "./handlerPresence";
import { diagnostic, type AnalysisDiagnostic } from "../../core/model/diagnostics";
import { serverDiagnostics } from "./rules";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, JsonObject, Loc } from "../../core/evaluate/values";
import { isHandlerName, type HandlerName } from "./handlers";
import type { ClassAnalysis, ServerReport } from "../../core/model/serverReport";
import type { ClassSummary } from "../../core/model/summary";
import { basename } from "../../core/project/paths";

export interface ClassAnalysisOptions {
  readonly tasksExtension: boolean;
  readonly fileText: (file: string) => string | undefined;
}

/**
 * Analyses one class: whether it is a server (spec §2), its base (§4), both eras (§6) with the cause
 * of every key, and its diagnostics (§7). A class that is not a server gets no diagnostic, except
 * `inheritance-cycle` when it sits on an `extends` loop.
 */
export function analyzeClass(ev: Evaluator, ref: ClassRef, options: ClassAnalysisOptions): ClassAnalysis {
  const summary = ev.summary(ref.file)!.classes[ref.index]!;
  const loc: Loc = { file: ref.file, span: summary.nameSpan };
  // Most classes of a workspace extend nothing and have none of the members that make a server:
  // they are answered without walking a chain.
  if (!summary.heritage && !mayBeServerOnItsOwn(summary)) return { className: summary.name, loc, server: undefined, diagnostics: [] };
  const chain = buildChain(ev, ref);
  const cycleDiagnostics = cycleRule(chain);
  const none: ClassAnalysis = { className: summary.name, loc, server: undefined, diagnostics: cycleDiagnostics };
  if (summary.isAbstract) return none;

  const endpoint = findEndpoint(ev, chain);
  const handlers = presentHandlers(chain, endpoint);
  const isServer =
    findMember(chain, "__capabilities__", true) !== undefined ||
    [...handlers.values()].some((h) => h.handler !== "handleComplete" && h.via !== "endpoint") ||
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

  const exact =
    chain.end.kind !== "unresolved" &&
    chain.end.kind !== "cycle" &&
    !(base.kind === "explicit" && base.dynamics.length > 0) &&
    !(endpoint && endpoint.unresolved.length > 0);
  const server: ServerReport = {
    name: summary.name,
    loc,
    classSpan: summary.span,
    dialect: "conduit",
    exact,
    tasksExtension: options.tasksExtension,
    legacy: usable ? eras.legacy.capabilities : null,
    modern: usable ? eras.modern.capabilities : null,
    provenance: usable ? computeProvenance(base, eras, handlers, summary.name) : [],
    base: {
      kind: base.kind,
      json: base.kind === "explicit" ? (base.json ?? null) : base.json,
      ...(base.kind === "explicit" ? { loc: base.value.loc } : base.kind === "endpoint" ? { loc: base.endpoint.loc } : {}),
    },
    handlers: [...handlers.values()].map((h) => ({ handler: h.handler, via: h.via, className: h.className, loc: h.loc })),
    missing: rules.missing,
    chain: chain.links.map((l) => ({ name: l.summary.name, loc: { file: l.ref.file, span: l.summary.nameSpan } })),
    stubInsert: { loc: { file: ref.file, span: { start: summary.bodyEnd, end: summary.bodyEnd } }, indent: summary.memberIndent },
  };
  const own = [...rules.diagnostics, ...extra].map((d) => (isLibraryFile(d.loc.file) ? onServer(d, loc) : d));
  return { className: summary.name, loc, server, diagnostics: [...cycleDiagnostics, ...own] };
}

/** Whether a class that extends nothing could qualify by what it declares itself (spec §2). */
function mayBeServerOnItsOwn(summary: ClassSummary): boolean {
  return (
    summary.mcpServerTag ||
    summary.decorators.some((d) => d.name === "Endpoint") ||
    summary.members.some((m) => m.name === "__capabilities__" || isHandlerName(m.name))
  );
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
