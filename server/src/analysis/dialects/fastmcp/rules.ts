// What fastmcp advertises, by release, as read in its source (`FastMCPSession`'s constructor): the
// capability object is built once per session from the tools, resources and prompts the server holds
// when the session is created, and never changed afterwards.
import type { JsonObject } from "../../core/evaluate/values";
import { newestPeriodIn } from "../../core/project/declaredPackage";

export interface FastmcpRules {
  /** The releases the rules hold for: `[since, below)`. */
  readonly since: string;
  readonly below: string;
  readonly resources: JsonObject;
  readonly prompts: JsonObject;
  /** `completions: {}` is advertised (its completion/complete handler is installed in every release). */
  readonly completions: boolean;
  /** `removeTool(name)` and the other remove* methods exist and drop only what has that name (read in 3.23.1, 3.35.0, 4.20.16; 2.2.4 has none). */
  readonly removesByName: boolean;
}

// Releases before 1.15.0 ignored resource templates when deciding `resources`, and 5.x does not exist
// yet: neither is described here, so a version outside every range is reported as unknown.
export const RULES: readonly FastmcpRules[] = [
  { since: "1.15.0", below: "3.23.1", resources: {}, prompts: {}, completions: false, removesByName: false },
  { since: "3.23.1", below: "4.8.0", resources: {}, prompts: {}, completions: true, removesByName: true },
  { since: "4.8.0", below: "5.0.0", resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, completions: true, removesByName: true },
];

/** `4.20.16` → [4, 20, 16]; undefined for anything that is not a release number. */
export function parseVersion(v: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Both must be release numbers (parseVersion); a range is compared through newestPeriodIn. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a)!;
  const y = parseVersion(b)!;
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export function rulesFor(version: string | undefined): FastmcpRules | undefined {
  if (!version || !parseVersion(version)) return undefined;
  return RULES.find((r) => compareVersions(version, r.since) >= 0 && compareVersions(version, r.below) < 0);
}

/** From this release a session advertises `tools` whenever the server has one, whatever `canAccess` lets a session see (read in 4.20.9 and 4.20.10). */
export const TOOLS_UNFILTERED_SINCE = "4.20.10";

/**
 * Whether `version` (an installed release, or a package.json range of a checkout without
 * node_modules, of which npm installs the newest release) runs before TOOLS_UNFILTERED_SINCE.
 */
export function filtersSessionTools(version: string): boolean {
  return runsBefore(version, TOOLS_UNFILTERED_SINCE);
}

/** Whether `version` (a release, or a range of which npm installs the newest release) is one before `since`; true when a range reaches none. */
function runsBefore(version: string, since: string): boolean {
  if (parseVersion(version)) return compareVersions(version, since) < 0;
  const periods = [{ before: true, span: `<${since}` }, { before: false, span: `>=${since}` }];
  return newestPeriodIn(version, periods, (p) => p.span)?.before ?? true;
}

/** From this release addTool/addTools refuse a tool whose parameters or outputSchema is not a Standard Schema (4.7.2 does not check; 4.17.1 does). */
export const STANDARD_SCHEMA_SINCE = "4.17.1";

/** Whether `version` (installed, or a range whose newest release npm installs) checks tool schemas. */
export function checksToolSchemas(version: string): boolean {
  return !runsBefore(version, STANDARD_SCHEMA_SINCE);
}

/** From this release `FastMCP` has a `connect(transport)` of its own (3.35.0 and 4.7.2 have it only on FastMCPSession). */
export const CONNECT_SINCE = "4.17.1";

/** Whether `version` (installed, or a package.json range whose newest release npm installs) lacks `FastMCP.connect()`. */
export function lacksConnect(version: string): boolean {
  return runsBefore(version, CONNECT_SINCE);
}

/** From this release add*() first drops what it holds under the same name (3.21.0 pushes beside it; read in 3.21.0, 3.22.0, 4.20.16). */
export const REPLACES_BY_NAME_SINCE = "3.22.0";

/** Whether `version` (installed, or a range whose newest release npm installs) keeps only the later of two adds under one name. */
export function replacesByName(version: string): boolean {
  return !runsBefore(version, REPLACES_BY_NAME_SINCE);
}

export const SUPPORTED_RANGE = `>=${RULES[0]!.since} <${RULES.at(-1)!.below}`;

/** The primitive each registration method adds to, and whether it takes a list. */
export const REGISTRATIONS: Readonly<Record<string, { readonly key: Primitive; readonly plural: boolean }>> = {
  addTool: { key: "tools", plural: false },
  addTools: { key: "tools", plural: true },
  addResource: { key: "resources", plural: false },
  addResources: { key: "resources", plural: true },
  addResourceTemplate: { key: "resources", plural: false },
  addResourceTemplates: { key: "resources", plural: true },
  addPrompt: { key: "prompts", plural: false },
  addPrompts: { key: "prompts", plural: true },
};

export const REMOVALS: Readonly<Record<string, Primitive>> = {
  removeTool: "tools",
  removeTools: "tools",
  removeResource: "resources",
  removeResources: "resources",
  removeResourceTemplate: "resources",
  removeResourceTemplates: "resources",
  removePrompt: "prompts",
  removePrompts: "prompts",
};

export type Primitive = "tools" | "resources" | "prompts";
export const SINGULAR: Readonly<Record<Primitive, string>> = { tools: "tool", resources: "resource", prompts: "prompt" };
export const PRIMITIVES: readonly Primitive[] = ["tools", "resources", "prompts"];

/** Calls that build the session whose capabilities a client sees. */
export const STARTS = new Set(["start", "connect"]);

/** What a release advertises under a primitive's key when the session holds one (`tools` is always `{}`). */
export function shapeOf(rules: FastmcpRules, key: Primitive): JsonObject {
  if (key === "tools") return {};
  return { ...(key === "resources" ? rules.resources : rules.prompts) };
}
