// A package.json `"imports"` alias (`import { McpServer } from "#sdk"`) that stands for another
// package's module (`"#sdk": "@modelcontextprotocol/sdk/server/mcp.js"`). Node maps such a specifier
// through the `imports` field of the nearest package.json above the importing file; TypeScript's
// resolver lands in that package's declaration file, which no dialect can tell apart from any other
// installed file, so a dialect asking "is this the SDK?" needs the package specifier the alias names.
import { dirname, joinPath } from "./paths";

type FileText = (file: string) => string | undefined;

/** The conditions Node matches for a program it runs (ESM or CommonJS), in no particular order. */
const RUNTIME_CONDITIONS = new Set(["node", "import", "require", "module-sync", "default"]);
/** How far up a package.json is looked for: deeper trees are not real projects. */
const MAX_LEVELS = 64;

/**
 * The package module a `#` specifier imported from `fromFile` stands for (`@modelcontextprotocol/sdk/server/mcp.js`),
 * read from the nearest package.json's `imports`; undefined when it is no such alias, when the alias
 * maps to a file of the project (TypeScript's resolver follows those) or when nothing maps it.
 */
export function aliasedPackage(specifier: string, fromFile: string, text: FileText): string | undefined {
  if (!specifier.startsWith("#")) return undefined;
  const imports = nearestImports(fromFile, text);
  if (imports === undefined) return undefined;
  const target = targetOf(imports, specifier);
  return target !== undefined && isBareSpecifier(target) ? target : undefined;
}

/** The `imports` object of the package scope `file` is in (the nearest package.json, as Node decides it). */
function nearestImports(file: string, text: FileText): Record<string, unknown> | undefined {
  let dir = dirname(file);
  for (let level = 0; level < MAX_LEVELS; level++) {
    const raw = text(joinPath(dir, "package.json"));
    if (raw !== undefined) {
      try {
        const imports = (JSON.parse(raw) as { imports?: unknown }).imports;
        return isObject(imports) ? imports : undefined;
      } catch {
        // A manifest that is not JSON makes Node fail on every `#` import: nothing is mapped.
        return undefined;
      }
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/** Node's lookup: an exact key first, else the longest `*` pattern key that matches, its `*` filled in. */
function targetOf(imports: Record<string, unknown>, specifier: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(imports, specifier)) return pick(imports[specifier], undefined);
  let best: { key: string; rest: string } | undefined;
  for (const key of Object.keys(imports)) {
    const star = key.indexOf("*");
    if (star < 0 || key.indexOf("*", star + 1) >= 0) continue;
    const head = key.slice(0, star);
    const tail = key.slice(star + 1);
    if (specifier.length < key.length - 1 || !specifier.startsWith(head) || !specifier.endsWith(tail)) continue;
    if (!best || head.length > best.key.indexOf("*")) best = { key, rest: specifier.slice(head.length, specifier.length - tail.length) };
  }
  return best ? pick(imports[best.key], best.rest) : undefined;
}

/** The first target a runtime condition reaches (conditions are matched in the object's own order). */
function pick(value: unknown, rest: string | undefined, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (typeof value === "string") return rest === undefined ? value : value.split("*").join(rest);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = pick(item, rest, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  for (const [condition, inner] of Object.entries(value)) {
    if (!RUNTIME_CONDITIONS.has(condition)) continue;
    const found = pick(inner, rest, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `pkg`, `@scope/pkg/sub.js`: not a path, not a URL, not another alias. */
const isBareSpecifier = (s: string): boolean => s !== "" && !s.startsWith(".") && !s.startsWith("/") && !s.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(s);
