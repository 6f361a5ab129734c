import type { FileSystemHost } from "ts-morph";
import { parse as parseYaml } from "yaml";
import { basename, dirname, isWithin, joinPath, normalizePath } from "./paths";
import { dualPackage } from "./packageNameImporters";

/** Largest manifest read (a real package.json or pnpm-workspace.yaml is a few kilobytes). */
const MAX_MANIFEST_BYTES = 1 << 20;
/** How deep a `**` in a workspace pattern is followed, and how many packages one monorepo may list. */
const MAX_GLOB_DEPTH = 4;
const MAX_PACKAGES = 2_000;
/** Source files tried for a module path, in TypeScript's order. */
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts"];
/** Output folders a build writes next to the sources, each with the usual source folder first. */
const OUTPUT_FOLDERS = ["dist", "lib", "build", "out", "esm", "cjs"];
const SOURCE_FOLDERS = ["src", "lib", "source", ""];
/** Conditions read in an `exports` entry, most useful to a reader of sources first. */
const CONDITIONS = ["source", "types", "typescript", "import", "module", "node", "require", "default"];

interface Manifest {
  readonly name?: unknown;
  readonly workspaces?: unknown;
  readonly exports?: unknown;
  readonly types?: unknown;
  readonly typings?: unknown;
  readonly module?: unknown;
  readonly main?: unknown;
}

/**
 * The packages of a monorepo (npm, Yarn and Bun `workspaces`, `pnpm-workspace.yaml`), by name, so an
 * import of a sibling package (`@acme/core`) reaches its source when it is not installed, or is
 * installed but not built: a fresh clone. Its `exports`/`main` name the built file (`dist/index.js`);
 * the source that builds it is found as a project reference would (`src/index.ts`). The walk never
 * leaves the workspace's roots.
 */
export class WorkspacePackages {
  readonly #monorepoOf = new Map<string, string | null>();
  readonly #packagesOf = new Map<string, ReadonlyMap<string, string>>();

  constructor(
    readonly fs: FileSystemHost,
    readonly roots: readonly string[],
  ) {}

  /** Files were created, deleted or changed: manifests are read again on next use. */
  forget(): void {
    this.#monorepoOf.clear();
    this.#packagesOf.clear();
  }

  /**
   * The source file a bare specifier names when it is a package of the monorepo around `fromFile`, or
   * that a relative path into another package's build (`../packages/core/dist/index.js`) is built from.
   */
  resolve(specifier: string, fromFile: string, landed?: string): string | undefined {
    if (specifier.startsWith("./") || specifier.startsWith("../")) return this.#builtBy(joinPath(dirname(fromFile), specifier), fromFile);
    const parts = splitSpecifier(specifier);
    if (!parts) return undefined;
    const root = this.#monorepoRoot(dirname(fromFile));
    if (root === undefined) return undefined;
    const dir = this.#packages(root).get(parts.name);
    if (dir === undefined) return undefined;
    // `landed`: the file the import reaches on disk, by its real path. A link to the package lands in
    // its folder; a real copy in some node_modules (stale, or another version) is another module.
    if (landed !== undefined && !isWithin(dir, landed)) return undefined;
    const manifest = this.#manifest(joinPath(dir, "package.json"));
    if (!manifest) return undefined;
    for (const target of entryTargets(manifest, parts.subpath)) {
      const found = this.#sourceFor(dir, target);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * A path in the output folder of a package other than `fromFile`'s: the source that builds it, as a
   * project reference maps it. The importer's own package is left alone: its build is its own output,
   * not a sibling's source.
   */
  #builtBy(path: string, fromFile: string): string | undefined {
    const target = normalizePath(path);
    for (let dir = dirname(target); this.roots.some((r) => isWithin(r, dir)); dir = dirname(dir)) {
      const manifest = this.#read(joinPath(dir, "package.json"));
      if (manifest !== undefined) {
        // A dual package builds one source twice (ESM and CommonJS): each build is a module of its own.
        if (isWithin(dir, fromFile) || dualPackage(manifest)) return undefined;
        const rel = target.slice(dir.length + 1);
        return OUTPUT_FOLDERS.includes(rel.split("/")[0]!) ? this.#sourceFor(dir, rel) : undefined;
      }
      if (dirname(dir) === dir) break;
    }
    return undefined;
  }

  /** The nearest folder at or above `dir` that declares workspaces, inside a root. */
  #monorepoRoot(dir: string): string | undefined {
    const cached = this.#monorepoOf.get(dir);
    if (cached !== undefined) return cached ?? undefined;
    let found: string | undefined;
    if (this.roots.some((r) => isWithin(r, dir))) {
      if (this.#patterns(dir).length > 0) found = dir;
      else if (dirname(dir) !== dir) found = this.#monorepoRoot(dirname(dir));
    }
    this.#monorepoOf.set(dir, found ?? null);
    return found;
  }

  /** The workspace patterns declared in `dir` (package.json `workspaces`, pnpm-workspace.yaml `packages`). */
  #patterns(dir: string): string[] {
    const out: string[] = [];
    const ws = this.#manifest(joinPath(dir, "package.json"))?.workspaces;
    const list = Array.isArray(ws) ? ws : isRecord(ws) && Array.isArray(ws.packages) ? ws.packages : [];
    for (const p of list) if (typeof p === "string") out.push(p);
    const pnpm = this.#read(joinPath(dir, "pnpm-workspace.yaml"));
    if (pnpm !== undefined) {
      try {
        const doc: unknown = parseYaml(pnpm);
        if (isRecord(doc) && Array.isArray(doc.packages)) for (const p of doc.packages) if (typeof p === "string") out.push(p);
      } catch {
        // Not YAML: no pnpm packages.
      }
    }
    return out;
  }

  #packages(root: string): ReadonlyMap<string, string> {
    const cached = this.#packagesOf.get(root);
    if (cached) return cached;
    const byName = new Map<string, string>();
    const patterns = this.#patterns(root);
    const excluded = patterns.filter((p) => p.startsWith("!")).map((p) => segmentsOf(p.slice(1)));
    for (const pattern of patterns) {
      if (pattern.startsWith("!")) continue;
      for (const dir of this.#expand(root, segmentsOf(pattern), 0)) {
        if (byName.size >= MAX_PACKAGES) break;
        const relative = dir.slice(root.length + 1).split("/");
        if (excluded.some((ex) => matchesPath(ex, relative))) continue;
        const name = this.#manifest(joinPath(dir, "package.json"))?.name;
        if (typeof name === "string" && !byName.has(name)) byName.set(name, dir);
      }
    }
    this.#packagesOf.set(root, byName);
    return byName;
  }

  /** The folders under `dir` a pattern's segments match. */
  #expand(dir: string, segments: readonly string[], depth: number): string[] {
    if (segments.length === 0) return [dir];
    const [head, ...rest] = segments as [string, ...string[]];
    if (head === "**") {
      const here = this.#expand(dir, rest, depth);
      if (depth >= MAX_GLOB_DEPTH) return here;
      return [...here, ...this.#subfolders(dir).flatMap((sub) => this.#expand(sub, segments, depth + 1))];
    }
    if (!/[*?[{]/.test(head)) {
      const next = joinPath(dir, head);
      return this.fs.directoryExistsSync(next) ? this.#expand(next, rest, depth + 1) : [];
    }
    const match = segmentMatcher(head);
    return this.#subfolders(dir)
      .filter((sub) => match.test(sub.slice(sub.lastIndexOf("/") + 1)))
      .flatMap((sub) => this.#expand(sub, rest, depth + 1));
  }

  #subfolders(dir: string): string[] {
    try {
      const out: string[] = [];
      for (const e of this.fs.readDirSync(dir)) {
        const name = basename(normalizePath(e.name));
        if (e.isDirectory && !name.startsWith(".") && name !== "node_modules") out.push(joinPath(dir, name));
      }
      return out;
    } catch {
      return [];
    }
  }

  /** The source file that builds `target` (a path in the package), if the package holds one. */
  #sourceFor(dir: string, target: string): string | undefined {
    const rel = normalizePath(joinPath("/", target)).slice(1);
    if (rel === "" || rel.startsWith("..")) return undefined;
    const stem = rel.replace(/\.d\.[cm]?ts$|\.[cm]?jsx?$|\.[cm]?tsx?$/, "");
    const stems = [stem];
    const [first, ...rest] = stem.split("/");
    if (first !== undefined && OUTPUT_FOLDERS.includes(first)) {
      // `dist/esm/index.js` and `dist/index.js` are both built from `src/index.ts`.
      const inner = rest[0] === "esm" || rest[0] === "cjs" ? rest.slice(1) : rest;
      for (const src of SOURCE_FOLDERS) if (src !== first) stems.push([src, ...inner].filter(Boolean).join("/"));
    }
    for (const s of stems) {
      for (const candidate of [...SOURCE_EXTENSIONS.map((e) => s + e), ...SOURCE_EXTENSIONS.map((e) => `${s}/index${e}`)]) {
        const file = joinPath(dir, candidate);
        if (this.roots.some((r) => isWithin(r, file)) && this.fs.fileExistsSync(file)) return file;
      }
    }
    return undefined;
  }

  #manifest(path: string): Manifest | undefined {
    const text = this.#read(path);
    if (text === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return isRecord(value) ? (value as Manifest) : undefined;
    } catch {
      return undefined;
    }
  }

  #read(path: string): string | undefined {
    try {
      if (!this.roots.some((r) => isWithin(r, path)) || !this.fs.fileExistsSync(path)) return undefined;
      const text = this.fs.readFileSync(path);
      return text.length > MAX_MANIFEST_BYTES ? undefined : text;
    } catch {
      return undefined;
    }
  }
}

/** `@scope/name/sub/path` → name `@scope/name`, subpath `./sub/path`; relative and absolute paths are not packages. */
function splitSpecifier(specifier: string): { name: string; subpath: string } | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.includes(":") || specifier.includes("\\")) return undefined;
  const parts = specifier.split("/");
  const size = specifier.startsWith("@") ? 2 : 1;
  if (parts.length < size || parts.slice(0, size).some((p) => p === "")) return undefined;
  const rest = parts.slice(size).join("/");
  return { name: parts.slice(0, size).join("/"), subpath: rest === "" ? "." : `./${rest}` };
}

/** The files a subpath of a package names: its `exports` entry, else (for the root) types/module/main, then index. */
function entryTargets(manifest: Manifest, subpath: string): string[] {
  const out: string[] = [];
  const exp = manifest.exports;
  if (exp !== undefined) {
    const entry = typeof exp === "string" || Array.isArray(exp) || (isRecord(exp) && !Object.keys(exp).some((k) => k.startsWith("."))) ? (subpath === "." ? exp : undefined) : isRecord(exp) ? exportEntry(exp, subpath) : undefined;
    collectTargets(entry, out, 0);
  }
  if (subpath === ".") {
    for (const field of [manifest.types, manifest.typings, manifest.module, manifest.main]) if (typeof field === "string") out.push(field);
    out.push("index.js");
  } else {
    out.push(subpath);
  }
  return out;
}

/** An `exports` map's entry for a subpath, with `./*` patterns. */
function exportEntry(map: Record<string, unknown>, subpath: string): unknown {
  if (subpath in map) return map[subpath];
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const before = key.slice(0, star);
    const after = key.slice(star + 1);
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      const filled = subpath.slice(before.length, subpath.length - after.length);
      return replaceStars(value, filled);
    }
  }
  return undefined;
}

function replaceStars(value: unknown, filled: string): unknown {
  if (typeof value === "string") return value.split("*").join(filled);
  if (Array.isArray(value)) return value.map((v) => replaceStars(v, filled));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStars(v, filled)]));
  return value;
}

function collectTargets(entry: unknown, out: string[], depth: number): void {
  if (depth > 8 || entry === null || entry === undefined) return;
  if (typeof entry === "string") out.push(entry);
  else if (Array.isArray(entry)) for (const e of entry) collectTargets(e, out, depth + 1);
  else if (isRecord(entry)) {
    for (const c of CONDITIONS) if (c in entry) collectTargets(entry[c], out, depth + 1);
  }
}

function segmentsOf(pattern: string): string[] {
  return pattern
    .replace(/\\/g, "/")
    .split("/")
    .filter((s) => s !== "" && s !== ".");
}

/** A glob segment (`*`, `?`, `{a,b}`, `[ab]`) as a pattern for one folder name. */
function segmentMatcher(segment: string): RegExp {
  let re = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "{") {
      const end = segment.indexOf("}", i);
      if (end < 0) re += "\\{";
      else {
        re += `(?:${segment.slice(i + 1, end).split(",").map(escapeRegExp).join("|")})`;
        i = end;
      }
    } else if (c === "[") {
      const end = segment.indexOf("]", i);
      if (end < 0) re += "\\[";
      else {
        re += `[${segment.slice(i + 1, end).replace(/[\\\]^]/g, "\\$&").replace(/^\\\^|^!/, "^")}]`;
        i = end;
      }
    } else re += escapeRegExp(c);
  }
  return new RegExp(`^${re}$`);
}

/** Whether an excluding pattern's segments match a package's path from the monorepo root. */
function matchesPath(segments: readonly string[], path: readonly string[]): boolean {
  if (segments.length === 0) return path.length === 0;
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === "**") return matchesPath(rest, path) || (path.length > 0 && matchesPath(segments, path.slice(1)));
  return path.length > 0 && segmentMatcher(head).test(path[0]!) && matchesPath(rest, path.slice(1));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
