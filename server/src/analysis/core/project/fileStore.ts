import type { FileSystemHost } from "ts-morph";
import type { FileSummary } from "../model/summary";
import { longestAsyncRun, MAX_ASYNC_RUN, MAX_NESTED_ASYNC_CALLS, nestedAsyncCallDepth } from "../summarize/parseFile";
import { summarizeText } from "../summarize/summarizeText";
import { handOverParse } from "../summarize/parsedSource";
import { MAX_CLASSES_PER_FILE, overClassBudget } from "./parseBudget";
import type { FlowSpec } from "../summarize/flowSummary";

/** The text length from which an editor's load asks the flow gate even when it is not at hand (see `#load`). */
const EDITOR_DEFERRAL_MIN_LENGTH = 48 * 1024;

/** How many changes `changedSince` can list (a longer run of changes makes the gate read the graph afresh). */
const JOURNAL_LENGTH = 256;

/** Files larger than this are not parsed: the editor must stay responsive (a note says why). */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

export type SkipReason = "missing" | "binary" | "too-large" | "unreadable" | "failed";

interface Entry {
  version: number;
  overlay: string | undefined;
  summary: FileSummary | undefined;
  skipped: { reason: SkipReason; detail: string } | undefined;
  /** The text failed a `screenedSummary` screen: not parsed (yet) for this version. */
  screenedOut: boolean;
  /** What `textFacts` derived from this version's text, by key. */
  facts: Map<string, unknown> | undefined;
  /** The text a summary without its flow (`flowDeferred`) was made from, until the flow is made. */
  deferredText?: string | undefined;
  /** That summary with its flow, once `fullSummary` asked for it. */
  full?: FileSummary | undefined;
  /** The store's `changes` when leaving the flow out was last found right. */
  deferredAt?: number;
  /**
   * The disk text of a loaded file (its summary holds pieces of it anyway), or of a watched manifest
   * (`null`: none there): the replay asks for a server file's text once per call it places, and the
   * release checks read every package.json on the way up once per server.
   */
  kept?: string | null;
}

/** Called with (file, version) each time a summary is handed out, so callers can record dependencies. */
export type SummaryObserver = (fileName: string, version: number) => void;

/**
 * Holds, per file, its current text source (an editor overlay or the disk) and its summary. A file is
 * parsed again only when its text changed; everything else about the workspace is reused.
 */
export class FileStore {
  readonly #fs: FileSystemHost;
  readonly #entries = new Map<string, Entry>();
  #clock = 0;
  #observer: SummaryObserver | undefined;
  /** Instrumentation: parses performed, in total and per file. */
  readonly stats = { parses: 0, parsesByFile: new Map<string, number>() };

  constructor(fs: FileSystemHost, readonly flowSpec?: FlowSpec) {
    this.#fs = fs;
  }

  get fileSystem(): FileSystemHost {
    return this.#fs;
  }

  /** Runs `fn` while reporting every summary it reads to `observer`. */
  observe<T>(observer: SummaryObserver, fn: () => T): T {
    const previous = this.#observer;
    this.#observer = observer;
    try {
      return fn();
    } finally {
      this.#observer = previous;
    }
  }

  /**
   * Runs `fn` and gives back, besides its value, every (file, version) it read; the current observer
   * sees those reads too. With `replay`, a result reused later counts as read again where it is used.
   */
  recorded<T>(fn: () => T): { value: T; reads: readonly (readonly [string, number])[] } {
    const reads: [string, number][] = [];
    const outer = this.#observer;
    const value = this.observe((f, v) => {
      reads.push([f, v]);
      outer?.(f, v);
    }, fn);
    return { value, reads };
  }

  /**
   * Reports a read of something that is not a file (`key` holds a NUL, so no path can be it) to the
   * current observer: a result drawn from it holds while its `version` does (`Workspace.#stillValid`).
   */
  noteRead(key: string, version: number): void {
    this.#observer?.(key, version);
  }

  /** Reports reads that `recorded` gave back to the current observer (a reused result depends on them). */
  replay(reads: readonly (readonly [string, number])[]): void {
    const observer = this.#observer;
    if (observer) for (const [f, v] of reads) observer(f, v);
  }

  /** The editor's text for a file; it wins over the disk until `closeOverlay`. */
  setOverlay(fileName: string, text: string): void {
    const e = this.#entry(fileName);
    if (e.overlay === text && (e.summary || e.skipped)) return;
    e.overlay = text;
    this.#invalidate(fileName, e);
  }

  closeOverlay(fileName: string): void {
    const e = this.#entries.get(fileName);
    if (!e || e.overlay === undefined) return;
    e.overlay = undefined;
    this.#invalidate(fileName, e);
  }

  hasOverlay(fileName: string): boolean {
    return this.#entries.get(fileName)?.overlay !== undefined;
  }

  /** The file changed on disk (a watcher said so). */
  changedOnDisk(fileName: string): void {
    const e = this.#entries.get(fileName);
    if (e && e.overlay === undefined) this.#invalidate(fileName, e);
  }

  /** The current version of a file's text, as last seen; 0 for a file never read. */
  version(fileName: string): number {
    return this.#entries.get(fileName)?.version ?? 0;
  }

  /** Why a file has no summary, if it has none. */
  skipped(fileName: string): { reason: SkipReason; detail: string } | undefined {
    this.summary(fileName);
    return this.#entries.get(fileName)?.skipped;
  }

  /** The text the summary was made from (the overlay, else the disk); undefined when unreadable. */
  text(fileName: string): string | undefined {
    // Observed like a summary: a result computed from a file's text (a caller found by searching the
    // package's texts) must be recomputed when that text changes.
    const e = this.#entry(fileName);
    this.#observer?.(fileName, e.version);
    if (e.overlay !== undefined) return e.overlay;
    if (e.kept !== undefined) return e.kept ?? undefined;
    if (isManifest(fileName)) {
      const read = this.#read(fileName);
      e.kept = read.text ?? (read.skipped?.reason === "missing" ? null : undefined);
      return read.text;
    }
    if (this.#batchTexts) {
      const kept = this.#batchTexts.get(fileName);
      if (kept !== undefined) return kept;
      const text = this.#read(fileName).text;
      // Kept for the rest of the batch (a dialect searching the package's files once per server).
      if (text !== undefined) this.#batchTexts.set(fileName, text);
      return text;
    }
    return this.#read(fileName).text;
  }

  /**
   * What `derive` makes of a file's text, made once per version of the text and kept with it (the
   * text itself is not kept): a search over a package's texts that every server of an editor session
   * repeats reads and scans each text once, not once per server. Observed like `text`. `derive` must
   * depend on nothing but the text; `key` names it.
   */
  textFacts<T>(fileName: string, key: string, derive: (text: string | undefined) => T): T {
    const e = this.#entry(fileName);
    const kept = e.facts?.get(key);
    if (kept !== undefined || e.facts?.has(key)) {
      this.#observer?.(fileName, e.version);
      return kept as T;
    }
    const version = e.version;
    const made = derive(this.text(fileName));
    // A text read from a file that changed meanwhile (a re-entrant invalidation) is not kept.
    if (e.version === version) (e.facts ??= new Map()).set(key, made);
    return made;
  }

  /**
   * Disk texts read during `batch` of files without a summary (a load takes its text from here, so it
   * is read once; a loaded file keeps its text itself), kept until the batch ends: a dialect searching
   * a package's texts (the importers of an exported server) reads each of them once.
   */
  #batchTexts: Map<string, string> | undefined;

  /**
   * Runs `fn` with the disk texts that `text` reads kept until the file is loaded, so a pre-pass
   * over the texts of a whole workspace does not read every file twice. With `deferFlows`, every load
   * asks the flow gate (see `#load`).
   */
  batch<T>(fn: () => T, deferFlows = false): T {
    if (this.#batchTexts) return fn();
    this.#batchTexts = new Map();
    this.#deferring = deferFlows && this.#flowGate !== undefined;
    try {
      return fn();
    } finally {
      this.#batchTexts = undefined;
      this.#deferring = false;
    }
  }

  summary(fileName: string): FileSummary | undefined {
    const e = this.#entry(fileName);
    if (!e.summary && !e.skipped) this.#load(fileName, e);
    if (e.summary?.flowDeferred) this.#recheckDeferral(fileName, e);
    this.#observer?.(fileName, e.version);
    return e.summary;
  }

  /** The summary as it is, a flow left out or not (for what does not read flows: line starts). */
  summaryAsIs(fileName: string): FileSummary | undefined {
    const e = this.#entry(fileName);
    if (!e.summary && !e.skipped) this.#load(fileName, e);
    this.#observer?.(fileName, e.version);
    return e.summary;
  }

  /**
   * The summary with its flow even when the gate left it out (`flowDeferred`): what a dialect
   * following a server into the file reads, made from the same text on first use and kept.
   */
  fullSummary(fileName: string): FileSummary | undefined {
    const s = this.summary(fileName);
    if (!s?.flowDeferred) return s;
    const e = this.#entry(fileName);
    return (e.full ??= this.#withFlow(fileName, e) ?? s);
  }

  /**
   * Which files' flows may be left out (see `summarizeFile`), asked when a file is loaded, and again
   * for a summary made so once any text changed since it was last asked.
   */
  #flowGate: ((fileName: string) => boolean) | undefined;
  /** Whether the gate can answer now without reading the import graph afresh. */
  #flowGateReady: (() => boolean) | undefined;
  /** Whether the running batch asks the gate at every load. */
  #deferring = false;
  /** Counts text changes (and `forgetFlowVerdicts`): a verdict on leaving a flow out holds until it moves. */
  #changes = 0;

  get changes(): number {
    return this.#changes;
  }

  /** Sets the gate (the workspace's import-graph verdict): a file it allows is summarised without the flow it would have only for extending an imported class. */
  setFlowGate(gate: (fileName: string) => boolean, ready?: () => boolean): void {
    this.#flowGate = gate;
    this.#flowGateReady = ready;
  }

  /** Module resolution or the global declarations may have changed: every verdict is asked again. */
  forgetFlowVerdicts(): void {
    this.#recordChange(undefined);
  }

  /**
   * The files whose text changed since the store's `changes` was `since`, or undefined when more
   * than that may have moved (`forgetFlowVerdicts`, or changes older than the journal keeps): a
   * verdict drawn from the import graph then holds if each listed file still declares what it did.
   */
  changedSince(since: number): readonly string[] | undefined {
    const count = this.#changes - since;
    if (count < 0 || count > this.#journal.length) return undefined;
    const recent = this.#journal.slice(this.#journal.length - count);
    return recent.every((f) => f !== undefined) ? (recent as string[]) : undefined;
  }

  /** The last changes, one per `#changes` step (undefined: everything may have moved), oldest first. */
  readonly #journal: (string | undefined)[] = [];

  /** A summary made without its flow is handed out as it is only while the gate still says so. */
  #recheckDeferral(fileName: string, e: Entry): void {
    if (e.deferredAt === this.#changes) return;
    if (this.#flowGate?.(fileName)) e.deferredAt = this.#changes;
    else this.#undefer(fileName, e);
  }

  #withFlow(fileName: string, e: Entry): FileSummary | undefined {
    const text = e.deferredText;
    if (text === undefined) return undefined;
    try {
      this.#counted(fileName);
      return summarizeText(fileName, stripBom(text), e.version, this.flowSpec).summary;
    } catch {
      // The flow could not be summarised (the stack exhausted where the rest was not): as without it.
      return undefined;
    }
  }

  #undefer(fileName: string, e: Entry): void {
    const full = e.full ?? this.#withFlow(fileName, e);
    if (full) e.summary = full;
    e.full = undefined;
    e.deferredText = undefined;
    e.deferredAt = undefined;
  }

  /**
   * The summary of a file whose text passes `screen`. A file whose text does not is not parsed (one
   * read, no parse) and gives undefined, with `screenedOut` true, until its text changes or its
   * `summary` is asked for (another file imports from it).
   */
  screenedSummary(fileName: string, screen: (text: string) => boolean): FileSummary | undefined {
    const e = this.#entry(fileName);
    if (!e.summary && !e.skipped && !e.screenedOut) this.#load(fileName, e, screen);
    if (e.summary?.flowDeferred) this.#recheckDeferral(fileName, e);
    this.#observer?.(fileName, e.version);
    return e.summary;
  }

  screenedOut(fileName: string): boolean {
    const e = this.#entries.get(fileName);
    return e !== undefined && e.screenedOut && !e.summary;
  }

  /** Every file with a summary or an overlay (for workspace-wide questions). */
  knownFiles(): string[] {
    return [...this.#entries.keys()];
  }

  #entry(fileName: string): Entry {
    let e = this.#entries.get(fileName);
    if (!e) {
      e = { version: ++this.#clock, overlay: undefined, summary: undefined, skipped: undefined, screenedOut: false, facts: undefined };
      this.#entries.set(fileName, e);
    }
    return e;
  }

  #invalidate(fileName: string, e: Entry): void {
    e.version = ++this.#clock;
    e.summary = undefined;
    e.skipped = undefined;
    e.screenedOut = false;
    e.facts = undefined;
    e.deferredText = undefined;
    e.full = undefined;
    e.deferredAt = undefined;
    e.kept = undefined;
    this.#recordChange(fileName);
  }

  #recordChange(fileName: string | undefined): void {
    this.#changes++;
    this.#journal.push(fileName);
    if (this.#journal.length > JOURNAL_LENGTH) this.#journal.splice(0, this.#journal.length - JOURNAL_LENGTH / 2);
  }

  #load(fileName: string, e: Entry, screen?: (text: string) => boolean): void {
    const kept = e.overlay === undefined ? this.#batchTexts?.get(fileName) : undefined;
    const read = e.overlay !== undefined ? { text: e.overlay } : kept !== undefined ? { text: kept } : this.#read(fileName);
    if (read.text === undefined) {
      e.skipped = read.skipped;
      return;
    }
    const verdict = precheck(read.text, screen);
    if (verdict === "screened-out") e.screenedOut = true;
    else if (verdict) e.skipped = verdict;
    else {
      try {
        this.#counted(fileName);
        // Outside a whole-workspace batch (an editor's load) the gate is asked when it is at hand: kept
        // from a batch and still holding (a keystroke that left the imports as they were). Building it
        // lists the whole tree's global declaration files, which a cold editor opening one file must
        // not pay; of a large text (a 3,000-line file: 25 of the 60 ms of each keystroke) the flow costs more.
        const gate = this.#deferring || read.text.length >= EDITOR_DEFERRAL_MIN_LENGTH || this.#flowGateReady?.() ? this.#flowGate : undefined;
        const { summary, sf } = summarizeText(fileName, stripBom(read.text), e.version, this.flowSpec, gate && (() => gate(fileName)));
        e.summary = summary;
        if (e.overlay === undefined) {
          e.kept = read.text;
          this.#batchTexts?.delete(fileName);
        }
        // parsedSource parses the text as read: only a text without a byte order mark is the same tree.
        if (hasConditionalRegions(e.summary) && read.text.charCodeAt(0) !== 0xfeff) handOverParse(e.summary, sf);
        if (e.summary.flowDeferred) {
          e.deferredText = read.text;
          e.deferredAt = this.#changes;
        }
      } catch (err) {
        // The parser or summariser gave up (e.g. nesting deep enough to exhaust the stack): the file
        // contributes nothing, and the reason is kept for the caller to show.
        e.skipped = { reason: "failed", detail: err instanceof Error ? err.message : String(err) };
      }
    }
  }

  #counted(fileName: string): void {
    this.stats.parses++;
    this.stats.parsesByFile.set(fileName, (this.stats.parsesByFile.get(fileName) ?? 0) + 1);
  }

  /**
   * The editor text of `fileName` that the next `summary` would parse, when it is at least
   * `minLength` long and passes every check made before parsing; undefined otherwise. Parsing is the
   * one step nothing can interrupt, so a host may do it elsewhere (a worker thread) and hand the
   * result back with `adoptSummary`.
   */
  pendingParse(fileName: string, minLength: number, screen?: (text: string) => boolean): { readonly text: string; readonly version: number } | undefined {
    const e = this.#entries.get(fileName);
    if (!e || e.overlay === undefined || e.summary || e.skipped || e.screenedOut || e.overlay.length < minLength) return undefined;
    if (precheck(e.overlay, screen) !== undefined) return undefined;
    return { text: stripBom(e.overlay), version: e.version };
  }

  /** The result of parsing `pendingParse`'s text elsewhere; ignored when the text changed since. */
  adoptSummary(fileName: string, version: number, result: { readonly summary: FileSummary } | { readonly failure: string }): void {
    const e = this.#entries.get(fileName);
    if (!e || e.version !== version || e.summary || e.skipped) return;
    this.#counted(fileName);
    if ("summary" in result) e.summary = result.summary;
    else e.skipped = { reason: "failed", detail: result.failure };
    e.screenedOut = false;
  }

  #read(fileName: string): { text?: string; skipped?: { reason: SkipReason; detail: string } } {
    // One read, no existence check first: the error tells a missing file from an unreadable one.
    try {
      return { text: this.#fs.readFileSync(fileName, "utf8") };
    } catch (err) {
      if (isNotFound(err)) return { skipped: { reason: "missing", detail: "no such file" } };
      // The host refused a file over its size limit before reading it (`EFBIG`).
      if ((err as { code?: unknown } | null)?.code === "EFBIG") return { skipped: { reason: "too-large", detail: (err as Error).message } };
      return { skipped: { reason: "unreadable", detail: err instanceof Error ? err.message : String(err) } };
    }
  }
}

/** Why a text is not parsed (a skip, or the screen said no), or undefined when it is parsed. */
function precheck(text: string, screen?: (text: string) => boolean): { reason: SkipReason; detail: string } | "screened-out" | undefined {
  if (text.length > MAX_FILE_BYTES) return { reason: "too-large", detail: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB` };
  if (looksBinary(text)) return { reason: "binary", detail: "not a text file" };
  if (screen && !screen(text)) return "screened-out";
  if (overClassBudget(text)) return { reason: "too-large", detail: `more than ${MAX_CLASSES_PER_FILE.toLocaleString("en-US")} classes, over the per-file analysis budget` };
  if (nestedAsyncCallDepth(text) > MAX_NESTED_ASYNC_CALLS) {
    return { reason: "failed", detail: `more than ${MAX_NESTED_ASYNC_CALLS} nested async calls, which the TypeScript parser cannot parse in reasonable time` };
  }
  if (longestAsyncRun(text) > MAX_ASYNC_RUN) {
    return { reason: "failed", detail: `more than ${MAX_ASYNC_RUN} \`async\` in a row, which the TypeScript parser cannot parse in reasonable time` };
  }
  return undefined;
}

/** Node's ENOENT/ENOTDIR/EISDIR (no file there), or ts-morph's FileNotFoundError (its in-memory file system). */
function isNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR" || (err instanceof Error && err.constructor.name === "FileNotFoundError");
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A package.json or package-lock.json: the editor's watcher reports each change, creation and deletion of one. */
function isManifest(fileName: string): boolean {
  const name = fileName.slice(fileName.lastIndexOf("/") + 1);
  return name === "package.json" || name === "package-lock.json";
}

/** A NUL character in the first 8 KB means the file is not source text. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes("\u0000");
}

/** Whether some flow event sits in a region a condition decides (the SDK replay reads those conditions in the tree). */
function hasConditionalRegions(summary: FileSummary): boolean {
  return summary.flow?.units.some((u) => u.events.some((e) => e.branches !== undefined && e.branches.length > 0)) ?? false;
}
