import { isPlainObject, sortKeysDeep, type Json, type JsonObject } from "../analysis/core/evaluate/values";
import type { JsonReport } from "./jsonReport";
import { terminalSafe } from "./terminalText";

/** Marks a file as an `mcp-caps` snapshot, and its format's version. */
const FORMAT = "mcp-caps-snapshot/1";

export interface Snapshot {
  format: typeof FORMAT;
  tasksExtension: boolean;
  /** `file#ClassName` → both eras and exactness (`file#ClassName@line` for each of several of one name in a file). */
  servers: Record<string, { exact: boolean; legacy: Json; modern: Json }>;
}

/** The stable snapshot of a report: only what the servers advertise, keyed by file and class. */
export function snapshotOf(report: JsonReport): Snapshot {
  const servers: Snapshot["servers"] = {};
  const key = (s: JsonReport["servers"][number]) => `${s.file}#${s.name}`;
  const count = new Map<string, number>();
  for (const s of report.servers) count.set(key(s), (count.get(key(s)) ?? 0) + 1);
  // Two servers of one name in one file (a class redeclared, a server made twice) each keep their entry.
  for (const s of report.servers) servers[count.get(key(s))! > 1 ? `${key(s)}@${s.line}` : key(s)] = { exact: s.exact, legacy: s.legacy, modern: s.modern };
  return sortKeysDeep({ format: FORMAT, tasksExtension: report.tasksExtension, servers } as unknown as Json) as unknown as Snapshot;
}

export function serializeSnapshot(s: Snapshot): string {
  return `${JSON.stringify(s, null, 2)}\n`;
}

/** Parses a snapshot file's text; throws an Error with a one-line reason when it is not one. */
export function parseSnapshot(text: string): Snapshot {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!isPlainObject(data as Json) || (data as JsonObject).format !== FORMAT || !isPlainObject((data as JsonObject).servers)) {
    throw new Error(`not an mcp-caps snapshot (expected "format": "${FORMAT}"; write one with --write-snapshot)`);
  }
  return data as unknown as Snapshot;
}

export interface SnapshotChange {
  readonly server: string;
  readonly kind: "added" | "removed" | "changed";
  /** For `changed`: one line per differing leaf, `- path: old` / `+ path: new`. */
  readonly lines: readonly string[];
}

/** What changed from `before` to `after`, server by server, leaf by leaf. */
export function diffSnapshots(before: Snapshot, after: Snapshot): SnapshotChange[] {
  const changes: SnapshotChange[] = [];
  const names = [...new Set([...Object.keys(before.servers), ...Object.keys(after.servers)])].sort();
  for (const name of names) {
    // Own keys only: a snapshot may name a server `__proto__` or `constructor`.
    const a = Object.hasOwn(before.servers, name) ? before.servers[name] : undefined;
    const b = Object.hasOwn(after.servers, name) ? after.servers[name] : undefined;
    if (!a && b) changes.push({ server: name, kind: "added", lines: [] });
    else if (a && !b) changes.push({ server: name, kind: "removed", lines: [] });
    else if (a && b) {
      const lines = diffLeaves(leaves(a as unknown as Json), leaves(b as unknown as Json));
      if (lines.length > 0) changes.push({ server: name, kind: "changed", lines });
    }
  }
  if (before.tasksExtension !== after.tasksExtension) {
    changes.push({
      server: "(tasks extension)",
      kind: "changed",
      lines: [`- tasksExtension: ${before.tasksExtension}`, `+ tasksExtension: ${after.tasksExtension}`],
    });
  }
  return changes;
}

/**
 * The diff for a person: every line escaped for the terminal (server keys and values come from files).
 * `rewrite` is the command that writes the snapshot again, with the paths and options of the check.
 */
export function formatChanges(changes: readonly SnapshotChange[], snapshotPath: string, rewrite = `mcp-caps --write-snapshot ${snapshotPath}`): string {
  const out = [`Capabilities changed since ${snapshotPath} (${changes.length} server${changes.length === 1 ? "" : "s"}):`];
  for (const c of changes) {
    if (c.kind === "added") out.push(`+ ${c.server}  (new server)`);
    else if (c.kind === "removed") out.push(`- ${c.server}  (server removed)`);
    else {
      out.push(`~ ${c.server}`);
      for (const l of c.lines) out.push(`    ${l}`);
    }
  }
  out.push(`If the change is intended, update the snapshot: ${rewrite}`);
  return out.map(terminalSafe).join("\n");
}

/** Flattens to `path → JSON of the leaf`; empty objects and arrays are leaves. */
function leaves(v: Json, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (isPlainObject(v) && Object.keys(v).length > 0) {
    for (const k of Object.keys(v).sort()) leaves(v[k]!, prefix ? `${prefix}${pathPart(k)}` : k, out);
  } else {
    out.set(prefix, JSON.stringify(v));
  }
  return out;
}

/** `.key` for a plain name, `["io.modelcontextprotocol/tasks"]` for a key a dot would make ambiguous. */
function pathPart(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function diffLeaves(a: Map<string, string>, b: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const x = a.get(key);
    const y = b.get(key);
    if (x === y) continue;
    if (x !== undefined) lines.push(`- ${key}: ${x}`);
    if (y !== undefined) lines.push(`+ ${key}: ${y}`);
  }
  return lines;
}

/** Quotes a command-line argument for a POSIX shell when it needs it. */
function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}

/** `mcp-caps [--tasks on] [--project p] --write-snapshot snap.json [paths…]`: what wrote the snapshot being checked. */
export function rewriteCommand(snapshotPath: string, paths: readonly string[], options: { readonly tasks?: boolean | undefined; readonly project?: string | undefined }): string {
  const words = ["mcp-caps"];
  if (options.tasks !== undefined) words.push("--tasks", options.tasks ? "on" : "off");
  if (options.project !== undefined) words.push("--project", options.project);
  words.push("--write-snapshot", snapshotPath);
  if (!(paths.length === 1 && paths[0] === ".")) words.push(...paths);
  return words.map(shellWord).join(" ");
}
