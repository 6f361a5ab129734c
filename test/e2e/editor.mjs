// `npm run editor`: examples/ in VS Code (code-server on 127.0.0.1) with the built extension
// installed, for a person to look at. Prints the URL and runs until Ctrl+C, then stops everything.
// A fresh profile each time (user data and extensions under .tmp/e2e/runs/editor-*). The folder
// opened is the repository's own examples/: edits made in the editor are saved there.
// Options: --port N (default 8080 when free), --copy (open a throw-away copy of examples/ instead).
// Env: MCP_LENS_E2E_EXTENSION (another build of the extension).
import { join } from "node:path";
import { freePort, startCodeServer } from "./lib/codeServer.mjs";
import { EXAMPLES, extensionDir, log } from "./lib/paths.mjs";
import { killMentioning, startGuard, stopGroup } from "./lib/procs.mjs";
import { copyExamples, newRunDir } from "./lib/run.mjs";
import { ensureTools } from "./lib/tools.mjs";

const argv = process.argv.slice(2);
const portArg = argv.includes("--port") ? Number(argv[argv.indexOf("--port") + 1]) : undefined;

ensureTools();
const extension = extensionDir();
const run = newRunDir("editor");
const guard = startGuard(run);
const folder = argv.includes("--copy") ? copyExamples(run) : EXAMPLES;
const port = portArg || (await portIsFree(8080) ? 8080 : await freePort());
const server = await startCodeServer(join(run, "cs"), { extension, port, testDriver: false });

console.log(`
  MCP Capability Lens in VS Code (code-server ${"4.139.1"}), extension installed from ${extension}

    ${server.url}/?folder=${encodeURIComponent(folder)}

  Open it in a browser on this machine (from elsewhere: ssh -L ${port}:127.0.0.1:${port} <this host>).
  Folder: ${folder}   Log: ${server.paths.log}
  Press Ctrl+C to stop.
`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping code-server…`);
  await stopGroup(server.pid);
  guard.stop();
  const left = await killMentioning(run, [guard.pid]); // anything that escaped the process group
  log(left.length === 0 ? "stopped; nothing left running." : `stopped; also ended ${left.length} stray process(es): ${left.map((p) => p.cmd).join("; ")}`);
  process.exit(0);
}
// Replaces procs.mjs' default signal handling: a clean stop, then exit 0.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.removeAllListeners("SIGHUP");
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => void shutdown(sig));
// code-server dying on its own ends the session too
const watch = setInterval(() => {
  try {
    process.kill(-server.pid, 0);
  } catch {
    clearInterval(watch);
    console.error(`code-server stopped on its own; see ${server.paths.log}`);
    guard.stop();
    process.exit(1);
  }
}, 1000);

async function portIsFree(p) {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(p, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}
