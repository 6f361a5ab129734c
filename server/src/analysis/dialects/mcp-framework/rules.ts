// mcp-framework's rules, as read in its installed code (dist/core/MCPServer.js `detectCapabilities()`,
// dist/loaders/*.js, dist/utils/fileDiscovery.js). Each is keyed by the versions it was read in.
import type { JsonObject } from "../../core/evaluate/values";

/** The releases whose code these rules were read from. Other versions are applied with an `unknown` entry. */
export const VERIFIED_RANGE = { major: 0, minor: 2, fromPatch: 22 } as const;
export const VERIFIED_TEXT = "0.2.22";

export function isVerified(version: string): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) return false;
  return Number(m[1]) === VERIFIED_RANGE.major && Number(m[2]) === VERIFIED_RANGE.minor && Number(m[3]) >= VERIFIED_RANGE.fromPatch;
}

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

const TEST_PATTERNS = ["*.test.js", "*.spec.js", "*.test.ts", "*.spec.ts", "*.d.ts"];

export const LOADERS: readonly LoaderRule[] = [
  { key: "tools", folder: "tools", excluded: ["BaseTool.js", "BaseTool.ts", ...TEST_PATTERNS], adder: "addTool", baseClass: "MCPTool" },
  { key: "prompts", folder: "prompts", excluded: ["BasePrompt.js", "BasePrompt.ts", ...TEST_PATTERNS], adder: "addPrompt", baseClass: "MCPPrompt" },
  { key: "resources", folder: "resources", excluded: ["BaseResource.js", "BaseResource.ts", ...TEST_PATTERNS], adder: "addResource", baseClass: "MCPResource" },
];

/** The apps loader (MCP Apps): a valid app adds tools and a resource, which only running it can tell. */
export const APPS_FOLDER = "apps";

/** File name endings the loaders accept (`extensions: ['.js', '.ts']`, tested with `endsWith`). */
export const LOADED_EXTENSIONS = [".js", ".ts"] as const;

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
