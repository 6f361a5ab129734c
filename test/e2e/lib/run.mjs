// One folder per run under .tmp/e2e/runs/, and the workspace copies the suites open.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EXAMPLES, ROOT, TMP } from "./paths.mjs";

const KEEP = 3;
/** Unix socket paths are limited to 107 bytes; VS Code and Chromium put sockets in TMPDIR. */
const SOCKET_ROOM = 107 - "/org.chromium.Chromium.XXXXXX/SingletonSocket".length - 10;
const outside = [];

/** A fresh run folder `.tmp/e2e/runs/<kind>-<pid>` (finished runs beyond the last few are deleted). */
export function newRunDir(kind) {
  const runs = join(TMP, "runs");
  mkdirSync(runs, { recursive: true });
  // a folder named after a process that is still running is in use (another run at the same time)
  const alive = (name) => {
    const pid = Number(name.split("-").pop());
    try {
      return pid > 0 && pid !== process.pid && (process.kill(pid, 0), true);
    } catch {
      return false;
    }
  };
  const old = readdirSync(runs)
    .filter((name) => !alive(name))
    .map((name) => ({ name, t: statSync(join(runs, name)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(KEEP - 1);
  for (const o of old) rmSync(join(runs, o.name), { recursive: true, force: true });
  const dir = join(runs, `${kind}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A TMPDIR for processes that create unix sockets in it: `preferred` (in the run folder) when its
 * path is short enough, else (a checkout in a deep folder) a fresh folder in the system's
 * temporary folder, deleted when this process exits.
 */
export function socketSafeTmp(preferred) {
  if (preferred.length <= SOCKET_ROOM) {
    mkdirSync(preferred, { recursive: true });
    return preferred;
  }
  const dir = mkdtempSync("/tmp/mcl-e2e-");
  if (outside.length === 0) process.on("exit", () => outside.forEach((d) => rmSync(d, { recursive: true, force: true })));
  outside.push(dir);
  return dir;
}

/** A copy of examples/ at `dir/examples` (the suites edit it and write workspace settings). */
export function copyExamples(dir) {
  const dest = join(dir, "examples");
  cpSync(EXAMPLES, dest, { recursive: true, filter: (src) => !/[/\\](node_modules|\.vscode)([/\\]|$)/.test(src) });
  return dest;
}

/** The markup payload the hostile fixture's base file is named after (a folder and a file on Linux). */
export const HOSTILE_BASE_FILE = "javascript:alert(1)/<img src=x onerror=alert(1)>.ts";

/**
 * The hostile-preview fixture (test/fixtures/robust/hostile-preview) at `folder/hostile/`, under the
 * names a cloned repository could give it: every string the preview shows is a markup payload, and
 * some of them would set `window.__lensXss` in the webview if they ever ran.
 */
export function addHostileServers(folder) {
  const from = join(ROOT, "test", "fixtures", "robust", "hostile-preview");
  const to = join(folder, "hostile");
  // (both names hold a "/": each is a folder and a file)
  for (const [source, name] of [["server.ts", "server.ts"], ["base.ts", HOSTILE_BASE_FILE], ["picker.ts", '"><script>alert(1)</script>.ts']]) {
    mkdirSync(dirname(join(to, name)), { recursive: true });
    copyFileSync(join(from, source), join(to, name));
  }
  return to;
}

/**
 * An SDK v1 server built from its serverInfo alone, `new McpServer({ name, version })` (the most
 * common form), that sends a log message: the UI suite applies the "Declare logging" quick fix,
 * which has to add the options argument. At `folder/src/sdk/quiet-v1.ts`, outside examples/ so
 * the other suites' views of the examples do not change.
 */
export function addQuickFixServer(folder) {
  const file = join(folder, "src", "sdk", "quiet-v1.ts");
  writeFileSync(
    file,
    [
      "// An SDK v1 server declared with its serverInfo only; its log message needs `logging`.",
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";',
      "",
      'export const server = new McpServer({ name: "quiet", version: "1.0.0" });',
      "",
      "export async function main(): Promise<void> {",
      "  await server.connect(new StdioServerTransport());",
      '  await server.sendLoggingMessage({ level: "info", data: "quiet server up" });',
      "}",
      "",
    ].join("\n"),
  );
  return file;
}
