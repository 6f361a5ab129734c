// Which folder mcp-framework's loaders scan, replayed from `MCPServer.resolveBasePath()` and the
// loaders' constructors of the installed release (rules.ts `BaseRule`): from 0.2.20 `config.basePath`
// when given, otherwise `<cwd>/dist` when it exists, else the first `dist` found walking up from the
// entry script (`process.argv[1]`); 0.2.14–0.2.19 `config.basePath`, else the entry script's folder;
// before, the folder of `config.basePath ?? process.argv[1]`. The loaders then scan `<base>/tools`,
// `<base>/prompts`, `<base>/resources` at run time. The analysis maps that run-time folder back to the
// source folder the compiler mirrors into it, so it can list the files the loader will see. The file
// that builds the server is taken for the entry script when it also starts it; else that script is not known.
import { constDeclaration } from "../../core/evaluate/constDeclarations";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { DYNAMIC_KEY, type Loc } from "../../core/evaluate/values";
import type { ObjEntry, ValueExpr } from "../../core/model/summary";
import type { DirectoryEntry } from "../../core/project/directoryListing";
import { basename, dirname, isWithin, joinPath, normalizePath } from "../../core/project/paths";
import type { BaseRule } from "./rules";
import { rootDirOf, type RootDir } from "./rootDir";
import { tsconfigOf, type Tsconfig } from "./tsconfigChain";
import { declaredMember } from "./declaredMember";

export type BaseResolution =
  | {
      readonly ok: true;
      /** The folder the analysis lists (a source folder, or the run-time folder itself). */
      readonly folder: string;
      /** Source names become compiled names (`x.ts` → `x.js`): the folder is mirrored by the compiler. */
      readonly mirrored: boolean;
      /** For people: how the framework finds it. */
      readonly how: string;
      /** How tsc's rootDir was worked out when tsconfig does not set it (also at the end of `how`). */
      readonly layout?: string;
      /** The tsconfig whose outDir the folder is compiled into (what it compiles decides what is there). */
      readonly compiledBy?: Tsconfig;
      /** A relative basePath as written (`"./build"`): node resolves it against the working directory, taken to be the project root. */
      readonly fromWorkingDirectory?: string;
      readonly loc?: Loc;
    }
  /** `throws`: the basePath expression itself throws as the module loads (`__dirname` in an ES module). */
  | { readonly ok: false; readonly reason: string; readonly loc?: Loc; readonly throws?: true };

type FileText = (file: string) => string | undefined;

/** What the base resolution reads of the project. */
export interface BaseHost {
  readonly text: FileText;
  /** Whether a folder is in the workspace (a built `dist/` when no tsconfig maps the sources into it). */
  readonly exists: (dir: string) => boolean;
  readonly list?: (dir: string) => readonly DirectoryEntry[] | undefined;
  /** The major version of the TypeScript that builds the project, when it can be told. */
  readonly typescriptMajor: () => number | undefined;
}

/** The source folder tsc mirrors into outDir (see rootDir.ts), with the layout of this project. */
type Layout = { readonly tsconfig: Tsconfig | undefined; readonly rootDir: () => RootDir };

/**
 * The `basePath` entry of the config object as the constructor gets it: the last one written, spreads
 * put in place. A spread the evaluator reads as an object without `basePath` adds none; one of a const
 * literal of the file is looked into; any other spread (a call, a condition, another module's object
 * holding `basePath`) makes it "dynamic": not known here.
 */
export function basePathEntry(ev: Evaluator, file: string, config: ValueExpr | undefined, depth = 0): Extract<ObjEntry, { k: "prop" }> | "dynamic" | undefined {
  const expr = config ? resolveConst(ev, file, config) : undefined;
  if (!expr) return undefined;
  if (expr.k !== "obj" || depth > 8) return "dynamic";
  let found: Extract<ObjEntry, { k: "prop" }> | undefined;
  for (const e of expr.entries) {
    if (e.k === "prop") {
      // `[key]: value` may be any key.
      if (e.key.k !== "static") return "dynamic";
      if (e.key.name === "basePath") found = e;
      continue;
    }
    const value = ev.evaluate(e.expr, ev.fileScope(file), { calls: false });
    if (value.t === "prim" && value.value === null) continue;
    if (value.t !== "obj" || value.entries.has(DYNAMIC_KEY)) return "dynamic";
    if (!value.entries.has("basePath") && !value.cleared?.has("basePath")) continue;
    const inner = resolveConst(ev, file, e.expr).k === "obj" ? basePathEntry(ev, file, e.expr, depth + 1) : "dynamic";
    if (inner === "dynamic") return "dynamic";
    found = inner;
  }
  return found;
}

function resolveConst(ev: Evaluator, file: string, expr: ValueExpr): ValueExpr {
  if (expr.k !== "ref") return expr;
  const decl = ev.summary(file)?.decls.get(expr.name);
  return decl?.k === "const" ? decl.init : expr;
}

const MODULE_DIR = [
  /^import\.meta\.dirname$/,
  /^(path\.)?dirname\((url\.)?fileURLToPath\(import\.meta\.url\)\)$/,
  /^__dirname$/,
  // The URL of "." (or "./") against the module's own: its folder, with a trailing slash the loaders' join() drops.
  /^(url\.)?fileURLToPath\(new(url\.)?URL\((["'`])\.\/?\3,import\.meta\.url\)\)$/,
];

/** `import.meta.dirname`, `dirname(fileURLToPath(import.meta.url))`, `__dirname`, `fileURLToPath(new URL(".", import.meta.url))`, or a const bound to one. */
function isModuleDir(ev: Evaluator, file: string, expr: ValueExpr): boolean {
  const text = ev.sourceText(resolveConst(ev, file, expr), file).replace(/\s+/g, "");
  return MODULE_DIR.some((re) => re.test(text));
}

function literalSegments(ev: Evaluator, file: string, args: readonly ValueExpr[]): string[] | undefined {
  const out: string[] = [];
  for (const a of args) {
    const v = resolveConst(ev, file, a);
    if (v.k !== "lit" || typeof v.value !== "string") return undefined;
    out.push(v.value);
  }
  return out;
}

/** Whether the module `file` compiles to is an ES module: a .mts file, or a .ts file of a package with `"type": "module"`. */
function emitsEsm(file: string, root: string | undefined, text: FileText): boolean {
  if (/\.mts$/.test(file)) return true;
  if (!/\.tsx?$/.test(file) || !root) return false;
  try {
    return (JSON.parse(text(joinPath(root, "package.json")) ?? "{}") as { type?: unknown }).type === "module";
  } catch {
    return false;
  }
}

/** The nearest folder above `file` with a package.json: where `npm start` runs the server from. */
export function projectRoot(file: string, text: FileText): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (text(joinPath(dir, "package.json")) !== undefined) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Where the loaders look, as a folder the analysis can list. `file` builds the server (the entry
 * script); `configFile` is where the config is written (a subclass's `super({...})` may be in another
 * module, whose own folder `import.meta.dirname` is).
 */
export function resolveBase(ev: Evaluator, file: string, config: ValueExpr | undefined, host: BaseHost, rule: BaseRule = "dist", configFile = file, startedHere = true): BaseResolution {
  const basePath = basePathEntry(ev, configFile, config);
  if (basePath === "dynamic") return { ok: false, reason: "the MCPServer config is not an object the analysis can read, so its basePath is not known", loc: { file: configFile, span: config!.span } };
  const root = projectRoot(file, host.text);
  const tsconfig = tsconfigOf(file, host.text);
  let rootDir: RootDir | undefined;
  const layout: Layout = { tsconfig, rootDir: () => (rootDir ??= tsconfig ? rootDirOf(tsconfig, host.list, host.typescriptMajor) : { ok: false, reason: "no tsconfig.json" }) };
  if (basePath) {
    const loc: Loc = { file: configFile, span: basePath.value.span };
    // A const of this module, or one imported from another (`export const BASE_PATH = resolve(dirname(
    // fileURLToPath(import.meta.url)))` in config.ts): a folder of that module's own is its folder.
    // A property of a const object (`paths.root`, `paths` declared in paths.ts) likewise.
    const local = resolveConst(ev, configFile, basePath.value);
    const imported = local.k === "ref" ? constDeclaration(ev, configFile, local.name) : undefined;
    const member = local.k === "get" ? declaredMember(ev, configFile, local) : undefined;
    const at = imported?.file ?? member?.file ?? configFile;
    const expr = imported ? resolveConst(ev, at, imported.init) : member ? resolveConst(ev, at, member.expr) : local;
    // Releases before 0.2.14 scan beside basePath (its dirname), as if it named the entry script.
    const parent = rule === "parent-of-base";
    const up = (folder: string) => (parent ? dirname(folder) : folder);
    const beside = parent ? "; the loaders scan the folder that holds it" : "";
    const module = at === file ? "the entry module" : basename(at);
    // `__dirname` (no const of that name) in an ES module: node has no such binding there.
    const bareDirname = (e: ValueExpr) => e.k === "ref" && e.name === "__dirname" && !ev.summary(at)?.decls.has("__dirname");
    const dirnameArg = expr.k === "call" && isPathJoin(ev, at, expr.callee) ? expr.args[0] : undefined;
    if ((bareDirname(expr) || (dirnameArg && bareDirname(resolveConst(ev, at, dirnameArg)))) && emitsEsm(at, root, host.text)) {
      return { ok: false, reason: `basePath uses __dirname, which an ES module does not have (${/\.mts$/.test(at) ? "a .mts file" : 'package.json says "type": "module"'}): the compiled module throws "ReferenceError: __dirname is not defined in ES module scope" at start-up`, loc, throws: true };
    }
    if (isModuleDir(ev, at, expr)) return moduleRelative(at, [], up, layout, host, `basePath: ${module}'s own folder${beside}`, loc);
    if (expr.k === "call" && isPathJoin(ev, at, expr.callee) && expr.args.length > 0 && isModuleDir(ev, at, expr.args[0]!)) {
      const segments = literalSegments(ev, at, expr.args.slice(1));
      if (segments) return moduleRelative(at, segments, up, layout, host, segments.length === 0 ? `basePath: ${module}'s own folder${beside}` : `basePath: ${segments.join("/")} beside ${module}${beside}`, loc);
    }
    if (expr.k === "lit" && typeof expr.value === "string") {
      if (expr.value.startsWith("/")) {
        const folder = up(normalizePath(expr.value));
        // A folder the workspace cannot show may still hold tools on the machine that runs the server.
        if (!host.exists(folder)) return { ok: false, reason: `basePath ${expr.value} is not a folder of the workspace`, loc };
        return { ok: true, folder, mirrored: false, how: `basePath: ${expr.value}`, loc };
      }
      if (!root) return { ok: false, reason: `basePath "${expr.value}" is relative to the working directory, and no package.json tells the project root`, loc };
      const mapped = mapCompiled(up(normalizePath(joinPath(root, expr.value))), layout);
      if ("reason" in mapped) return { ok: false, reason: `basePath "${expr.value}" is in the compiled output, and ${mapped.reason}`, loc };
      return { ok: true, ...mapped, how: `basePath "${expr.value}" from the project root (the working directory of npm start)${beside}${note(mapped)}`, fromWorkingDirectory: expr.value, loc };
    }
    return { ok: false, reason: `basePath is ${ev.sourceText(basePath.value, configFile)}, which is not known without running the server`, loc };
  }
  // Before 0.2.20, no basePath means the entry script's own folder (the compiled mirror of this file's).
  if (rule !== "dist" && !startedHere) return { ok: false, reason: `without basePath the loaders scan the folder of the script node runs (process.argv[1]), and ${basename(file)} builds the server but does not start it: that script is another module, not known here` };
  if (rule !== "dist") return { ok: true, folder: dirname(file), mirrored: true, ...(tsconfig?.outDir ? { compiledBy: tsconfig } : {}), how: "no basePath: the entry script's own folder (process.argv[1])" };
  if (!root) return { ok: false, reason: "without basePath the loaders look in <working directory>/dist, and no package.json tells the project root" };
  const dist = joinPath(root, "dist");
  const mapped = mapCompiled(dist, layout);
  if ("reason" in mapped) return { ok: false, reason: `without basePath the loaders look in ${dist}, the compiled output, and ${mapped.reason}` };
  if (!mapped.mirrored && !host.exists(dist)) {
    return { ok: false, reason: `without basePath the loaders look in ${dist}, and no tsconfig outDir "dist" maps the sources there` };
  }
  return { ok: true, ...mapped, how: `no basePath: <project root>/dist, as process.cwd()/dist when started in the project folder (a working directory with a dist/ of its own would be scanned instead), or the dist found above the entry script${note(mapped)}` };
}

/**
 * A basePath built from the module's own folder: at run time that folder is the compiled module's
 * (under outDir), so `resolve(here, "..", "dist")` is worked out from there, then mapped back to the
 * sources the compiler mirrors into it. A folder outside the compiled output is listed as it is, and
 * one the workspace does not hold is not known.
 */
function moduleRelative(file: string, segments: readonly string[], up: (folder: string) => string, layout: Layout, host: BaseHost, how: string, loc: Loc): BaseResolution {
  const sourceDir = dirname(file);
  const outDir = layout.tsconfig?.outDir;
  const local = up(normalizePath(segments.reduce(joinPath, sourceDir)));
  // Without outDir the compiler writes each module beside its source: that folder is the mirror itself.
  if (!outDir) return { ok: true, folder: local, mirrored: true, how, loc };
  const explicit = layout.tsconfig?.rootDir;
  if (explicit && !isWithin(explicit, sourceDir)) return { ok: false, reason: `the entry module is outside tsconfig's rootDir ${explicit}, so where its compiled folder is, and so basePath, is not known`, loc };
  // Below the module's own folder the output mirrors the sources whatever rootDir is.
  if (isWithin(sourceDir, local)) return { ok: true, folder: local, mirrored: true, compiledBy: layout.tsconfig!, how, loc };
  const root = layout.rootDir();
  if (!root.ok) return { ok: false, reason: `basePath climbs above the entry module's compiled folder, and ${root.reason}`, loc };
  if (!isWithin(root.dir, sourceDir)) return { ok: false, reason: `the entry module is outside ${root.dir}, the folder tsc mirrors into ${outDir}, so where its compiled folder is, and so basePath, is not known`, loc };
  const runtime = up(normalizePath(segments.reduce(joinPath, outDir + sourceDir.slice(root.dir.length))));
  const mapped = mapCompiled(runtime, layout);
  if ("reason" in mapped) return { ok: false, reason: mapped.reason, loc };
  if (!mapped.mirrored && !host.exists(runtime)) return { ok: false, reason: `basePath resolves to ${runtime} at run time, outside the compiled output (${outDir}), and the workspace has no such folder`, loc };
  return { ok: true, ...mapped, how: how + note(mapped), loc };
}

function isPathJoin(ev: Evaluator, file: string, callee: ValueExpr): boolean {
  return /^(path\.)?(join|resolve)$/.test(ev.sourceText(callee, file).replace(/\s+/g, ""));
}

/**
 * A run-time folder inside tsconfig's outDir is the compiled mirror of the same place under rootDir;
 * `layout` says how rootDir was found when tsconfig does not set it.
 */
function mapCompiled(runtime: string, layout: Layout): { folder: string; mirrored: boolean; layout?: string; compiledBy?: Tsconfig } | { reason: string } {
  const outDir = layout.tsconfig?.outDir;
  if (!outDir || !isWithin(outDir, runtime)) return { folder: runtime, mirrored: false };
  const root = layout.rootDir();
  if (!root.ok) return { reason: root.reason };
  return { folder: root.dir + runtime.slice(outDir.length), mirrored: true, compiledBy: layout.tsconfig!, ...(layout.tsconfig?.rootDir ? {} : { layout: `${outDir} mirrors ${root.dir}, ${root.how}` }) };
}

const note = (m: { layout?: string }) => (m.layout ? `; ${m.layout}` : "");
