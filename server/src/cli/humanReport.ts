import { isPlainObject, type Json, type JsonObject } from "../analysis/core/evaluate/values";
import type { EraChoice } from "./args";
import type { JsonDiagnostic, JsonReport, JsonServer } from "./jsonReport";
import { terminalSafe as t } from "./terminalText";
import { ERA_NOT_KNOWN } from "../analysis/core/model/serverReport";
import { answersNothingPrefix, MAY_NOT_START } from "../analysis/core/model/unknown";

export interface HumanOptions {
  readonly era: EraChoice;
  readonly color: boolean;
  /** Where the tasks switch came from, for the header. */
  readonly tasksSource: string;
  /** Some server found follows the tasks-extension switch (a Conduit class); the others' code alone decides. */
  readonly tasksFollowed?: boolean;
  /** What the dialects recognise, for a report that found nothing (one line each). */
  readonly recognised: readonly string[];
  readonly fileCount: number;
  /** JavaScript files met and not read, named when nothing was found (a JS-only server is not "no server"). */
  readonly javaScriptFiles?: number;
  /** What the report knows of each server beyond its JSON, by `file#name`. */
  readonly notes: ReadonlyMap<string, ServerNotes>;
  /**
   * `--check`'s result, one line each: the report is then that result under its header, and the
   * diagnostics, without the servers' tables (a CI log shows the change first, not after every table).
   */
  readonly check?: readonly string[];
}

export interface ServerNotes {
  /** The code of the diagnostic that explains a null era. */
  readonly nullReason?: string;
  /** Per era, why it is not served when no diagnostic says so (an SDK entry point): a fact, not a problem. */
  readonly eraNotes?: { readonly legacy?: string; readonly modern?: string };
  /** How the dialect names itself for this server (`conduit dialect`, `SDK v1`). */
  readonly tag: string;
  /** The dialect's words for each cause, by `era` + path (see `causeKey`). */
  readonly causes: ReadonlyMap<string, string>;
  /** Warnings and errors about this server (inherited members included). */
  readonly problems: number;
  /** Those problems' codes, each once. */
  readonly problemCodes?: readonly string[];
  /** Capabilities a look-alike member would have produced: `completions (handleCompletion)`. */
  readonly missing: readonly string[];
}

interface Style {
  bold(s: string): string;
  dim(s: string): string;
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, green: (s) => s, red: (s) => s, yellow: (s) => s, cyan: (s) => s };
const ansi = (code: number) => (s: string) => `\u001b[${code}m${s}\u001b[0m`;
const colored: Style = { bold: ansi(1), dim: ansi(2), green: ansi(32), red: ansi(31), yellow: ansi(33), cyan: ansi(36) };

/**
 * The human report: per server a table of every capability path with its value in each era (side by
 * side), a `+` where modern adds or turns something on, and the cause; then what modern adds, then the
 * diagnostics with file:line:column. Text from the repository (names, keys, paths, messages) is
 * escaped for the terminal (`terminalText.ts`).
 */
export function formatHumanReport(report: JsonReport, options: HumanOptions): string {
  const st = options.color ? colored : plain;
  const lines: string[] = [];
  const n = report.servers.length;
  // The switch is named where it changes something (or was asked for): SDK and framework servers ignore it.
  const tasks = `tasks extension ${report.tasksExtension ? "on" : "off"} (${options.tasksSource}${options.tasksFollowed === false ? ": no server here follows it" : ""})`;
  const showTasks = options.tasksFollowed !== false || options.tasksSource === "--tasks";
  lines.push(`${st.bold(`mcp-caps ${report.version}`)} · ${n} server${n === 1 ? "" : "s"} in ${options.fileCount} file${options.fileCount === 1 ? "" : "s"}${showTasks ? ` · ${tasks}` : ""}`);
  if (n === 0) {
    lines.push("", "No MCP servers found. Recognised:");
    for (const r of options.recognised) lines.push(`- ${r}`);
    const js = options.javaScriptFiles ?? 0;
    if (js > 0) lines.push("", `Only TypeScript is analysed (.ts, .tsx, .mts, .cts): ${js} JavaScript file${js === 1 ? " was" : "s were"} not read.`);
    // No file read at all (JavaScript in an output folder or node_modules, a file of another kind):
    // "0 files" alone does not say which files would have been read.
    else if (options.fileCount === 0) lines.push("", NOTHING_READ);
  }
  const marks = new Set<Mark>();
  if (options.check) lines.push("", ...options.check);
  else for (const server of report.servers) lines.push("", ...serverSection(server, options, st, marks));
  if (marks.size > 0) lines.push("", ...legend(marks, st));
  if (report.diagnostics.length > 0) lines.push("", ...diagnosticsSection(report.diagnostics, st));
  if (options.check && n > 0) lines.push("", st.dim("Each server's capabilities, with their causes: the same command without --check."));
  return lines.join("\n");
}

/** Why "0 files": what the walk reads, and what it skips. */
export const NOTHING_READ =
  "No TypeScript file was read: only .ts, .tsx, .mts and .cts files are analysed (not .d.ts), and node_modules, .git and the tsconfig's output folders are skipped.";

/** The marks a table cell or a server line can carry, in the order the legend explains them. */
const MARKS = ["—", "·", "+", "{…}", "≈"] as const;
type Mark = (typeof MARKS)[number];
const MARK_MEANING: Record<Mark, string> = {
  "—": "not sent in that era",
  "·": "that era is not served (or not known): see the line above the table",
  "+": "modern adds it or turns it on",
  "{…}": "an object, whose keys are on the rows below",
  "≈": "approximate: part of it is not known (see the ≈ unknown lines)",
};

/** One line per mark the report used, so a reader does not guess what `—` or `·` means. */
function legend(used: ReadonlySet<Mark>, st: Style): string[] {
  return [st.dim("Legend:"), ...MARKS.filter((m) => used.has(m)).map((m) => st.dim(`  ${m.padEnd(5)}${MARK_MEANING[m]}`))];
}

function serverSection(s: JsonServer, o: HumanOptions, st: Style, marks: Set<Mark>): string[] {
  const out: string[] = [];
  const notes = o.notes.get(`${s.file}#${s.name}`);
  const tags = [t(notes?.tag ?? s.dialect), s.frameworkVersion ? (s.frameworkVersion === "unknown" ? "version unknown" : /^\d/.test(s.frameworkVersion) ? `v${t(s.frameworkVersion)}` : t(s.frameworkVersion)) : "", s.exact ? "" : st.yellow("≈ approximate")].filter(Boolean).join(" · ");
  out.push(`${st.bold(t(s.name))}  ${st.cyan(`${t(s.file)}:${s.line}:${s.column}`)}  ${st.dim(tags)}`);
  const showLegacy = o.era !== "modern";
  const showModern = o.era !== "legacy";
  const rows = tableRows(s, o.era, notes?.causes ?? new Map());
  const header = ["capability", ...(showLegacy ? ["legacy · initialize"] : []), ...(showModern ? ["modern · server/discover"] : []), "why"];
  const body = rows.map((r) => [
    r.label,
    ...(showLegacy ? [r.legacy] : []),
    ...(showModern ? [r.modern + (r.added ? " +" : "")] : []),
    r.why,
  ]);
  if (s.legacy === null || s.modern === null) {
    // A fact about the entry point reads plainly; a null caused by a problem reads as one.
    const line = (era: string, which: "legacy" | "modern") => {
      const fact = notes?.eraNotes?.[which];
      if (fact?.startsWith(ERA_NOT_KNOWN)) return `  ${st.dim(`${era}: not known`)} (${t(fact.slice(ERA_NOT_KNOWN.length))})`;
      if (fact) return `  ${st.dim(`${era}: not served`)} (${t(fact)})`;
      // Null because nothing of it is known (the ≈ lines say why), not because the server refuses it.
      const open = s.unknown.find((u) => (u.path as string[]).length === 0 && (u.era === undefined || u.era === which));
      if (open && !notes?.nullReason) return `  ${st.dim(`${era}: not known`)} (${t(String(open.reason))})`;
      return `  ${st.red(`${era}: not served`)} (${t(notes?.nullReason ?? "the base cannot be evaluated")})`;
    };
    // Both eras null for one reason (a start-up that throws): said once.
    const both = showLegacy && showModern && s.legacy === null && s.modern === null ? line("both eras", "legacy") : undefined;
    if (both !== undefined && both === line("both eras", "modern")) out.push(both);
    else {
      if (showLegacy && s.legacy === null) out.push(line("legacy", "legacy"));
      if (showModern && s.modern === null) out.push(line("modern", "modern"));
    }
  }
  // How a served era is served, when the dialect says (an SDK entry point): one line for both eras when they share it.
  const servedBy = (era: "legacy" | "modern") => ((era === "legacy" ? showLegacy && s.legacy !== null : showModern && s.modern !== null) ? notes?.eraNotes?.[era] : undefined);
  const [legacyBy, modernBy] = [servedBy("legacy"), servedBy("modern")];
  if (legacyBy && legacyBy === modernBy) out.push(`  ${st.dim("both eras:")} ${t(legacyBy)}`);
  else {
    if (legacyBy) out.push(`  ${st.dim("legacy:")} ${t(legacyBy)}`);
    if (modernBy) out.push(`  ${st.dim("modern:")} ${t(modernBy)}`);
  }
  const served = (showLegacy && s.legacy !== null) || (showModern && s.modern !== null);
  if (rows.length > 0) {
    out.push(...table(header, body, st, rows));
    for (const r of rows) {
      for (const cell of [...(showLegacy ? [r.legacy] : []), ...(showModern ? [r.modern] : [])]) if ((MARKS as readonly string[]).includes(cell)) marks.add(cell as Mark);
      if (showModern && r.added) marks.add("+");
    }
  }
  // With unknown parts, "none" would be a claim the analysis cannot make: the ≈ lines below say what is open.
  else if (served) out.push(st.dim(s.unknown.length === 0 ? "  (advertises no capabilities)" : "  (no capability known for certain)"));
  if (showModern && s.legacy && s.modern) {
    const added = rows.filter((r) => r.added).map((r) => r.path);
    out.push(`  ${st.green("modern adds:")} ${added.length > 0 ? t(added.join(", ")) : "nothing"}`);
  }
  for (const m of notes?.missing ?? []) out.push(`  ${st.yellow(`missing? ${t(m)}`)}`);
  for (const u of s.unknown) {
    const at = u.path as string[];
    const where = u.file ? ` ${st.cyan(`${t(String(u.file))}:${u.line}`)}` : "";
    // An entry of one era only says so: "everything" would otherwise read as both columns.
    const era = u.era === "legacy" || u.era === "modern" ? ` (${u.era} era)` : "";
    // "The server may not start: …" (or "may stop right after it starts") is about whether anything is sent, not about more keys.
    const startUp = at.length === 0 ? answersNothingPrefix(String(u.reason)) : undefined;
    const what = (startUp === MAY_NOT_START ? "whether it starts" : startUp ? "whether it keeps running" : at.length === 0 ? (u.spread ? "more keys" : "everything") : u.spread ? `more keys in ${at.join(".")}` : at.join(".")) + era;
    const reason = startUp ? String(u.reason).slice(startUp.length + 2) : String(u.reason);
    out.push(`  ${st.yellow(`≈ unknown: ${t(what)}`)} — ${t(reason)}${where}`);
  }
  if (!s.exact) marks.add("≈");
  const problems = notes?.problems ?? 0;
  // Named here, so a reader of a long report knows which ones are this server's.
  const codes = notes?.problemCodes?.length ? `: ${notes.problemCodes.map(t).join(", ")}` : "";
  if (problems > 0) out.push(`  ${st.yellow(`⚠ ${problems} problem${problems === 1 ? "" : "s"}${codes} (see Diagnostics below)`)}`);
  return out;
}

interface Row {
  path: string;
  label: string;
  legacy: string;
  modern: string;
  added: boolean;
  why: string;
}

/**
 * One row per top-level key, plus one per flag inside an object-valued key, of the eras shown: with
 * `--era legacy` a key only modern has gets no row, and the causes are legacy's alone. A key that has
 * flags in one era but is `{}` (or not an object) in another keeps a row of its own too: its sub-rows
 * alone would show it as absent from that era, when it is sent.
 */
function tableRows(s: JsonServer, era: EraChoice, words: ReadonlyMap<string, string>): Row[] {
  const legacy = era === "modern" ? null : s.legacy;
  const modern = era === "legacy" ? null : s.modern;
  const causes = new Map<string, JsonObject[]>();
  for (const p of s.provenance) {
    if (era !== "both" && p.era !== "both" && p.era !== era) continue;
    const key = (p.path as string[]).join("\u0000");
    let list = causes.get(key);
    if (!list) causes.set(key, (list = []));
    list.push(p);
  }
  const paths: string[][] = [];
  const keys = new Set([...Object.keys(legacy ?? {}), ...Object.keys(modern ?? {})]);
  for (const k of [...keys].sort()) {
    const subs = new Set<string>();
    for (const shown of [legacy, modern]) {
      const v = shown?.[k];
      if (isPlainObject(v)) for (const sub of Object.keys(v)) subs.add(sub);
    }
    const flagless = [legacy, modern].some((shown) => shown !== null && Object.hasOwn(shown, k) && !hasKeys(shown[k]));
    if (subs.size === 0 || flagless) paths.push([k]);
    for (const sub of [...subs].sort()) paths.push([k, sub]);
  }
  return paths.map((path) => {
    const l = valueAt(s.legacy, path);
    const m = valueAt(s.modern, path);
    // The row of a key whose flags have rows of their own: `{…}` where they are, and modern adds the
    // key only when legacy lacks it (a flag it adds is marked on the flag's row).
    const parent = path.length === 1 && (hasKeys(l) || hasKeys(m));
    const cell = (v: Json | undefined) => (parent && hasKeys(v) ? "{…}" : show(v));
    return {
      path: path.join("."),
      label: t(path.length === 1 ? path[0]! : `${path[0]}.${path[1]}`),
      legacy: s.legacy === null ? "·" : cell(l),
      modern: s.modern === null ? "·" : cell(m),
      added: s.legacy !== null && s.modern !== null && m !== undefined && m !== false && (parent ? l === undefined : JSON.stringify(l) !== JSON.stringify(m)),
      // A flag with no cause of its own comes with its key (`prompts.listChanged` from the constructor's
      // `capabilities` option, which is the cause of `prompts`).
      why: t(whyOf(causes.get(path.join("\u0000")) ?? (path.length > 1 ? causes.get(path[0]!) : undefined) ?? [], era !== "both", words)),
    };
  });
}

/** An object with at least one key: one that gets a row per key. */
function hasKeys(v: Json | undefined): boolean {
  return isPlainObject(v) && Object.keys(v).length > 0;
}

function valueAt(obj: JsonObject | null, path: readonly string[]): Json | undefined {
  let cur: Json | undefined = obj ?? undefined;
  for (const p of path) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

function show(v: Json | undefined): string {
  if (v === undefined) return "—";
  const text = t(JSON.stringify(v));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The key of a cause in `ServerNotes.causes`. */
export function causeKey(era: string, path: readonly string[]): string {
  return `${era}\u0000${path.join("\u0000")}`;
}

function whyOf(entries: readonly JsonObject[], oneEra: boolean, words: ReadonlyMap<string, string>): string {
  const describe = (p: JsonObject) => {
    const cause = words.get(causeKey(String(p.era), p.path as string[])) ?? causeName(String(p.because), p.detail as string | undefined);
    const where = p.file ? ` ${p.file}:${p.line}` : "";
    return `${cause}${where}`;
  };
  if (entries.length === 1 || oneEra) return entries.map(describe).join(" · ");
  return entries.map((p) => `${p.era}: ${describe(p)}`).join(" · ");
}

/** `AuditBase.handleSetLogLevel` names an inherited handler more precisely; other details qualify the cause. */
function causeName(because: string, detail: string | undefined): string {
  if (!detail) return because;
  if (detail.endsWith(`.${because}`)) return detail;
  return `${because} (${detail})`;
}

function table(header: string[], body: string[][], st: Style, rows: Row[]): string[] {
  const widths = header.map((h, i) => {
    let w = h.length;
    for (const r of body) w = Math.max(w, r[i]!.length);
    return w;
  });
  const fmt = (cells: string[]) => `  ${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")}`.trimEnd();
  const out = [st.dim(fmt(header))];
  body.forEach((cells, i) => {
    const line = fmt(cells);
    out.push(rows[i]!.added ? st.green(line) : line);
  });
  return out;
}

function diagnosticsSection(diagnostics: readonly JsonDiagnostic[], st: Style): string[] {
  const counts = { error: 0, warning: 0, information: 0, hint: 0 } as Record<string, number>;
  for (const d of diagnostics) counts[d.severity] = (counts[d.severity] ?? 0) + 1;
  const summary = (["error", "warning", "information", "hint"] as const)
    .filter((s) => counts[s]! > 0)
    .map((s) => `${counts[s]} ${s === "information" ? "info" : s}${counts[s]! > 1 && s !== "information" ? "s" : ""}`)
    .join(", ");
  const out = [st.bold(`Diagnostics (${summary})`)];
  const paint = (sev: string) => (sev === "error" ? st.red : sev === "warning" ? st.yellow : st.dim);
  for (const d of diagnostics) {
    out.push(`  ${st.cyan(`${t(d.file)}:${d.line}:${d.column}`)}  ${paint(d.severity)(d.severity.padEnd(11))} ${t(d.code)}`);
    out.push(`      ${t(d.message)}`);
  }
  return out;
}
