// Bundles the CLI (and, later, the language server and the VS Code client) with esbuild.
// Type checking is separate: `npm run typecheck`.
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const production = process.argv.includes("--production");

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

await Promise.all([
  esbuild.build({ ...node, entryPoints: ["server/src/cli.ts"], outfile: "dist/cli.js", banner: { js: "#!/usr/bin/env node" } }),
  esbuild.build({ ...node, entryPoints: ["server/src/main.ts"], outfile: "dist/server.js" }),
  esbuild.build({ ...node, entryPoints: ["client/src/extension.ts"], outfile: "dist/extension.js", external: ["vscode"] }),
  esbuild.build({ ...browser, entryPoints: ["client/src/preview/webview/main.ts"], outfile: "dist/webview/preview.js" }),
  esbuild.build({ ...browser, entryPoints: ["client/src/preview/webview/preview.css"], outfile: "dist/webview/preview.css" }),
]);
