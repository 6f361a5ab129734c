// Whether a file or folder exists is answered from its folder's listing (sharedFolderReads.ts): the
// answers must be the file system's own, for files, folders, links, missing folders, and names that
// a file system ignoring case would take for a listed one.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { Project, type FileSystemHost } from "ts-morph";
import { sharedFolderReads } from "../../server/src/analysis/core/project/sharedFolderReads";

const top = realpathSync(mkdtempSync(join(tmpdir(), "lens-listings-")));
after(() => rmSync(top, { recursive: true, force: true }));
mkdirSync(join(top, "src", "deep"), { recursive: true });
writeFileSync(join(top, "src", "server.ts"), "export {};\n");
writeFileSync(join(top, "tsconfig.json"), "{}\n");
symlinkSync(join(top, "src", "server.ts"), join(top, "src", "linked.ts"));
symlinkSync(join(top, "src", "deep"), join(top, "src", "linkedDir"));
symlinkSync(join(top, "nowhere.ts"), join(top, "src", "dangling.ts"));

const real = new Project({ skipLoadingLibFiles: true }).getFileSystem();

/** The real host, counting the existence questions that reach it. */
function counting(): { host: FileSystemHost; asked: () => number } {
  let asked = 0;
  const host = new Proxy(real, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      if (key === "fileExistsSync" || key === "directoryExistsSync") return (p: string) => (asked++, (value as (p: string) => boolean).call(target, p));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return { host, asked: () => asked };
}

const PATHS = [
  "src/server.ts",
  "src/Server.ts",
  "src/server.tsx",
  "src/deep",
  "src/deep/index.ts",
  "src/linked.ts",
  "src/linkedDir",
  "src/dangling.ts",
  "tsconfig.json",
  "src/tsconfig.json",
  "missing/tsconfig.json",
  "missing/deeper/x.ts",
  "src/server.ts/x.ts",
  "src",
];

describe("existence answered from the listings", () => {
  it("gives the file system's own answer for every kind of path", () => {
    const { fs } = sharedFolderReads(real);
    for (const rel of PATHS) {
      const p = join(top, rel);
      assert.equal(fs.fileExistsSync(p), real.fileExistsSync(p), `fileExistsSync(${rel})`);
      assert.equal(fs.directoryExistsSync(p), real.directoryExistsSync(p), `directoryExistsSync(${rel})`);
    }
  });

  it("asks the file system only for links, and for nothing a listing settles", () => {
    const { host, asked } = counting();
    const { fs } = sharedFolderReads(host);
    for (const rel of ["src/server.ts", "src/server.tsx", "src/index.ts", "src/deep", "tsconfig.json", "src/tsconfig.json", "missing/tsconfig.json"]) fs.fileExistsSync(join(top, rel));
    assert.equal(asked(), 0);
    assert.equal(fs.fileExistsSync(join(top, "src/linked.ts")), true);
    assert.equal(fs.directoryExistsSync(join(top, "src/linkedDir")), true);
    assert.equal(asked(), 2);
  });

  it("leaves to the file system a name that differs from a listed one only in case (a file system may ignore case)", () => {
    // A host that answers like a case-insensitive file system while listing names as they were written.
    const folded = new Proxy(real, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === "fileExistsSync") return (p: string) => real.fileExistsSync(p.replace(/Server\.ts$/, "server.ts"));
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { fs } = sharedFolderReads(folded);
    assert.equal(fs.fileExistsSync(join(top, "src/Server.ts")), true);
  });

  it("reads a folder again after forget (files were created)", () => {
    const shared = sharedFolderReads(real);
    const p = join(top, "src", "later.ts");
    assert.equal(shared.fs.fileExistsSync(p), false);
    writeFileSync(p, "export {};\n");
    assert.equal(shared.fs.fileExistsSync(p), false, "kept until files are announced");
    shared.forget();
    assert.equal(shared.fs.fileExistsSync(p), true);
  });
});
