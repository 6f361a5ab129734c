// `mcp-caps` command-line parsing (spec/cli.md). Bad usage is a `UsageError`: exit 2, one line.

export type EraChoice = "legacy" | "modern" | "both";
export type OutputFormat = "text" | "json" | "sarif" | "github";
const FORMATS: readonly OutputFormat[] = ["text", "json", "sarif", "github"];

export interface CliOptions {
  readonly paths: readonly string[];
  /** What `--format` (or `--json`) asked for; undefined lets the environment choose (see `outputFormat`). */
  readonly format: OutputFormat | undefined;
  readonly era: EraChoice;
  readonly tasks: boolean | undefined;
  readonly project: string | undefined;
  readonly check: string | undefined;
  readonly writeSnapshot: string | undefined;
  readonly strict: boolean;
  readonly color: boolean | undefined;
  readonly debug: boolean;
  /** What the command line asks that the chosen report does not do: said on stderr, not an error. */
  readonly notes: readonly string[];
  readonly help: boolean;
  readonly version: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: mcp-caps [options] [PATH...]
       mcp-caps lsp            run the language server on stdio (for any LSP editor)
       mcp-caps probe -- CMD   RUN a built server and ask what it advertises (see probe --help)

Shows what each MCP server advertises as capabilities, in the legacy era
(initialize, 2025-06-18 / 2025-11-25) and the modern era (server/discover, 2026-07-28),
from its TypeScript source, without running anything: servers of the official SDK
(v1 and v2), fastmcp, mcp-framework, MCP-Nest, and conduit-style server classes.
PATH: files or folders (default ".").

Options:
  --format text|json|sarif|github
                             text: the human report (default; github when the
                             environment has GITHUB_ACTIONS=true); json: the JSON
                             report; sarif: SARIF 2.1.0 for code scanning; github:
                             workflow commands that annotate the diagnostics
  --json                     the same as --format json
  --sarif                    the same as --format sarif
  --era legacy|modern|both   which eras the human report shows (default both;
                             json and sarif always hold both)
  --tasks on|off             force the tasks-extension switch
                             (default: package.json "mcpCapabilityLens.tasksExtension", else off)
  --project TSCONFIG         use this tsconfig for every file (default: the nearest
                             tsconfig.json above each file, never above the working directory)
  --check SNAPSHOT           compare with a snapshot written by --write-snapshot;
                             exit 1 on any change and print it as a diff
  --write-snapshot FILE      write both eras of every server as a stable JSON snapshot
                             (prints one line, not the report, unless --format is given)
  --strict                   exit 1 when a warning or error is reported
  --color, --no-color        force or disable colours (default: on for a terminal, off with NO_COLOR)
  --debug                    print stack traces of internal errors (and of a file whose
                             analysis failed)
  --help                     show this help
  --version                  show the version

Exit status: 0 done; 1 --check found a change or --strict found a warning/error;
2 bad usage or an input that cannot be read.`;

const VALUE_FLAGS = new Set(["--format", "--era", "--tasks", "--project", "--check", "--write-snapshot"]);

export function parseArgs(argv: readonly string[]): CliOptions {
  const paths: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  let onlyPaths = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPaths || !arg.startsWith("-") || arg === "-") {
      paths.push(arg);
      continue;
    }
    if (arg === "--") {
      onlyPaths = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (VALUE_FLAGS.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === "") throw new UsageError(`${name} needs a value (see --help)`);
      // `--write-snapshot --json` is a forgotten value, not a file named "--json"; `--flag=-x` is meant.
      if (eq < 0 && value.startsWith("-") && value !== "-") throw new UsageError(`${name} needs a value, not the option ${value} (see --help)`);
      values.set(name, value);
      continue;
    }
    if (eq > 0) throw new UsageError(`${name} takes no value (see --help)`);
    if (!["--json", "--sarif", "--strict", "--help", "-h", "--version", "-v", "--debug", "--color", "--no-color"].includes(arg)) {
      throw new UsageError(`unknown option ${arg} (see --help)`);
    }
    flags.add(arg);
  }
  const formatValue = values.get("--format");
  if (formatValue !== undefined && !FORMATS.includes(formatValue as OutputFormat)) {
    throw new UsageError(`--format must be text, json, sarif or github, not "${formatValue}"`);
  }
  // `--json` and `--sarif` are shortcuts: each asks for its format, and two different asks are a mistake.
  const asked = [...new Set([...(flags.has("--json") ? ["json"] : []), ...(flags.has("--sarif") ? ["sarif"] : []), ...(formatValue !== undefined ? [formatValue] : [])])];
  if (asked.length > 1) throw new UsageError(`${formatNames(flags, formatValue)} ask for two formats: choose one`);
  const format = asked[0] as OutputFormat | undefined;
  const era = values.get("--era") ?? "both";
  if (era !== "legacy" && era !== "modern" && era !== "both") throw new UsageError(`--era must be legacy, modern or both, not "${era}"`);
  // The JSON and SARIF documents always hold both eras (a consumer reads the one it needs). The
  // contract gives --era to the human report only, so with them it is not an error, but it is said.
  const notes = values.has("--era") && (format === "json" || format === "sarif") ? [`--era chooses the eras of the human report; the ${format} report holds both eras`] : [];
  const tasksValue = values.get("--tasks");
  if (tasksValue !== undefined && tasksValue !== "on" && tasksValue !== "off") throw new UsageError(`--tasks must be on or off, not "${tasksValue}"`);
  if (values.has("--check") && values.has("--write-snapshot")) {
    throw new UsageError("--check and --write-snapshot cannot be used together: write the snapshot first, then check against it");
  }
  return {
    paths: paths.length > 0 ? paths : ["."],
    format,
    era,
    tasks: tasksValue === undefined ? undefined : tasksValue === "on",
    project: values.get("--project"),
    check: values.get("--check"),
    writeSnapshot: values.get("--write-snapshot"),
    strict: flags.has("--strict"),
    color: flags.has("--no-color") ? false : flags.has("--color") ? true : undefined,
    debug: flags.has("--debug"),
    notes,
    help: flags.has("--help") || flags.has("-h"),
    version: flags.has("--version") || flags.has("-v"),
  };
}

/** `--json and --format sarif`, `--json and --sarif`: the options that asked for a format, in words. */
function formatNames(flags: ReadonlySet<string>, formatValue: string | undefined): string {
  const names = [...(flags.has("--json") ? ["--json"] : []), ...(flags.has("--sarif") ? ["--sarif"] : []), ...(formatValue !== undefined ? [`--format ${formatValue}`] : [])];
  return names.join(" and ");
}

/**
 * The format to print: the one asked for, else `github` inside GitHub Actions (which sets
 * GITHUB_ACTIONS=true), so a plain `mcp-caps` step annotates the pull request; else the human report.
 */
export function outputFormat(options: Pick<CliOptions, "format">, env: Readonly<Record<string, string | undefined>>): OutputFormat {
  return options.format ?? (env.GITHUB_ACTIONS === "true" ? "github" : "text");
}
