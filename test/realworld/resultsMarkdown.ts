// RESULTS.md: the corpus outcome per dialect, the exact share over the SDK servers, a row per server,
// and how to reproduce it. Stable text (no dates) so that a change of outcome shows as a diff.
import { OUTCOMES, type Outcome, type Result } from "./classify";

export interface Summary {
  readonly total: number;
  readonly byOutcome: Record<Outcome, number>;
  readonly byDialect: Record<string, Record<Outcome, number>>;
  /** Exact over the SDK servers that were analysed (skipped ones left out); null when there are none. */
  readonly sdkExactPercent: number | null;
  readonly sdkAnalysed: number;
  readonly sdkExact: number;
}

const zero = (): Record<Outcome, number> => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;

export function summarise(results: readonly Result[]): Summary {
  const byOutcome = zero();
  const byDialect: Record<string, Record<Outcome, number>> = {};
  for (const r of results) {
    byOutcome[r.outcome]++;
    (byDialect[r.dialect] ??= zero())[r.outcome]++;
  }
  const sdk = results.filter((r) => r.dialect.startsWith("sdk-") && r.outcome !== "skipped (no snapshot)");
  const sdkExact = sdk.filter((r) => r.outcome === "exact").length;
  return {
    total: results.length,
    byOutcome,
    byDialect,
    sdkExactPercent: sdk.length === 0 ? null : Math.round((1000 * sdkExact) / sdk.length) / 10,
    sdkAnalysed: sdk.length,
    sdkExact,
  };
}

// conduit is the project's own port of an Elixir library: it has no public TypeScript servers to list.
const REAL_WORLD_DIALECTS = ["sdk-v1", "sdk-v2", "fastmcp", "mcp-framework", "mcp-nest"];
const DIALECT_ORDER = [...REAL_WORLD_DIALECTS, "conduit"];
const DIALECT_NAMES: Record<string, string> = { "sdk-v1": "SDK v1", "sdk-v2": "SDK v2" };

/** Text safe inside a table cell: no pipes, no line breaks, no control characters. */
const cell = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\|/g, "\\|");

export function resultsMarkdown(results: readonly Result[], engineVersion: string): string {
  const s = summarise(results);
  // Every dialect the real world has, even with no entry yet, so that a gap shows.
  const present = Object.keys(s.byDialect);
  const dialects = [...new Set([...REAL_WORLD_DIALECTS, ...present])].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const lines: string[] = [];
  lines.push("# Real-world corpus: results", "");
  lines.push(`Written by \`npm run realworld\` (mcp-caps ${engineVersion}). Do not edit by hand.`, "");
  lines.push(
    "Each source is analysed with the releases its published build ran with (the SDK or framework version the probe recorded) installed as their package manifests, as in a workspace after `npm install`: the rules that depend on the release are those of the build that was probed, not of the repository's lock file, which `npm install <package>` does not obey.",
    "",
  );
  lines.push(
    `**${s.total} servers**: ${OUTCOMES.map((o) => `${s.byOutcome[o]} ${o}`).join(", ")}.`,
    "",
    s.sdkExactPercent === null
      ? "No SDK server was analysed."
      : `**Exact over the SDK servers: ${s.sdkExactPercent} %** (${s.sdkExact} of ${s.sdkAnalysed} analysed).`,
    "",
  );
  lines.push("## Per dialect", "", `| dialect | servers | ${OUTCOMES.join(" | ")} |`, `|---|---:|${OUTCOMES.map(() => "---:").join("|")}|`);
  for (const d of dialects) {
    const row = s.byDialect[d] ?? zero();
    const n = OUTCOMES.reduce((sum, o) => sum + row[o], 0);
    lines.push(`| ${DIALECT_NAMES[d] ?? d} | ${n} | ${OUTCOMES.map((o) => row[o]).join(" | ")} |`);
  }
  lines.push("", "## Per server", "", "| id | package@version | dialect | outcome | unknown reasons / differences |", "|---|---|---|---|---|");
  for (const r of results) {
    const dialect = r.reportedDialect ? `${r.dialect} (reported: ${r.reportedDialect})` : r.dialect;
    lines.push(`| ${cell(r.id)} | ${cell(`${r.package}@${r.version}`)} | ${cell(dialect)} | ${r.outcome} | ${r.details.map(cell).join("<br>")} |`);
  }
  lines.push("", ...REPRODUCE);
  return `${lines.join("\n")}\n`;
}

const rank = (d: string) => (DIALECT_ORDER.includes(d) ? DIALECT_ORDER.indexOf(d) : DIALECT_ORDER.length);

const REPRODUCE = [
  "## How to reproduce",
  "",
  "1. Fetch each entry's repository (`repo` in `test/realworld/servers/<id>.json`) as a bare git directory",
  "   at `<snapshots>/<owner>+<name>/repo`, with the history that holds the entry's `commit`",
  "   (for example `git clone --bare https://github.com/<owner>/<name> <snapshots>/<owner>+<name>/repo`).",
  "2. `MCP_LENS_REALWORLD_SNAPSHOTS=<snapshots> npm run realworld` (all entries; writes this file), or",
  "   `npm run realworld -- <id>...` for some (prints only), `npm run realworld -- --json` for tooling.",
  "",
  "Each entry's source is extracted with `git archive <commit> -- <dir>` into a temporary folder outside",
  "the repository and analysed there as `mcp-caps --json .` would. Entries whose snapshot is missing are",
  "reported as skipped, never as failures. The captured capabilities come from `mcp-caps probe` on the",
  "published build (see `test/realworld/README.md`).",
];
