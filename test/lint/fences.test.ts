// The import fences of eslint.config.mjs, as a contributor meets them: a file that crosses a fence
// fails lint with that fence's message, imports that stay inside their layer pass, and the real tree
// lints clean. Broken files are written into a scratch copy of the lint setup (same folder layout),
// never into the source tree, so a crashed run leaves nothing behind for the build to trip on.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { ESLint } from "eslint";
import { REPO, tempProject } from "../helpers/tempProject";

const LINTED = ["server/src", "client/src", "common"];

/** A scratch project holding the repository's lint configuration and `files` (path → text). */
function lintSandbox(files: Readonly<Record<string, string>>): string {
  const dir = tempProject(files);
  copyFileSync(join(REPO, "eslint.config.mjs"), join(dir, "eslint.config.mjs"));
  mkdirSync(join(dir, "scripts", "lint"), { recursive: true });
  copyFileSync(join(REPO, "scripts", "lint", "importFences.mjs"), join(dir, "scripts", "lint", "importFences.mjs"));
  return dir;
}

interface Problem {
  readonly file: string;
  readonly line: number;
  readonly rule: string | null;
  readonly message: string;
}

async function lint(cwd: string, paths: string[]): Promise<Problem[]> {
  const results = await new ESLint({ cwd }).lintFiles(paths);
  return results.flatMap((r) =>
    r.messages.map((m) => ({ file: r.filePath.slice(cwd.length + 1).split("\\").join("/"), line: m.line, rule: m.ruleId, message: m.message })),
  );
}

/** Lints one file at `path` in a sandbox and returns the lines flagged, each with its message. */
async function lintOne(path: string, source: string): Promise<Problem[]> {
  const dir = lintSandbox({ [path]: source });
  return lint(dir, [path]);
}

function flaggedLines(problems: Problem[], fence: string, why: RegExp): number[] {
  for (const p of problems) {
    assert.equal(p.rule, "fences/imports", `${p.file}:${p.line}: ${p.message}`);
    assert.ok(p.message.startsWith(`Fence "${fence}": `), `${p.file}:${p.line}: ${p.message}`);
    assert.match(p.message, why);
  }
  return problems.map((p) => p.line).sort((a, b) => a - b);
}

describe("lint fences", () => {
  it("1. the analysis imports no vscode, language server, language client or Node built-in, in any import form", async () => {
    const problems = await lintOne(
      "server/src/analysis/core/project/probe.ts",
      [
        `import { Project } from "ts-morph";`, // 1 allowed
        `import { thing } from "../model/positions";`, // 2 allowed
        `import * as vscode from "vscode";`, // 3
        `import { createConnection } from "vscode-languageserver/node";`, // 4
        `import type { Range } from "vscode-languageserver-protocol";`, // 5
        `import { LanguageClient } from "vscode-languageclient/node";`, // 6
        `import { readFileSync } from "node:fs";`, // 7
        `import { join } from "path";`, // 8
        `import { readFile } from "fs/promises";`, // 9
        `import { spawn } from "child_process";`, // 10
        `export * from "os";`, // 11
        `export { URL } from "url";`, // 12
        `type Uri = import("vscode").Uri;`, // 13
        `import crypto = require("crypto");`, // 14
        `const later = () => import("node:worker_threads");`, // 15
        `const old = require("node:util");`, // 16
        `import { render } from "../../../lsp/render/markdown";`, // 17 outside the analysis
        `import { uriToPath } from "../../../lsp/uris";`, // 18 outside the analysis
        `export { Project, thing, vscode, createConnection, LanguageClient, readFileSync, join, readFile, spawn, crypto, later, old, render, uriToPath };`,
        `export type { Range, Uri };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(problems, "analysis-platform-free", /never|neither/), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it("1. a dialect is held to the same fence as the engine", async () => {
    const problems = await lintOne(
      "server/src/analysis/dialects/sdk/probe.ts",
      `import { resolve } from "node:path";\nimport { TextDocument } from "vscode-languageserver-textdocument";\nexport { resolve, TextDocument };\n`,
    );
    assert.deepEqual(flaggedLines(problems, "analysis-platform-free", /Node built-ins/), [1, 2]);
  });

  it("2. the client imports only common/ from the project", async () => {
    const problems = await lintOne(
      "client/src/preview/probe.ts",
      [
        `import * as vscode from "vscode";`, // allowed: the extension host has vscode
        `import type { ServerSummary } from "../../../common/protocol";`, // allowed
        `import { toMessage } from "./messages";`, // allowed: client code
        `import { Workspace } from "../../../server/src/analysis/core/workspace";`, // 4
        `import { uriToPath } from "../../../server/src/lsp/uris";`, // 5
        `import { REPO } from "../../../test/helpers/tempProject";`, // 6
        `export { vscode, toMessage, Workspace, uriToPath, REPO };`,
        `export type { ServerSummary };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(problems, "client-imports-common-only", /imports only common\//), [4, 5, 6]);
  });

  it("2. the webview does not import vscode", async () => {
    const problems = await lintOne(
      "client/src/preview/webview/probe.ts",
      [
        `import type { ServerSummary } from "../../../../common/protocol";`, // allowed
        `import { toMessage } from "../messages";`, // allowed
        `import * as vscode from "vscode";`, // 3
        `import { LanguageClient } from "vscode-languageclient/browser";`, // 4
        `export { toMessage, vscode, LanguageClient };`,
        `export type { ServerSummary };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(problems, "webview-no-vscode", /browser sandbox/), [3, 4]);
  });

  it("3. the CLI never imports the language server", async () => {
    const problems = await lintOne(
      "server/src/cli/nested/probe.ts",
      [
        `import { Workspace } from "../../analysis/core/workspace";`, // allowed
        `import { discoverFiles } from "../../files/discoverFiles";`, // allowed
        `import { uriToPath } from "../../lsp/uris";`, // 3
        `import { hover } from "../../lsp/features/hover";`, // 4
        `import { startServer } from "../../server";`, // 5
        `export * from "../../lsp";`, // 6
        `export { Workspace, discoverFiles, uriToPath, hover, startServer };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(problems, "cli-not-lsp", /never imports the language server/), [3, 4, 5, 6]);
  });

  it("4. no dialect imports another dialect or the registry, for any dialect folder", async () => {
    const conduit = await lintOne(
      "server/src/analysis/dialects/conduit/probe.ts",
      [
        `import { Loc } from "../../core/model/positions";`, // allowed: the engine
        `import { build } from "./builder";`, // allowed: its own folder
        `import { analyzeSdkServer } from "../sdk/analyzeSdkServer";`, // 3
        `import { dialects } from "../index";`, // 4
        `export * from "..";`, // 5
        `export { Loc, build, analyzeSdkServer, dialects };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(conduit, "dialect-not-dialect", /imports no other dialect/), [3, 4, 5]);

    // A dialect that does not exist yet, nested one folder down, reaching into two others.
    const future = await lintOne(
      "server/src/analysis/dialects/fastmcp/tools/probe.ts",
      [
        `import { ownHelper } from "../helper";`, // allowed: its own folder
        `import { handlers } from "../../conduit/handlers";`, // 2
        `import { findSdkSites } from "../../../dialects/sdk/findSdkServers";`, // 3
        `export { ownHelper, handlers, findSdkSites };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(future, "dialect-not-dialect", /imports no other dialect/), [2, 3]);
  });

  it("5. the engine imports no dialect, not even the registry", async () => {
    const problems = await lintOne(
      "server/src/analysis/core/summarize/probe.ts",
      [
        `import { Loc } from "../model/positions";`, // allowed
        `import type { HandlerName } from "../../dialects/conduit/handlers";`, // 2
        `import { dialects } from "../../dialects";`, // 3
        `import { registry } from "../../dialects/index";`, // 4
        `export { Loc, dialects, registry };`,
        `export type { HandlerName };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(problems, "engine-not-dialects", /imports no dialect/), [2, 3, 4]);
  });

  it("6. only the command line imports the probe (it runs the user's program)", async () => {
    const fromEditor = await lintOne(
      "server/src/features/probe.ts",
      [
        `import { visible } from "../cli/visibleText";`, // allowed: not the probe
        `import { runProbe } from "../cli/probe/probeCommand";`, // 2
        `export * from "../cli/probe";`, // 3
        `export { visible, runProbe };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(fromEditor, "probe-cli-only", /runs the user's program/), [2, 3]);
    const fromLsp = await lintOne("server/src/lsp/probe.ts", `import { askOverStdio } from "../cli/probe/stdioProbe";\nexport { askOverStdio };`);
    assert.deepEqual(flaggedLines(fromLsp, "probe-cli-only", /runs the user's program/), [1]);
    const fromCli = await lintOne("server/src/cli/other.ts", `import { runProbe } from "./probe/probeCommand";\nexport { runProbe };`);
    assert.deepEqual(fromCli, []);
  });

  it("7. server code reaches TypeScript through ts-morph, never the typescript package", async () => {
    const problems = await lintOne(
      "server/src/analysis/core/summarize/probe.ts",
      [
        `import { ts } from "../typescript";`, // allowed: ts-morph's own compiler
        `import ts2 from "typescript";`, // 2
        `import type { Node } from "typescript/lib/typescript";`, // 3
        `export { ts, ts2 };`,
        `export type { Node };`,
      ].join("\n"),
    );
    assert.deepEqual(flaggedLines(problems, "typescript-through-ts-morph", /second 9 MB compiler/), [2, 3]);
  });

  it("the real tree lints clean", async () => {
    const problems = await lint(REPO, LINTED);
    assert.deepEqual(problems.map((p) => `${p.file}:${p.line}: ${p.message}`), []);
  });
});
