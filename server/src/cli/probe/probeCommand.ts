// `mcp-caps probe`: ask a running server what it advertises in each era and, with --source, set that
// beside what the static analysis predicts. This is the one part of mcp-caps that runs the user's
// program, so it is only ever started from the command line (never by the editor or the language
// server), and it leaves no process of that program behind.
import * as path from "node:path";
import type { Dialect } from "../../analysis/core/dialect";
import { DIALECTS } from "../../analysis/dialects";
import { UsageError } from "../args";
import { runCli, VERSION, type CliIo } from "../main";
import { terminalSafe as visible } from "../terminalText";
import { killAllChildren } from "./children";
import { eraDifferences, type Difference, type PredictedServer } from "./difference";
import { askOverHttp } from "./httpProbe";
import { parseProbeArgs, PROBE_USAGE, type ProbeOptions } from "./probeArgs";
import { eraReport, probeJson, probeText, serverKey, silenceForeseen, type ProbeReport, type SourceReport } from "./probeReport";
import { eraQuestion, type EraAnswer, type ProbeEra } from "./requests";
import { askOverStdio } from "./stdioProbe";

const ERAS: readonly ProbeEra[] = ["legacy", "modern"];

/** Runs `mcp-caps probe ...argv` and resolves to its exit status; never rejects. */
export async function runProbe(argv: readonly string[], io: CliIo, dialects: readonly Dialect[] = DIALECTS): Promise<number> {
  let options: ProbeOptions;
  try {
    options = parseProbeArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`mcp-caps probe: ${visible(err.message)}\n`);
      return 2;
    }
    throw err;
  }
  if (options.help) {
    io.stdout(`${PROBE_USAGE}\n`);
    return 0;
  }
  // The source is read first: a folder that cannot be analysed fails before any program is started.
  const predicted = options.source !== undefined ? analyseSource(options.source, io, dialects) : undefined;
  if (predicted === "unusable") return 2;

  // One era after the other, never both at once: two instances of a server could compete for a port,
  // a lock or a file, and the second would fail for a reason that has nothing to do with its era.
  const answers = await withChildrenStoppedOnSignal(async () => {
    const out: EraAnswer[] = [];
    for (const era of ERAS) out.push(await ask(options, era, io));
    return out;
  });
  const [legacy, modern] = answers.map((answer, i) => eraReport(eraQuestion(ERAS[i]!, VERSION), answer)) as [ReturnType<typeof eraReport>, ReturnType<typeof eraReport>];
  const report: ProbeReport = {
    tool: "mcp-caps",
    version: VERSION,
    command: options.url !== undefined ? null : [...options.command],
    ...(options.url !== undefined ? { url: options.url } : {}),
    legacy,
    modern,
    ...(predicted !== undefined ? { source: compare(options.source!, predicted, { legacy, modern }, options.url !== undefined ? [] : options.command) } : {}),
  };

  io.stdout(options.json ? probeJson(report) : probeText(report));
  let status = 0;
  for (const era of ERAS) {
    if (report[era].outcome === "failed") {
      // A first start can be slow (a cold npx install, a large bundle): the usual cure is a longer wait.
      const hint = /^no answer to \S+ within \d+ ms/.test(report[era].error ?? "") ? " (a server slow to start may need a longer --timeout)" : "";
      io.stderr(`mcp-caps probe: ${era} (${report[era].method}): ${report[era].error}${hint}\n`);
      // No answer where the source says start-up throws (or may not start) is the prediction holding, not a probe that failed.
      if (!silenceForeseen(report, era)) status = 2;
    }
  }
  // A difference an unknown part of the prediction accounts for is the analysis saying it did not know,
  // not a wrong prediction: it is listed, and only an unexplained one fails the run.
  if (status === 0 && report.source && report.source.differences.some((d) => d.explainedBy.length === 0)) status = 1;
  return status;
}

function ask(options: ProbeOptions, era: ProbeEra, io: CliIo): Promise<EraAnswer> {
  const question = eraQuestion(era, VERSION);
  if (options.url !== undefined) return askOverHttp(options.url, question, options.timeoutMs);
  const [command, ...args] = options.command;
  return askOverStdio({ command: command!, args, cwd: io.cwd, env: { ...io.env, ...options.env } }, question, options.timeoutMs);
}

/**
 * Runs `work` with handlers that, on SIGINT, SIGTERM or SIGHUP, stop every server the probe started
 * and then let the signal take its usual course (the handlers are removed first).
 */
async function withChildrenStoppedOnSignal<T>(work: () => Promise<T>): Promise<T> {
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  const onSignal = (signal: NodeJS.Signals) => {
    killAllChildren();
    detach();
    process.kill(process.pid, signal);
  };
  const detach = () => {
    for (const s of signals) process.off(s, onSignal);
    process.off("exit", killAllChildren);
  };
  for (const s of signals) process.on(s, onSignal);
  process.on("exit", killAllChildren);
  try {
    return await work();
  } finally {
    detach();
  }
}

/** The servers the static analysis finds in `dir`: the same analysis as `mcp-caps --json DIR`, in this process. */
function analyseSource(dir: string, io: CliIo, dialects: readonly Dialect[]): PredictedServer[] | "unusable" {
  let stdout = "";
  const status = runCli(["--json", "--", dir], { ...io, stdout: (t) => (stdout += t), isTty: false }, dialects);
  if (status !== 0) return "unusable";
  return (JSON.parse(stdout) as { servers: PredictedServer[] }).servers.map((s) => ({
    name: s.name,
    file: s.file,
    line: s.line,
    dialect: s.dialect,
    exact: s.exact,
    legacy: s.legacy,
    modern: s.modern,
    unknown: s.unknown,
    ...(s.startupThrows ? { startupThrows: s.startupThrows } : {}),
  }));
}

/**
 * The differences, per era the server answered, against the analysed server that comes closest: the
 * fewest differences no unknown part explains, then the fewest differences, then (an era that got no
 * answer) a prediction that start-up throws. Servers still tied are narrowed to those whose file is
 * named like a part of the command (`dist/main-a.js` for `src/main-a.ts`); any still tied are listed.
 */
function compare(dir: string, servers: PredictedServer[], observed: Pick<ProbeReport, "legacy" | "modern">, command: readonly string[]): SourceReport {
  const against = (server: PredictedServer | undefined): Difference[] =>
    ERAS.filter((era) => observed[era].outcome !== "failed").flatMap((era) => eraDifferences(era, observed[era].capabilities, server));
  const silent = ERAS.filter((era) => observed[era].outcome === "failed").length;
  const scored = servers.map((server) => {
    const differences = against(server);
    const unexplained = differences.filter((d) => d.explainedBy.length === 0).length;
    return { server, differences, score: unexplained * 1000 + differences.length * 10 + (server.startupThrows ? 0 : silent) };
  });
  const best = Math.min(...scored.map((s) => s.score));
  let closest = scored.filter((s) => s.score === best);
  if (closest.length > 1) {
    const named = closest.filter((s) => commandNames(command).has(stem(s.server.file)));
    if (named.length > 0) closest = named;
  }
  const chosen = closest[0];
  return {
    dir: dir.split(path.sep).join("/"),
    servers,
    ...(chosen ? { matched: serverKey(chosen.server) } : {}),
    ...(closest.length > 1 ? { tied: closest.map((s) => serverKey(s.server)) } : {}),
    differences: chosen ? chosen.differences : against(undefined),
  };
}

/** A file's name without its folder and extension: `main-a` for `src/main-a.ts` and `dist/main-a.js`. */
const stem = (file: string): string => file.replace(/^.*[\\/]/, "").replace(/\.[^.]*$/, "");

/** The stems of the command's arguments that look like files (`node dist/main-a.js` gives `main-a`). */
function commandNames(command: readonly string[]): Set<string> {
  return new Set(command.filter((a) => /\.[cm]?[jt]sx?$/.test(a)).map(stem));
}
