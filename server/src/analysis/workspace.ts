import type { FileSystemHost } from "ts-morph";
import { analyzeClass } from "./analyzeClass";
import { throwIfCancelled, type CancellationToken } from "./cancellation";
import type { AnalysisDiagnostic } from "./diagnostics/codes";
import { Evaluator, type EvaluationHost } from "./evaluate/evaluator";
import { positionAt, type LineCharacter } from "./model/positions";
import type { ClassAnalysis, ServerReport } from "./model/serverReport";
import { FileStore, type SkipReason } from "./project/fileStore";
import { analyzeSdkServer } from "./sdk/analyzeSdkServer";
import { findSdkSites } from "./sdk/findSdkServers";
import { ConfigError, ProjectRegistry } from "./project/projectRegistry";

export interface WorkspaceOptions {
  readonly fileSystem: FileSystemHost;
  /** The working directory (CLI) or workspace folders (editor): tsconfig lookup stops at them. */
  readonly roots: readonly string[];
  /** One tsconfig for every file (`--project`). */
  readonly tsconfig?: string;
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
  readonly classes: readonly ClassAnalysis[];
  readonly skipped?: { readonly reason: SkipReason; readonly detail: string };
}

export interface WorkspaceAnalysis {
  readonly servers: readonly ServerReport[];
  readonly diagnostics: readonly AnalysisDiagnostic[];
  readonly skipped: readonly { readonly file: string; readonly reason: SkipReason; readonly detail: string }[];
}

interface CachedClass {
  readonly analysis: ClassAnalysis;
  /** Every file read to produce it, with the version read. */
  readonly deps: ReadonlyMap<string, number>;
}

interface CachedFile {
  readonly version: number;
  readonly tasksExtension: boolean;
  readonly classes: readonly CachedClass[];
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
  readonly #cache = new Map<string, CachedFile>();
  /** Instrumentation: class analyses run and reused. */
  readonly stats = { classAnalyses: 0, classCacheHits: 0 };

  constructor(readonly options: WorkspaceOptions) {
    this.files = new FileStore(options.fileSystem);
    this.projects = new ProjectRegistry(options.fileSystem, { roots: options.roots, ...(options.tsconfig ? { tsconfig: options.tsconfig } : {}) });
  }

  setOverlay(file: string, text: string): void {
    this.files.setOverlay(file, text);
  }

  closeOverlay(file: string): void {
    this.files.closeOverlay(file);
  }

  changedOnDisk(file: string): void {
    this.files.changedOnDisk(file);
  }

  /** Files appeared or disappeared: imports may resolve differently now. */
  filesCreatedOrDeleted(files: readonly string[]): void {
    for (const f of files) this.files.changedOnDisk(f);
    this.projects.forgetResolutions();
    this.#cache.clear();
  }

  /** A tsconfig changed: projects are rebuilt and every result recomputed. */
  configChanged(): void {
    this.projects.reset();
    this.#cache.clear();
  }

  analyzeFile(file: string, options: AnalyzeOptions): FileAnalysis {
    const summary = this.files.summary(file);
    if (!summary) {
      this.#cache.delete(file);
      return { file, servers: [], diagnostics: [], classes: [], ...this.#skipped(file) };
    }
    const cached = this.#cache.get(file);
    const reusable = cached && cached.version === summary.version && cached.tasksExtension === options.tasksExtension ? cached : undefined;
    const classes: CachedClass[] = [];
    const analyzeOne = (compute: () => CachedClass) => {
      throwIfCancelled(options.token);
      const previous = reusable?.classes[classes.length];
      if (previous && this.#stillValid(previous)) {
        this.stats.classCacheHits++;
        classes.push(previous);
      } else {
        classes.push(compute());
      }
    };
    summary.classes.forEach((cls, index) => {
      if (cls.topLevel) analyzeOne(() => this.#analyzeClass(file, index, options));
    });
    if (summary.sdk) {
      const sites = findSdkSites(new Evaluator(this.#host), file);
      sites.forEach((_site, index) => analyzeOne(() => this.#analyzeSdk(file, index)));
    }
    this.#cache.set(file, { version: summary.version, tasksExtension: options.tasksExtension, classes });
    const analyses = classes.map((c) => c.analysis);
    return {
      file,
      servers: analyses.flatMap((a) => (a.server ? [a.server] : [])),
      diagnostics: analyses.flatMap((a) => a.diagnostics),
      classes: analyses,
    };
  }

  /** Analyses several files; servers sorted by place, diagnostics deduplicated and sorted. */
  analyzeFiles(files: readonly string[], options: AnalyzeOptions): WorkspaceAnalysis {
    const servers: ServerReport[] = [];
    const diagnostics = new Map<string, AnalysisDiagnostic>();
    const skipped: { file: string; reason: SkipReason; detail: string }[] = [];
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
    servers.sort((a, b) => compareLoc(a.loc.file, a.loc.span.start, b.loc.file, b.loc.span.start));
    const sorted = [...diagnostics.values()].sort(
      (a, b) => compareLoc(a.loc.file, a.loc.span.start, b.loc.file, b.loc.span.start) || a.code.localeCompare(b.code),
    );
    return { servers, diagnostics: sorted, skipped };
  }

  /** The zero-based line and character of a place (from the file's summary; 0:0 when unknown). */
  position(file: string, offset: number): LineCharacter {
    const summary = this.files.summary(file);
    return summary ? positionAt(summary.lineStarts, offset) : { line: 0, character: 0 };
  }

  /**
   * Diagnostics located in `file` that analyses of other files produced (a base class's member judged
   * for the server that inherits it), from results that are still current.
   */
  diagnosticsLocatedIn(file: string): AnalysisDiagnostic[] {
    const out: AnalysisDiagnostic[] = [];
    for (const [owner, entry] of this.#cache) {
      if (owner === file) continue;
      for (const c of entry.classes) {
        if (!c.deps.has(file) || !this.#stillValid(c)) continue;
        for (const d of c.analysis.diagnostics) if (d.loc.file === file) out.push(d);
      }
    }
    return out;
  }

  /** Files whose cached analyses read `file` (they need a refresh when it changes). */
  dependentsOf(file: string): string[] {
    const out: string[] = [];
    for (const [owner, entry] of this.#cache) {
      if (owner !== file && entry.classes.some((c) => c.deps.has(file))) out.push(owner);
    }
    return out;
  }

  readonly #host: EvaluationHost = {
    summary: (f) => this.files.summary(f),
    resolveModule: (spec, from) => this.#resolve(spec, from),
    text: (f) => this.files.text(f),
  };

  /** Runs one analysis while recording every file (and version) it reads. */
  #tracked(compute: () => ClassAnalysis): CachedClass {
    this.stats.classAnalyses++;
    const deps = new Map<string, number>();
    const analysis = this.files.observe((f, v) => deps.set(f, v), compute);
    return { analysis, deps };
  }

  #analyzeClass(file: string, index: number, options: AnalyzeOptions): CachedClass {
    return this.#tracked(() =>
      analyzeClass(new Evaluator(this.#host), { file, index, scope: null, key: `${file}#${index}` }, {
        tasksExtension: options.tasksExtension,
        fileText: (f) => this.files.text(f),
      }),
    );
  }

  /** An SDK server (the second dialect): the tasks switch does not apply, the SDK decides its eras. */
  #analyzeSdk(file: string, index: number): CachedClass {
    return this.#tracked(() => {
      const ev = new Evaluator(this.#host);
      const site = findSdkSites(ev, file)[index]!;
      const { server, diagnostics } = analyzeSdkServer(ev, site);
      return { className: server.name, loc: server.loc, server, diagnostics };
    });
  }

  #stillValid(c: CachedClass): boolean {
    for (const [f, v] of c.deps) if (this.files.version(f) !== v) return false;
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

function compareLoc(fa: string, sa: number, fb: string, sb: number): number {
  if (fa !== fb) return fa < fb ? -1 : 1;
  return sa - sb;
}
