// The `mcp-caps` executable: wires the process to `runCli`, which holds everything else, or, for
// `mcp-caps lsp`, hands the process to the language server.
import { runCli } from "./cli/main";
import { runLanguageServer } from "./cli/languageServerCommand";

const argv = process.argv.slice(2);
const io = { stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };

if (argv[0] === "lsp") {
  const status = runLanguageServer(argv.slice(1), __dirname, io);
  if (status !== undefined) process.exitCode = status;
} else {
  // A closed pipe (`mcp-caps | head`) ends the output quietly; any other write failure is one line.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    process.stderr.write(`mcp-caps: cannot write the report: ${err.code === "ENOSPC" ? "no space left on device" : err.message}\n`);
    process.exit(2);
  });

  process.exitCode = runCli(argv, { cwd: process.cwd(), ...io, isTty: process.stdout.isTTY === true, env: process.env });
}
