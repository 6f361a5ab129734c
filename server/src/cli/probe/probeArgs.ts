// `mcp-caps probe` command-line parsing. Everything after `--` is the server's command line, passed
// to it untouched. Bad usage is a `UsageError`: exit 2, one line.
import { UsageError } from "../args";

export interface ProbeOptions {
  readonly command: readonly string[];
  readonly url: string | undefined;
  readonly source: string | undefined;
  readonly json: boolean;
  readonly timeoutMs: number;
  readonly env: Readonly<Record<string, string>>;
  readonly help: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export const PROBE_USAGE = `Usage: mcp-caps probe [options] -- <command> [args...]
       mcp-caps probe [options] --url URL

RUNS the given MCP server (it executes your program: never point it at code you
do not trust) and asks it what it advertises, once per protocol era, each in a
fresh process (stdio) or request (HTTP):
  legacy: initialize (protocol 2025-11-25)
  modern: server/discover (protocol 2026-07-28)
An era the server answers with a JSON-RPC error is shown as "not served".

Options:
  --url URL          probe a Streamable HTTP (or HTTP+SSE) endpoint instead of starting a command
  --source PATH      also analyse PATH (a folder, or the server's own file) statically
                     (no code run) and show, per era, how the closest prediction
                     differs from what the server advertised
  --json             print the result as JSON
  --timeout MS       how long to wait for each answer (default ${DEFAULT_TIMEOUT_MS})
  --env K=V          set an environment variable for the server (repeatable)
  --help             show this help

Exit status: 0 done (and, with --source, the prediction matches, or differs only
where it said it does not know); 1 --source differs from what the server
advertised where the prediction claimed to know; 2 bad usage, a source that cannot be
read, or a server that could not be asked (did not start, crashed, timed out),
unless --source predicted that its start-up throws or that it may not start.
Lines a stdio server writes to stdout that are not JSON-RPC are skipped, as the
SDK's client skips them, and named beside the answer.`;

export function parseProbeArgs(argv: readonly string[]): ProbeOptions {
  const dash = argv.indexOf("--");
  const own = dash >= 0 ? argv.slice(0, dash) : argv;
  const command = dash >= 0 ? argv.slice(dash + 1) : [];
  let url: string | undefined;
  let source: string | undefined;
  let timeout: string | undefined;
  let json = false;
  let help = false;
  const env: Record<string, string> = {};
  for (let i = 0; i < own.length; i++) {
    const arg = own[i]!;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string => {
      const value = eq > 0 && name !== arg ? arg.slice(eq + 1) : own[++i];
      if (value === undefined || value === "") throw new UsageError(`${name} needs a value (see mcp-caps probe --help)`);
      if (!(eq > 0 && name !== arg) && value.startsWith("-")) throw new UsageError(`${name} needs a value, not the option ${value} (see mcp-caps probe --help)`);
      return value;
    };
    if (name === "--url") url = takeValue();
    else if (name === "--source") source = takeValue();
    else if (name === "--timeout") timeout = takeValue();
    else if (name === "--env") {
      const pair = takeValue();
      const at = pair.indexOf("=");
      if (at <= 0) throw new UsageError(`--env needs NAME=VALUE, not "${pair}"`);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    } else if (arg === "--json") json = true;
    else if (arg === "--help" || arg === "-h") help = true;
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg} for probe (see mcp-caps probe --help)`);
    else throw new UsageError(`the server's command goes after --: mcp-caps probe -- ${arg} ...`);
  }
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (timeout !== undefined) {
    // Timers hold at most 2^31-1 ms (about 24 days); a larger value would fire at once.
    if (!/^\d+$/.test(timeout) || Number(timeout) <= 0 || Number(timeout) > 2_147_483_647) throw new UsageError(`--timeout must be a positive number of milliseconds, not "${timeout}"`);
    timeoutMs = Number(timeout);
  }
  if (!help) {
    if (url !== undefined && command.length > 0) throw new UsageError("--url and a command ask to probe two servers: choose one");
    if (url === undefined && command.length === 0) throw new UsageError("nothing to probe: give the server's command after --, or --url URL");
    if (url !== undefined) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new UsageError(`--url must be an http or https URL, not "${url}"`);
      }
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new UsageError(`--url must be an http or https URL, not "${url}"`);
      if (Object.keys(env).length > 0) throw new UsageError("--env sets the environment of a server the probe starts; with --url the probe starts none");
    }
  }
  return { command, url, source, json, timeoutMs, env, help };
}
