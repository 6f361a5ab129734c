import { existsSync, statSync } from "node:fs";
import * as path from "node:path";
import { Project } from "ts-morph";
import { diagnosticsByServer } from "../analysis/core/model/ofServer";
import type { EraNote } from "../analysis/core/model/serverReport";
import { ConfigError, ProjectContext } from "../analysis/core/project/projectRegistry";
import { isWithin, normalizePath, relativePath } from "../analysis/core/project/paths";
import { fencedFileSystem } from "../analysis/core/project/fencedFileSystem";
import { readTasksSetting } from "../analysis/core/tasksSetting";
import { Workspace, type WorkspaceAnalysis } from "../analysis/core/workspace";
import type { Dialect } from "../analysis/core/dialect";
import { DIALECTS } from "../analysis/dialects";
import { outputFormat, UsageError, type CliOptions } from "./args";
import { earlyAnswer } from "./earlyAnswer";
import { discoverFiles, InputError, rootFor, unusableConfig } from "../files/discoverFiles";
import { githubAnnotations, logGroup, plainAnnotation } from "./githubReport";
import { causeKey, formatHumanReport, NOTHING_READ, type ServerNotes } from "./humanReport";
import { toJsonReport } from "./jsonReport";
import { toSarifLog } from "./sarifReport";
import { shortenPaths, withShortPaths } from "./shortPaths";
import { GuardedFileSystem } from "../files/guardedFileSystem";
import { readSnapshot, writeSnapshotFile } from "./snapshotFile";
import { assertReadablePaths, plainSkipReason } from "./readablePaths";
import { recordingStacks } from "./debugStacks";
import { terminalSafe, terminalSafeJson, terminalSafeLines } from "./terminalText";
import { diffSnapshots, formatChanges, rewriteCommand, serializeSnapshot, snapshotOf } from "./snapshot";

import { VERSION } from "./version";

export { VERSION };
/** Diagnostics that explain why an era is null, most specific first. */
// The problems that make an era unserved. A base that is dynamic as a whole is not one: the era is
// served, and only what it holds is not known (its ≈ line says why).
const NULL_CAUSES: readonly string[] = ["capabilities-not-callable", "capability-not-object"];

export interface CliIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs `mcp-caps` with the given dialects (all the tool knows, by default) and returns its exit status;
 * never throws. Everything it prints for a person is escaped for the terminal (`terminalText.ts`).
 */
export function runCli(argv: readonly string[], io: CliIo, dialects: readonly Dialect[] = DIALECTS): number {
  let options: CliOptions | undefined;
  try {
    const early = earlyAnswer(argv, io);
    if (early.status !== undefined) return early.status;
    options = early.options;
    return run(options, io, dialects);
  } catch (err) {
    if (err instanceof UsageError || err instanceof InputError || err instanceof ConfigError) {
      io.stderr(`mcp-caps: ${terminalSafe(err.message)}\n`);
      return 2;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`mcp-caps: internal error: ${terminalSafe(message)}${options?.debug ? "" : " (run with --debug for details)"}\n`);
    if (options?.debug && err instanceof Error && err.stack) io.stderr(`${err.stack.split("\n").map(terminalSafe).join("\n")}\n`);
    return 2;
  }
}

function run(options: CliOptions, io: CliIo, allDialects: readonly Dialect[]): number {
  const cwd = normalizePath(io.cwd);
  // The snapshot to check against is read first: a missing or broken one is exit 2 before any report.
  const before = options.check ? readSnapshot(io.cwd, options.check) : undefined;
  assertReadablePaths(options.paths, io.cwd);
  const stacks = options.debug ? recordingStacks(allDialects) : undefined;
  const dialects = stacks?.dialects ?? allDialects;
  // Every read of the analysis (TypeScript's included) is of a regular file under its size limit.
  const fileSystem = new GuardedFileSystem(new Project({ skipLoadingLibFiles: true }).getFileSystem());
  const tsconfig = options.project ? normalizePath(path.resolve(io.cwd, options.project)) : undefined;
  if (tsconfig) {
    if (!existsSync(tsconfig)) throw new InputError(`cannot read tsconfig ${options.project}: no such file`);
    const problem = unusableConfig(tsconfig);
    if (problem) throw new InputError(`cannot read tsconfig ${options.project}: ${problem}`);
  }
  // Every tsconfig in play is read once up front: one that cannot be used fails now, with exit 2,
  // and one whose `extends` chain is broken gets a warning line.
  // The same problem in many tsconfigs (a monorepo's packages all extending one uninstalled base) is one line.
  const configProblems = new Map<string, string[]>();
  // Read within the workspace the PATHs make (discoverFiles' roots), and the --project file's folder:
  // an `extends` out of them is not read, as the analysis reads nothing outside.
  const configRoots = [...options.paths.map((p) => { const abs = path.resolve(io.cwd, p); return rootFor(io.cwd, abs, isFile(abs)); }), ...(tsconfig ? [path.posix.dirname(tsconfig)] : [])];
  const configFiles = fencedFileSystem(fileSystem, [...new Set(configRoots)]).fs;
  const readConfig = (configPath: string) => {
    const project = new ProjectContext(configPath, configFiles, unusableConfig);
    for (const problem of project.problems) {
      const configs = configProblems.get(problem) ?? [];
      configs.push(path.relative(io.cwd, configPath) || configPath);
      configProblems.set(problem, configs);
    }
    return project;
  };
  const inputs = discoverFiles(options.paths, io.cwd, (configPath) => readConfig(configPath).outputFolders(), {}, tsconfig ? readConfig(tsconfig).outputFolders() : undefined);
  const warn = (text: string) => io.stderr(`mcp-caps: warning: ${terminalSafe(text)}\n`);
  for (const note of options.notes) io.stderr(`mcp-caps: note: ${terminalSafe(note)}\n`);
  const configWarnings = [...configProblems].map(([problem, configs]) => `${namedConfigs(configs)}: ${problem} (${configs.length > 1 ? "their" : "its"} other options are used)`);
  for (const w of [...configWarnings, ...inputs.warnings]) warn(w);

  const fromPackage = readTasksSetting(fileSystem, cwd);
  if (fromPackage.problem) warn(fromPackage.problem);
  const tasksExtension = options.tasks ?? fromPackage.value ?? false;
  const tasksSource = options.tasks !== undefined ? "--tasks" : fromPackage.value !== undefined ? "package.json" : "default";

  const roots = [...new Set([...inputs.roots, ...(tsconfig && !inputs.roots.some((r) => isWithin(r, tsconfig)) ? [path.posix.dirname(tsconfig)] : [])])];
  const workspace = new Workspace({ fileSystem, dialects, roots, unusableConfig, ...(tsconfig ? { tsconfig } : {}) });
  const analysis = workspace.analyzeFiles(inputs.files, { tasksExtension });
  for (const s of analysis.skipped) {
    warn(`skipped ${path.relative(io.cwd, s.file) || s.file}: ${plainSkipReason(s.detail)}`);
    const stack = s.reason === "failed" ? stacks?.stackOf(s.file) : undefined;
    if (stack) io.stderr(`${stack.split("\n").map(terminalSafe).join("\n")}\n`);
  }

  const report = toJsonReport(analysis, { cwd, version: VERSION, tasksExtension, position: (f, o) => workspace.position(f, o) });
  const format = outputFormat(options, io.env);
  // Files skipped whole (binary, too large, unreadable) were not analysed: the header does not count them.
  const fileCount = inputs.files.length - analysis.skipped.filter((f) => f.reason !== "failed").length;
  // --check's result, worked out before the report: in the human report it comes first.
  const changes = options.check && before ? diffSnapshots(before, snapshotOf(report)) : undefined;
  const changeText = changes && changes.length > 0 && options.check ? terminalSafeLines(formatChanges(changes, options.check, rewriteCommand(options.check, options.paths, options))) : undefined;
  const checkLines = changes && options.check ? (changeText ?? `Capabilities match ${terminalSafe(options.check)} (${serverCount(report.servers.length)}).`).split("\n") : undefined;
  const human = (color: boolean, check?: readonly string[]) => formatHumanReport(withShortPaths(report, cwd), {
    era: options.era,
    color,
    tasksSource,
    tasksFollowed: analysis.servers.some((s) => workspace.dialectOf(s)?.words.followsTasksSetting === true),
    fileCount,
    notes: serverNotes(workspace, analysis, cwd),
    recognised: dialects.map((d) => d.words.recognises),
    javaScriptFiles: inputs.javaScriptFiles,
    ...(check ? { check } : {}),
  });
  const formatted = (f: typeof format): string => {
    if (f === "json") return terminalSafeJson(JSON.stringify(report, null, 2));
    if (f === "sarif") return terminalSafeJson(JSON.stringify(toSarifLog(report, cwd, dialects), null, 2));
    if (f === "text") return human(options.color ?? (io.isTty && !io.env.NO_COLOR), checkLines);
    const title = `mcp-caps: ${serverCount(report.servers.length)}, ${report.diagnostics.length} diagnostic${report.diagnostics.length === 1 ? "" : "s"}`;
    // Annotations are read by people, like the human report: paths under the working directory shortened.
    return [...githubAnnotations(withShortPaths(report, cwd)), ...logGroup(title, human(false))].join("\n");
  };
  let status = 0;
  // The human report says so under "No MCP servers found"; the JSON and SARIF documents have no place for it.
  const js = inputs.javaScriptFiles;
  if ((format === "json" || format === "sarif") && report.servers.length === 0 && js > 0) {
    warn(`no server found; only TypeScript is analysed (.ts, .tsx, .mts, .cts): ${js} JavaScript file${js === 1 ? " was" : "s were"} not read`);
  } else if ((format === "json" || format === "sarif") && fileCount === 0) warn(NOTHING_READ);
  // --write-snapshot answers with one line, unless a format was asked for as well.
  const printReport = !options.writeSnapshot || options.format !== undefined;
  if (printReport) io.stdout(`${formatted(format)}\n`);

  if (options.writeSnapshot) {
    writeSnapshotFile(io.cwd, options.writeSnapshot, serializeSnapshot(snapshotOf(report)));
    // On stdout when it is all there is to say; beside a report, on stderr (stdout may be a document).
    (printReport ? io.stderr : io.stdout)(`mcp-caps: wrote the capabilities of ${serverCount(report.servers.length)} (both eras) to ${terminalSafe(options.writeSnapshot)}\n`);
  }
  if (options.check && changes) {
    // The JSON and SARIF formats keep stdout for their document; the human report printed it already.
    const out = format === "json" || format === "sarif" ? io.stderr : io.stdout;
    if (changeText !== undefined) {
      if (format === "github") out(`${plainAnnotation("error", "mcp-caps --check", changeText)}\n`);
      if (format !== "text") out(`${changeText}\n`);
      status = 1;
    } else if (format !== "text") {
      io.stderr(`mcp-caps: capabilities match ${terminalSafe(options.check)}\n`);
    }
  }
  if (options.strict && report.diagnostics.some((d) => d.severity === "error" || d.severity === "warning")) {
    io.stderr(`mcp-caps: --strict: warnings or errors were reported\n`);
    status = 1;
  }
  return status;
}

/** What the human report knows of each server beyond its JSON, keyed like the report. */
function serverNotes(workspace: Workspace, analysis: WorkspaceAnalysis, cwd: string): Map<string, ServerNotes> {
  const notes = new Map<string, ServerNotes>();
  const grouped = diagnosticsByServer(analysis.servers, analysis.diagnostics);
  for (const server of analysis.servers) {
    const mine = grouped.get(server)!;
    const nullReason = NULL_CAUSES.find((code) => mine.some((d) => d.code === code));
    const dialect = workspace.dialectOf(server);
    // A note names the place that decides the era (`connect(...)`, `createMcpHandler(...)`), like every other cause.
    const noteText = (n: EraNote | undefined) =>
      n && (n.loc ? `${shortenPaths(n.text, cwd)} · ${relativePath(cwd, n.loc.file)}:${workspace.position(n.loc.file, n.loc.span.start).line + 1}` : shortenPaths(n.text, cwd));
    notes.set(`${relativePath(cwd, server.loc.file)}#${server.name}`, {
      ...(nullReason ? { nullReason } : {}),
      eraNotes: { legacy: noteText(server.eraNotes?.legacy), modern: noteText(server.eraNotes?.modern) },
      tag: dialect?.words.tag(server) ?? server.dialect,
      causes: new Map(server.provenance.map((p) => [causeKey(p.era, p.path), dialect?.words.cause(server, p).brief ?? p.because])),
      problems: mine.filter((d) => d.severity === "error" || d.severity === "warning").length,
      problemCodes: [...new Set(mine.filter((d) => d.severity === "error" || d.severity === "warning").map((d) => d.code))],
      missing: server.missing.map((m) => `${m.path.join(".")} (${m.member} is not a handler; did you mean ${m.meant}?)`),
    });
  }
  return notes;
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

/** `a/tsconfig.json`, or `a/tsconfig.json and 3 other tsconfigs`. */
function namedConfigs(configs: readonly string[]): string {
  const unique = [...new Set(configs)];
  return unique.length === 1 ? unique[0]! : `${unique[0]} and ${unique.length - 1} other tsconfig${unique.length > 2 ? "s" : ""}`;
}

const serverCount = (n: number): string => `${n} server${n === 1 ? "" : "s"}`;
