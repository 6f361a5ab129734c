import type { AnalysisDiagnostic } from "./diagnostics";
import type { JsonObject, Loc } from "../evaluate/values";
import type { ProvenanceEntry } from "./provenance";
import type { Span } from "./summary";
import type { UnknownPart } from "./unknown";

export type Era = "legacy" | "modern";

/** A capability a near-miss would have produced (a misspelled handler): a "ghost row" in the preview. */
export interface MissingCapability {
  readonly path: readonly string[];
  readonly era: Era | "both";
  /** What is written (`handleCompletion`). */
  readonly member: string;
  /** What was meant (`handleComplete`). */
  readonly meant: string;
  readonly loc: Loc;
}

/**
 * What a dialect keeps of a server for its own editor features (a conduit class's handlers, an SDK
 * server's registrations). The generic layers pass it back to the dialect and never look inside.
 */
export interface DialectDetails {
  readonly kind: string;
}

/**
 * Everything the tool knows about one server, whatever the dialect: both eras, their causes, what is
 * not known, and where it is. Dialect-specific data is in `details`.
 */
export interface ServerReport {
  readonly name: string;
  /** Where the server is named: a class name, the `new McpServer(...)` expression, a factory's name. */
  readonly loc: Loc;
  /** The whole declaration, for "which server is the cursor in". */
  readonly span: Span;
  /** The id of the dialect that found it (its registry entry). */
  readonly dialectId: string;
  /** What the report calls its dialect: `conduit`, `sdk-v1`, `sdk-v2`. */
  readonly dialect: string;
  /** The version of the framework whose rules were applied, when it matters and is known. */
  readonly frameworkVersion?: string;
  readonly exact: boolean;
  readonly tasksExtension: boolean;
  /** Only keys and values the server is known to send; null when the era is not served (or cannot be known). */
  readonly legacy: JsonObject | null;
  readonly modern: JsonObject | null;
  /** What the analysis cannot know (cli.md `unknown`); empty exactly when `exact`. */
  readonly unknown: readonly UnknownPart[];
  readonly provenance: readonly ProvenanceEntry[];
  /**
   * Set when the server's start-up throws (the runtime refuses what it is given), so no era is
   * answered at all: a client sees the process end. `code` is the diagnostic that says why.
   */
  readonly startupThrows?: { readonly code: string; readonly loc?: Loc };
  /** Why an era is null or how it is served, when that is a fact rather than a problem. */
  readonly eraNotes?: { readonly legacy?: EraNote; readonly modern?: EraNote };
  readonly missing: readonly MissingCapability[];
  readonly details: DialectDetails;
}

/** A fact about how an era is served (or not): `SDK v1 answers initialize only`, with the place that decides it. */
/**
 * How an era note begins when whether the era is served is itself not known (the era is null because
 * nothing of it can be stated, not because the server refuses it): reports say "not known", not "not served".
 */
export const ERA_NOT_KNOWN = "not known: ";

export interface EraNote {
  readonly text: string;
  /** A few words for a code lens, where the whole sentence would fill the line: `start-up throws (fastmcp-schema-rejected)`. */
  readonly brief?: string;
  readonly loc?: Loc;
}

/** A note in its few words where it has them (a lens, a hover's line, a message), else its sentence. */
export const noteBrief = (note: EraNote): string => note.brief ?? note.text;

/** What a dialect found at one place of a file: a server, or nothing but diagnostics. */
export interface UnitAnalysis {
  readonly name: string;
  readonly loc: Loc;
  readonly server: ServerReport | undefined;
  readonly diagnostics: readonly AnalysisDiagnostic[];
}
