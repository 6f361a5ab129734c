import type { Era } from "../../dialects/conduit/builder";
import type { ProvenanceEntry } from "../../dialects/conduit/provenance";
import type { AnalysisDiagnostic } from "./diagnostics";
import type { Json, JsonObject, Loc } from "../evaluate/values";
import type { HandlerName } from "../../dialects/conduit/handlers";
import type { Span } from "./summary";

/** A capability a misspelled member would have produced (a "ghost row" in the preview). */
export interface MissingCapability {
  readonly path: readonly string[];
  readonly era: Era | "both";
  readonly member: string;
  readonly handler: HandlerName;
  readonly loc: Loc;
}

export interface HandlerEntry {
  readonly handler: HandlerName;
  readonly via: "own" | "inherited" | "endpoint";
  readonly className: string;
  readonly loc: Loc;
}

/** Everything the tool knows about one server class: both eras, their causes, and its context. */
export interface ServerReport {
  readonly name: string;
  /** The class name (or `class` keyword of an anonymous class). */
  readonly loc: Loc;
  /** The whole class, for "which server is the cursor in". */
  readonly classSpan: Span;
  readonly dialect: "conduit" | "sdk-v1" | "sdk-v2";
  readonly exact: boolean;
  readonly tasksExtension: boolean;
  readonly legacy: JsonObject | null;
  readonly modern: JsonObject | null;
  readonly provenance: readonly ProvenanceEntry[];
  readonly base: { readonly kind: "default" | "explicit" | "endpoint"; readonly json: Json | null; readonly loc?: Loc };
  readonly handlers: readonly HandlerEntry[];
  readonly missing: readonly MissingCapability[];
  /** The class and its ancestors, nearest first. */
  readonly chain: readonly { readonly name: string; readonly loc: Loc }[];
  /** Why an era is null, when the reason is not a diagnostic (an SDK entry point that does not serve it). */
  readonly eraNotes?: { readonly legacy?: string; readonly modern?: string };
  /** Where a handler stub goes: before the class's closing brace, with the members' indentation. */
  readonly stubInsert: { readonly loc: Loc; readonly indent: string };
}

export interface ClassAnalysis {
  readonly className: string;
  readonly loc: Loc;
  readonly server: ServerReport | undefined;
  readonly diagnostics: readonly AnalysisDiagnostic[];
}
