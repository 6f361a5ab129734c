import type { FileSystemHost } from "ts-morph";
import { dirname, isWithin, joinPath } from "./paths";

/** Largest package.json read for a version (a real one is a few kilobytes). */
const MAX_MANIFEST_BYTES = 1 << 20;

/**
 * The version of a package a file would load: `node_modules/<name>/package.json` in the nearest folder
 * above the file that has one, as Node resolves it. Dialects whose rules changed between releases of
 * their framework key those rules by this version. The walk never leaves the workspace's roots.
 */
export class InstalledVersions {
  readonly #found = new Map<string, string | undefined>();

  constructor(readonly fs: FileSystemHost, readonly roots: readonly string[]) {}

  of(fromFile: string, packageName: string): string | undefined {
    const key = `${dirname(fromFile)}\u0000${packageName}`;
    if (this.#found.has(key)) return this.#found.get(key);
    let version: string | undefined;
    for (let dir = dirname(fromFile); this.roots.some((r) => isWithin(r, dir)); dir = dirname(dir)) {
      version = this.#read(joinPath(joinPath(joinPath(dir, "node_modules"), packageName), "package.json"));
      if (version !== undefined || dirname(dir) === dir) break;
    }
    this.#found.set(key, version);
    return version;
  }

  #read(manifest: string): string | undefined {
    try {
      if (!this.fs.fileExistsSync(manifest)) return undefined;
      const text = this.fs.readFileSync(manifest);
      if (text.length > MAX_MANIFEST_BYTES) return undefined;
      const version = (JSON.parse(text) as { version?: unknown }).version;
      return typeof version === "string" && /^\d+\.\d+\.\d+[\w.+-]*$/.test(version) ? version : undefined;
    } catch {
      return undefined;
    }
  }
}
