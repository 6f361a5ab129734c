// `npm run realworld [-- [--json] [id...]]`: analyses every corpus entry's source (from the snapshots
// folder named by MCP_LENS_REALWORLD_SNAPSHOTS) with the engine, in this process, compares it with the
// capabilities its published build advertised, and writes RESULTS.md (when the whole corpus ran).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { JsonReport } from "../../server/src/cli/jsonReport";
import { runCli } from "../../server/src/cli/main";
import { classify, notFound, skipped, type Result } from "./classify";
import { readEntries, type CorpusEntry } from "./entry";
import { resultsMarkdown, summarise } from "./resultsMarkdown";
import { installedAtCapture, writeInstalledManifests } from "./installedAtCapture";
import { extract, gitDirOf, SNAPSHOTS_ENV } from "./snapshot";

const RESULTS_FILE = join(__dirname, "RESULTS.md");
// The engine runs from its sources here, where the CLI's own version stamp is a placeholder.
const VERSION = (JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;

function analyse(root: string): { report?: JsonReport; error?: string } {
  let stdout = "";
  let stderr = "";
  const status = runCli(["--json", "."], { cwd: root, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), isTty: false, env: { NO_COLOR: "1" } });
  if (status !== 0) return { error: `mcp-caps exited ${status}: ${stderr.trim().split("\n")[0] ?? ""}` };
  return { report: JSON.parse(stdout) as JsonReport };
}

function runEntry(entry: CorpusEntry, snapshots: string | undefined): Result {
  const found = gitDirOf(snapshots, entry);
  if ("missing" in found) return skipped(entry, found.missing);
  const source = extract(found.gitDir, entry);
  try {
    writeInstalledManifests(source.root, installedAtCapture(entry));
    const { report, error } = analyse(source.root);
    if (!report) return notFound(entry, `the analysis failed: ${error}`);
    return classify(entry, report.servers);
  } finally {
    source.remove();
  }
}

function main(argv: string[]): number {
  const json = argv.includes("--json");
  const ids = argv.filter((a) => a !== "--json" && a !== "--");
  const unknownOption = ids.find((a) => a.startsWith("-"));
  if (unknownOption) {
    process.stderr.write(`realworld: unknown option ${unknownOption} (usage: npm run realworld -- [--json] [id...])\n`);
    return 2;
  }
  const all = readEntries();
  const missingIds = ids.filter((id) => !all.some((e) => e.id === id));
  if (missingIds.length > 0) {
    process.stderr.write(`realworld: no entry ${missingIds.join(", ")}\n`);
    return 2;
  }
  const entries = ids.length === 0 ? all : all.filter((e) => ids.includes(e.id));
  const snapshots = process.env[SNAPSHOTS_ENV] || undefined;
  if (!snapshots) process.stderr.write(`realworld: ${SNAPSHOTS_ENV} is not set: every entry is skipped\n`);
  const results: Result[] = [];
  for (const entry of entries) {
    const result = runEntry(entry, snapshots);
    results.push(result);
    if (!json) process.stdout.write(`${result.outcome.padEnd(26)} ${entry.id}${result.details.length ? `\n${result.details.map((d) => `    ${d}`).join("\n")}` : ""}\n`);
  }
  const summary = summarise(results);
  if (json) process.stdout.write(`${JSON.stringify({ engineVersion: VERSION, summary, results }, null, 2)}\n`);
  else process.stdout.write(`\n${Object.entries(summary.byOutcome).map(([o, n]) => `${n} ${o}`).join(", ")}; exact over SDK servers: ${summary.sdkExactPercent ?? "-"} %\n`);
  const analysed = results.some((r) => r.outcome !== "skipped (no snapshot)");
  if (ids.length === 0 && analysed) {
    writeFileSync(RESULTS_FILE, resultsMarkdown(results, VERSION));
    if (!json) process.stdout.write(`wrote ${RESULTS_FILE}\n`);
  } else if (ids.length === 0) {
    // A run without any snapshot measures nothing: it must not replace the results of one that did.
    process.stderr.write(`realworld: no entry could be analysed; ${RESULTS_FILE} is left as it was\n`);
  }
  // The one outcome that must never happen fails the run; everything else is a measurement.
  return summary.byOutcome["confidently wrong"] > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
