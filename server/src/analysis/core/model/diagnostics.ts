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
  // The SDK dialect (@modelcontextprotocol/sdk 1.x, @modelcontextprotocol/server 2.x).
  "sdk-handler-undeclared": { severity: "error", summary: "a request handler registered without its capability (throws at start-up, or never called)" },
  "sdk-handler-missing": { severity: "warning", summary: "a capability declared with no handler: clients get -32601" },
  "sdk-notification-flag": { severity: "warning", summary: "a list_changed/updated notification without the capability flag clients need" },
  "sdk-logging-dropped": { severity: "warning", summary: "log messages sent without the logging capability" },
  "sdk-logging-setlevel": { severity: "warning", summary: "v1: logging added by registerCapabilities installs no logging/setLevel" },
  "sdk-completable-optional": { severity: "warning", summary: "v2: completable around an optional schema completes nothing" },
  "sdk-register-after-connect": { severity: "error", summary: "a registration after connect(): the SDK throws" },
  "sdk-revision-keys": { severity: "information", summary: "a key the era's protocol revision does not define" },
  "sdk-extension-id": { severity: "warning", summary: "an extension or experimental id that breaks the naming rules" },
  "sdk-tasks-legacy-shape": { severity: "warning", summary: "the 2025-11-25 tasks capability, replaced by the tasks extension" },
  "sdk-nonspec-key": { severity: "warning", summary: "an unknown key inside tools, resources or prompts" },
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
  extra: Pick<AnalysisDiagnostic, "server" | "related" | "fixes"> & { severity?: Severity } = {},
): AnalysisDiagnostic {
  const { severity, ...rest } = extra;
  return { code, severity: severity ?? DIAGNOSTIC_CODES[code].severity, message, loc, ...rest };
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export function severityRank(s: Severity): number {
  return SEVERITY_RANK[s];
}
