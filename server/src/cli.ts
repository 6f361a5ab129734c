// The `mcp-caps` executable: wires the process to `runCli`, which holds everything else.
import { runCli } from "./cli/main";

// A closed pipe (`mcp-caps | head`) ends the output quietly; any other write failure is one line.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  process.stderr.write(`mcp-caps: cannot write the report: ${err.code === "ENOSPC" ? "no space left on device" : err.message}\n`);
  process.exit(2);
});

const status = runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  isTty: process.stdout.isTTY === true,
  env: process.env,
});
process.exitCode = status;
