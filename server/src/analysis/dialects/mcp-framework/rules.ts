// mcp-framework's rules, keyed by the releases they were read in: `detectCapabilities()` and the
// capabilities handed to the SDK `Server` (dist/core/MCPServer.js), the loaders (dist/loaders/*.js,
// dist/utils/fileDiscovery.js) and the SDK each release asks for. A version inside a range gets that
// range's rules exactly; any other gets the nearest range's rules with an `unknown` entry.
import type { JsonObject } from "../../core/evaluate/values";

export type Primitive = "tools" | "prompts" | "resources";

/** One loader: the folder it scans under the base path, and the file names it skips (its `excludedFiles`). */
export interface LoaderRule {
  readonly key: Primitive;
  readonly folder: string;
  readonly excluded: readonly string[];
  /** What `addTool` & co. are called (programmatic registration, merged into the same map). */
  readonly adder: string;
  readonly baseClass: string;
}

/**
 * How a release finds the folder its loaders scan:
 * - `parent-of-base`: `dirname(config.basePath ?? process.argv[1])`, so without basePath the entry
 *   script's own folder, and with one the folder *above* it (basePath was meant as the entry file);
 * - `base-or-entry-folder`: `config.basePath` itself, otherwise the entry script's folder;
 * - `dist`: `config.basePath`, otherwise `<cwd>/dist`, else the first `dist` above the entry script.
 */
export type BaseRule = "parent-of-base" | "base-or-entry-folder" | "dist";

export interface FrameworkRules {
  /** The releases (inclusive) whose code these rules were read in. */
  readonly from: string;
  readonly to: string;
  /** For people: "0.2.14–0.2.18". */
  readonly text: string;
  /** What each found primitive is advertised as: `{ enabled: true }` (0.1.x) or `{}`. */
  readonly found: JsonObject;
  /** `tools` is advertised whether or not a tool is found (0.1.x). */
  readonly toolsAlways: boolean;
  readonly base: BaseRule;
  /** The loaders walk sub-folders (`discoverFilesRecursively`); before, one `readdir` of the folder. */
  readonly recursive: boolean;
  /** File name endings the loaders accept (tested with `endsWith`). */
  readonly extensions: readonly string[];
  readonly loaders: readonly LoaderRule[];
  /** `addTool()`, `addPrompt()`, `addResource()` exist. */
  readonly adders: boolean;
  /** `completions: {}` with prompts or resources. */
  readonly completions: boolean;
  /** The config's `logging` and `tasks` options (and `sendLog()`) exist. */
  readonly options: boolean;
  /** The MCP Apps loader (`apps/`). */
  readonly apps: boolean;
  /** The SDK the release serves through (its peer dependency), for people. */
  readonly sdk: string;
}

const JS_PATTERNS = ["*.test.js", "*.spec.js"];
const TS_PATTERNS = ["*.test.js", "*.spec.js", "*.test.ts", "*.spec.ts", "*.d.ts"];

function loaders(ts: boolean): LoaderRule[] {
  const base = (name: string) => (ts ? [`${name}.js`, `${name}.ts`, ...TS_PATTERNS] : [`${name}.js`, ...JS_PATTERNS]);
  return [
    { key: "tools", folder: "tools", excluded: base("BaseTool"), adder: "addTool", baseClass: "MCPTool" },
    { key: "prompts", folder: "prompts", excluded: base("BasePrompt"), adder: "addPrompt", baseClass: "MCPPrompt" },
    { key: "resources", folder: "resources", excluded: base("BaseResource"), adder: "addResource", baseClass: "MCPResource" },
  ];
}

const OFF = { adders: false, completions: false, options: false, apps: false } as const;

/**
 * Oldest first. Read in the published builds of 0.1.29, 0.2.11, 0.2.15, 0.2.16 and 0.2.22, and in the
 * framework's history between them (the tags mcp-framework-v0.2.8 … v0.2.22, and the 0.1.x commits
 * from the base-folder fix of 0.1.25-beta.6 to 0.1.29, which touch neither MCPServer nor the loaders).
 */
export const RULES: readonly FrameworkRules[] = [
  // The SDK 0.6 era: tools always, prompts/resources `{ enabled: true }` when a file is found.
  { from: "0.1.26", to: "0.1.29", text: "0.1.26–0.1.29", found: { enabled: true }, toolsAlways: true, base: "parent-of-base", recursive: false, extensions: [".js"], loaders: loaders(false), ...OFF, sdk: "0.6" },
  // 0.2.9 detects tools like prompts and resources (0.2.8 never advertised them, so its start() threw).
  { from: "0.2.9", to: "0.2.13", text: "0.2.9–0.2.13", found: {}, toolsAlways: false, base: "parent-of-base", recursive: false, extensions: [".js"], loaders: loaders(false), ...OFF, sdk: "v1" },
  // 0.2.14: BaseLoader, recursive discovery, basePath taken as the folder itself.
  { from: "0.2.14", to: "0.2.18", text: "0.2.14–0.2.18", found: {}, toolsAlways: false, base: "base-or-entry-folder", recursive: true, extensions: [".js"], loaders: loaders(false), ...OFF, sdk: "v1" },
  // 0.2.19: completions with prompts or resources; `.ts` files load (tsx).
  { from: "0.2.19", to: "0.2.19", text: "0.2.19", found: {}, toolsAlways: false, base: "base-or-entry-folder", recursive: true, extensions: [".js", ".ts"], loaders: loaders(true), ...OFF, completions: true, sdk: "v1" },
  // 0.2.20: addTool & co., logging, tasks, MCP Apps, the dist/ search; SDK ^1.29.0.
  { from: "0.2.20", to: "0.2.22", text: "0.2.20–0.2.22", found: {}, toolsAlways: false, base: "dist", recursive: true, extensions: [".js", ".ts"], loaders: loaders(true), adders: true, completions: true, options: true, apps: true, sdk: "v1" },
];

export const NEWEST = RULES[RULES.length - 1]!;

type Triple = [number, number, number];
function parse(version: string): Triple | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}
function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The rules for an installed version, and whether they were read in it. Outside every range: the
 * newest range at or below it in the same minor line, else the oldest above it in that line, else the
 * newest range at or below it, else the oldest (a pre-release or an unreadable version: the newest).
 */
export function rulesFor(version: string | undefined): { rules: FrameworkRules; exact: boolean } {
  const v = version === undefined ? undefined : parse(version);
  if (!v) return { rules: NEWEST, exact: false };
  const inRange = RULES.find((r) => compare(parse(r.from)!, v) <= 0 && compare(v, parse(r.to)!) <= 0);
  if (inRange) return { rules: inRange, exact: true };
  const sameLine = RULES.filter((r) => parse(r.from)![0] === v[0] && parse(r.from)![1] === v[1]);
  const below = (list: readonly FrameworkRules[]) => [...list].reverse().find((r) => compare(parse(r.to)!, v) < 0);
  const rules = below(sameLine) ?? sameLine[0] ?? below(RULES) ?? RULES[0]!;
  return { rules, exact: false };
}

/** The apps loader (MCP Apps): a valid app adds tools and a resource, which only running it can tell. */
export const APPS_FOLDER = "apps";

/**
 * The framework's own exclusion test, kept as it is: a pattern with `*` becomes a regular expression by
 * replacing its first `*` with `.*`, unanchored and with its dots unescaped, so `*.test.js` also
 * matches `GetLatest.js` ("a" + "test" + "." + "js") and `*.d.ts` matches `add.ts`.
 */
export function excludingPattern(name: string, patterns: readonly string[]): string | undefined {
  return patterns.find((pattern) => (pattern.includes("*") ? new RegExp(pattern.replace("*", ".*")).test(name) : name === pattern));
}

/** The `tasks` capability `detectCapabilities()` sets when `tasks.enabled` and tools exist (2025-11-25 shape). */
export const TASKS_SHAPE: JsonObject = { cancel: {}, list: {}, requests: { tools: { call: {} } } };

/** Deepest folder the analysis follows inside a loader folder (the loader itself recurses without limit). */
export const MAX_FOLDER_DEPTH = 8;
