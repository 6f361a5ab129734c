import { ts, type FileSystemHost } from "ts-morph";
import { outsideWorkspace } from "./fencedFileSystem";
import { dirname } from "./paths";

/**
 * The compiler options of a tsconfig (its `extends` chain included), without expanding its
 * `include`/`files`: the analysis summarises files one at a time, so walking the whole tree for a
 * file list nobody reads (what a ts-morph `Project` given the tsconfig does) is pure cost.
 * @throws Error when the file cannot be read or is not JSON.
 */
/** Problems that TypeScript would refuse the config for, but that still leave usable options. */
const EXTENDS_PROBLEMS = new Set([
  5083, // Cannot read file (the `extends` target)
  6053, // File not found (an `extends` package)
  18000, // Circularity detected while resolving configuration
  18001, // A path in an `extends` option must be relative or rooted
]);

export interface TsconfigOptions {
  readonly options: ts.CompilerOptions;
  /** One line each: what is wrong with the `extends` chain (its options are used without that part). */
  readonly problems: readonly string[];
}

/**
 * `unusable(path)` says why a file of the `extends` chain must not be read (a link to a device, a FIFO,
 * a huge file: the host can tell, the analysis cannot); such a file is skipped with that reason.
 */
export function readTsconfigOptions(configPath: string, fs: FileSystemHost, unusable?: (path: string) => string | undefined): TsconfigOptions {
  const text = fs.readFileSync(configPath, "utf8");
  const json = ts.parseConfigFileTextToJson(configPath, text);
  if (json.error) {
    // `line 3, column 14: Expression expected.`: where, as tsc says it.
    const at = json.error.file && json.error.start !== undefined ? ts.getLineAndCharacterOfPosition(json.error.file, json.error.start) : undefined;
    throw new Error(`${at ? `line ${at.line + 1}, column ${at.character + 1}: ` : ""}${ts.flattenDiagnosticMessageText(json.error.messageText, "\n")}`);
  }
  const refused = new Map<string, string>();
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: true,
    readDirectory: () => [],
    fileExists: (p) => {
      if (fs.fileExistsSync(p)) return true;
      // A file of the chain outside the workspace is not read: said as such, not as a missing file.
      // Not so for TypeScript's own probes up to the disk's root (an `extends` package in every
      // node_modules, each folder's package.json): a package the workspace does not install is simply
      // not found (said once, below).
      if (!searchedAbove(p) && outsideWorkspace(fs, p)) refused.set(p, "it is outside the workspace, which the analysis does not read");
      return false;
    },
    readFile: (p) => {
      if (outsideWorkspace(fs, p)) {
        refused.set(p, "it is outside the workspace, which the analysis does not read");
        return undefined;
      }
      const problem = unusable?.(p);
      if (problem) {
        refused.set(p, problem);
        return undefined;
      }
      try {
        return fs.readFileSync(p, "utf8");
      } catch {
        return undefined;
      }
    },
  };
  const parsed = ts.parseJsonConfigFileContent(withoutFileLists(json.config), host, dirname(configPath), undefined, configPath);
  const problems = [...parsed.errors.filter((e) => EXTENDS_PROBLEMS.has(e.code)).map((e) => problemText(e, json.config)), ...brokenBases(parsed.errors, configPath)];
  // TypeScript says "Cannot read file" about a refused file: say why instead, once.
  const why = [...refused].map(([p, problem]) => `cannot read ${p}: ${problem}`);
  return { options: parsed.options, problems: [...why, ...problems.filter((m) => ![...refused.keys()].some((p) => m.includes(p)))] };
}

/**
 * A file of the `extends` chain that is not JSON: TypeScript reads what it can of it, and reports its
 * syntax errors (1xxx) against that file. The first one per file says what was lost.
 */
function brokenBases(errors: readonly ts.Diagnostic[], configPath: string): string[] {
  const out = new Map<string, string>();
  for (const e of errors) {
    const file = e.file?.fileName;
    if (!file || file === configPath || out.has(file) || e.code < 1000 || e.code >= 2000) continue;
    out.set(file, `${file} (which it extends) is not valid JSON: ${ts.flattenDiagnosticMessageText(e.messageText, " ")}`);
  }
  return [...out.values()];
}

function searchedAbove(p: string): boolean {
  return p.includes("/node_modules/") || p.endsWith("/package.json");
}

/** TypeScript's words, except for an `extends` package it did not find, which is said in the user's terms. */
function problemText(e: ts.Diagnostic, config: unknown): string {
  const text = ts.flattenDiagnosticMessageText(e.messageText, " ");
  if (e.code !== 6053) return text;
  const named = extendsEntries(config).find((x) => !/^[./]/.test(x) && text.includes(`'${x}'`));
  return named ? `extends "${named}", a package not installed in the workspace: not found` : text;
}

function extendsEntries(config: unknown): string[] {
  const ext = config && typeof config === "object" ? (config as { extends?: unknown }).extends : undefined;
  return (Array.isArray(ext) ? ext : [ext]).filter((x): x is string => typeof x === "string");
}

/**
 * The config without `include` and `exclude`: they choose files, which this reading never lists, and
 * TypeScript turns each into a pattern up front (20,000 exclude globs took 15 s and then failed, the
 * joined pattern being too large for the engine). `files` stays: an empty list is still an error TypeScript
 * reports. The options, `extends` and `references` are untouched.
 */
function withoutFileLists(config: unknown): unknown {
  if (!config || typeof config !== "object" || Array.isArray(config)) return config;
  const { include: _include, exclude: _exclude, ...rest } = config as Record<string, unknown>;
  return rest;
}
