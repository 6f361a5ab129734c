// Lint exists to hold the layers apart (the fences below); everything else is left to tsc.
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import fences from "./scripts/lint/importFences.mjs";

const vscodeEditorApi = ["^vscode($|/)", "^vscode-languageclient"];
const languageServer = ["^vscode-languageserver"];

export default defineConfig(
  { ignores: ["dist/", "node_modules/", ".tmp/", "test/fixtures/", "examples/", "**/*.vsix"] },
  {
    files: ["server/src/**/*.{ts,tsx,mts,cts,js,mjs}", "client/src/**/*.{ts,tsx,mts,cts,js,mjs}", "common/**/*.{ts,tsx,mts,cts,js,mjs}"],
    languageOptions: { parser: tseslint.parser },
    plugins: { fences },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A few correctness checks tsc does not make; style is left alone.
      "no-debugger": "error",
      "no-self-assign": "error",
      "no-self-compare": "error",
      "no-constant-binary-expression": "error",
      "no-dupe-else-if": "error",
      "no-duplicate-case": "error",
      "no-unsafe-finally": "error",
      "no-unsafe-optional-chaining": "error",
      "no-loss-of-precision": "error",
      "no-cond-assign": ["error", "except-parens"],
      "fences/imports": ["error", {
        root: import.meta.dirname,
        fences: [
          {
            name: "analysis-platform-free",
            from: "^server/src/analysis/",
            packages: [...vscodeEditorApi, ...languageServer],
            nodeBuiltins: true,
            paths: ["^(?!server/src/analysis/|common/)"],
            message: "server/src/analysis/** runs in the CLI, the language server and tests alike, so it imports neither vscode, vscode-languageserver*, vscode-languageclient*, Node built-ins, nor project code outside server/src/analysis and common",
          },
          {
            name: "typescript-through-ts-morph",
            from: "^server/src/",
            packages: ["^typescript($|/)"],
            message: "server code reaches the TypeScript compiler through ts-morph (server/src/analysis/core/typescript.ts): importing the typescript package bundles a second 9 MB compiler into dist/cli.js and dist/server.js",
          },
          {
            name: "client-imports-common-only",
            from: "^client/",
            paths: ["^(?!client/|common/)"],
            message: "client/** (the extension and its webview) imports only common/ from the project, never server/ code: the two talk over LSP",
          },
          {
            name: "webview-no-vscode",
            from: "^client/src/preview/webview/",
            packages: vscodeEditorApi,
            nodeBuiltins: true,
            message: "the webview runs in a browser sandbox, where vscode, vscode-languageclient and Node built-ins do not exist; it talks to the extension by postMessage",
          },
          {
            name: "cli-not-lsp",
            from: "^server/src/cli(/|\\.ts$)",
            paths: ["^server/src/lsp(/|$)", "^server/src/(server|main)(\\.ts)?$"],
            message: "the CLI (server/src/cli) never imports the language server (server/src/lsp, server.ts, main.ts)",
          },
          {
            name: "probe-cli-only",
            from: "^server/src/(?!cli(/|\\.ts$))",
            paths: ["^server/src/cli/probe(/|$)"],
            message: "server/src/cli/probe runs the user's program; only the command line (server/src/cli, server/src/cli.ts) may import it, never the editor's side (lsp, features, the language server) nor the analysis",
          },
          {
            name: "dialect-not-dialect",
            from: "^server/src/analysis/dialects/([^/]+)/",
            paths: ["^server/src/analysis/dialects(/(?!$1(/|$))|$)"],
            message: "a dialect imports no other dialect (nor the dialect registry); what two dialects share belongs in server/src/analysis/core",
          },
          {
            name: "engine-not-dialects",
            from: "^server/src/analysis/core/",
            paths: ["^server/src/analysis/dialects(/|$)"],
            message: "the engine (server/src/analysis/core) imports no dialect: dialects plug into it through the registry in server/src/analysis/dialects",
          },
        ],
      }],
    },
  },
);
