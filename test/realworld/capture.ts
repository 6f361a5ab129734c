// Fills an entry's `captured` block from the published build: `mcp-caps probe` (the built dist/cli.js)
// on the package installed from the npm registry at exactly the entry's version.
//   node --import tsx test/realworld/capture.ts <id> <install dir>
// The install dir is a scratch folder OUTSIDE the repository where `npm install --no-save
// <package>@<version>` was run. This starts the published server (it runs third-party code): use it
// only for packages you would run yourself, with dummy values in `probe.env`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusEntry } from "./entry";
import { SERVERS_DIR } from "./entry";

const CLI = join(__dirname, "..", "..", "dist", "cli.js");

interface EraReport {
  readonly capabilities: Record<string, unknown> | null;
  readonly error?: string;
}

/** The version of the SDK the published package really loads (its own nested copy first). */
function sdkVersion(installDir: string, entry: CorpusEntry): string {
  const pkgDir = join(installDir, "node_modules", entry.package);
  for (const name of ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "fastmcp", "mcp-framework", "@rekog/mcp-nest"]) {
    for (const at of [join(pkgDir, "node_modules", name), join(installDir, "node_modules", name)]) {
      if (existsSync(join(at, "package.json"))) return `${name} ${(JSON.parse(readFileSync(join(at, "package.json"), "utf8")) as { version: string }).version}`;
    }
  }
  return "no MCP library found";
}

function main([id, installDir]: string[]): void {
  if (!id || !installDir) throw new Error("usage: capture.ts <id> <install dir>");
  const file = join(SERVERS_DIR, `${id}.json`);
  const entry = JSON.parse(readFileSync(file, "utf8")) as CorpusEntry;
  const bin = join(installDir, "node_modules", entry.package, entry.probe.bin);
  const env = Object.entries(entry.probe.env ?? {}).flatMap(([k, v]) => ["--env", `${k}=${v}`]);
  let out: string;
  try {
    out = execFileSync(process.execPath, [CLI, "probe", "--json", "--timeout", "20000", ...env, "--", process.execPath, bin, ...(entry.probe.args ?? [])], {
      cwd: installDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  } catch (e) {
    // Exit 2 (a server that could not be asked) still prints the report.
    out = (e as { stdout?: string }).stdout ?? "";
    if (!out) throw e;
  }
  const report = JSON.parse(out) as { version: string; legacy: EraReport; modern: EraReport };
  if (report.legacy.capabilities === null) throw new Error(`${id}: initialize was not answered (${report.legacy.error}); such a server does not belong in the corpus`);
  const captured: CorpusEntry["captured"] = {
    legacy: report.legacy.capabilities,
    modern: report.modern.capabilities,
    legacyError: report.legacy.capabilities === null ? (report.legacy.error ?? "no answer") : null,
    modernError: report.modern.capabilities === null ? (report.modern.error ?? "no answer") : null,
    probedWith: `mcp-caps probe ${report.version} (${sdkVersion(installDir, entry)} in the published build)`,
    date: new Date().toISOString().slice(0, 10),
  };
  writeFileSync(file, `${JSON.stringify({ ...entry, captured }, null, 2)}\n`);
  process.stdout.write(`${id}: legacy ${JSON.stringify(captured.legacy)}; modern ${captured.modern ? JSON.stringify(captured.modern) : captured.modernError}\n`);
}

main(process.argv.slice(2));
