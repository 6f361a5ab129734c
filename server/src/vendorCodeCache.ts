// Loads the bundled ts-morph (dist/vendor/ts-morph.js, 14 MB with the TypeScript compiler inside)
// from a V8 code cache when the build left one beside it: compiling that file is about half of the
// CPU a process spends before it can analyse anything, and every `mcp-caps` run and every language
// server start pays it. The cache only holds compiled code: V8 checks it against the source and its
// own version and flags, and rejects it (the file is then compiled as `require` would) when the Node
// that runs differs from the one that built it. Each entry calls `preloadVendor()` before anything
// that loads ts-morph: the module is put in `require.cache`, so the bundle's later
// `require("./vendor/ts-morph.js")` finds it. Not a side effect of importing this file, so that
// `mcp-caps --help`, `--version` and a bad command line do not pay for a compiler they never use.
import { isAscii } from "node:buffer";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

/**
 * Set by the build (scripts/buildCodeCache.mjs) on one run of the CLI over examples/: that run
 * compiles ts-morph without a cache and, at exit, writes the cache with every function the analysis
 * compiled on the way (V8 compiles lazily, and a cache holds only what has been compiled).
 */
export const WRITE_CODE_CACHE_ENV = "MCP_LENS_WRITE_CODE_CACHE";

/** Where the cache of `vendorFile` is kept. */
function codeCachePath(vendorFile: string): string {
  return `${vendorFile}.v8-cache`;
}

/** Puts `vendorFile` into `require.cache`, compiled with its code cache; does nothing without one. */
export function preloadFromCodeCache(vendorFile: string): void {
  const cacheFile = codeCachePath(vendorFile);
  const writing = process.env[WRITE_CODE_CACHE_ENV] === "1";
  if (require.cache[vendorFile] || !existsSync(vendorFile) || (!writing && !existsSync(cacheFile))) return;
  try {
    const cachedData = writing ? undefined : readFileSync(cacheFile);
    const script = new Script(Module.wrap(sourceText(vendorFile)), { filename: vendorFile, cachedData });
    const loaded = new Module(vendorFile, module);
    loaded.filename = vendorFile;
    loaded.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(vendorFile));
    const wrapper = script.runInThisContext() as (exports: unknown, req: NodeJS.Require, mod: Module, file: string, dir: string) => void;
    wrapper.call(loaded.exports, loaded.exports, createRequire(vendorFile), loaded, vendorFile, dirname(vendorFile));
    loaded.loaded = true;
    require.cache[vendorFile] = loaded;
    if (writing) process.on("exit", () => writeAtomically(cacheFile, script.createCachedData()));
  } catch {
    // Any failure leaves the ordinary `require`, which compiles the file itself.
  }
}

/**
 * The bundle's text. esbuild writes it in ASCII (it escapes every other character), and decoding 14 MB
 * as UTF-8 cost more than compiling it from the cache; ASCII read as Latin-1 is the same string, made
 * without decoding. A file that is not ASCII after all is decoded as UTF-8, as `require` would.
 */
function sourceText(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

function writeAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** Preloads the bundle's own dist/vendor/ts-morph.js (under tsx, from the sources, there is none: a no-op). */
export function preloadVendor(): void {
  preloadFromCodeCache(join(__dirname, "vendor", "ts-morph.js"));
}
