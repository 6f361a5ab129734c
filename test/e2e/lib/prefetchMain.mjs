// The background half of prefetch.mjs: installs the e2e tools and Neovim, then says how it went.
import { finishPrefetch } from "./prefetch.mjs";
import { ensureNeovim, ensureTools } from "./tools.mjs";

try {
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
