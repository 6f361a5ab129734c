// Offline grammar tests for the TextMate injection grammars in syntaxes/ (run: node --test test/grammar/grammar.test.mjs).
//
// vscode-tmgrammar-test tokenizes each case file under test/grammar/cases with the grammars that
// test/grammar/package.json registers: the TypeScript and TSX host grammars from the npm package tm-grammars, and
// our injection grammars with their injectTo, as VS Code would load them. Case files are named *.grammar.mts and
// *.grammar.tsx so that tsc (include "test/**/*.ts") and scripts/run-tests.mjs leave them alone.
//
// Writing assertions: a line that starts with "//" followed by ^ (or <-) asserts scopes for the line above it.
// "^^^ a b" requires scopes a and b, in that order, on every token under the carets; "^^^ a - x y" also forbids x and y.
// Use at most one "-" per assertion line: on a second one the assertion parser of vscode-tmgrammar-test 0.1.3
// backtracks catastrophically and never returns (the spawn timeout below turns that into a failure, not a hang).
//
// The last tests prove that the suite can fail: a deliberately wrong case file, and the real cases without our
// injection grammars, must both be rejected.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const MANIFEST = join(HERE, "package.json");
const CASES = join(HERE, "cases");
const TIMEOUT_MS = 120_000;

const toolDir = join(ROOT, "node_modules", "vscode-tmgrammar-test");
const toolBin = JSON.parse(readFileSync(join(toolDir, "package.json"), "utf8")).bin["vscode-tmgrammar-test"];
const TOOL = join(toolDir, toolBin);

/** The injection grammars this suite covers, as package.json must register them. */
const INJECTIONS = [
  { scopeName: "mcp-capability-lens.injection", file: "syntaxes/mcp-capability-lens.injection.tmLanguage.json" },
  {
    scopeName: "mcp-capability-lens.references.injection",
    file: "syntaxes/mcp-capability-lens.references.injection.tmLanguage.json",
  },
];
const INJECT_TO = ["source.ts", "source.tsx"];

const caseFiles = readdirSync(CASES)
  .filter((f) => /\.grammar\.(mts|tsx)$/.test(f))
  .sort()
  .map((f) => join(CASES, f));

/** Runs vscode-tmgrammar-test from the repository root; paths in its output are relative to the root. */
function runTool(config, files, { compact = false } = {}) {
  const args = [relative(ROOT, TOOL), ...(compact ? ["--compact"] : []), "--config", relative(ROOT, config), ...files.map((f) => relative(ROOT, f))];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", timeout: TIMEOUT_MS });
  const output = [
    `$ (cd ${ROOT} && node ${args.join(" ")})`,
    `exit status: ${r.status}${r.signal ? `, killed by ${r.signal} (timeout ${TIMEOUT_MS} ms?)` : ""}`,
    r.error ? `spawn error: ${r.error.message}` : "",
    "--- stdout ---",
    r.stdout ?? "",
    "--- stderr ---",
    r.stderr ?? "",
  ].join("\n");
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? "", output };
}

let scratch;
function scratchDir() {
  if (!scratch) {
    mkdirSync(join(ROOT, ".tmp"), { recursive: true });
    scratch = mkdtempSync(join(ROOT, ".tmp", "grammar-selfcheck-"));
  }
  return scratch;
}
after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("injection grammars (vscode-tmgrammar-test, TypeScript/TSX grammars from tm-grammars)", () => {
  it("the test manifest registers the host grammars and our injections", () => {
    const grammars = JSON.parse(readFileSync(MANIFEST, "utf8")).contributes.grammars;
    for (const g of grammars) {
      assert.ok(existsSync(join(HERE, g.path)), `${g.path} (from test/grammar/package.json) does not exist`);
    }
    for (const host of INJECT_TO) {
      assert.ok(grammars.some((g) => g.scopeName === host && !g.injectTo), `no host grammar for ${host}`);
    }
    for (const inj of INJECTIONS) {
      const entry = grammars.find((g) => g.scopeName === inj.scopeName);
      assert.ok(entry, `no entry for ${inj.scopeName}`);
      assert.equal(join(HERE, entry.path), join(ROOT, inj.file));
      assert.deepEqual(entry.injectTo, INJECT_TO);
      const grammar = JSON.parse(readFileSync(join(ROOT, inj.file), "utf8"));
      assert.equal(grammar.scopeName, inj.scopeName, `${inj.file}: scopeName`);
      assert.match(grammar.injectionSelector, /^L:/, `${inj.file}: injectionSelector should start with L:`);
    }
  });

  it("finds the case files", () => {
    const names = caseFiles.map((f) => relative(CASES, f));
    assert.ok(names.some((n) => n.endsWith(".mts")), `no *.grammar.mts case in ${names.join(", ")}`);
    assert.ok(names.some((n) => n.endsWith(".tsx")), `no *.grammar.tsx case in ${names.join(", ")}`);
  });

  for (const file of caseFiles) {
    it(`passes ${relative(ROOT, file)}`, () => {
      const r = runTool(MANIFEST, [file]);
      assert.equal(r.status, 0, r.output);
      assert.match(r.stdout, /run successfuly/, r.output);
    });
  }

  it("root package.json registers the injection grammars like the test manifest (skipped until it lists one)", (t) => {
    const grammars = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).contributes?.grammars ?? [];
    if (!INJECTIONS.some((inj) => grammars.some((g) => g.scopeName === inj.scopeName))) {
      t.skip("package.json contributes.grammars lists none of the injection grammars yet");
      return;
    }
    for (const inj of INJECTIONS) {
      const entry = grammars.find((g) => g.scopeName === inj.scopeName);
      assert.ok(entry, `package.json contributes.grammars: no entry for ${inj.scopeName}`);
      // The extension ships dist/ only: the build copies each grammar there, byte for byte.
      assert.equal(join(ROOT, entry.path), join(ROOT, "dist", inj.file), `${inj.scopeName}: path`);
      assert.equal(readFileSync(join(ROOT, entry.path), "utf8"), readFileSync(join(ROOT, inj.file), "utf8"), `${entry.path} is a copy of ${inj.file} (rebuild with \`node esbuild.mjs\`)`);
      assert.deepEqual([...entry.injectTo].sort(), INJECT_TO, `${inj.scopeName}: injectTo`);
    }
  });
});

describe("the grammar tests can fail", () => {
  it("rejects a case file with wrong assertions", () => {
    const dir = scratchDir();
    const wrong = join(dir, "wrong.grammar.mts");
    writeFileSync(
      wrong,
      [
        '// SYNTAX TEST "source.ts" "deliberately wrong assertions"',
        "class Wrong {",
        "  handleCompletion(ctx: unknown) {}",
        "//^^^^^^^^^^^^^^^^ entity.name.function.handler.mcp-capability-lens",
        "  handleListTools(ctx: unknown) {}",
        "//^^^^^^^^^^^^^^^ - entity.name.function.handler.mcp-capability-lens",
        "}",
        "",
      ].join("\n"),
    );
    const r = runTool(MANIFEST, [wrong], { compact: true });
    assert.notEqual(r.status, 0, `expected a failure\n${r.output}`);
    assert.equal(r.signal, null, r.output);
    const name = relative(ROOT, wrong);
    // Line 3: a misspelt handler asserted as a handler; line 5: a real handler asserted as not one.
    assert.match(r.stdout, new RegExp(`ERROR ${escape(name)}:3:\\S* Missing required scopes`), r.output);
    assert.match(r.stdout, new RegExp(`ERROR ${escape(name)}:5:\\S* Prohibited scopes`), r.output);
  });

  it("rejects every case file when only the host grammars are loaded", () => {
    const dir = scratchDir();
    const hostOnly = join(dir, "package.json");
    const grammars = JSON.parse(readFileSync(MANIFEST, "utf8")).contributes.grammars.filter((g) => !g.injectTo);
    writeFileSync(
      hostOnly,
      JSON.stringify({
        contributes: { grammars: grammars.map((g) => ({ ...g, path: relative(dir, join(HERE, g.path)) })) },
      }),
    );
    const r = runTool(hostOnly, caseFiles, { compact: true });
    assert.notEqual(r.status, 0, `expected failures without the injection grammars\n${r.output}`);
    assert.equal(r.signal, null, r.output);
    for (const file of caseFiles) {
      const name = relative(ROOT, file);
      assert.match(r.stdout, new RegExp(`ERROR ${escape(name)}:\\d+:\\S* Missing required scopes`), `${name} passed without our grammars\n${r.output}`);
    }
  });
});

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
