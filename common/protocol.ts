// The one module the VS Code client, the language server and the preview webview share: custom LSP
// messages, the settings type with its defaults, and the data the preview renders. Types and plain
// constants only, so each bundle that imports it stays small.
import { NotificationType, RequestType } from "vscode-languageserver-protocol";
import type { Range } from "vscode-languageserver-protocol";

export const SECTION = "mcpCapabilityLens";
export const DIAGNOSTIC_SOURCE = "MCP Capability Lens";
export { RULES_URL } from "./links";

// ---------------------------------------------------------------------------------------------
// Settings (package.json `contributes.configuration` mirrors these; the server pulls them per file)

export type TasksSetting = "auto" | "on" | "off";
export type CodeLensSetting = "full" | "diff" | "off";

export interface LensSettings {
  /** `auto` reads `mcpCapabilityLens.tasksExtension` from the workspace folder's package.json (spec §5). */
  readonly tasksExtension: TasksSetting;
  readonly codeLens: CodeLensSetting;
  readonly diagnostics: {
    readonly enabled: boolean;
    /** Codes never reported (e.g. `logging-deprecated`). */
    readonly disabledCodes: readonly string[];
  };
}

export const DEFAULT_SETTINGS: LensSettings = {
  tasksExtension: "auto",
  codeLens: "full",
  diagnostics: { enabled: true, disabledCodes: [] },
};

/** Normalises whatever the user wrote in settings.json: wrong types fall back to the defaults. */
export function normalizeSettings(raw: unknown): LensSettings {
  const r = (raw ?? {}) as Record<string, unknown>;
  const diagnostics = (r.diagnostics ?? {}) as Record<string, unknown>;
  const pick = <T extends string>(v: unknown, allowed: readonly T[], dflt: T): T => (allowed.includes(v as T) ? (v as T) : dflt);
  return {
    tasksExtension: pick(r.tasksExtension, ["auto", "on", "off"], DEFAULT_SETTINGS.tasksExtension),
    codeLens: pick(r.codeLens, ["full", "diff", "off"], DEFAULT_SETTINGS.codeLens),
    diagnostics: {
      enabled: typeof diagnostics.enabled === "boolean" ? diagnostics.enabled : DEFAULT_SETTINGS.diagnostics.enabled,
      disabledCodes: Array.isArray(diagnostics.disabledCodes) ? diagnostics.disabledCodes.filter((c): c is string => typeof c === "string") : [],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The preview's data: one server, everything positioned as LSP locations.

/**
 * What the extension's client tells the server as it starts (`initializationOptions`). `vscodeMarkdown`:
 * the client renders theme icons (`$(search)`) and runs `command:` links in Markdown, as VS Code does;
 * any other editor gets plain Markdown.
 */
export interface InitializationOptions {
  readonly vscodeMarkdown?: boolean;
  readonly refreshDelayMs?: number;
  readonly pushDelayMs?: number;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface WireLocation {
  readonly uri: string;
  readonly range: Range;
}

/** A cause as its dialect words it (the preview never interprets `because` itself). */
export interface WireCause {
  /** Icon family: base, default, handler, inherited, component, registration, rule, tasks. */
  readonly kind: string;
  readonly label: string;
  readonly spoken: string;
  readonly title: string;
}

export interface WireProvenance {
  readonly era: "legacy" | "modern" | "both";
  readonly path: readonly string[];
  readonly because: string;
  readonly cause?: WireCause;
  readonly detail?: string;
  readonly location?: WireLocation;
}

export interface WireFix {
  readonly title: string;
  readonly preferred: boolean;
  /** uri → edits, ready for `WorkspaceEdit.changes`. */
  readonly changes: Readonly<Record<string, readonly { range: Range; newText: string }[]>>;
}

export interface WireDiagnostic {
  readonly code: string;
  readonly severity: "error" | "warning" | "information" | "hint";
  readonly message: string;
  readonly location: WireLocation;
  readonly fixes: readonly WireFix[];
}

export interface WireEraNote {
  readonly text: string;
  /** The same in a few words, for places that repeat it (a summary line, a result card). */
  readonly brief?: string;
  readonly location?: WireLocation;
}

export interface WireServer {
  readonly name: string;
  readonly location: WireLocation;
  /** The whole class, for "the server the cursor is in". */
  readonly classRange: Range;
  /** The report's dialect: `conduit`, `sdk-v1`, `sdk-v2`. */
  readonly dialect: string;
  /** How the dialect names itself for people: `conduit`, `SDK v1`. */
  readonly dialectTag: string;
  /** What one of the dialect's servers is called: `server class`, `SDK server`. */
  readonly serverNoun: string;
  /** The tasks-extension setting changes what this server advertises (the preview offers the switch). */
  readonly followsTasksSetting?: boolean;
  readonly exact: boolean;
  readonly tasksExtension: boolean;
  /** Only what the server is known to send; what is not known is in `unknown`. */
  readonly legacy: JsonObject | null;
  readonly modern: JsonObject | null;
  readonly unknown: readonly { readonly path: readonly string[]; readonly reason: string; readonly source?: string; readonly spread?: boolean; readonly location?: WireLocation }[];
  /** How an era is served, or why not, when that is a fact and not a problem. */
  readonly eraNotes: { readonly legacy?: WireEraNote; readonly modern?: WireEraNote };
  readonly provenance: readonly WireProvenance[];
  /** Capabilities a near-miss (a misspelled handler) would have produced: the preview's ghost rows. */
  readonly missing: readonly { readonly path: readonly string[]; readonly era: string; readonly member: string; readonly meant: string; readonly location: WireLocation }[];
  /** This server's diagnostics, inherited members and hints included. */
  readonly diagnostics: readonly WireDiagnostic[];
}

// ---------------------------------------------------------------------------------------------
// Custom requests and notifications

export interface ServerReportParams {
  readonly uri: string;
  /** Pick the server whose class holds this position (else the nearest one above it). */
  readonly position?: { readonly line: number; readonly character: number };
  /** Pick the server of this name in the document. */
  readonly name?: string;
}

export interface ServerReportResult {
  readonly uri: string;
  /** The document version the report was computed from. */
  readonly version: number | null;
  readonly tasksExtension: boolean;
  /** Where the tasks switch came from: the setting, package.json or the default. */
  readonly tasksSource: "setting" | "package.json" | "default";
  /** Every server of the document. */
  readonly servers: readonly WireServer[];
  /** Index in `servers` of the one asked for (by position or name); -1 when none matches. */
  readonly selected: number;
  /** Set when the document does not parse: the servers are from the last text that did. */
  readonly stale?: string;
  /** What the dialects recognise as a server, one line each (for a file that has none). */
  readonly recognised?: readonly string[];
}

/** The report of one server, or of every server, in a document (the preview's data). */
export namespace ServerReportRequest {
  export const method = "mcpCapabilityLens/serverReport" as const;
  export const type = new RequestType<ServerReportParams, ServerReportResult, void>(method);
}

export interface ServerListEntry {
  readonly name: string;
  readonly uri: string;
  readonly line: number;
}

/** Every server of the workspace folders (the preview's picker). */
export namespace ListServersRequest {
  export const method = "mcpCapabilityLens/listServers" as const;
  export const type = new RequestType<{ readonly uri?: string }, { readonly servers: readonly ServerListEntry[] }, void>(method);
}

export interface AnalysisStatus {
  readonly uri: string;
  readonly servers: number;
  /** Servers declared in other files that this file adds to (a helper registering tools on a server passed in). */
  readonly feeds?: readonly string[];
  readonly problems: number;
  /** Milliseconds the last analysis of this document took. */
  readonly elapsedMs: number;
  readonly tasksExtension: boolean;
}

/** Sent after each analysis of an open document: the client's language status shows it. */
export namespace StatusNotification {
  export const method = "mcpCapabilityLens/status" as const;
  export const type = new NotificationType<AnalysisStatus>(method);
}

export interface AnalysisStats {
  /** Files parsed since the server started, in total and per file path. */
  readonly parses: number;
  readonly parsesByFile: Readonly<Record<string, number>>;
  readonly classAnalyses: number;
  readonly classCacheHits: number;
}

/** The server's own instrumentation (tests and benchmarks read it). */
export namespace StatsRequest {
  export const method = "mcpCapabilityLens/stats" as const;
  export const type = new RequestType<Record<string, never>, AnalysisStats, void>(method);
}

// ---------------------------------------------------------------------------------------------
// Client commands the server refers to (lenses, hover links, code actions)

export const Commands = {
  showPreview: "mcpCapabilityLens.showPreview",
  showPreviewToSide: "mcpCapabilityLens.showPreviewToSide",
  /** (uri, name?, era?) — opens the preview on one server. */
  openPreviewAt: "mcpCapabilityLens.openPreviewAt",
  copyLegacyJson: "mcpCapabilityLens.copyLegacyJson",
  copyModernJson: "mcpCapabilityLens.copyModernJson",
  /** (uri, range) — reveals and selects a range. */
  reveal: "mcpCapabilityLens.reveal",
} as const;
