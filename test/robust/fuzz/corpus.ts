// The seed corpus of the fuzzer: the examples project and every fixture project of the repository,
// each as a map of relative path → text (what an in-memory workspace is made of).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export const REPO = join(__dirname, "..", "..", "..");

export interface SeedProject {
  /** Where it comes from, relative to the repository (for reports). */
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
}

const KEEP = /\.(?:ts|tsx|mts|cts|json)$/;

function readTree(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const rel = relative(dir, p).split("\\").join("/");
      if (skip(rel)) continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (KEEP.test(name)) out[rel] = readFileSync(p, "utf8");
    }
  };
  walk(dir);
  return out;
}

/** Expected-results files are not source: they are left out so the projects stay small. */
const notSource = (rel: string) => rel === "expected.json" || rel === "meta.json";

let cached: SeedProject[] | undefined;

/** Every seed project, in a fixed order. */
export function seedProjects(): SeedProject[] {
  if (cached) return cached;
  const projects: SeedProject[] = [{ name: "examples", files: readTree(join(REPO, "examples")) }];
  for (const group of ["cases", "conformance", "sdk"]) {
    const root = join(REPO, "test", "fixtures", group);
    for (const name of readdirSync(root).sort()) {
      const dir = join(root, name);
      if (!statSync(dir).isDirectory()) continue;
      const files = readTree(dir, notSource);
      if (Object.keys(files).some(isSource)) projects.push({ name: `test/fixtures/${group}/${name}`, files });
    }
  }
  cached = projects;
  return projects;
}

/** Source files the analysis is asked about (what a folder walk would find). */
export function isSource(rel: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/.test(rel) && !/\.d\.(?:ts|mts|cts)$/.test(rel) && !rel.startsWith("node_modules/");
}

/** Files that can be mutated: TypeScript, declaration files included. */
export function isMutable(rel: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/.test(rel);
}
