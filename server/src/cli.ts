// The `mcp-caps` executable: wires the process to `runCli`, which holds everything else.
import { runCli } from "./cli/main";

const status = runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  isTty: process.stdout.isTTY === true,
  env: process.env,
});
process.exitCode = status;
