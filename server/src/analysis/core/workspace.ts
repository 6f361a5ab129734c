import type { FileSystemHost } from "ts-morph";
import { CancelledError, throwIfCancelled, type CancellationToken } from "./cancellation";
import type { AnalysisDiagnostic } from "./model/diagnostics";
import { withoutIgnored } from "./model/ignoreComments";
import { Evaluator, type EvaluationHost, type EvaluatorOptions } from "./evaluate/evaluator";
import { positionAt, type LineCharacter } from "./model/positions";
import type { ServerReport, UnitAnalysis } from "./model/serverReport";
import { fencedFileSystem, type FencedFileSystem } from "./project/fencedFileSystem";
import { parseErrorDiagnostic, withParseErrors } from "./model/unparsedServer";
import { FileStore, type SkipReason } from "./project/fileStore";
import { ConfigError, ProjectRegistry } from "./project/projectRegistry";
import { combinedFlow, type Contribution, type Dialect } from "./dialect";
import { InstalledVersions } from "./project/installedVersions";
import { listDirectory, type DirectoryEntry } from "./project/directoryListing";
import { importerChanging } from "./project/importerChanges";
import type { PackageReader } from "./project/exportedServerUsers";
import { DeclarationIndex } from "./project/declarationIndex";
import { isWithin } from "./project/paths";
import { isDeclarationFileName, longestAsyncRun, MAX_ASYNC_RUN, MAX_NESTED_ASYNC_CALLS, nestedAsyncCallDepth } from "./summarize/parseFile";
import { BaseReach } from "./project/baseReach";
import { overClassBudget } from "./project/parseBudget";
import { BatchMemo } from "./project/batchMemo";
import { mayConstructWorkspaceClass } from "./project/constructedImports";
import { FlowReach, KeptFlowReach } from "./project/flowReach";
import { ModuleReaches } from "./project/moduleReaches";
import { sharedFolderReads, type SharedFolderReads } from "./project/sharedFolderReads";
import { testTruth } from "./evaluate/knownConditions";

export interface WorkspaceOptions {
  readonly fileSystem: FileSystemHost;
  /** The dialects to recognise, in the order their servers are listed within a file. */
  readonly dialects: readonly Dialect[];
  /** The working directory (CLI) or workspace folders (editor): tsconfig lookup stops at them. */
  readonly roots: readonly string[];
  /** One tsconfig for every file (`--project`). */
  readonly tsconfig?: string;
  /** Why a found tsconfig must not be read (a link to a device, a FIFO); the host can tell, the analysis cannot. */
  readonly unusableConfig?: (path: string) => string | undefined;
}

export interface AnalyzeOptions {
  readonly tasksExtension: boolean;
  readonly token?: CancellationToken;
}

export interface FileAnalysis {
  readonly file: string;
  readonly servers: readonly ServerReport[];
  /** Diagnostics of the classes declared in this file (they may be located in other files). */
  readonly diagnostics: readonly AnalysisDiagnostic[];
  readonly units: readonly UnitAnalysis[];
  readonly skipped?: { readonly reason: SkipReason; readonly detail: string };
}

export interface WorkspaceAnalysis {
  readonly servers: readonly ServerReport[];
  readonly diagnostics: readonly AnalysisDiagnostic[];
  readonly skipped: readonly { readonly file: string; readonly reason: SkipReason; readonly detail: string }[];
}

interface CachedUnit {
  readonly analysis: UnitAnalysis;
  /** Every file read to produce it, with the version read. */
  readonly deps: ReadonlyMap<string, number>;
  /** Why the analysis gave up, when it did. */
  readonly failure?: string;
  /** Which dialect's unit it is (a cached result is reused only for the same one). */
  readonly dialect: string;
  readonly index: number;
}

interface CachedFile {
  readonly version: number;
  readonly tasksExtension: boolean;
  readonly units: readonly CachedUnit[];
}

/**
 * The analysis service for one workspace folder: long-lived, fed with editor text, answering per file.
 * Results are cached per class together with the files (and their versions) they were computed from,
 * so after an edit only the classes that read the edited file are analysed again, and only the edited
 * file is parsed again.
 */
export class Workspace {
  readonly files: FileStore;
  readonly projects: ProjectRegistry;
  /** What the project's own declaration files declare for every file (ambient modules, globals). */
  readonly declarations: DeclarationIndex;
  readonly #cache = new Map<string, CachedFile>();
  /** Reverse dependencies: a file → the files whose cached results read it (kept by `#store`). */
  readonly #readers = new Map<string, Set<string>>();
  readonly #depsOf = new Map<string, Set<string>>();
  /** Instrumentation: class analyses run and reused. */
  readonly stats = { classAnalyses: 0, classCacheHits: 0 };

  readonly dialects: readonly Dialect[];
  readonly #byId: ReadonlyMap<string, Dialect>;
  readonly #versions: InstalledVersions;
  /** Folder reads shared by the declaration index and the dialects' listings (until files are created or deleted). */
  readonly #folders: SharedFolderReads;
  /** Every read of the engine goes through it: nothing outside the roots is read. */
  readonly #fence: FencedFileSystem;

  constructor(readonly options: WorkspaceOptions) {
    this.dialects = options.dialects;
    // The fence lists folders through the shared reads: a folder is read once for both.
    const shared = sharedFolderReads(options.fileSystem);
    this.#fence = fencedFileSystem(shared.fs, options.roots);
    const fileSystem = this.#fence.fs;
    this.#folders = { fs: fileSystem, forget: shared.forget };
    this.#byId = new Map(options.dialects.map((d) => [d.id, d]));
    this.#versions = new InstalledVersions(fileSystem, options.roots);
    this.files = new FileStore(fileSystem, combinedFlow(options.dialects));
    this.files.setFlowGate((file) => this.#flowGate(file), this.#flowGateReady);
    this.projects = new ProjectRegistry(fileSystem, { roots: options.roots, ...(options.tsconfig ? { tsconfig: options.tsconfig } : {}), ...(options.unusableConfig ? { unusableConfig: options.unusableConfig } : {}) });
    this.declarations = new DeclarationIndex((dir) => this.#listDirectory(dir), options.roots, (f) => this.files.summary(f));
  }

  /** The dialect that reported a server. */
  dialectOf(server: ServerReport): Dialect | undefined {
    return this.#byId.get(server.dialectId);
  }

  setOverlay(file: string, text: string): void {
    this.files.setOverlay(file, text);
    this.#declarationChanged(file);
  }

  closeOverlay(file: string): void {
    this.files.closeOverlay(file);
    this.#declarationChanged(file);
  }

  changedOnDisk(file: string): void {
    this.files.changedOnDisk(file);
    this.#declarationChanged(file);
  }

  /** Files appeared or disappeared: imports may resolve differently now. */
  filesCreatedOrDeleted(files: readonly string[]): void {
    for (const f of files) this.files.changedOnDisk(f);
    this.projects.forgetResolutions();
    this.files.forgetFlowVerdicts();
    this.#flowGateWarm = false;
    this.#listings.clear();
    this.#folders.forget();
    this.#fence.forget();
    this.declarations.invalidate();
    this.#clearCache();
  }

  /** A declaration file's text changed: what it declares for everyone may have too. */
  #declarationChanged(file: string): void {
    if (isDeclarationFileName(file)) this.declarations.invalidate();
  }

  /** A tsconfig changed: projects are rebuilt and every result recomputed. */
  configChanged(): void {
    this.projects.reset();
    this.files.forgetFlowVerdicts();
    this.#flowGateWarm = false;
    this.#clearCache();
  }

  #clearCache(): void {
    this.#cache.clear();
    this.#readers.clear();
    this.#depsOf.clear();
  }

  analyzeFile(file: string, options: AnalyzeOptions): FileAnalysis {
    const steps = this.#analyzeSteps(file, options);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same, yielding to the event loop every `sliceMs` so a language server can read a
   * `$/cancelRequest` (or answer a hover) in the middle of a long analysis.
   */
  async analyzeFileAsync(file: string, options: AnalyzeOptions, sliceMs = 10): Promise<FileAnalysis> {
    const steps = this.#analyzeSteps(file, options);
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        throwIfCancelled(options.token);
        sliceStart = performance.now();
      }
    }
  }

  /** Analyses a file unit by unit (each dialect's classes or server constructions), yielding between units. */
  *#analyzeSteps(file: string, options: AnalyzeOptions): Generator<void, FileAnalysis> {
    // A file the base pre-pass rules out gives nothing, whether or not it was parsed before: the
    // verdict rests on other files' texts too, so it is made afresh by every whole-workspace analysis
    // and never kept by the file store (which forgets a verdict only when the file's own text changes).
    if (this.#baseReach?.rulesOut(file)) {
      this.#store(file, undefined);
      return { file, servers: [], diagnostics: [], units: [] };
    }
    const screened = this.#screened?.get(file);
    const summary = this.files.screenedSummary(file, screened === undefined ? this.mayDeclare : () => screened);
    if (!summary) {
      this.#store(file, undefined);
      return { file, servers: [], diagnostics: [], units: [], ...(this.files.screenedOut(file) ? {} : this.#skipped(file)) };
    }
    const cached = this.#cache.get(file);
    const reusable = cached && cached.version === summary.version && cached.tasksExtension === options.tasksExtension ? cached : undefined;
    const units: CachedUnit[] = [];
    for (const dialect of this.dialects) {
      const count = dialect.unitCount(new Evaluator(this.#host, evaluatorOptions(dialect)), file, summary, this.#memo?.get);
      for (let index = 0; index < count; index++) {
        throwIfCancelled(options.token);
        const previous = reusable?.units[units.length];
        if (previous && previous.dialect === dialect.id && previous.index === index && this.#stillValid(previous)) {
          this.stats.classCacheHits++;
          units.push(previous);
        } else {
          units.push(this.#analyzeUnit(dialect, file, index, options));
        }
        yield;
      }
    }
    this.#store(file, { version: summary.version, tasksExtension: options.tasksExtension, units });
    const runs = new Set(this.dialects.filter((d) => d.runsItsSource).map((d) => d.id));
    const analyses = units.map((c) => {
      const server = c.analysis.server;
      if (summary.parseErrors === 0 || server === undefined) return c.analysis;
      const recovered = !runs.has(c.dialect);
      const error = parseErrorDiagnostic(server, summary, recovered);
      return { ...c.analysis, server: recovered ? server : withParseErrors(server, summary), diagnostics: [...(error ? [error] : []), ...c.analysis.diagnostics] };
    });
    const failure = units.find((c) => c.failure)?.failure;
    return {
      file,
      servers: analyses.flatMap((a) => (a.server ? [a.server] : [])),
      diagnostics: analyses.flatMap((a) => a.diagnostics),
      units: analyses,
      ...(failure ? { skipped: { reason: "failed" as const, detail: `part of the file could not be analysed (${failure})` } } : {}),
    };
  }

  /**
   * Whether any dialect may find something in a text (a file none accepts is not parsed for its own
   * sake), or the text builds a class of another module of the workspace, which may be a server's
   * subclass (a whole-workspace analysis parses it only when that class's module can reach one).
   */
  readonly mayDeclare = (text: string): boolean => this.dialects.some((d) => d.mayDeclare(text)) || mayConstructWorkspaceClass(text);

  /** Whether some dialect may find something in a text without the help of a base class. */
  readonly #onItsOwn = (text: string): boolean => this.dialects.some((d) => (d.mayDeclareOnItsOwn ?? d.mayDeclare).call(d, text));

  /** During `analyzeFiles`: which base-dependent files need a parse (see BaseReach). */
  #baseReach: BaseReach | undefined;
  /**
   * During `analyzeFiles`: each file's `mayDeclare` verdict, taken by the pre-pass on the very text the
   * store then loads (the batch keeps it), so no text is screened twice.
   */
  #screened: Map<string, boolean> | undefined;

  /**
   * Before a whole-workspace analysis: reads the import graph of the files that pass a screen only
   * for their `extends`, so those whose bases cannot declare anything are not parsed.
   */
  #decideBaseDependent(files: readonly string[]): BaseReach | undefined {
    const screened = (this.#screened = new Map());
    // `#onItsOwn` of the texts screened here that passed a screen: the pre-pass asks it again of every module it passes.
    const onItsOwn = new Map<string, boolean>();
    const baseDependent = files.filter((f) => {
      const text = this.files.text(f);
      if (text === undefined) return false;
      // A dialect without a screen of its own for `onItsOwn` is asked its `mayDeclare` again there:
      // each dialect's answer for this text is kept, so no pattern runs twice over it.
      const answers: (boolean | undefined)[] = [];
      const mayOf = (i: number): boolean => (answers[i] ??= this.dialects[i]!.mayDeclare(text));
      const may = this.dialects.some((_, i) => mayOf(i)) || mayConstructWorkspaceClass(text);
      screened.set(f, may);
      if (!may) return false;
      const own = this.dialects.some((d, i) => (d.mayDeclareOnItsOwn ? d.mayDeclareOnItsOwn(text) : mayOf(i)));
      onItsOwn.set(f, own);
      return !own && !overBudget(text);
    });
    if (baseDependent.length === 0) return undefined;
    const reach = new BaseReach({
      text: (f) => this.files.text(f),
      resolve: (spec, from) => this.#resolve(spec, from),
      ambientModule: (spec) => this.declarations.moduleFile(spec),
      onItsOwn: this.#onItsOwn,
      onItsOwnAt: (f) => {
        const known = onItsOwn.get(f);
        if (known !== undefined) return known;
        const text = this.files.text(f);
        return text !== undefined && this.#onItsOwn(text);
      },
    });
    reach.decide(baseDependent, () => this.declarations.globalFiles());
    return reach;
  }

  /** Caches a file's results and keeps the reverse index (file read → files whose results read it). */
  #store(file: string, entry: CachedFile | undefined): void {
    for (const dep of this.#depsOf.get(file) ?? []) this.#readers.get(dep)?.delete(file);
    this.#depsOf.delete(file);
    if (!entry) {
      this.#cache.delete(file);
      return;
    }
    this.#cache.set(file, entry);
    const deps = new Set<string>();
    for (const c of entry.units) for (const dep of c.deps.keys()) if (dep !== file) deps.add(dep);
    this.#depsOf.set(file, deps);
    for (const dep of deps) {
      let readers = this.#readers.get(dep);
      if (!readers) this.#readers.set(dep, (readers = new Set()));
      readers.add(file);
    }
  }

  /** Analyses several files; servers sorted by place, diagnostics deduplicated and sorted. */
  analyzeFiles(files: readonly string[], options: AnalyzeOptions): WorkspaceAnalysis {
    if (this.#memo) return this.files.batch(() => this.#analyzeFiles(files, options));
    this.#memo = new BatchMemo(this.files);
    try {
      return this.files.batch(() => this.#analyzeFiles(files, options), true);
    } finally {
      this.#memo = undefined;
    }
  }

  /**
   * Whether a file's flow, wanted only for a class extending an imported class, may be left out (see
   * FlowReach), as the texts are now: the import graph is read afresh once a text changed what it
   * imports or whether it may import a flow dialect's module, or files came or went. Its
   * reads of other files' texts are not a unit's reads: the store asks again after any change, and
   * a dialect that follows a server into the file gets the flow anyway.
   */
  readonly #flowGate = (file: string): boolean => {
    if (!this.files.flowSpec) return false;
    return this.files.observe(
      () => {},
      () => this.#flowReach.current().reach.mayLeaveOut(file),
    );
  };

  /**
   * Whether an editor's load may ask the gate: a whole-workspace analysis built it since files last
   * came or went (so the global declaration files it reads are listed already, and a rebuild after an
   * edit that moved the imports reads only the edited file's closure). A cold editor opening one file
   * must not list the whole tree first.
   */
  readonly #flowGateReady = (): boolean => this.files.flowSpec !== undefined && this.#flowGateWarm;
  #flowGateWarm = false;

  /**
   * The import-graph verdicts as the texts are now (KeptFlowReach). Made in a whole-workspace analysis,
   * they warm the gate for the editor's loads after it.
   */
  readonly #flowReach = new KeptFlowReach({ changes: () => this.files.changes, changedSince: (since) => this.files.changedSince(since) }, () => {
    if (this.#memo) this.#flowGateWarm = true;
    return new FlowReach(
      { text: (f) => this.files.text(f), resolve: (s, from) => this.#resolve(s, from), ambientModule: (s) => this.declarations.moduleFile(s) },
      this.files.flowSpec!,
      () => this.declarations.globalFiles(),
      (f, key, derive) => this.files.textFacts(f, key, derive),
    );
  });

  /**
   * Which files' imports can reach a framework's package (ModuleReaches). Asked only where the flow
   * gate may be (in a whole-workspace analysis, or after one): a cold editor opening one file must
   * not list the whole tree for the global declaration files first. The verdict is recorded as a
   * read of the asker, so an edit that moves it brings the asker's result up to date.
   */
  readonly #moduleReaches = new ModuleReaches({
    graph: { text: (f) => this.files.text(f), resolve: (s, from) => this.#resolve(s, from), ambientModule: (s) => this.declarations.moduleFile(s) },
    globalFiles: () => this.declarations.globalFiles(),
    facts: (f, key, derive) => this.files.textFacts(f, key, derive),
    changes: () => this.files.changes,
    changedSince: (since) => this.files.changedSince(since),
  });

  /** During `analyzeFiles`: answers its units share (dropped with it: the next analysis may see other texts). */
  #memo: BatchMemo | undefined;

  /**
   * Folder listings, kept until files are created or deleted (`filesCreatedOrDeleted`, as module
   * resolutions are): a dialect may walk a whole package for each server, in the editor as in a batch.
   */
  readonly #listings = new Map<string, readonly DirectoryEntry[] | undefined>();

  #listDirectory(dir: string): readonly DirectoryEntry[] | undefined {
    if (!this.#listings.has(dir)) this.#listings.set(dir, listDirectory(this.#folders.fs, this.options.roots, dir));
    return this.#listings.get(dir);
  }

  #analyzeFiles(files: readonly string[], options: AnalyzeOptions): WorkspaceAnalysis {
    const servers: ServerReport[] = [];
    const diagnostics = new Map<string, AnalysisDiagnostic>();
    const skipped: { file: string; reason: SkipReason; detail: string }[] = [];
    this.#baseReach = this.#decideBaseDependent(files);
    try {
      for (const file of files) {
        throwIfCancelled(options.token);
        const result = this.analyzeFile(file, options);
      if (result.skipped) skipped.push({ file, ...result.skipped });
      servers.push(...result.servers);
      for (const d of result.diagnostics) {
        const key = `${d.loc.file}\u0000${d.loc.span.start}\u0000${d.loc.span.end}\u0000${d.code}\u0000${d.message}`;
          if (!diagnostics.has(key)) diagnostics.set(key, d);
        }
      }
    } finally {
      this.#baseReach = undefined;
      this.#screened = undefined;
    }
    servers.sort((a, b) => compareLoc(a.loc.file, a.loc.span.start, b.loc.file, b.loc.span.start));
    const sorted = [...diagnostics.values()].sort(
      (a, b) => compareLoc(a.loc.file, a.loc.span.start, b.loc.file, b.loc.span.start) || a.code.localeCompare(b.code),
    );
    return { servers, diagnostics: sorted, skipped };
  }

  /** The zero-based line and character of a place (from the file's summary; 0:0 when unknown). */
  position(file: string, offset: number): LineCharacter {
    const summary = this.files.summaryAsIs(file);
    return summary ? positionAt(summary.lineStarts, offset) : { line: 0, character: 0 };
  }

  /**
   * Diagnostics located in `file` that analyses of other files produced (a base class's member judged
   * for the server that inherits it), from results that are still current.
   */
  diagnosticsLocatedIn(file: string): AnalysisDiagnostic[] {
    const out: AnalysisDiagnostic[] = [];
    for (const owner of this.#readers.get(file) ?? []) {
      for (const c of this.#cache.get(owner)?.units ?? []) {
        // Whether any is located here first: a unit that read the whole package (an SDK server
        // searching for its importers) has thousands of files to check for validity.
        if (!c.deps.has(file) || !c.analysis.diagnostics.some((d) => d.loc.file === file) || !this.#stillValid(c)) continue;
        for (const d of c.analysis.diagnostics) if (d.loc.file === file) out.push(d);
      }
    }
    return out;
  }

  /**
   * Servers declared in other files that code in `file` adds to (a helper that registers tools on a
   * server passed in), from results that are still current.
   */
  contributionsIn(file: string): { server: ServerReport; contribution: Contribution }[] {
    const out: { server: ServerReport; contribution: Contribution }[] = [];
    for (const owner of this.#readers.get(file) ?? []) {
      for (const c of this.#cache.get(owner)?.units ?? []) {
        const server = c.analysis.server;
        if (!server || !c.deps.has(file) || !this.#stillValid(c)) continue;
        for (const contribution of this.dialectOf(server)?.editor?.contributions?.(server) ?? []) {
          if (contribution.loc.file === file) out.push({ server, contribution });
        }
      }
    }
    return out;
  }

  /** Files whose cached analyses read `file` (they need a refresh when it changes). */
  dependentsOf(file: string): string[] {
    return [...(this.#readers.get(file) ?? [])];
  }

  readonly #host: EvaluationHost = {
    summary: (f) => this.files.summary(f),
    fullSummary: (f) => this.files.fullSummary(f),
    resolveModule: (spec, from) => this.#resolve(spec, from),
    loadFailure: (spec, from) => {
      try {
        return this.projects.projectFor(from).loadFailure(spec, from);
      } catch (err) {
        if (err instanceof ConfigError) return undefined;
        throw err;
      }
    },
    text: (f) => this.files.text(f),
    textFacts: (f, key, derive) => this.files.textFacts(f, key, derive),
    ambientModule: (spec) => this.declarations.moduleFile(spec),
    globalDeclaration: (name) => this.declarations.globalFile(name),
    memo: (key, compute) => (this.#memo ? this.#memo.get(key, compute) : compute()),
    reachesModule: (file, question) => {
      if (!this.#memo && !this.#flowGateWarm) return true;
      const answer = this.files.observe(
        () => {},
        () => this.#moduleReaches.reaches(file, question),
      );
      this.files.noteRead(answer.key, answer.version);
      return answer.reaches;
    },
    changedByImporter: (file, names) => {
      const reader: PackageReader = {
        list: (dir) => this.#listDirectory(dir),
        withinWorkspace: (path) => this.options.roots.some((root) => isWithin(root, path)),
        text: (f) => this.files.text(f),
        summary: (f) => this.files.summary(f),
        resolve: (s, from) => this.#resolve(s, from),
        ...(this.#memo ? { memo: this.#memo.get } : {}),
      };
      const ask = () => importerChanging(reader, file, names);
      return this.#memo ? this.#memo.get(`importer-changes\u0000${file}\u0000${names.join(",")}`, ask) : ask();
    },
  };

  /**
   * Runs one dialect's analysis of one unit while recording every file (and version) it reads. Whatever
   * a file contains, a unit that cannot be analysed (a stack exhausted by hostile nesting) costs that
   * unit only: it is recorded as failed and the rest of the workspace goes on.
   */
  #analyzeUnit(dialect: Dialect, file: string, index: number, options: AnalyzeOptions): CachedUnit {
    this.stats.classAnalyses++;
    const deps = new Map<string, number>();
    const at = { dialect: dialect.id, index };
    try {
      const analysis = this.files.observe(
        (f, v) => deps.set(f, v),
        () =>
          dialect.analyze(
            {
              ev: new Evaluator(this.#host, evaluatorOptions(dialect)),
              tasksExtension: options.tasksExtension,
              fileText: (f) => this.files.text(f),
              installedVersion: (from, name) => this.#versions.of(from, name),
              withinWorkspace: (path) => this.options.roots.some((root) => isWithin(root, path)),
              listDirectory: (dir) => this.#listDirectory(dir),
              ...(this.#memo ? { memo: this.#memo.get } : {}),
            },
            file,
            index,
          ),
      );
      // The author's `// mcp-caps-ignore-next-line` directives: read from the texts the unit depends on.
      const kept = analysis.diagnostics.length > 0 ? withoutIgnored(analysis.diagnostics, (f) => this.files.text(f)) : analysis.diagnostics;
      return { analysis: kept.length === analysis.diagnostics.length ? analysis : { ...analysis, diagnostics: kept }, deps, ...at };
    } catch (err) {
      if (err instanceof CancelledError) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      const loc = { file, span: { start: 0, end: 0 } };
      return { analysis: { name: "(failed)", loc, server: undefined, diagnostics: [] }, deps, failure: reason, ...at };
    }
  }

  #stillValid(c: CachedUnit): boolean {
    for (const [f, v] of c.deps) if ((this.#moduleReaches.versionOf(f) ?? this.files.version(f)) !== v) return false;
    return true;
  }

  #resolve(specifier: string, from: string): string | undefined {
    try {
      return this.projects.projectFor(from).resolveModule(specifier, from);
    } catch (err) {
      if (err instanceof ConfigError) return undefined;
      throw err;
    }
  }

  #skipped(file: string): { skipped?: { reason: SkipReason; detail: string } } {
    const s = this.files.skipped(file);
    return s ? { skipped: s } : {};
  }
}

/** A text the store would refuse before parsing: it goes through, so the store reports it as it always has. */
function overBudget(text: string): boolean {
  return overClassBudget(text) || nestedAsyncCallDepth(text) > MAX_NESTED_ASYNC_CALLS || longestAsyncRun(text) > MAX_ASYNC_RUN;
}

function compareLoc(fa: string, sa: number, fb: string, sb: number): number {
  if (fa !== fb) return fa < fb ? -1 : 1;
  return sa - sb;
}

/**
 * How a dialect's code is read: a server Node runs reads a `let` nothing assigns again as its value,
 * and an object built under `if`s the source decides as the arms taken.
 */
function evaluatorOptions(dialect: Dialect): EvaluatorOptions {
  if (dialect.runsItsSource !== true) return {};
  return dialect.awaitedCall ? { ...RUNTIME_OPTIONS, awaitedCall: dialect.awaitedCall } : RUNTIME_OPTIONS;
}
const RUNTIME_OPTIONS: EvaluatorOptions = { runtimeValues: true, decideTest: testTruth };
