// The `mcp-caps` executable: wires the process to `runMcpCaps` (the report, `runCli`), to
// `runProbe` for `mcp-caps probe` (the one command that runs the user's server), or, for
// `mcp-caps lsp`, hands the process to the language server. Each is required only when used:
// esbuild then runs a module's top level (and loads ts-morph) on first use, so --help, --version
// and a bad command line answer without loading the analysis engine.
import { preloadVendor } from "./vendorCodeCache";
import { earlyAnswer } from "./cli/earlyAnswer";
import type { CliIo } from "./cli/main";

/**
 * `mcp-caps ARGS` (the report: not `lsp` nor `probe`) on these streams, returning its exit status:
 * what the executable runs once its process is wired up. Exported from the bundle so that a test can
 * run the built CLI many times in one process (each `node dist/cli.js` spends about a second
 * starting); the process's own wiring (exit code, a closed pipe) is left to the tests that spawn it.
 */
export function runMcpCaps(argv: readonly string[], cliIo: CliIo): number {
  const early = earlyAnswer(argv, cliIo);
  if (early.status !== undefined) return early.status;
  preloadVendor();
  return (require("./cli/main") as typeof import("./cli/main")).runCli(argv, cliIo);
}

function main(): void {
  const argv = process.argv.slice(2);
  // Once the reader of stdout has gone (`mcp-caps | head`), the rest of the output is dropped; the run
  // still finishes, so its exit status (a failed --check, --strict, a missing snapshot) is the same as
  // with stdout open.
  let stdoutClosed = false;
  const io = {
    stdout: (t: string) => {
      if (!stdoutClosed) process.stdout.write(t);
    },
    stderr: (t: string) => process.stderr.write(t),
  };
  if (argv[0] === "lsp") {
    preloadVendor();
    const { runLanguageServer } = require("./cli/languageServerCommand") as typeof import("./cli/languageServerCommand");
    const status = runLanguageServer(argv.slice(1), __dirname, io);
    if (status !== undefined) process.exitCode = status;
    return;
  }
  // A closed pipe ends the output quietly; any other write failure is one line.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") {
      stdoutClosed = true;
      return;
    }
    process.stderr.write(`mcp-caps: cannot write the report: ${err.code === "ENOSPC" ? "no space left on device" : err.message}\n`);
    process.exit(2);
  });
  // A closed stderr (`2>&1 | head`) must not turn into an uncaught error, whose exit status is 1.
  process.stderr.on("error", () => undefined);
  const cliIo = { cwd: process.cwd(), ...io, isTty: process.stdout.isTTY === true, env: process.env };
  if (argv[0] === "probe") {
    preloadVendor();
    const { runProbe } = require("./cli/probe/probeCommand") as typeof import("./cli/probe/probeCommand");
    runProbe(argv.slice(1), cliIo).then(
      (status) => (process.exitCode = status),
      (err: unknown) => {
        process.stderr.write(`mcp-caps probe: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 2;
      },
    );
  } else process.exitCode = runMcpCaps(argv, cliIo);
}

// Run as a program (`mcp-caps`, `node dist/cli.js`), not required by a test for `runMcpCaps`.
if (require.main?.filename === __filename) main();
