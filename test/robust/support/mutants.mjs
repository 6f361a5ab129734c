// Shows that the robustness tests fail when a protection is removed. Each mutant is a COPY of the
// repository under .tmp/mutants/<name>/ (sources, tests, fixtures; node_modules linked), with one
// protection patched out of the copy's sources, rebuilt there with esbuild, and the tests that guard it
// run there. A mutant is "killed" when one of those tests fails. The repository itself is never changed.
//
//   node test/robust/support/mutants.mjs [name ...]      (all mutants when no name is given)
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const REPO = new URL("../../..", import.meta.url).pathname.replace(/\/$/, "");
const ROOT = join(REPO, ".tmp", "mutants");

/** name → what is removed, the patches (file, find, replace), and the tests that must notice. */
const MUTANTS = {
  baseline: {
    protection: "nothing (an unpatched copy): every selected test must pass here",
    patches: [],
    tests: [],
  },
  "preview-no-escaping": {
    protection: "the webview's esc() escapes user text (point 3)",
    patches: [["client/src/preview/webview/escape.ts", 'return String(value).replace(/[&<>"\'`=]/g, (c) => ENTITIES[c]!);', "return String(value);"]],
    tests: [["test/robust/previewInert.test.ts", "state|hostile text"]],
  },
  "csp-unsafe-inline": {
    protection: "the webview CSP allows only the nonce-bearing script (point 3)",
    patches: [["client/src/preview/html.ts", "script-src 'nonce-${nonce}';", "script-src 'nonce-${nonce}' 'unsafe-inline';"]],
    tests: [["test/robust/previewInert.test.ts", "CSP"]],
  },
  "hover-no-markdown-escape": {
    protection: "hover markdown escapes user text outside code (point 3)",
    patches: [["server/src/lsp/render/markdown.ts", "export function escape(text: string): string {\n  return oneLine(text)", "export function escape(text: string): string {\n  return text;\n  return oneLine(text)"]],
    tests: [["test/robust/previewInert.test.ts", "hover markdown keeps"]],
  },
  "analysis-runs-the-code": {
    protection: "the analysis only reads files, never runs them (point 4)",
    patches: [
      [
        "server/src/analysis/project/fileStore.ts",
        "    this.stats.parses++;",
        '    if (!fileName.includes("/node_modules/")) require("node:child_process").spawnSync(process.execPath, ["--import", "tsx", fileName], { cwd: require("node:path").dirname(fileName), stdio: "ignore", timeout: 20000 });\n    this.stats.parses++;',
      ],
    ],
    tests: [["test/robust/neverExecutes.test.ts", "runs nothing"]],
  },
  "lsp-no-guard": {
    protection: "every request handler is guarded: an exception answers an empty result (point 2)",
    patches: [["server/src/lsp/guard.ts", "    try {\n      return await handler(params, token);\n    } catch (err) {", "    try {\n      return await handler(params, token);\n    } catch (err) {\n      throw err;"]],
    tests: [["test/robust/lspResilience.test.ts", "every feature answers"]],
  },
  "lsp-eager-parse-on-change": {
    protection: "a burst of didChange costs one parse, at the next request (point 2)",
    patches: [["server/src/server.ts", "    const { workspace } = session.workspaceFor(path);\n", "    const { workspace } = session.workspaceFor(path);\n    session.sync(e.document.uri);\n    workspace.analyzeFile(path, { tasksExtension: false });\n"]],
    tests: [["test/robust/lspResilience.test.ts", "didChange notifications in a burst"]],
  },
  "lsp-parse-errors-escape": {
    protection: "a file the parser gives up on (10,000-deep nesting) is skipped, not thrown (points 1 and 2)",
    patches: [["server/src/analysis/project/fileStore.ts", "      } catch (err) {\n        // The parser or summariser gave up", "      } catch (err) {\n        throw err;\n        // The parser or summariser gave up"]],
    tests: [["test/robust/lspResilience.test.ts", "nesting: 10,000 object literals"]],
  },
  "cli-loop-not-detected": {
    protection: "a symlink loop in a walked folder is walked once (point 5)",
    patches: [["server/src/files/discoverFiles.ts", "    if (seenDirs.has(realDir)) return;", "    if (seenDirs.has(realDir) && dir.length > 3000) return;"]],
    tests: [["test/robust/cliBadInput.test.ts", "symlink loop"]],
  },
  "cli-input-errors-are-internal": {
    protection: "unreadable inputs are one-line exit-2 errors naming the input (point 5)",
    patches: [["server/src/cli/main.ts", "if (err instanceof UsageError || err instanceof InputError || err instanceof ConfigError) {", "if (err instanceof UsageError) {"]],
    tests: [["test/robust/cliBadInput.test.ts", "symlink loop|--project with a tsconfig that is not JSON"]],
  },
  "cli-stack-without-debug": {
    protection: "stack traces only with --debug (point 5)",
    patches: [["server/src/cli/main.ts", "if (options?.debug && err instanceof Error && err.stack)", "if (err instanceof Error && err.stack)"]],
    tests: [["test/robust/cliBadInput.test.ts", "internal error"]],
  },
  "cli-unknown-flags-accepted": {
    protection: "unknown flags are refused (point 5)",
    patches: [["server/src/cli/args.ts", "      throw new UsageError(`unknown option ${arg} (see --help)`);", "      continue;"]],
    tests: [["test/robust/cliBadInput.test.ts", "unknown and malformed flags"]],
  },
  "terminal-text-raw": {
    protection: "everything printed for a person shows terminal controls as escapes (hostile workspaces, row 3)",
    patches: [["server/src/cli/terminalText.ts", "  return text.replace(UNSAFE, escapeOf);", "  return text;"]],
    tests: [["test/robust/hostileWorkspace.test.ts", "row 3"], ["test/unit/hostileText.test.ts", "terminal"]],
  },
  "markdown-line-breaks-kept": {
    protection: "hover markdown turns every line break of user text into a space (row 4)",
    patches: [["server/src/lsp/render/markdown.ts", '  return text.replace(LINE_BREAKS, " ");', "  return text;"]],
    tests: [["test/robust/lspHostile.test.ts", "row 4"], ["test/unit/hostileText.test.ts", "hover markdown"]],
  },
  "config-reads-unchecked": {
    protection: "an `extends` target is checked before TypeScript reads it (row 13)",
    patches: [["server/src/analysis/project/tsconfigOptions.ts", "      const problem = unusable?.(p);", "      const problem = undefined;"]],
    tests: [["test/robust/hostileWorkspace.test.ts", "row 13"]],
  },
  "snapshot-through-links": {
    protection: "--write-snapshot refuses links and writes inside the working directory only (row 6)",
    patches: [
      ["server/src/cli/snapshotFile.ts", '  if (existing?.isSymbolicLink()) throw fail("it is a symbolic link (name the file itself)");', ""],
      ["server/src/cli/snapshotFile.ts", "  if (leaves) throw fail(leaves);", ""],
    ],
    tests: [["test/robust/hostileWorkspace.test.ts", "row 6"]],
  },
  "answers-outside-the-workspace": {
    protection: "custom requests answer only for workspace files and open documents (row 7)",
    patches: [["server/src/lsp/session.ts", "    if (!document && !this.inWorkspace(path)) return undefined;", ""]],
    tests: [["test/robust/lspHostile.test.ts", "row 7"]],
  },
  "no-back-pressure": {
    protection: "requests are held back while answers pile up for a client that does not read (row 8)",
    patches: [["server/src/lsp/flowControl.ts", "    return this.#inFlight >= this.maxInFlight || this.#pending > this.highWaterMark;", "    return false;"]],
    tests: [["test/robust/lspHostile.test.ts", "row 8"]],
  },
  "answers-after-shutdown": {
    protection: "requests after shutdown are refused with InvalidRequest (row 14)",
    patches: [["server/src/lsp/shutdownGate.ts", "      if (this.#shutDown && isRequest) {", "      if (false) {"]],
    tests: [["test/robust/lspHostile.test.ts", "row 14"]],
  },
  "webview-payload-trusted": {
    protection: "the preview host acts only on locations, fixes, servers and codes it posted (webview trust)",
    patches: [["client/src/preview/trustedTargets.ts", "    const key = locationKey(candidate);\n    return key === undefined ? undefined : this.#find((o) => o.locations.get(key));", "    return candidate as WireLocation;"]],
    tests: [["test/unit/preview/hostTrust.test.ts", "reveal"]],
  },
};

function copyRepo(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ["client", "common", "server", "test", "scripts", "examples", "syntaxes", "images", "esbuild.mjs", "package.json", "package-lock.json", "tsconfig.json"]) {
    const from = join(REPO, entry);
    if (existsSync(from)) cpSync(from, join(dir, entry), { recursive: true, verbatimSymlinks: true });
  }
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
}

function runMutant(name) {
  const m = name === "baseline" ? { ...MUTANTS.baseline, tests: Object.values(MUTANTS).flatMap((x) => x.tests) } : MUTANTS[name];
  const dir = join(ROOT, name);
  copyRepo(dir);
  for (const [file, find, replace] of m.patches) {
    const p = join(dir, file);
    const text = readFileSync(p, "utf8");
    if (!text.includes(find)) throw new Error(`${name}: the text to patch is not in ${file} any more:\n${find}`);
    writeFileSync(p, text.replace(find, replace));
  }
  execFileSync(process.execPath, ["esbuild.mjs"], { cwd: dir, stdio: "inherit" });
  const results = [];
  for (const [file, pattern] of m.tests) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=tap", `--test-name-pattern=${pattern}`, file], { cwd: dir, encoding: "utf8", timeout: 900_000 });
    const out = `${r.stdout}\n${r.stderr}`;
    // TAP: every failing test (and the suites around it) is a "not ok" line.
    const failed = [...out.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((x) => x[1]);
    const passed = [...out.matchAll(/^\s*ok \d+ - (.*)$/gm)].length;
    results.push({ file, pattern, failed: [...new Set(failed)], passed, status: r.status });
  }
  const killed = results.some((r) => r.failed.length > 0 || r.status !== 0 || r.passed === 0);
  return { name, protection: m.protection, killed, results };
}

const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(MUTANTS);
const summary = [];
for (const name of names) {
  if (!MUTANTS[name]) throw new Error(`no mutant ${name}; known: ${Object.keys(MUTANTS).join(", ")}`);
  console.log(`\n=== mutant ${name}: removes "${MUTANTS[name].protection}"`);
  const r = runMutant(name);
  for (const x of r.results) console.log(`  ${x.file} /${x.pattern}/: exit ${x.status}, ${x.failed.length} failing: ${x.failed.slice(0, 6).join(" | ")}`);
  if (name === "baseline") console.log(`  → ${r.killed ? "FAILS on the unpatched copy: the selection is wrong" : "all selected tests pass on the unpatched copy"}`);
  else console.log(`  → ${r.killed ? "KILLED (the tests notice)" : "SURVIVED (the tests do not notice!)"}`);
  summary.push(r);
}
console.log("\nsummary:");
for (const r of summary) {
  if (r.name === "baseline") console.log(`  ${r.killed ? "FAILED  " : "passes  "} baseline (unpatched copy)`);
  else console.log(`  ${r.killed ? "killed  " : "SURVIVED"} ${r.name}: ${r.protection}`);
}
process.exitCode = summary.every((r) => (r.name === "baseline" ? !r.killed : r.killed)) ? 0 : 1;
