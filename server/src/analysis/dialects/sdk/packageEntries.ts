// The source files a package's manifest makes its entry points (`main`, `module`, `types`, `exports`):
// what they export, code outside the workspace may import and use.
import type { Evaluator } from "../../core/evaluate/evaluator";
import { joinPath, normalizePath } from "../../core/project/paths";

/** Build folders whose files come from `src/` (`dist/index.js` is built from `src/index.ts`). */
const BUILD_FOLDER = /^(?:dist|build|lib|out|esm|cjs)\//;

export function packageEntryFiles(ev: Evaluator, root: string): ReadonlySet<string> {
  const out = new Set<string>();
  const text = ev.host.text?.(joinPath(root, "package.json"));
  let manifest: unknown;
  try {
    manifest = text ? JSON.parse(text) : undefined;
  } catch {
    manifest = undefined;
  }
  const paths: string[] = [];
  const collect = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === "string") paths.push(v);
    else if (Array.isArray(v)) for (const x of v) collect(x, depth + 1);
    else if (v && typeof v === "object") for (const x of Object.values(v)) collect(x, depth + 1);
  };
  if (manifest && typeof manifest === "object") {
    const m = manifest as Record<string, unknown>;
    for (const k of ["main", "module", "types", "typings", "exports", "browser"]) collect(m[k], 0);
  }
  // Without `main` or `exports`, Node loads the package's index.
  if (paths.length === 0) paths.push("index.js");
  for (const p of paths) {
    const rel = normalizePath(`/${p}`).slice(1);
    for (const candidate of [rel, rel.replace(BUILD_FOLDER, "src/")]) {
      const stem = candidate.replace(/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/, "");
      for (const ext of [".ts", ".tsx", ".mts", ".cts"]) out.add(joinPath(root, stem + ext));
      for (const ext of [".ts", ".mts"]) out.add(joinPath(root, `${stem}/index${ext}`));
    }
  }
  return out;
}
