// `mcp-caps` inside the test process, through the CLI's own entry (`runCli`, which dist/cli.js calls
// with the process's arguments and streams), from the sources. A spawned dist/cli.js costs about a
// second of CPU to start Node and load the 14 MB bundle; the analysis of a small folder, milliseconds.
// For the suites that check what the analysis reports over many folders (test/sdk, test/conformance).
// What only a real process shows (the bundle itself, exit codes under signals, closed pipes, huge
// outputs) stays with the suites that spawn dist/cli.js (test/cli, test/robust).
import { runCli } from "../../server/src/cli/main";

export interface CliOutcome {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `mcp-caps ...args` with `cwd` as its working directory (the process's own is not used). */
export function mcpCapsInProcess(cwd: string, args: readonly string[]): CliOutcome {
  let stdout = "";
  let stderr = "";
  const status = runCli(args, {
    cwd,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty: false,
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status, stdout, stderr };
}
