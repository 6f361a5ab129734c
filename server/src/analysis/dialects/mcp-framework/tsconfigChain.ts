// The nearest tsconfig.json above the server's file, with what its `extends` chain gives it (most
// projects extend a base such as @tsconfig/node20): outDir, rootDir, composite, allowJs, and the
// include/exclude/files that decide the inputs. As tsc reads them, a config's own paths are relative
// to its own folder and a later config overrides an earlier one. A base that cannot be found is said
// (`unreadable`), so that the layout is not guessed from half of the options.
import { dirname, joinPath, normalizePath } from "../../core/project/paths";
import { ts } from "../../core/typescript";

type FileText = (file: string) => string | undefined;

export interface Tsconfig {
  readonly dir: string;
  readonly outDir?: string;
  readonly rootDir?: string;
  /** What decides the inputs, kept for working out a missing rootDir (patterns made absolute). */
  readonly raw: RawConfig;
}

export interface RawConfig {
  readonly composite: boolean;
  /** Undefined when no readable config of the chain sets it (tsc's default is false). */
  readonly allowJs?: boolean;
  readonly files?: readonly string[];
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  /** Why part of the chain could not be read. */
  readonly unreadable?: string;
}

interface Layer {
  outDir?: string;
  rootDir?: string;
  composite?: boolean;
  allowJs?: boolean;
  files?: string[];
  include?: string[];
  exclude?: string[];
  unreadable?: string;
}

const MAX_CHAIN = 8;

/** The nearest tsconfig.json above `file`. */
export function tsconfigOf(file: string, text: FileText): Tsconfig | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const path = joinPath(dir, "tsconfig.json");
    if (text(path) !== undefined) {
      const l = layer(path, text, 0);
      const raw: RawConfig = {
        composite: l.composite === true,
        ...(l.allowJs !== undefined ? { allowJs: l.allowJs } : {}),
        ...(l.files ? { files: l.files } : {}),
        ...(l.include ? { include: l.include } : {}),
        ...(l.exclude ? { exclude: l.exclude } : {}),
        ...(l.unreadable ? { unreadable: l.unreadable } : {}),
      };
      return { dir, ...(l.outDir ? { outDir: l.outDir } : {}), ...(l.rootDir ? { rootDir: l.rootDir } : {}), raw };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** One config over what it extends. */
function layer(path: string, text: FileText, depth: number): Layer {
  const body = text(path);
  if (body === undefined) return { unreadable: `${path} cannot be read` };
  const json = ts.parseConfigFileTextToJson(path, body).config as Record<string, unknown> | undefined;
  const dir = dirname(path);
  const out: Layer = {};
  const bases = typeof json?.extends === "string" ? [json.extends] : Array.isArray(json?.extends) ? json.extends : [];
  for (const spec of bases) {
    const basePath = typeof spec === "string" && depth < MAX_CHAIN ? resolveExtends(spec, dir, text) : undefined;
    Object.assign(out, basePath ? layer(basePath, text, depth + 1) : { unreadable: `the config it extends (${String(spec)}) is not found in the workspace` });
  }
  const opts = (json?.compilerOptions ?? {}) as Record<string, unknown>;
  const at = (p: string) => normalizePath(p.startsWith("/") ? p : joinPath(dir, p));
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string").map(at) : undefined);
  // `"rootDir": null` in an extending config takes back what its base set: tsc's default again.
  for (const key of ["outDir", "rootDir", "composite", "allowJs"] as const) if (opts[key] === null) delete out[key];
  for (const key of ["files", "include", "exclude"] as const) if (json?.[key] === null) delete out[key];
  if (typeof opts.outDir === "string") out.outDir = at(opts.outDir);
  if (typeof opts.rootDir === "string") out.rootDir = at(opts.rootDir);
  if (typeof opts.composite === "boolean") out.composite = opts.composite;
  if (typeof opts.allowJs === "boolean") out.allowJs = opts.allowJs;
  for (const key of ["files", "include", "exclude"] as const) {
    const v = strings(json?.[key]);
    if (v) out[key] = v;
  }
  return out;
}

/** `./base.json`, `../tsconfig.base` (`.json` added when missing), or a package's config in node_modules. */
function resolveExtends(spec: string, dir: string, text: FileText): string | undefined {
  const candidates = (p: string) => (p.endsWith(".json") ? [p] : [p, `${p}.json`, joinPath(p, "tsconfig.json")]);
  if (spec.startsWith(".") || spec.startsWith("/")) return candidates(normalizePath(spec.startsWith("/") ? spec : joinPath(dir, spec))).find((p) => text(p) !== undefined);
  for (let d = dir; ; d = dirname(d)) {
    const found = candidates(joinPath(joinPath(d, "node_modules"), spec)).find((p) => text(p) !== undefined);
    if (found) return found;
    if (dirname(d) === d) return undefined;
  }
}
