// Chromium (Debian's) driven by playwright-core from the tools package: a fresh profile per use,
// its own HOME and TMPDIR (Chromium writes ~/.config/chromium and ~/.cache even with a profile).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { TOOLS_DIR, cleanEnv } from "./paths.mjs";
import { socketSafeTmp } from "./run.mjs";
import { chromiumPath } from "./tools.mjs";

export const VIEWPORT = { width: 1400, height: 900 };

export function playwright() {
  return createRequire(join(TOOLS_DIR, "package.json"))("playwright-core");
}

/** A persistent context on a fresh profile in `dir`; close it with `context.close()`. */
export async function launchBrowser(dir) {
  const home = join(dir, "home");
  const tmp = socketSafeTmp(join(dir, "tmp"));
  mkdirSync(home, { recursive: true });
  // Playwright's own temporary files (artifacts) follow TMPDIR of this process.
  process.env.TMPDIR = tmp;
  const { chromium } = playwright();
  const context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: chromiumPath(),
    headless: true,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    colorScheme: "dark",
    env: cleanEnv({ HOME: home, TMPDIR: tmp, XDG_CONFIG_HOME: join(home, ".config"), XDG_CACHE_HOME: join(home, ".cache") }),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      "--password-store=basic",
      "--use-mock-keychain",
    ],
  });
  context.setDefaultTimeout(30000);
  return context;
}

/** The workbench URL of `folder`, with a `payload` for a development extension and tests. */
export function workbenchUrl(server, folder, { developmentPath, testsPath } = {}) {
  let url = `${server.url}/?folder=${encodeURIComponent(folder)}`;
  const payload = [];
  if (developmentPath) payload.push(["extensionDevelopmentPath", `vscode-remote://${server.host}${developmentPath}`]);
  if (testsPath) payload.push(["extensionTestsPath", `vscode-remote://${server.host}${testsPath}`]);
  if (payload.length > 0) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return url;
}

/**
 * Runs `testsPath` inside the real extension host of a workbench opened in `page` (it loads
 * `developmentPath` as a development extension) and resolves with its exit code (0 = `run()` resolved) and the lines the
 * extension host logged. A test module that never finishes fails after `timeoutMs`.
 */
export async function runInExtensionHost(page, server, folder, { developmentPath, testsPath, timeoutMs = 240000, onLog = () => {} }) {
  const lines = [];
  let settle;
  const done = new Promise((resolve) => (settle = resolve));
  await page.exposeFunction("codeAutomationLog", (type, args) => {
    const text = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ");
    lines.push(text);
    onLog(type, text);
  });
  await page.exposeFunction("codeAutomationExit", (code) => settle(code));
  const timer = setTimeout(() => settle("timeout"), timeoutMs);
  await page.goto(workbenchUrl(server, folder, { developmentPath, testsPath }), { timeout: 90000 });
  const code = await done;
  clearTimeout(timer);
  return { code, lines, page };
}
