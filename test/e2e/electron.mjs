// `npm run test:electron`: the same in-host suite (host/suite.cjs) in desktop VS Code, through
// @vscode/test-electron, for machines that can download VS Code (update.code.visualstudio.com).
// Everything it writes goes to .tmp/e2e/ (the VS Code download cache, user data, extensions, the
// workspace copy). Offline, it fails at once with a message saying so; `npm run test:e2e` runs the
// same suite in code-server, which needs only the npm registry and Debian.
// Env: MCP_LENS_E2E_EXTENSION (another build), MCP_LENS_VSCODE_VERSION (default: stable).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SETTINGS } from "./lib/codeServer.mjs";
import { HOST_SUITE, TMP, extensionDir, log } from "./lib/paths.mjs";
import { copyExamples, newRunDir } from "./lib/run.mjs";

const { runTests, downloadAndUnzipVSCode } = await import("@vscode/test-electron");

const extension = extensionDir();
const cachePath = join(TMP, "vscode-test");
const version = process.env.MCP_LENS_VSCODE_VERSION || "stable";

let executable;
try {
  log(`downloading VS Code ${version} into ${cachePath} (cached after the first time)…`);
  executable = await downloadAndUnzipVSCode({ version, cachePath, timeout: 30000 });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|timed? ?out|socket hang up|certificate/i.test(message);
  console.error(
    `\ntest:electron: could not download VS Code ${version} (${message}).\n` +
      (offline ? "This machine cannot reach update.code.visualstudio.com: @vscode/test-electron needs to download a desktop VS Code.\n" : "") +
      "Run the same in-host suite offline with `npm run test:e2e` (VS Code in code-server, from the npm registry).",
  );
  process.exit(1);
}

if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.error("test:electron: no display (DISPLAY is not set). Run it under a virtual one, e.g. `xvfb-run -a npm run test:electron`.");
  process.exit(1);
}

const run = newRunDir("electron");
const folder = copyExamples(run);
const userData = join(run, "user-data");
mkdirSync(join(userData, "User"), { recursive: true });
writeFileSync(join(userData, "User", "settings.json"), JSON.stringify(SETTINGS, null, 2));
for (const d of ["home", "tmp"]) mkdirSync(join(run, d), { recursive: true });

// Desktop VS Code writes into HOME and TMPDIR too: keep both in the run folder.
process.env.HOME = join(run, "home");
process.env.TMPDIR = join(run, "tmp");
process.env.XDG_CONFIG_HOME = join(run, "home", ".config");
process.env.XDG_CACHE_HOME = join(run, "home", ".cache");

log(`VS Code: ${executable}; workspace: ${folder}`);
try {
  const code = await runTests({
    vscodeExecutablePath: executable,
    extensionDevelopmentPath: extension,
    extensionTestsPath: HOST_SUITE,
    launchArgs: [folder, "--disable-extensions", `--user-data-dir=${userData}`, `--extensions-dir=${join(run, "extensions")}`, "--disable-gpu"],
  });
  log(`in-host suite under @vscode/test-electron: exit ${code}`);
  process.exit(code);
} catch (err) {
  console.error(`test:electron: the in-host suite failed: ${err instanceof Error ? err.message : String(err)}`);
  if (!existsSync(executable)) console.error(`(VS Code is not at ${executable})`);
  process.exit(1);
}
