// Writes the V8 code cache of dist/vendor/ts-morph.js that server/src/vendorCodeCache.ts loads, from
// one run of the CLI over examples/ (every dialect): the functions that run compiles are the ones an
// analysis needs, and the cache holds them. Run by esbuild.mjs after each build; a cache
// from another Node is rejected by V8, never misused.
import { spawnSync } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const run = spawnSync(process.execPath, ["dist/cli.js", "--json", "examples"], {
  cwd: root,
  env: { ...process.env, MCP_LENS_WRITE_CODE_CACHE: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
// The report's own exit status (1 when examples/ has errors) does not matter here; a crash does.
if (run.status === null || run.status > 2) {
  console.error(`buildCodeCache: the CLI run that fills the cache failed (${run.signal ?? `exit ${run.status}`})`);
  process.exit(1);
}
