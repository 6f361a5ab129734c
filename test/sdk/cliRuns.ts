// The two ways the differential test runs `mcp-caps --json .` on a fixture: in this process through
// the CLI's own entry (the default: no process per fixture), or the built dist/cli.js in a process
// of its own (SDK_DIFF_ALONE=1, which requires both to give the same report).
import { spawn } from "node:child_process";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";
import { CLI } from "./harness";
import type { Report } from "./harness";

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  report?: Report;
  parseError?: string;
}

function parsed(run: CliRun): CliRun {
  try {
    run.report = JSON.parse(run.stdout) as Report;
  } catch (e) {
    run.parseError = e instanceof Error ? e.message : String(e);
  }
  return run;
}

/**
 * `mcp-caps --json .` with the fixture directory as the working directory, run in THIS process
 * (test/helpers/mcpCapsInProcess.ts). Every call builds its own project from the fixture's files alone.
 */
export function analyse(dir: string): CliRun {
  return parsed({ ...mcpCapsInProcess(dir, ["--json", "."]) });
}

/** `node dist/cli.js --json .` in a process of its own, with the fixture directory as the working directory. */
export function spawnCli(dir: string, timeoutMs = 120000): Promise<CliRun> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [CLI, "--json", "."], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      stderr += `\n(killed after ${timeoutMs} ms)`;
    }, timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolvePromise(parsed({ status, stdout, stderr }));
    });
  });
}
