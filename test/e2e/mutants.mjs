// Proves the e2e layer notices a broken extension: builds deliberately broken copies of the
// extension under .tmp/e2e/mutants/<name>/ (the repository's sources are never touched), runs the
// e2e tests against each one (MCP_LENS_E2E_EXTENSION) and expects them to FAIL, in the tests that
// check what was broken (`expect`).
// Usage: node test/e2e/mutants.mjs [name ...]      (exit 0 when every mutant was caught)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_DIR, ROOT, TMP, cleanEnv, log } from "./lib/paths.mjs";

const MUTANTS = [
  {
    name: "client-no-preview-command",
    what: "the client does not register mcpCapabilityLens.showPreviewToSide",
    file: "client/src/commands.ts",
    find: "vscode.commands.registerCommand(Commands.showPreviewToSide, () => preview.show(vscode.ViewColumn.Beside)),",
    replace: "",
    expect: ["activates on a TypeScript file and registers its commands", "commands: preview to the side"],
  },
  {
    name: "client-no-lens-command",
    what: "the client does not register mcpCapabilityLens.openPreviewAt (what the lenses run)",
    file: "client/src/commands.ts",
    find: /vscode\.commands\.registerCommand\(Commands\.openPreviewAt,[\s\S]*?\n    \),\n/,
    replace: "",
    expect: ["activates on a TypeScript file and registers its commands", "the legacy lens opens the Capability Preview beside the editor"],
  },
  {
    name: "server-no-hover",
    what: "the language server answers every hover with null",
    file: "server/src/lsp/features/hover.ts",
    find: "return hoverAt(session, analyzed, analyzed.document.offsetAt(params.position));",
    replace: "return null;",
    expect: ["hover on the server class shows both eras", "hovering the server class shows both eras"],
  },
  {
    name: "preview-no-escaping",
    what: "the preview's webview does not escape user text",
    file: "client/src/preview/webview/escape.ts",
    find: "return String(value).replace(/[&<>\"'`=]/g, (c) => ENTITIES[c]!);",
    replace: "return String(value);",
    expect: ["renders them as text, and none of them runs"],
  },
];

const only = process.argv.slice(2);
const chosen = only.length > 0 ? MUTANTS.filter((m) => only.includes(m.name)) : MUTANTS;
if (chosen.length === 0) {
  console.error(`unknown mutant; known: ${MUTANTS.map((m) => m.name).join(", ")}`);
  process.exit(2);
}

function build(m) {
  const dir = join(TMP, "mutants", m.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of ["client", "common", "server", "syntaxes", "images", "esbuild.mjs", "package.json", "tsconfig.json", "README.md", "CHANGELOG.md", "LICENSE"]) {
    if (existsSync(join(ROOT, f))) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  }
  const file = join(dir, m.file);
  const before = readFileSync(file, "utf8");
  const after = before.replace(m.find, m.replace);
  if (after === before) throw new Error(`mutant ${m.name}: the code to break was not found in ${m.file} (update mutants.mjs)`);
  writeFileSync(file, after);
  // esbuild resolves the packages from the repository's node_modules (up the tree from .tmp/e2e/mutants)
  const r = spawnSync(process.execPath, ["esbuild.mjs"], { cwd: dir, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`mutant ${m.name}: the build failed`);
  return dir;
}

const outcomes = [];
for (const m of chosen) {
  const t = Date.now();
  log(`mutant ${m.name}: ${m.what}; building…`);
  const dir = build(m);
  log(`mutant ${m.name}: running the e2e tests against ${dir}…`);
  const r = spawnSync(process.execPath, ["--test", "--test-reporter=spec", join(E2E_DIR, "e2e.test.mjs")], {
    cwd: ROOT,
    env: cleanEnv({ MCP_LENS_E2E_EXTENSION: dir }),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const out = `${r.stdout}\n${r.stderr}`;
  writeFileSync(join(TMP, "mutants", `${m.name}.log`), out);
  const failed = [...new Set(out.split("\n").filter((l) => /^\s*✖ /.test(l) && !/✖ failing tests:/.test(l)).map((l) => l.replace(/\s*\([\d.]+ms\)\s*$/, "").trim()))];
  const leftOk = /✔ nothing the run started is still running/.test(out);
  const missing = m.expect.filter((e) => !failed.some((f) => f.includes(e)));
  const caught = r.status !== 0 && missing.length === 0;
  outcomes.push({ name: m.name, caught, failed, leftOk, seconds: Math.round((Date.now() - t) / 1000) });
  log(`mutant ${m.name}: ${caught ? "CAUGHT" : "NOT CAUGHT"} (exit ${r.status}) in ${Math.round((Date.now() - t) / 1000)} s; nothing left running: ${leftOk}`);
  for (const f of failed) log(`    ${f}`);
  for (const e of missing) log(`    expected to fail, but did not: ${e}`);
}
const missed = outcomes.filter((o) => !o.caught);
console.log(`\n${outcomes.length - missed.length} of ${outcomes.length} mutants caught by the e2e tests (logs in ${join(TMP, "mutants")})`);
process.exit(missed.length === 0 ? 0 : 1);
