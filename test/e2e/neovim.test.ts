// Any LSP editor: real Neovim (Debian's `neovim`, headless) starts `mcp-caps lsp` with the README's
// configuration on a copy of examples/, attaches, shows the hover with both eras, receives the
// diagnostics by push (Neovim before 0.10 cannot pull), and applies a quick fix from the code action
// menu. The scenario is test/e2e/neovim/client.lua; this file sets up, runs it and checks what it saw.
// Neovim is installed by the e2e set-up when missing (apt-get, as root); the test skips, saying why,
// only when it cannot be installed. Run alone: node --import tsx --test test/e2e/neovim.test.ts
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { CLI, REPO } from "../helpers/tempProject";
// @ts-expect-error: the e2e set-up is plain JavaScript, without type declarations.
import { ensureNeovim } from "./lib/tools.mjs";
// @ts-expect-error: likewise.
import { waitForPrefetch } from "./lib/prefetch.mjs";

const SCENARIO = join(REPO, "test", "e2e", "neovim", "client.lua");

interface Seen {
  neovim: string;
  steps: string[];
  error?: string;
  filetype: string;
  attached: boolean;
  server_name?: string;
  diagnostic_provider: boolean;
  diagnostics: { code: string; lnum: number; col: number; severity: number; message: string }[];
  hover: string;
  actions: string[];
  fixed_line: string;
  pushes_before_fix: number;
  pushes: number;
}

/** Neovim's path, or the reason it cannot be had. */
function neovim(): { path: string } | { skip: string } {
  try {
    return { path: ensureNeovim() as string };
  } catch (err) {
    return { skip: `Neovim is not installed and cannot be: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Whether any process of the process group `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("Neovim as the LSP client", () => {
  const home = mkdtempSync(join(REPO, ".tmp", "neovim-"));
  after(() => rmSync(home, { recursive: true, force: true }));

  it("attaches, hovers both eras, gets diagnostics by push, and applies a quick fix", { timeout: 240_000 }, async (t) => {
    await waitForPrefetch(200_000); // the background install may be running apt-get (the e2e suite before this one waited for it)
    const nvim = neovim();
    if ("skip" in nvim) {
      t.skip(nvim.skip);
      return;
    }
    const workspace = join(home, "examples");
    cpSync(join(REPO, "examples"), workspace, { recursive: true });
    const out = join(home, "seen.json");
    // Neovim's own state, cache and logs stay in the test's folder.
    for (const d of ["config", "data", "state", "cache"]) mkdirSync(join(home, d), { recursive: true });
    const child = spawn(nvim.path, ["--headless", "--clean", "-n", "-c", `luafile ${SCENARIO}`], {
      cwd: workspace,
      detached: true, // its own process group: the server it starts is in it too
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_CONFIG_HOME: join(home, "config"),
        XDG_DATA_HOME: join(home, "data"),
        XDG_STATE_HOME: join(home, "state"),
        XDG_CACHE_HOME: join(home, "cache"),
        MCP_NVIM_CMD: JSON.stringify([process.execPath, CLI, "lsp"]),
        MCP_NVIM_ROOT: workspace,
        MCP_NVIM_FILE: join(workspace, "src", "inventory.ts"),
        MCP_NVIM_OUT: out,
      },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 200_000);
      child.on("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    // Neovim stops the server it started; whatever is left of the group is ended, and counted.
    const until = Date.now() + 5000;
    while (groupAlive(child.pid!) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const leftOver = groupAlive(child.pid!);
    if (leftOver) process.kill(-child.pid!, "SIGKILL");

    let seen: Seen;
    try {
      seen = JSON.parse(readFileSync(out, "utf8")) as Seen;
    } catch {
      assert.fail(`Neovim wrote no result (exit ${code}):\n${output}`);
    }
    t.diagnostic(`Neovim ${seen.neovim}: ${seen.steps.join(" → ")}`);
    assert.equal(seen.error, undefined, `${seen.error}\n(steps done: ${seen.steps.join(", ")})\n${output}`);
    assert.equal(code, 0, output);
    assert.equal(leftOver, false, "the language server ends with Neovim");

    assert.equal(seen.filetype, "typescript");
    assert.equal(seen.attached, true);
    assert.equal(seen.server_name, "mcp-capability-lens");
    assert.equal(seen.diagnostic_provider, false, "no pull diagnostics offered to a client that does not pull");

    // inventory.ts: line 10 is `  handleCompletion(ctx, ref, argument) { /* … */ }`; the class is on line 3.
    const typo = seen.diagnostics.find((d) => d.code === "handler-misspelled");
    assert.ok(typo, JSON.stringify(seen.diagnostics));
    assert.deepEqual([typo.lnum, typo.col, typo.severity], [9, 2, 2]);
    assert.match(typo.message, /handleCompletion is not a handler/);
    assert.ok(seen.diagnostics.some((d) => d.code === "logging-deprecated" && d.lnum === 2), "the inherited hint sits on the class");
    assert.ok(seen.pushes_before_fix >= 1);

    assert.match(seen.hover, /MCP server · InventoryServer/);
    assert.match(seen.hover, /Legacy.*initialize/);
    assert.match(seen.hover, /Modern.*server\/discover/);
    assert.ok(seen.hover.includes('"resources": { "listChanged": false, "subscribe": true },'), seen.hover);
    assert.ok(seen.hover.includes('"tools": { "listChanged": true }'), seen.hover);

    assert.ok(seen.actions.includes("Rename to handleComplete"), JSON.stringify(seen.actions));
    assert.equal(seen.fixed_line, "  handleComplete(ctx, ref, argument) { /* … */ }");
    assert.ok(seen.pushes > seen.pushes_before_fix, "the fix brought a new push");
  });
});
