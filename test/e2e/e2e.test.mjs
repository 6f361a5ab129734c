// End-to-end tests: the built extension (dist/) in a real VS Code — code-server 1.139 on 127.0.0.1,
// driven by headless Chromium — on copies of examples/. One code-server and one browser serve both
// suites (each in its own tab, on its own copy of the examples), since starting them is most of
// the cost of a suite:
//   1. in-host suite: host/suite.cjs runs inside the extension host and checks the VS Code API
//      (the build under test loaded as a development extension, which takes over the installed one);
//   2. UI suite: lib/ui.mjs checks what a person sees, with a screenshot of each step, with the
//      extension installed as a user installs it;
//   3. nothing the run started is left running.
// Setup (Chromium, Node 24, code-server, playwright-core) is installed when missing.
// Env: MCP_LENS_E2E_EXTENSION=<folder> tests another build of the extension (package.json + dist/);
//      MCP_LENS_E2E_UPDATE_IMAGES=1 copies the README's screenshots to docs/images/.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { launchBrowser, runInExtensionHost } from "./lib/browser.mjs";
import { startCodeServer } from "./lib/codeServer.mjs";
import { HOST_SUITE, ROOT, extensionDir, log, sleep } from "./lib/paths.mjs";
import { killMentioning, processesMentioning, startGuard } from "./lib/procs.mjs";
import { addHostileServers, addQuickFixServer, copyExamples, newRunDir } from "./lib/run.mjs";
import { ensureTools } from "./lib/tools.mjs";
import { waitForPrefetch } from "./lib/prefetch.mjs";
import { DOC_IMAGES, UI_STEPS } from "./lib/ui.mjs";

const MINUTE = 60000;
let run;
let guard;
let extension;
/** The shared code-server and browser (started by the first `before`, stopped by the UI suite). */
let server;
let context;

before(async () => {
  const t = Date.now();
  const prefetch = await waitForPrefetch(15 * MINUTE);
  if (prefetch !== "none") log(`background install: ${prefetch} (waited ${((Date.now() - t) / 1000).toFixed(1)} s)`);
  ensureTools();
  extension = extensionDir();
  run = newRunDir("test");
  guard = startGuard(run);
  log(`tools ready in ${((Date.now() - t) / 1000).toFixed(1)} s; extension under test: ${extension}`);
  log(`run folder (logs, workspaces): ${run}`);
  log(`screenshots: ${join(run, "screenshots")}`);
  server = await startCodeServer(join(run, "cs"), { extension });
  log(`code-server on ${server.url} (log: ${server.paths.log}); extension installed from ${extension}`);
  context = await launchBrowser(join(run, "ch"));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
}, { timeout: 20 * MINUTE });

async function stopWorkbench() {
  await context?.close().catch(() => {});
  await server?.stop();
  context = undefined;
  server = undefined;
}

after(async () => {
  await stopWorkbench(); // when a suite failed before the UI suite's own `after`
  guard?.stop();
  if (run) await killMentioning(run, guard ? [guard.pid] : []); // a last resort; the last test has checked there is nothing
});

test("in-host suite: the extension through the VS Code API, inside the real extension host", { timeout: 8 * MINUTE }, async (t) => {
  const started = Date.now();
  const outcome = await (async () => {
    const folder = copyExamples(join(run, "host"));
    const page = await context.newPage();
    const r = await runInExtensionHost(page, server, folder, {
      developmentPath: extension,
      testsPath: HOST_SUITE,
      timeoutMs: 6 * MINUTE,
      onLog: (_type, text) => {
        if (text.startsWith("E2E-RESULT ")) {
          const res = JSON.parse(text.slice("E2E-RESULT ".length));
          log(`host: ${res.ok ? "ok" : "FAILED"} ${res.name} (${res.ms} ms)`);
        } else if (text.startsWith("E2E-INFO ")) log(`host: ${text.slice("E2E-INFO ".length)}`);
      },
    });
    if (r.code !== 0) {
      mkdirSync(join(run, "screenshots"), { recursive: true });
      await r.page.screenshot({ path: join(run, "screenshots", "host-failure.png") }).catch(() => {});
      r.logTail = server.logTail();
    }
    // The tab's extension host ends with it (after code-server's 5 s reconnection grace time).
    await page.close().catch(() => {});
    return r;
  })();
  const results = outcome.lines.filter((l) => l.startsWith("E2E-RESULT ")).map((l) => JSON.parse(l.slice("E2E-RESULT ".length)));
  for (const r of results) {
    await t.test(r.name, () => {
      if (!r.ok) throw new Error(r.error);
    });
  }
  log(`in-host suite: exit ${outcome.code} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const done = outcome.lines.find((l) => l.startsWith("E2E-DONE "));
  assert.ok(done, `the in-host suite did not finish (exit ${outcome.code}); extension host said:\n${outcome.lines.slice(-30).join("\n")}\ncode-server log:\n${outcome.logTail ?? ""}`);
  assert.equal(outcome.code, 0, `the extension host reported exit code ${outcome.code}`);
  assert.ok(results.length > 0 && results.every((r) => r.ok));
});

describe("UI suite: VS Code in Chromium, through the DOM", { timeout: 15 * MINUTE }, () => {
  let page;
  let url;
  const shots = () => join(run, "screenshots");
  const dir = () => join(run, "ui");

  before(async () => {
    mkdirSync(shots(), { recursive: true });
    const folder = copyExamples(dir());
    addHostileServers(folder);
    addQuickFixServer(folder);
    page = await context.newPage();
    page.on("pageerror", (e) => log(`ui: page error: ${e.message}`));
    url = `${server.url}/?folder=${encodeURIComponent(folder)}`;
  });

  after(stopWorkbench);

  // Each step starts where the previous one left the workbench: after a failure, the rest fail at once.
  let failedStep;
  for (const [name, fn, shot] of UI_STEPS) {
    test(name, async () => {
      if (failedStep) throw new Error(`not run: the step "${failedStep}" failed`);
      const started = Date.now();
      try {
        await fn({ page, url });
      } catch (err) {
        failedStep = name;
        await page?.screenshot({ path: join(shots(), `${shot}-FAILED.png`) }).catch(() => {});
        throw new Error(`${err.message}\n(screenshot: ${join(shots(), `${shot}-FAILED.png`)}; code-server log: ${server?.paths.log})`, { cause: err });
      }
      await sleep(300); // let animations (hover fade-in, lens layout) settle for the picture
      const file = join(shots(), `${shot}.png`);
      await page.screenshot({ path: file });
      log(`ui: ok ${name} (${Date.now() - started} ms) → ${file}`);
      if (process.env.MCP_LENS_E2E_UPDATE_IMAGES && DOC_IMAGES[shot]) {
        const dest = join(ROOT, "docs", "images", DOC_IMAGES[shot]);
        mkdirSync(join(ROOT, "docs", "images"), { recursive: true });
        copyFileSync(file, dest);
        log(`ui: README image updated: ${dest}`);
      }
    });
  }
});

test("nothing the run started is still running", { timeout: MINUTE }, async () => {
  assert.ok(run, "the run did not start");
  const exclude = guard ? [guard.pid] : [];
  let left = processesMentioning(run, exclude);
  const end = Date.now() + 15000;
  while (left.length > 0 && Date.now() < end) {
    await sleep(250);
    left = processesMentioning(run, exclude);
  }
  assert.deepEqual(left, [], "processes of this run still running");
  log(`screenshots of this run: ${join(run, "screenshots")}`);
});
