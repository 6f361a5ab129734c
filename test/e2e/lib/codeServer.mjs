// One code-server (VS Code 1.139 in the browser, with a real Node extension host) on 127.0.0.1, with
// its own HOME, XDG folders, TMPDIR, user data (seeded settings) and extensions folder, all under
// one instance folder. Started in its own process group; `stop()` ends the whole group.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { CODE_SERVER_ENTRY, NODE_BIN, NODE_DIR, cleanEnv, extensionManifest, sleep } from "./paths.mjs";
import { stopGroup, trackGroup } from "./procs.mjs";
import { socketSafeTmp } from "./run.mjs";

/** The user settings of every instance: quiet, offline, deterministic, and good-looking screenshots. */
export const SETTINGS = {
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "workbench.enableExperiments": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "workbench.colorTheme": "Default Dark Modern",
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "chat.disableAIFeatures": true,
  "chat.commandCenter.enabled": false,
  "typescript.disableAutomaticTypeAcquisition": true,
  "typescript.surveys.enabled": false,
  "npm.fetchOnlinePackageInfo": false,
  "git.enabled": false,
  "security.workspace.trust.enabled": false,
  "task.autoDetect": "off",
  "editor.minimap.enabled": false,
  "editor.hover.delay": 200,
  "window.restoreWindows": "none",
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The files a packaged extension holds (package.json `files`: dist/ and the docs), copied like `code --install-extension` would. */
export function installExtension(extensionsDir, sourceDir) {
  const { folder } = extensionManifest(sourceDir);
  const dest = join(extensionsDir, folder);
  mkdirSync(dest, { recursive: true });
  for (const f of ["package.json", "README.md", "CHANGELOG.md", "LICENSE", "dist"]) {
    if (existsSync(join(sourceDir, f))) cpSync(join(sourceDir, f), join(dest, f), { recursive: true });
  }
  return dest;
}

/**
 * Starts code-server in `dir` (created). Options: `extension` (a folder to install into the
 * extensions folder first), `settings` (merged into the user settings), `env` (extra env), `port`,
 * `testDriver: false` (no URL payloads: for a person's session).
 */
export async function startCodeServer(dir, options = {}) {
  const home = join(dir, "home");
  const paths = {
    home,
    tmp: socketSafeTmp(join(dir, "tmp")),
    userData: join(dir, "ud"),
    extensions: join(dir, "extensions"),
    log: join(dir, "code-server.log"),
    config: join(dir, "config.yaml"),
  };
  for (const d of [home, paths.tmp, join(paths.userData, "User"), paths.extensions]) mkdirSync(d, { recursive: true });
  writeFileSync(join(paths.userData, "User", "settings.json"), JSON.stringify({ ...SETTINGS, ...(options.settings ?? {}) }, null, 2));
  if (options.extension) installExtension(paths.extensions, options.extension);

  const port = options.port ?? (await freePort());
  // With --config, code-server does not write ~/.config/code-server/config.yaml.
  writeFileSync(paths.config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const env = cleanEnv({
    PATH: `${join(NODE_DIR, "bin")}:${process.env.PATH}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    XDG_RUNTIME_DIR: paths.tmp,
    TMPDIR: paths.tmp,
    ...(options.env ?? {}),
  });
  delete env.VSCODE_IPC_HOOK_CLI;
  delete env.DISPLAY;
  const args = [
    CODE_SERVER_ENTRY,
    "--config", paths.config,
    "--bind-addr", `127.0.0.1:${port}`,
    "--auth", "none",
    "--user-data-dir", paths.userData,
    "--extensions-dir", paths.extensions,
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-workspace-trust",
    "--disable-getting-started-override",
    "--disable-proxy",
    "--ignore-last-opened",
    // extension hosts of closed browser tabs go away after 5 s instead of 3 hours
    "--reconnection-grace-time", "5",
  ];
  // honours the URL `payload` (extensionDevelopmentPath, extensionTestsPath) on a built product
  if (options.testDriver !== false) args.push("--vscode-option", "enable-smoke-test-driver");
  const logFd = openSync(paths.log, "a");
  const child = spawn(NODE_BIN, args, { cwd: dir, env, detached: true, stdio: ["ignore", logFd, logFd] });
  closeSync(logFd);
  trackGroup(child.pid);
  let exited = null;
  child.on("exit", (code, signal) => (exited = signal ?? code));
  child.unref();

  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopGroup(child.pid);
  const end = Date.now() + 60000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`code-server exited (${exited}) before it was ready; its log (${paths.log}):\n${tail(paths.log)}`);
    }
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) {
      await stop();
      throw new Error(`code-server did not answer /healthz within 60 s; its log (${paths.log}):\n${tail(paths.log)}`);
    }
    await sleep(200);
  }
  return { url, port, host: `127.0.0.1:${port}`, pid: child.pid, paths, stop, logTail: () => tail(paths.log) };
}

export function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
