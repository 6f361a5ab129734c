// What `mcp-caps` answers before it analyses anything: --help, --version and a command line it
// cannot parse. Kept apart from main.ts (and so from the analysis engine and ts-morph, about a
// second of start-up) so the executable gives these answers without loading the engine.
import { parseArgs, UsageError, USAGE, type CliOptions } from "./args";
import { terminalSafe } from "./terminalText";
import { VERSION } from "./version";

/** An exit status when the answer is given, or the parsed options to run with. */
export type EarlyAnswer = { readonly status: number; readonly options?: undefined } | { readonly status?: undefined; readonly options: CliOptions };

export function earlyAnswer(argv: readonly string[], io: { stdout(t: string): void; stderr(t: string): void }): EarlyAnswer {
  let options: CliOptions;
  try {
    options = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`mcp-caps: ${terminalSafe(err.message)}\n`);
    return { status: 2 };
  }
  if (options.help) {
    io.stdout(`${USAGE}\n`);
    return { status: 0 };
  }
  if (options.version) {
    io.stdout(`${VERSION}\n`);
    return { status: 0 };
  }
  return { options };
}
