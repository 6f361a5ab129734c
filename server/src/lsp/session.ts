import { realpathSync } from "node:fs";
import type { FileSystemHost } from "ts-morph";
import type { Connection, TextDocuments } from "vscode-languageserver";
import type { Range } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { DEFAULT_SETTINGS, normalizeSettings, SECTION, type LensSettings, type WireLocation } from "../../../common/protocol";
import { CancelledError, type CancellationToken } from "../analysis/core/cancellation";
import type { Loc } from "../analysis/core/evaluate/values";
import { dirname, isWithin, normalizePath } from "../analysis/core/project/paths";
import { readTasksSetting } from "../analysis/core/tasksSetting";
import { Workspace, type FileAnalysis } from "../analysis/core/workspace";
import { DIALECTS } from "../analysis/dialects";
import type { Dialect } from "../analysis/core/dialect";
import type { FeatureContext } from "../features/context";
import { unusableConfig } from "../files/discoverFiles";
import { SummaryWorker, WORKER_PARSE_MIN_LENGTH } from "./summaryWorker";
import { isAnalysableSource, pathToUri, uriToPath } from "./uris";
import { findImporters, findSources } from "./importers";

export interface AnalyzedDocument {
  readonly uri: string;
  readonly path: string;
  readonly workspace: Workspace;
  readonly document: TextDocument | undefined;
  readonly analysis: FileAnalysis;
  readonly settings: LensSettings;
  readonly tasksExtension: boolean;
  readonly tasksSource: "setting" | "package.json" | "default";
  readonly elapsedMs: number;
}

/**
 * The server's state between requests: one analysis `Workspace` per workspace folder, the editor's
 * documents synced into it lazily (a burst of keystrokes costs one parse, at the next request), and
 * the settings of each file, pulled from the client and cached until they change.
 */
export class LanguageSession {
  readonly #fs: FileSystemHost;
  readonly #documents: TextDocuments<TextDocument>;
  readonly #connection: Connection;
  #folders: string[] = [];
  /** The folders' real paths (a file is in a folder when both its path and its real path are). */
  #realFolders: string[] = [];
  readonly #workspaces = new Map<string, Workspace>();
  readonly #synced = new Map<string, number>();
  readonly #settings = new Map<string, Promise<LensSettings>>();
  readonly #packageTasks = new Map<string, boolean | undefined>();
  readonly #worker = new SummaryWorker();
  /** Parses under way in the worker, by file and version (hover, lenses and diagnostics ask at once). */
  readonly #parsing = new Map<string, Promise<unknown>>();
  /** Per helper file (a file declaring no server), the files found to import it, by a text search done once. */
  readonly #importers = new Map<string, readonly string[]>();
  configurationSupported = false;
  /** The client renders theme icons and `command:` links (the extension in VS Code); others get plain Markdown. */
  vscodeMarkdown = false;

  readonly #dialects: readonly Dialect[];

  constructor(connection: Connection, documents: TextDocuments<TextDocument>, fs: FileSystemHost, dialects: readonly Dialect[] = DIALECTS) {
    this.#connection = connection;
    this.#dialects = dialects;
    this.#documents = documents;
    this.#fs = fs;
  }

  get documents(): TextDocuments<TextDocument> {
    return this.#documents;
  }

  get folders(): readonly string[] {
    return this.#folders;
  }

  setFolders(uris: readonly string[]): void {
    this.#folders = uris.map(uriToPath).filter((p): p is string => p !== undefined);
    this.#realFolders = this.#folders.map(realPathOf);
    this.#workspaces.clear();
    this.#synced.clear();
    this.#importers.clear();
  }

  /** Files changed on disk (created, deleted, edited outside the editor): who imports whom may have changed. */
  filesChanged(): void {
    this.#importers.clear();
  }

  /** The workspace of a file: its deepest workspace folder, else its own folder. */
  workspaceFor(path: string): { workspace: Workspace; root: string } {
    let root: string | undefined;
    for (const f of this.#folders) if (isWithin(f, path) && (root === undefined || f.length > root.length)) root = f;
    root ??= dirname(path);
    let workspace = this.#workspaces.get(root);
    if (!workspace) {
      workspace = new Workspace({ fileSystem: this.#fs, dialects: this.#dialects, roots: [root], unusableConfig });
      this.#workspaces.set(root, workspace);
    }
    return { workspace, root };
  }

  /** Whether `path` lies in a workspace folder, and so does its real path (a link may lead out). */
  inWorkspace(path: string): boolean {
    if (!this.#folders.some((f) => isWithin(f, path))) return false;
    const real = realPathOf(path);
    return this.#realFolders.some((f) => isWithin(f, real));
  }

  allWorkspaces(): Workspace[] {
    return [...this.#workspaces.values()];
  }

  /**
   * Pushes the editor's text of an open document into its workspace if it changed since last time.
   * Undefined for a file the server must not answer about: requests name any URI, and a file neither
   * open in the editor nor inside a workspace folder (its real path included) is not read.
   */
  sync(uri: string): { path: string; workspace: Workspace; root: string; document: TextDocument | undefined } | undefined {
    const path = uriToPath(uri);
    if (!path || !isAnalysableSource(path)) return undefined;
    const document = this.#documents.get(uri);
    if (!document && !this.inWorkspace(path)) return undefined;
    const { workspace, root } = this.workspaceFor(path);
    if (document && this.#synced.get(uri) !== document.version) {
      workspace.setOverlay(path, document.getText());
      this.#synced.set(uri, document.version);
    }
    return { path, workspace, root, document };
  }

  /** Pushes every open document (before a workspace-wide question). */
  syncAll(): void {
    for (const d of this.#documents.all()) this.sync(d.uri);
  }

  closed(uri: string): void {
    const path = uriToPath(uri);
    this.#synced.delete(uri);
    if (path) this.workspaceFor(path).workspace.closeOverlay(path);
  }

  async settings(uri: string): Promise<LensSettings> {
    if (!this.configurationSupported) return DEFAULT_SETTINGS;
    let s = this.#settings.get(uri);
    if (!s) {
      s = this.#connection.workspace
        .getConfiguration({ scopeUri: uri, section: SECTION })
        .then(normalizeSettings, () => DEFAULT_SETTINGS);
      this.#settings.set(uri, s);
    }
    return s;
  }

  settingsChanged(): void {
    this.#settings.clear();
  }

  /** package.json changed on disk: the `auto` tasks switch must be read again. */
  packageJsonChanged(): void {
    this.#packageTasks.clear();
  }

  tasksFor(root: string, settings: LensSettings): { value: boolean; source: "setting" | "package.json" | "default" } {
    if (settings.tasksExtension !== "auto") return { value: settings.tasksExtension === "on", source: "setting" };
    if (!this.#packageTasks.has(root)) this.#packageTasks.set(root, readTasksSetting(this.#fs, root).value);
    const fromPackage = this.#packageTasks.get(root);
    return fromPackage === undefined ? { value: false, source: "default" } : { value: fromPackage, source: "package.json" };
  }

  /** Analyses a document as it is in the editor now. */
  async analyze(uri: string, token?: CancellationToken): Promise<AnalyzedDocument | undefined> {
    const settings = await this.settings(uri);
    const synced = this.sync(uri);
    if (!synced) return undefined;
    const tasks = this.tasksFor(synced.root, settings);
    const started = performance.now();
    await this.#parseOffThread(synced.workspace, synced.path, token);
    const options = { tasksExtension: tasks.value, ...(token ? { token } : {}) };
    const analysis = await synced.workspace.analyzeFileAsync(synced.path, options);
    if (analysis.servers.length === 0 && !analysis.skipped) await this.#analyzeImporters(synced.path, synced.workspace, synced.root, options);
    return {
      uri,
      path: synced.path,
      workspace: synced.workspace,
      document: synced.document,
      analysis,
      settings,
      tasksExtension: tasks.value,
      tasksSource: tasks.source,
      elapsedMs: performance.now() - started,
    };
  }

  /**
   * Parses a large open document in the worker thread, so that the request stays cancellable (and
   * the server responsive) while TypeScript's parser runs. Smaller files, and files the checks before
   * parsing turn away, are left to the analysis as usual.
   */
  async #parseOffThread(workspace: Workspace, path: string, token: CancellationToken | undefined): Promise<void> {
    const job = workspace.files.pendingParse(path, WORKER_PARSE_MIN_LENGTH, workspace.mayDeclare);
    if (!job) return;
    const key = `${path}\u0000${job.version}`;
    let parsing = this.#parsing.get(key);
    if (!parsing) {
      parsing = this.#worker
        .summarize(path, job.text, job.version, (r) => workspace.files.adoptSummary(path, job.version, r))
        .finally(() => this.#parsing.delete(key));
      this.#parsing.set(key, parsing);
    }
    await untilCancelled(parsing, token);
  }

  /**
   * A file that declares no server but follows a dialect's imports (a helper that registers tools on a
   * server passed in) is explained by the servers it feeds: the files that import it, and theirs in
   * turn (two levels), are analysed so their results name the helper. They are found once by a
   * bounded text search of the workspace folder, then only re-analysed (cheap while their results hold).
   */
  async #analyzeImporters(path: string, workspace: Workspace, root: string, options: { tasksExtension: boolean; token?: CancellationToken }): Promise<void> {
    if (!workspace.files.summary(path)?.flow) return;
    const analyzeAll = async (files: readonly string[]) => {
      const quiet: string[] = [];
      for (const f of files) if ((await workspace.analyzeFileAsync(f, options)).servers.length === 0) quiet.push(f);
      return quiet;
    };
    await analyzeAll(workspace.dependentsOf(path));
    if (workspace.contributionsIn(path).length > 0) return;
    let importers = this.#importers.get(path);
    if (!importers) {
      const relevant = (text: string) => workspace.dialects.some((d) => d.mayDeclare(text));
      const openText = (f: string) => this.#documents.get(pathToUri(f))?.getText();
      const search = (targets: readonly string[], exclude: ReadonlySet<string>) =>
        findImporters({ root, targets, exclude, relevant, openText, ...(options.token ? { token: options.token } : {}) });
      const first = await search([path], new Set());
      // Files that import the helper without declaring a server pass the server along: one level more.
      const middle = await analyzeAll(first);
      const second = middle.length > 0 ? await search(middle, new Set([path, ...first])) : [];
      importers = [...first, ...second];
      await analyzeAll(second);
      // A file no import explains may be one a server loads from its folder (an mcp-framework tool).
      const text = workspace.contributionsIn(path).length === 0 ? workspace.files.text(path) : undefined;
      const loaders = text === undefined ? [] : workspace.dialects.flatMap((d) => d.editor?.loadedBy?.(text) ?? []);
      if (loaders.length > 0) {
        const exclude = new Set([path, ...importers]);
        importers = [...importers, ...(await findSources({ root, exclude, relevant: (t) => loaders.some((builds) => builds(t)), openText, ...(options.token ? { token: options.token } : {}) }))];
      }
      this.#importers.set(path, importers);
    }
    await analyzeAll(importers);
  }

  /** An analysis location as an LSP range (positions from the file's own summary). */
  range(loc: Loc): Range {
    const { workspace } = this.workspaceFor(loc.file);
    return { start: workspace.position(loc.file, loc.span.start), end: workspace.position(loc.file, loc.span.end) };
  }

  location(loc: Loc): WireLocation {
    return { uri: pathToUri(loc.file), range: this.range(loc) };
  }
}

/** The LSP-free features' view of an analysed document. */
export function featureContext(session: LanguageSession, analyzed: AnalyzedDocument): FeatureContext {
  return { workspace: analyzed.workspace, file: analyzed.path, analysis: analyzed.analysis, location: (l) => session.location(l) };
}

/** The real path of a file or folder; the path itself when there is nothing there (nothing to read). */
function realPathOf(path: string): string {
  try {
    return normalizePath(realpathSync(path));
  } catch {
    return path;
  }
}

/** `work`, or a CancelledError as soon as `token` is cancelled (checked every 20 ms). */
async function untilCancelled(work: Promise<unknown>, token: CancellationToken | undefined): Promise<void> {
  if (!token) {
    await work;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setInterval(() => {
          if (token.isCancellationRequested) reject(new CancelledError());
        }, 20);
      }),
    ]);
  } finally {
    clearInterval(timer);
  }
}
