import * as fs from "node:fs";
import * as path from "node:path";
import { Project } from "ts-morph";
import { diagnosticsByServer } from "../analysis/core/model/ofServer";
import type { EraNote } from "../analysis/core/model/serverReport";
import { ConfigError, ProjectContext } from "../analysis/core/project/projectRegistry";
import { normalizePath, relativePath } from "../analysis/core/project/paths";
import { readTasksSetting } from "../analysis/core/tasksSetting";
import { Workspace } from "../analysis/core/workspace";
import type { Dialect } from "../analysis/core/dialect";
import { DIALECTS } from "../analysis/dialects";
import { parseArgs, UsageError, USAGE, type CliOptions } from "./args";
import { discoverFiles, InputError, unusableConfig } from "../files/discoverFiles";
import { causeKey, formatHumanReport, type ServerNotes } from "./humanReport";
import { toJsonReport } from "./jsonReport";
import { diffSnapshots, formatChanges, parseSnapshot, serializeSnapshot, snapshotOf } from "./snapshot";

declare const __VERSION__: string;
/** Diagnostics that explain why an era is null, most specific first. */
const NULL_CAUSES: readonly string[] = ["capabilities-not-callable", "capability-not-object", "capabilities-dynamic"];
export const VERSION = typeof __VERSION__ === "string" ? __VERSION__ : "0.0.0-dev";

export interface CliIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Runs `mcp-caps` with the given dialects (all the tool knows, by default) and returns its exit status; never throws. */
export function runCli(argv: readonly string[], io: CliIo, dialects: readonly Dialect[] = DIALECTS): number {
  let options: CliOptions | undefined;
  try {
    options = parseArgs(argv);
    if (options.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (options.version) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    return run(options, io, dialects);
  } catch (err) {
    if (err instanceof UsageError || err instanceof InputError || err instanceof ConfigError) {
      io.stderr(`mcp-caps: ${err.message}\n`);
      return 2;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`mcp-caps: internal error: ${message}${options?.debug ? "" : " (run with --debug for details)"}\n`);
    if (options?.debug && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    return 2;
  }
}

function run(options: CliOptions, io: CliIo, dialects: readonly Dialect[]): number {
  const cwd = normalizePath(io.cwd);
  const fileSystem = new Project({ skipLoadingLibFiles: true }).getFileSystem();
  const tsconfig = options.project ? normalizePath(path.resolve(io.cwd, options.project)) : undefined;
  if (tsconfig) {
    if (!fs.existsSync(tsconfig)) throw new InputError(`cannot read tsconfig ${options.project}: no such file`);
    const problem = unusableConfig(tsconfig);
    if (problem) throw new InputError(`cannot read tsconfig ${options.project}: ${problem}`);
  }
  // Every tsconfig in play is read once up front: one that cannot be used fails now, with exit 2,
  // and one whose `extends` chain is broken gets a warning line.
  const configWarnings: string[] = [];
  const readConfig = (configPath: string) => {
    const project = new ProjectContext(configPath, fileSystem);
    for (const problem of project.problems) configWarnings.push(`${path.relative(io.cwd, configPath) || configPath}: ${problem} (its other options are used)`);
    return project;
  };
  if (tsconfig) readConfig(tsconfig);
  const inputs = discoverFiles(options.paths, io.cwd, (configPath) => readConfig(configPath).outputFolders());
  for (const w of [...configWarnings, ...inputs.warnings]) io.stderr(`mcp-caps: warning: ${w}\n`);

  const fromPackage = readTasksSetting(fileSystem, cwd);
  if (fromPackage.problem) io.stderr(`mcp-caps: warning: ${fromPackage.problem}\n`);
  const tasksExtension = options.tasks ?? fromPackage.value ?? false;
  const tasksSource = options.tasks !== undefined ? "--tasks" : fromPackage.value !== undefined ? "package.json" : "default";

  const workspace = new Workspace({ fileSystem, dialects, roots: inputs.roots, unusableConfig, ...(tsconfig ? { tsconfig } : {}) });
  const analysis = workspace.analyzeFiles(inputs.files, { tasksExtension });
  for (const s of analysis.skipped) io.stderr(`mcp-caps: warning: skipped ${path.relative(io.cwd, s.file) || s.file}: ${s.detail}\n`);

  const report = toJsonReport(analysis, { cwd, version: VERSION, tasksExtension, position: (f, o) => workspace.position(f, o) });
  let status = 0;
  if (options.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const color = options.color ?? (io.isTty && !io.env.NO_COLOR);
    const notes = new Map<string, ServerNotes>();
    const grouped = diagnosticsByServer(analysis.servers, analysis.diagnostics);
    for (const server of analysis.servers) {
      const mine = grouped.get(server)!;
      const nullReason = NULL_CAUSES.find((code) => mine.some((d) => d.code === code));
      const dialect = workspace.dialectOf(server);
      // A note names the place that decides the era (`connect(...)`, `createMcpHandler(...)`), like every other cause.
      const noteText = (n: EraNote | undefined) =>
        n && (n.loc ? `${n.text} · ${relativePath(cwd, n.loc.file)}:${workspace.position(n.loc.file, n.loc.span.start).line + 1}` : n.text);
      const eraNotes = { legacy: noteText(server.eraNotes?.legacy), modern: noteText(server.eraNotes?.modern) };
      notes.set(`${relativePath(cwd, server.loc.file)}#${server.name}`, {
        ...(nullReason ? { nullReason } : {}),
        eraNotes,
        tag: dialect?.words.tag(server) ?? server.dialect,
        causes: new Map(server.provenance.map((p) => [causeKey(p.era, p.path), dialect?.words.cause(server, p).brief ?? p.because])),
        problems: mine.filter((d) => d.severity === "error" || d.severity === "warning").length,
        missing: server.missing.map((m) => `${m.path.join(".")} (${m.member} is not a handler; did you mean ${m.meant}?)`),
      });
    }
    // Files skipped whole (binary, too large, unreadable) were not analysed: the header does not count them.
    const fileCount = inputs.files.length - analysis.skipped.filter((f) => f.reason !== "failed").length;
    io.stdout(`${formatHumanReport(report, { era: options.era, color, tasksSource, fileCount, notes, recognised: dialects.map((d) => d.words.recognises) })}\n`);
  }

  if (options.writeSnapshot) {
    const target = path.resolve(io.cwd, options.writeSnapshot);
    // Only a snapshot is ever overwritten: a mistyped path must not replace a source file.
    const existing = readIfFile(target);
    if (existing !== undefined && !isSnapshot(existing)) {
      throw new InputError(`refusing to overwrite ${options.writeSnapshot}: it is not an mcp-caps snapshot (choose another file, or delete it first)`);
    }
    try {
      fs.writeFileSync(target, serializeSnapshot(snapshotOf(report)));
    } catch (err) {
      throw new InputError(`cannot write snapshot ${options.writeSnapshot}: ${err instanceof Error ? err.message : String(err)}`);
    }
    io.stderr(`mcp-caps: wrote snapshot of ${report.servers.length} server${report.servers.length === 1 ? "" : "s"} to ${options.writeSnapshot}\n`);
  }
  if (options.check) {
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, options.check), "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === "ENOENT" ? `no such file (write one with --write-snapshot ${options.check})` : code === "EISDIR" ? "it is a folder, not a snapshot file" : err instanceof Error ? err.message : String(err);
      throw new InputError(`cannot read snapshot ${options.check}: ${why}`);
    }
    let before;
    try {
      before = parseSnapshot(text);
    } catch (err) {
      throw new InputError(`cannot use snapshot ${options.check}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const changes = diffSnapshots(before, snapshotOf(report));
    const out = options.json ? io.stderr : io.stdout;
    if (changes.length > 0) {
      out(`${formatChanges(changes, options.check)}\n`);
      status = 1;
    } else {
      io.stderr(`mcp-caps: capabilities match ${options.check}\n`);
    }
  }
  if (options.strict && report.diagnostics.some((d) => d.severity === "error" || d.severity === "warning")) {
    io.stderr(`mcp-caps: --strict: warnings or errors were reported\n`);
    status = 1;
  }
  return status;
}

/** A regular file's text, or undefined when there is none there (devices and pipes are not read). */
function readIfFile(file: string): string | undefined {
  try {
    return fs.statSync(file).isFile() ? fs.readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

function isSnapshot(text: string): boolean {
  try {
    parseSnapshot(text);
    return true;
  } catch {
    return false;
  }
}
