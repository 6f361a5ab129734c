import { Project, ts, type FileSystemHost } from "ts-morph";
import { dirname, joinPath, isWithin } from "./paths";
import { inModuleScope, mentionsCommonJsExports } from "./moduleScope";
import { readTsconfigOptions } from "./tsconfigOptions";
import { WorkspacePackages } from "./workspacePackages";

/** Options for a folder without a tsconfig (cli.md): modern module resolution, decorators allowed. */
export const DEFAULT_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  experimentalDecorators: true,
  allowJs: false,
  types: [],
};

/** A tsconfig that exists but cannot be used (not JSON, unreadable, bad `extends`). */
export class ConfigError extends Error {
  constructor(
    readonly configPath: string,
    reason: string,
  ) {
    // TypeScript's messages can quote a whole generated pattern: a line, not a page.
    super(`cannot use ${configPath}: ${reason.length > 300 ? `${reason.slice(0, 300)}…` : reason}`);
  }
}

/**
 * One ts-morph `Project` per tsconfig, created on first use and kept for the life of the workspace. The
 * project supplies the compiler options (paths, module resolution) and the module-resolution host;
 * files are not added to it wholesale: the analysis summarises the files it needs, one at a time.
 */
export class ProjectContext {
  readonly project: Project;
  /** What is wrong with the tsconfig's `extends` chain; the options are used as far as they go. */
  readonly problems: readonly string[];
  readonly #resolutions = new Map<string, string | null>();
  /** TypeScript's own cache and a file-system host that remembers what it probed: thousands of
   *  imports share their folders, `node_modules` lookups and package.json files. Both are valid
   *  until files are created or deleted (`forgetResolutions`). */
  #cache: ts.ModuleResolutionCache | undefined;
  #host: ts.ModuleResolutionHost | undefined;

  constructor(
    readonly configPath: string | undefined,
    fs: FileSystemHost,
    unusableConfig?: (path: string) => string | undefined,
    readonly packages?: WorkspacePackages,
  ) {
    try {
      const config = configPath ? readTsconfigOptions(configPath, fs, unusableConfig) : { options: DEFAULT_COMPILER_OPTIONS, problems: [] };
      this.project = new Project({ fileSystem: fs, compilerOptions: config.options, skipLoadingLibFiles: true });
      this.problems = config.problems;
    } catch (err) {
      throw new ConfigError(configPath ?? "(defaults)", err instanceof Error ? err.message.split("\n")[0]! : String(err));
    }
  }

  get compilerOptions(): ts.CompilerOptions {
    return this.project.getCompilerOptions();
  }

  /** Folders the tsconfig writes output to: a folder walk skips them. */
  outputFolders(): string[] {
    const o = this.compilerOptions;
    return [o.outDir, o.declarationDir].filter((d): d is string => typeof d === "string");
  }

  /** Resolves an import specifier as TypeScript would for this project; undefined when it cannot. */
  resolveModule(specifier: string, fromFile: string): string | undefined {
    const key = `${dirname(fromFile)}\u0000${specifier}`;
    let hit = this.#resolutions.get(key);
    if (hit === undefined) {
      hit = this.#resolveUncached(specifier, fromFile) ?? null;
      this.#resolutions.set(key, hit);
    }
    return hit ?? undefined;
  }

  /**
   * Why Node cannot load the project's own JavaScript module a specifier names (undefined: it can, or
   * it is not such a module): a `.js` of an ES-module scope written with CommonJS exports, which
   * resolveModule leaves unresolved.
   */
  loadFailure(specifier: string, fromFile: string): string | undefined {
    if (!specifier.startsWith(".") || this.compilerOptions.allowJs !== true) return undefined;
    try {
      this.#host ??= memoizedHost(this.project.getModuleResolutionHost());
      this.#cache ??= ts.createModuleResolutionCache(dirname(this.configPath ?? fromFile), (f) => f, this.compilerOptions);
      const file = ts.resolveModuleName(specifier, fromFile, this.compilerOptions, this.#host, this.#cache).resolvedModule?.resolvedFileName;
      if (!file || !/\.js$/i.test(file) || !inModuleScope(file, this.#host) || !mentionsCommonJsExports(this.#host.readFile(file) ?? "")) return undefined;
      return `${file.slice(file.lastIndexOf("/") + 1)} uses CommonJS's module.exports/exports in an ES module scope (its package.json says "type": "module"): compiled and run with Node, it throws "ReferenceError: module is not defined in ES module scope" as it loads (a named import of it fails to link even under tsx)`;
    } catch {
      return undefined;
    }
  }

  /** Files were created or deleted: earlier answers may be wrong now. */
  forgetResolutions(): void {
    this.#resolutions.clear();
    this.#cache = undefined;
    this.#host = undefined;
  }

  #resolveUncached(specifier: string, fromFile: string): string | undefined {
    try {
      const options = this.compilerOptions;
      this.#host ??= memoizedHost(this.project.getModuleResolutionHost());
      this.#cache ??= ts.createModuleResolutionCache(dirname(this.configPath ?? fromFile), (f) => f, options);
      const r = ts.resolveModuleName(specifier, fromFile, options, this.#host, this.#cache);
      const resolved = r.resolvedModule;
      // A sibling package of a monorepo that is not installed, or installed but not built.
      if (!resolved) return this.packages?.resolve(specifier, fromFile);
      // A sibling package's build is read by its source. A project's own JavaScript (allowJs) is
      // compiled with it into the output, so the file here is the code Node runs; without allowJs
      // tsc does not emit it, and what the build puts in its place is not in the source.
      if (/\.(?:[cm]?js|jsx)$/i.test(resolved.resolvedFileName)) {
        return this.packages?.resolve(specifier, fromFile, resolved.resolvedFileName) ?? (options.allowJs === true && resolved.isExternalLibraryImport !== true && this.#runsAsWritten(resolved.resolvedFileName) ? resolved.resolvedFileName : undefined);
      }
      if (resolved.isExternalLibraryImport !== true && /\.d\.[cm]?ts$/i.test(resolved.resolvedFileName)) return this.packages?.resolve(specifier, fromFile) ?? resolved.resolvedFileName;
      return resolved.resolvedFileName;
    } catch {
      return undefined;
    }
  }

  /**
   * Whether a project's own JavaScript file is read as Node runs it: `.jsx` is not run at all, and a
   * `.js` of an ES-module scope that uses CommonJS exports throws when it loads.
   */
  #runsAsWritten(file: string): boolean {
    if (/\.jsx$/i.test(file)) return false;
    if (!/\.js$/i.test(file) || !inModuleScope(file, this.#host!)) return true;
    return !mentionsCommonJsExports(this.#host!.readFile(file) ?? "");
  }
}

/** The host with its existence checks and realpaths remembered (file contents are read as before). */
function memoizedHost(host: ts.ModuleResolutionHost): ts.ModuleResolutionHost {
  const remember = <T>(fn: (path: string) => T): ((path: string) => T) => {
    const seen = new Map<string, T>();
    return (path) => {
      if (seen.has(path)) return seen.get(path)!;
      const value = fn(path);
      seen.set(path, value);
      return value;
    };
  };
  return {
    ...host,
    fileExists: remember((f) => host.fileExists(f)),
    ...(host.directoryExists ? { directoryExists: remember((d) => host.directoryExists!(d)) } : {}),
    ...(host.realpath ? { realpath: remember((p) => host.realpath!(p)) } : {}),
  };
}

export interface RegistryOptions {
  /** Folders tsconfig lookup never goes above (the working directory, or a folder given outside it). */
  readonly roots: readonly string[];
  /** `--project`: one tsconfig for every file. */
  readonly tsconfig?: string;
  readonly unusableConfig?: (path: string) => string | undefined;
}

/** Finds the project of a file: the nearest `tsconfig.json` above it, never above the root. */
export class ProjectRegistry {
  readonly #fs: FileSystemHost;
  readonly #options: RegistryOptions;
  readonly #projects = new Map<string, ProjectContext>();
  readonly #configOfDir = new Map<string, string | null>();
  readonly #packages: WorkspacePackages;

  constructor(fs: FileSystemHost, options: RegistryOptions) {
    this.#fs = fs;
    this.#options = options;
    this.#packages = new WorkspacePackages(fs, options.roots);
  }

  /** @throws ConfigError when the file's tsconfig cannot be read. */
  projectFor(fileName: string): ProjectContext {
    return this.#project(this.#options.tsconfig ?? this.#configFor(dirname(fileName)));
  }

  /** Every project created so far. */
  projects(): ProjectContext[] {
    return [...this.#projects.values()];
  }

  forgetResolutions(): void {
    this.#packages.forget();
    for (const p of this.#projects.values()) p.forgetResolutions();
  }

  /** A tsconfig changed: projects and lookups are rebuilt on next use. */
  reset(): void {
    this.#packages.forget();
    this.#projects.clear();
    this.#configOfDir.clear();
  }

  #project(configPath: string | undefined): ProjectContext {
    const key = configPath ?? "";
    let p = this.#projects.get(key);
    if (!p) {
      const problem = configPath ? this.#options.unusableConfig?.(configPath) : undefined;
      if (problem) throw new ConfigError(configPath!, problem);
      p = new ProjectContext(configPath, this.#fs, this.#options.unusableConfig, this.#packages);
      this.#projects.set(key, p);
    }
    return p;
  }

  /** The deepest root holding `dir`. */
  #rootOf(dir: string): string | undefined {
    let best: string | undefined;
    for (const r of this.#options.roots) if (isWithin(r, dir) && (best === undefined || r.length > best.length)) best = r;
    return best;
  }

  #configFor(dir: string): string | undefined {
    const cached = this.#configOfDir.get(dir);
    if (cached !== undefined) return cached ?? undefined;
    let found: string | undefined;
    const root = this.#rootOf(dir);
    if (root !== undefined) {
      const candidate = joinPath(dir, "tsconfig.json");
      if (this.#fs.fileExistsSync(candidate)) found = candidate;
      else if (dir !== root) found = this.#configFor(dirname(dir));
    }
    this.#configOfDir.set(dir, found ?? null);
    return found;
  }
}
