import type { Loc } from "../evaluate/values";

export type Severity = "error" | "warning" | "information" | "hint";

/** Every diagnostic code of spec §7, with its severity and a one-line summary for docs and tooling. */
export const DIAGNOSTIC_CODES = {
  "subscribe-without-resources": { severity: "warning", summary: "handleSubscribeResource present, but the base has no resources: legacy ignores it" },
  "unsubscribe-without-subscribe": { severity: "warning", summary: "handleUnsubscribeResource without handleSubscribeResource" },
  "capability-not-object": { severity: "error", summary: "tools/resources/prompts (or extensions with the tasks extension) is not an object" },
  "handler-arity": { severity: "warning", summary: "a handler declares more parameters than the runtime passes" },
  "handler-static": { severity: "warning", summary: "a handler name on a static member" },
  "handler-misspelled": { severity: "warning", summary: "a member that resembles a handler the class lacks" },
  "capabilities-not-static": { severity: "warning", summary: "__capabilities__ declared on instances" },
  "capabilities-not-callable": { severity: "error", summary: "static __capabilities__ is not a function" },
  "capabilities-dynamic": { severity: "information", summary: "part or all of the base cannot be evaluated statically" },
  "unknown-capability-key": { severity: "warning", summary: "a top-level base key MCP does not define" },
  "endpoint-capabilities-override": { severity: "warning", summary: "an Endpoint that declares __capabilities__" },
  "component-unresolved": { severity: "information", summary: "an Endpoint component of unknown kind" },
  "inheritance-cycle": { severity: "error", summary: "extends loops" },
  "base-unresolved": { severity: "information", summary: "an extends target that cannot be resolved" },
  "logging-deprecated": { severity: "hint", summary: "handleSetLogLevel: 2026-07-28 has no logging/setLevel" },
  "tasks-legacy-shape": { severity: "warning", summary: "the 2025-11-25 tasks key in the base" },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export const ALL_CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

/** A text edit a quick fix applies, in the analysis's own terms (the LSP layer converts it). */
export interface TextEditData {
  readonly loc: Loc;
  readonly newText: string;
}

export interface FixData {
  readonly title: string;
  readonly edits: readonly TextEditData[];
  /** The fix to apply with one keystroke (VS Code's "preferred" quick fix). */
  readonly preferred?: boolean;
}

export interface AnalysisDiagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly loc: Loc;
  /** The server class the diagnostic is about, when it is about one. */
  readonly server?: { readonly name: string; readonly loc: Loc };
  readonly related?: readonly { readonly loc: Loc; readonly message: string }[];
  readonly fixes?: readonly FixData[];
}

export function diagnostic(
  code: DiagnosticCode,
  loc: Loc,
  message: string,
  extra: Pick<AnalysisDiagnostic, "server" | "related" | "fixes"> = {},
): AnalysisDiagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code].severity, message, loc, ...extra };
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export function severityRank(s: Severity): number {
  return SEVERITY_RANK[s];
}
