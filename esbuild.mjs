// Bundles the CLI, the language server, the VS Code client and the preview webview with esbuild.
// Type checking is separate: `npm run typecheck`.
import * as esbuild from "esbuild";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const production = process.argv.includes("--production");

// ts-morph, with the TypeScript compiler inside it, is most of the weight of both the CLI and the
// server: it is bundled once, as dist/vendor/ts-morph.js, and both require it from there, which halves
// the npm package and the .vsix.
const TS_MORPH = "./vendor/ts-morph.js";
const sharedTsMorph = {
  name: "shared-ts-morph",
  setup(build) {
    build.onResolve({ filter: /^ts-morph$/ }, () => ({ path: TS_MORPH, external: true }));
  },
};

const node = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: production ? false : "linked",
  minify: production,
  logLevel: "warning",
  define: { __VERSION__: JSON.stringify(pkg.version) },
};

const browser = {
  bundle: true,
  platform: "browser",
  target: "chrome120",
  format: "iife",
  sourcemap: production ? false : "linked",
  minify: production,
  logLevel: "warning",
};

// The .vsix and the npm package both hold dist/ and the docs only (.vscodeignore, .npmignore), so the
// extension's other assets, the injection grammars and the icon, are copied there with the bundles.
const ASSETS = [
  ...readdirSync("syntaxes").filter((f) => f.endsWith(".tmLanguage.json")).map((f) => `syntaxes/${f}`),
  "images/icon.png",
];

/** Writes a file by a rename of a complete temporary file (see `build`). */
function replaceFile(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/**
 * Builds in memory and then replaces each output file by a rename, so a process starting a bundle
 * while a rebuild runs (a test beside `npm pack`) reads the old file or the new one, never half of one.
 */
async function build(options) {
  const result = await esbuild.build({ ...options, write: false });
  for (const file of result.outputFiles) replaceFile(file.path, file.contents);
}

await Promise.all([
  build({ ...node, entryPoints: [createRequire(import.meta.url).resolve("ts-morph")], outfile: `dist/${TS_MORPH}` }),
  build({ ...node, entryPoints: ["server/src/cli.ts"], outfile: "dist/cli.js", banner: { js: "#!/usr/bin/env node" }, plugins: [sharedTsMorph] }),
  build({ ...node, entryPoints: ["server/src/main.ts"], outfile: "dist/server.js", plugins: [sharedTsMorph] }),
  build({ ...node, entryPoints: ["client/src/extension.ts"], outfile: "dist/extension.js", external: ["vscode"] }),
  build({ ...browser, entryPoints: ["client/src/preview/webview/main.ts"], outfile: "dist/webview/preview.js" }),
  build({ ...browser, entryPoints: ["client/src/preview/webview/preview.css"], outfile: "dist/webview/preview.css" }),
]);
for (const asset of ASSETS) replaceFile(`dist/${asset}`, readFileSync(asset));
// Every build, production included (the packaging tests build for production while other suites run
// the CLI), refills the code cache; the packages leave it out (.vscodeignore, .npmignore): it only
// helps the Node that built it.
execFileSync(process.execPath, ["scripts/buildCodeCache.mjs"], { stdio: "inherit" });
