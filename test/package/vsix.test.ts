// `npm run package` yields a small .vsix holding only the bundles and assets: no source maps, sources,
// tests or fixtures (.vscodeignore is an allow-list).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { REPO } from "../helpers/tempProject";

/** Names of the entries of a zip file, read from its central directory. */
function zipEntries(file: string): string[] {
  const buf = readFileSync(file);
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  assert.ok(eocd >= 0, "a zip file");
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    names.push(buf.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

describe("packaging", () => {
  it("the .vsix is under 20 MB and holds only bundles and assets", { timeout: 240_000 }, () => {
    const out = join(REPO, ".tmp", "package-test");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const vsix = join(out, "mcp-capability-lens.vsix");
    // vsce lists every file under the folder it packages (all but node_modules) and matches each
    // against .vscodeignore, which took a minute once .tmp/ held the e2e tools (1.5 GB). It packages a
    // copy of the checkout without the scratch folder instead: every other entry, the sources, tests
    // and fixtures the allow-list must keep out among them; node_modules is a link for the build.
    const tree = join(out, "tree");
    mkdirSync(tree);
    for (const entry of readdirSync(REPO)) {
      if (entry === ".tmp" || entry === ".git") continue;
      if (entry === "node_modules") symlinkSync(join(REPO, entry), join(tree, entry));
      // A build running beside this test writes the code cache to a temporary file and renames it: not copied.
      else cpSync(join(REPO, entry), join(tree, entry), { recursive: true, filter: (src) => !/\.\d+\.tmp$/.test(src) });
    }
    execFileSync(join(REPO, "node_modules", ".bin", "vsce"), ["package", "--no-dependencies", "--out", vsix], { cwd: tree, stdio: "pipe" });
    assert.ok(statSync(vsix).size < 20 * 1024 * 1024, "under 20 MB");
    const entries = zipEntries(vsix).filter((e) => e.startsWith("extension/"));
    for (const required of ["extension/package.json", "extension/dist/extension.js", "extension/dist/server.js", "extension/dist/vendor/ts-morph.js", "extension/dist/webview/preview.js", "extension/dist/webview/preview.css", "extension/dist/images/icon.png", "extension/readme.md"]) {
      assert.ok(entries.some((e) => e.toLowerCase() === required.toLowerCase()), `${required} is packaged`);
    }
    assert.deepEqual(entries.sort(), [
      "extension/LICENSE.txt",
      "extension/changelog.md",
      "extension/dist/cli.js",
      "extension/dist/extension.js",
      "extension/dist/images/icon.png",
      "extension/dist/server.js",
      "extension/dist/syntaxes/mcp-capability-lens.injection.tmLanguage.json",
      "extension/dist/syntaxes/mcp-capability-lens.references.injection.tmLanguage.json",
      "extension/dist/vendor/ts-morph.js",
      "extension/dist/webview/preview.css",
      "extension/dist/webview/preview.js",
      "extension/package.json",
      "extension/readme.md",
    ]);
    const unwanted = entries.filter((e) => /\.map$|\.ts$|^extension\/(test|server\/src|client\/src|common|examples|node_modules|scripts|bench)\/|fixtures/.test(e));
    assert.deepEqual(unwanted, []);
    assert.ok(entries.some((e) => e.startsWith("extension/dist/syntaxes/") && e.endsWith(".tmLanguage.json")), "the grammar is packaged");
  });
});
