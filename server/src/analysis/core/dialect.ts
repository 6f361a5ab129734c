// The one interface every dialect implements. The engine (this folder) knows dialects only through it:
// a workspace is given a list of them (the registry lives outside the engine) and asks each, per file,
// whether the file may concern it, how many units it holds there, and what each unit is.
import type { Evaluator, EvaluatorOptions } from "./evaluate/evaluator";
import type { Loc } from "./evaluate/values";
import type { AnalysisDiagnostic, CodeTable, FixData } from "./model/diagnostics";
import type { ProvenanceEntry } from "./model/provenance";
import type { ServerReport, UnitAnalysis } from "./model/serverReport";
import type { FileSummary, Span } from "./model/summary";
import type { FlowSpec } from "./summarize/flowSummary";
import type { DirectoryEntry } from "./project/directoryListing";

/** What one analysis of a unit may use. */
export interface DialectRun {
  /** A fresh evaluator over the workspace; every file it reads is recorded as a dependency. */
  readonly ev: Evaluator;
  readonly tasksExtension: boolean;
  readonly fileText: (file: string) => string | undefined;
  /** A file's version of a package, read from the nearest package.json and lock file (undefined: not found). */
  readonly installedVersion: (fromFile: string, packageName: string) => string | undefined;
  /** Whether a path lies inside the workspace's roots (a walk up the folders stops where it leaves them). */
  readonly withinWorkspace: (path: string) => boolean;
  /** A folder's entries, sorted by name (undefined: missing, unreadable, or outside the workspace). */
  readonly listDirectory?: (dir: string) => readonly DirectoryEntry[] | undefined;
  /** During a whole-workspace analysis: answers shared by its units (see `Memo`). */
  readonly memo?: Memo;
}

/**
 * An answer computed once under `key` for a whole-workspace analysis (no text changes during it) and
 * reused by later units, which still depend on every file it read. Only for answers that follow from
 * the workspace's files alone, never from the state of the evaluator or unit asking.
 */
export type Memo = <T>(key: string, compute: () => T) => T;

/** How a cause reads to people, in the preview's chip and the hover's "why" column. */
export interface CauseWords {
  /** Icon family: `base`, `default`, `handler`, `inherited`, `component`, `registration`, `rule`, `tasks`. */
  readonly kind: string;
  /** Short: `registerTool`, `base · __capabilities__`, `SDK v1 default`. */
  readonly label: string;
  /** Terse, for a table column: `era rule`, `AuditBase.handleSetLogLevel`, `registerTool`. */
  readonly brief: string;
  /** A sentence for screen readers and tooltips: `set by registerTool`. */
  readonly spoken: string;
  readonly title: string;
}

/** The dialect's own words, so that nothing generic has to branch on which dialect a server is. */
export interface DialectWords {
  /** `conduit class`, `SDK server`: what one of its servers is called. */
  readonly serverNoun: string;
  /** Shown beside a server's name: `conduit dialect`, `SDK v1`. */
  tag(server: ServerReport): string;
  cause(server: ServerReport, entry: ProvenanceEntry): CauseWords;
  /** One line, for reports that found nothing: what this dialect recognises. */
  readonly recognises: string;
  /** The tasks-extension setting changes what its servers advertise (absent: their code alone decides). */
  readonly followsTasksSetting?: boolean;
}

/** What an editor hook may read. */
export interface EditorContext {
  readonly file: string;
  readonly summary: FileSummary | undefined;
  readonly text: (file: string) => string | undefined;
  /** This server's diagnostics. */
  readonly diagnostics: readonly AnalysisDiagnostic[];
  /** A markdown link to a place (`[echo.ts:12](command:…)`), made by the editor layer. */
  readonly link: (loc: Loc, label?: string) => string;
  /** `echo.ts:12`. */
  readonly where: (loc: Loc) => string;
}

export interface HoverPart {
  readonly span: Span;
  readonly markdown: string;
}

/** A place in a file that contributes to a server declared elsewhere (a helper that registers tools on it). */
export interface Contribution {
  readonly loc: Loc;
  /** Capability keys it adds: `tools`, `prompts.listChanged`. */
  readonly keys: readonly string[];
}

/** Editor features a dialect adds beyond the generic ones (server hover, era lenses, problems, preview). */
export interface DialectEditor {
  /**
   * Hover on a place that concerns one of its servers other than the server's name: in the server's
   * own file, or in a file that feeds it (a helper registering on a server passed in).
   */
  hover?(ctx: EditorContext, server: ServerReport, offset: number): HoverPart | undefined;
  /** Other places of `ctx.file` that name the server (a factory's name, `new McpServer`): the server hover shows there too. */
  namesServerAt?(ctx: EditorContext, server: ServerReport, offset: number): Span | undefined;
  /** Markdown the server hover shows under its title: how the server is built and served, in the dialect's terms. */
  serverHover?(ctx: EditorContext, server: ServerReport): string | undefined;
  /** Refactorings offered for a range of a server (handler stubs). */
  refactors?(ctx: EditorContext, server: ServerReport, span: Span): readonly FixData[];
  /** Places outside the server's own file that add to it. */
  contributions?(server: ServerReport): readonly Contribution[];
  /**
   * For a file its servers load by convention rather than by an import (an mcp-framework tool in its
   * folder): a cheap test on a text that may build such a server, so the editor can find the server
   * that explains the file when the file is opened alone. Undefined for any other file.
   */
  loadedBy?(text: string): ((serverText: string) => boolean) | undefined;
}

export interface Dialect {
  /** Registry id: `conduit`, `sdk`. */
  readonly id: string;
  /** For people: `conduit classes`, `the official MCP TypeScript SDK`. */
  readonly title: string;
  /**
   * A cheap test on a file's text: may it hold one of this dialect's servers (or a diagnostic of its
   * own)? A file no dialect accepts is not parsed for its own sake.
   */
  mayDeclare(text: string): boolean;
  /**
   * The part of `mayDeclare` that does not depend on base classes (absent: all of it). A text that
   * passes `mayDeclare` but not this may declare something only through what it imports, so a
   * whole-workspace analysis parses it only when an import can reach a file that passes this.
   */
  mayDeclareOnItsOwn?(text: string): boolean;
  /** The program flow it needs summarised (imports that make a file relevant, methods to record). */
  readonly flow?: FlowSpec;
  /** How many units a file holds for this dialect (classes, server constructions); each is analysed and cached on its own. */
  unitCount(ev: Evaluator, file: string, summary: FileSummary, memo?: Memo): number;
  analyze(run: DialectRun, file: string, unit: number): UnitAnalysis;
  readonly codes: CodeTable;
  readonly words: DialectWords;
  readonly editor?: DialectEditor;
  /**
   * Its servers are programs Node runs from this source (an SDK or framework server), so one whose
   * file does not parse does not start and sends nothing: its eras are not known until it parses.
   * (Absent: a description read as far as the parser recovers, as conduit classes are.)
   */
  readonly runsItsSource?: true;
  /** What `await call` gives where the dialect's rules know it (EvaluatorOptions.awaitedCall); with runsItsSource only. */
  readonly awaitedCall?: EvaluatorOptions["awaitedCall"];
}

/** The flow every dialect of a list needs: the union of their specs. */
export function combinedFlow(dialects: readonly Dialect[]): FlowSpec | undefined {
  const specs = dialects.flatMap((d) => (d.flow ? [d.flow] : []));
  if (specs.length === 0) return undefined;
  if (specs.length === 1) return specs[0];
  const names = new Set(specs.flatMap((f) => [...(f.names ?? [])]));
  const hints = specs.every((f) => f.hints) ? specs.flatMap((f) => f.hints!) : undefined;
  return {
    specifier: (s) => specs.some((f) => f.specifier(s)),
    ...(hints ? { hints } : {}),
    methods: new Set(specs.flatMap((f) => [...f.methods])),
    ...(names.size > 0 ? { names } : {}),
  };
}
