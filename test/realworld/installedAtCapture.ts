// The packages the published build had installed when it was probed, read from the probe's own stamp
// (`mcp-caps probe 0.1.0 (@modelcontextprotocol/sdk 1.32.2 in the published build, fastmcp 3.35.0)`).
// The analysis keys its rules by the release a file loads from node_modules; a snapshot has none, so
// without these it sees only the lock file and the ranges, which `npm install <package>` does not obey
// (it installs the newest release each range allows). Writing each package's manifest into the
// extracted folder puts the analysis where a user's editor is after an install: it reads the release
// that really runs, and nothing else of the package.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusEntry } from "./entry";

export interface InstalledPackage {
  readonly name: string;
  readonly version: string;
}

const PACKAGE_AND_VERSION = /(@[a-z0-9._-]+\/[a-z0-9._-]+|[a-z0-9][a-z0-9._-]*) (\d+\.\d+\.\d+(?:-[\w.]+)?)/g;
// The probe's stamp for a build probed by hand says "SDK 1.32.2".
const BY_HAND = /\bSDK (?=\d)/g;

/** The packages and versions the stamp names inside its parentheses (never the probe's own version). */
export function installedAtCapture(entry: Pick<CorpusEntry, "captured">): InstalledPackage[] {
  const stamp = entry.captured.probedWith;
  const open = stamp.indexOf("(");
  if (open < 0) return [];
  const inside = stamp.slice(open + 1, stamp.lastIndexOf(")") > open ? stamp.lastIndexOf(")") : undefined);
  const found: InstalledPackage[] = [];
  for (const m of inside.replace(BY_HAND, "@modelcontextprotocol/sdk ").matchAll(PACKAGE_AND_VERSION)) {
    if (!found.some((p) => p.name === m[1])) found.push({ name: m[1]!, version: m[2]! });
  }
  return found;
}

/** Writes `node_modules/<name>/package.json` (name and version only) under the package's folder. */
export function writeInstalledManifests(root: string, packages: readonly InstalledPackage[]): void {
  for (const p of packages) {
    const dir = join(root, "node_modules", ...p.name.split("/"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: p.name, version: p.version })}\n`);
  }
}
