// The analysis reads nothing outside its workspace (trial 96): an import that climbs out of it, an
// absolute import, or a link inside it that leads out is not followed, and the server that needs
// what lies there is approximate, never predicted from a file outside.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { Project } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const top = realpathSync(mkdtempSync(join(tmpdir(), "lens-fence-")));
after(() => rmSync(top, { recursive: true, force: true }));

const root = join(top, "root");
mkdirSync(join(root, "src"), { recursive: true });
mkdirSync(join(top, "outside"));
writeFileSync(join(top, "outside", "base.ts"), "export class Base { handleListTools() { return {}; } }\n");
writeFileSync(join(root, "src", "inside.ts"), "export class Inside { handleListTools() { return {}; } }\n");
symlinkSync("../outside", join(root, "out"));
// A file of the workspace that is itself a link to a file outside.
symlinkSync(join(top, "outside", "base.ts"), join(root, "src", "linked.ts"));
// A workspace package declared outside the workspace (npm workspaces may name `../`).
mkdirSync(join(top, "outside", "pkg", "src"), { recursive: true });
writeFileSync(join(top, "outside", "pkg", "package.json"), JSON.stringify({ name: "outside-pkg", main: "src/index.ts" }));
writeFileSync(join(top, "outside", "pkg", "src", "index.ts"), "export class Base { handleListTools() { return {}; } }\n");
writeFileSync(join(root, "package.json"), JSON.stringify({ name: "root", workspaces: ["../outside/pkg"] }));
// A workspace reached through a link to it, with a package installed in it.
mkdirSync(join(top, "real", "src"), { recursive: true });
mkdirSync(join(top, "real", "node_modules", "basepkg"), { recursive: true });
writeFileSync(join(top, "real", "node_modules", "basepkg", "package.json"), JSON.stringify({ name: "basepkg", types: "index.d.ts" }));
writeFileSync(join(top, "real", "node_modules", "basepkg", "index.d.ts"), "export declare class Base { handleListTools(): object; }\n");
symlinkSync(join(top, "real"), join(top, "linked-root"));
// fastmcp installed above the workspace: Node would load it, but the analysis does not read it.
mkdirSync(join(top, "node_modules", "fastmcp"), { recursive: true });
writeFileSync(join(top, "node_modules", "fastmcp", "package.json"), JSON.stringify({ name: "fastmcp", version: "4.20.16" }));

function analyse(text: string) {
  const file = join(root, "src", "server.ts");
  writeFileSync(file, text);
  const ws = new Workspace({ fileSystem: new Project({ skipLoadingLibFiles: true }).getFileSystem(), dialects: DIALECTS, roots: [root] });
  return ws.analyzeFile(file, { tasksExtension: false });
}

it("a base class through a folder or file link leading out, a relative climb or an absolute path is not read", () => {
  for (const specifier of ["../out/base", "../../outside/base", join(top, "outside", "base"), "./linked", "../node_modules/../../outside/base", "outside-pkg"]) {
    const analysis = analyse(`import { Base } from ${JSON.stringify(specifier)};\nexport class S extends Base { handleListPrompts() { return {}; } }\n`);
    const [s] = analysis.servers;
    assert.equal(s!.exact, false, specifier);
    assert.match(s!.unknown.map((u) => u.reason).join(" "), /cannot be resolved/, specifier);
    const cited = [...s!.provenance.map((p) => p.loc?.file), ...s!.unknown.map((u) => u.loc?.file), ...analysis.diagnostics.map((d) => d.loc.file)];
    assert.ok(cited.every((f) => f === undefined || f.startsWith(`${root}/`)), `${specifier}: ${cited.join(", ")}`);
  }
});

it("a base class inside the workspace is still read", () => {
  const [s] = analyse(`import { Inside } from "./inside";\nexport class S extends Inside { handleListPrompts() { return {}; } }\n`).servers;
  assert.equal(s!.exact, true, JSON.stringify(s!.unknown));
});

it("a framework installed in a folder above the workspace is not read", () => {
  const [s] = analyse(`import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "x", version: "1.0.0" });\nserver.addTool({ name: "t", execute: async () => "ok" });\nawait server.start({ transportType: "stdio" });\n`).servers;
  assert.notEqual(s!.frameworkVersion, "4.20.16");
  assert.equal(s!.exact, false);
  assert.match(s!.unknown.map((u) => u.reason).join(" "), /fastmcp is not installed where this file would load it/);
});

it("a workspace opened through a link to it reads its own install", () => {
  const linked = join(top, "linked-root");
  const file = join(linked, "src", "server.ts");
  writeFileSync(join(top, "real", "src", "server.ts"), 'import { Base } from "basepkg";\nexport class S extends Base { handleListPrompts() { return {}; } }\n');
  const ws = new Workspace({ fileSystem: new Project({ skipLoadingLibFiles: true }).getFileSystem(), dialects: DIALECTS, roots: [linked] });
  const [s] = ws.analyzeFile(file, { tasksExtension: false }).servers;
  assert.equal(s!.exact, true, JSON.stringify(s!.unknown));
});
