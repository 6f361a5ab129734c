// The CLI reads nothing outside its workspace (the folder it is given, or the working directory that
// holds it): a tsconfig whose `extends` leads out of it is used without that file, and said so in one
// warning; a base class imported from outside is not read, and the server that needs it is approximate.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { mcpCaps, tempProject } from "../helpers/tempProject";

it("a tsconfig extending a file outside the folder: that file is not read, and a warning says why", () => {
  const top = tempProject({});
  const outside = join(top, "outside");
  mkdirSync(outside);
  // The outside base would hide src/lib (its outDir) from the walk if it were read.
  writeFileSync(join(outside, "tsconfig.base.json"), JSON.stringify({ compilerOptions: { outDir: "../ws/src/lib" } }));
  const ws = join(top, "ws");
  mkdirSync(join(ws, "src", "lib"), { recursive: true });
  writeFileSync(join(ws, "tsconfig.json"), JSON.stringify({ extends: "../outside/tsconfig.base.json" }));
  writeFileSync(join(ws, "src", "lib", "lib.ts"), "export class LibServer { handleListTools() { return []; } }\n");
  writeFileSync(join(ws, "src", "server.ts"), 'import { Base } from "../../outside/base";\nexport class S extends Base { handleListPrompts() { return []; } }\n');
  writeFileSync(join(outside, "base.ts"), "export class Base { handleListTools() { return []; } }\n");
  const r = mcpCaps(ws, "--json", ".");
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /tsconfig\.json: cannot read .*outside\/tsconfig\.base\.json: it is outside the workspace, which the analysis does not read/);
  const servers = JSON.parse(r.stdout).servers as { name: string; file: string; exact: boolean }[];
  assert.deepEqual(servers.map((s) => s.name).sort(), ["LibServer", "S"]);
  const s = servers.find((x) => x.name === "S")!;
  assert.equal(s.exact, false);
  assert.ok(servers.every((x) => !x.file.startsWith("..")), JSON.stringify(servers.map((x) => x.file)));
});

it("a folder whose name starts with two dots is inside the working directory, and its imports are read", () => {
  const dir = tempProject({
    "..lib/server.ts": 'import { Base } from "../lib/base";\nexport class S extends Base { handleListPrompts() { return []; } }\n',
    "lib/base.ts": "export class Base { handleListTools() { return []; } }\n",
  });
  const r = mcpCaps(dir, "--json", "..lib");
  assert.equal(r.status, 0, r.stderr);
  const [s] = JSON.parse(r.stdout).servers as { exact: boolean }[];
  assert.equal(s!.exact, true);
});

it("tsconfigs extending a package the workspace does not install: one warning for all of them, not one per folder searched above", () => {
  const dir = tempProject({
    "packages/a/tsconfig.json": JSON.stringify({ extends: "@acme/tsconfig-base", compilerOptions: { strict: true } }),
    "packages/a/src/server.ts": "export class A { handleListTools() { return []; } }\n",
    "packages/b/tsconfig.json": JSON.stringify({ extends: "@acme/tsconfig-base" }),
    "packages/b/src/server.ts": "export class B { handleListPrompts() { return []; } }\n",
  });
  const r = mcpCaps(dir, "--json", ".");
  assert.equal(r.status, 0, r.stderr);
  const warnings = r.stderr.split("\n").filter((l) => l.startsWith("mcp-caps: warning:"));
  assert.deepEqual(warnings, ['mcp-caps: warning: packages/a/tsconfig.json and 1 other tsconfig: extends "@acme/tsconfig-base", a package not installed in the workspace: not found (their other options are used)']);
  assert.deepEqual((JSON.parse(r.stdout).servers as { name: string }[]).map((s) => s.name).sort(), ["A", "B"]);
});
