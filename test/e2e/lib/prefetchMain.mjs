// The background half of prefetch.mjs: installs the e2e tools and Neovim, then says how it went.
// apt-get (Chromium, Neovim, a C++ tool chain) and the npm side (Node 24, then `npm ci` of the tools)
// need nothing of each other, and each mostly waits on downloads: they run as two processes at once.
// Only the native build needs both (node-gyp needs the tool chain); when the machine has that chain
// already (make, g++ and python3 come with a Node image), it follows the npm side at once instead of
// waiting for apt-get's Chromium download: on a cold 2-core machine that took 90 s.
import { spawn } from "node:child_process";
import { finishPrefetch } from "./prefetch.mjs";
import { ensureNeovim, ensureTools, hasBuildToolChain, missingDebianPackages } from "./tools.mjs";

const TOOLS = new URL("./tools.mjs", import.meta.url).pathname;

/** Runs `node tools.mjs ARGS` with this process's output; resolves with its exit status. */
function half(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TOOLS, ...args], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

try {
  const debian = missingDebianPackages({ withNeovim: true });
  // A half that fails is not fatal here: ensureTools below does what is left in the foreground and
  // reports the error itself.
  await Promise.all([debian.length > 0 ? half(["--debian", ...debian]) : Promise.resolve(0), half([hasBuildToolChain() ? "--build" : "--packages"])]);
  ensureTools();
  try {
    ensureNeovim();
  } catch {
    // The Neovim test says itself why it skips.
  }
  finishPrefetch("done");
} catch (err) {
  finishPrefetch(`failed: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
}
