// `mcp-caps` from the built bundle (dist/cli.js), run inside the test process through the entry the
// bundle exports, `runMcpCaps`: what `node dist/cli.js ARGS` runs once its process is wired up (the
// arguments, the working folder, stdout, stderr, the environment, and the exit status it returns).
// A spawned dist/cli.js spends about a second of CPU starting Node and loading ts-morph; here that is
// paid once per test file, and the report of a small folder then takes milliseconds. What only a
// real process shows (the status becoming the exit code, a closed or full stdout, a hang cut by a
// time limit) stays with the runs that spawn it (`mcpCaps` in tempProject.ts, test/cli/executable.test.ts).
import { createRequire } from "node:module";
import { CLI, type CliRun } from "./tempProject";

interface BuiltCli {
  runMcpCaps(
    argv: readonly string[],
    io: { cwd: string; stdout(t: string): void; stderr(t: string): void; isTty: boolean; env: Readonly<Record<string, string | undefined>> },
  ): number;
}

let loaded: BuiltCli | undefined;
/** The bundle, required on first use (so a file that never runs it does not load it). */
function builtCli(): BuiltCli {
  loaded ??= createRequire(__filename)(CLI) as BuiltCli;
  if (typeof loaded.runMcpCaps !== "function") throw new Error(`${CLI} exports no runMcpCaps: rebuild it (node esbuild.mjs)`);
  return loaded;
}

/** `mcp-caps ...args` in `cwd`, as `mcpCaps` runs it (outside GitHub Actions, NO_COLOR, stdout not a terminal). */
export function mcpCaps(cwd: string, ...args: string[]): CliRun {
  return mcpCapsWithEnv(cwd, { GITHUB_ACTIONS: undefined }, ...args);
}

/** `mcp-caps ...args` in `cwd` with these environment variables changed (undefined removes one). */
export function mcpCapsWithEnv(cwd: string, env: Readonly<Record<string, string | undefined>>, ...args: string[]): CliRun {
  let stdout = "";
  let stderr = "";
  const merged: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const status = builtCli().runMcpCaps(args, {
    cwd,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty: false,
    env: merged,
  });
  return { status, stdout, stderr };
}
