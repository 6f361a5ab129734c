// Variants of the differential fixtures for the soundness property test (property.test.ts): one
// registration statement of a fixture is put where its outcome is only known at run time — under a
// condition on an environment variable, in a loop over run-time data, in an object's method, in a
// callback given to a helper the analysis cannot read — and the variant is written to a folder of its
// own, ready for the oracle and for `mcp-caps --json .`.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { sourceFiles, type Fixture } from "./harness";
import { Rng } from "../robust/fuzz/prng";

/** The helper package a variant may import: plain JavaScript in node_modules, which the analysis does not read. */
export const HELPER_PACKAGE = "mcp-lens-property-helper";

const HELPER_SOURCE = `// Helpers whose bodies the analysis cannot see.
exports.runNow = (fn) => fn();
exports.keep = (fn) => { void fn; };
exports.addExtraTool = (server) => {
  if (typeof server.registerTool === "function") server.registerTool("property_extra", { description: "added by a helper" }, async () => ({ content: [] }));
};
exports.touch = (server) => { void server; };
`;

/** Methods whose statements are moved (registrations, handlers, capability merges). */
const MOVABLE = new Set(["registerTool", "tool", "registerResource", "resource", "registerPrompt", "prompt", "setRequestHandler", "registerCapabilities"]);

export const KINDS = [
  "env-if", // if (process.env.X) { … }: never runs in the oracle
  "env-unless", // if (!process.env.X) { … }: runs
  "loop-runtime", // for over JSON parsed from the environment (one item)
  "loop-empty", // the same over an empty list
  "entries-foreach", // Object.entries(runtime map).forEach(() => { … })
  "object-method", // { attach(target) { target.register… } }.attach(server)
  "callback-now", // runNow(() => { … }) from the helper package (called at once)
  "callback-never", // keep(() => { … }) from the helper package (never called)
  "helper-registers", // addExtraTool(server) after the statement (registers a tool the analysis cannot see)
  "helper-touches", // touch(server) after the statement (does nothing, but the analysis cannot know)
  "context-object", // const ctx = { srv: server }; ((c) => { c.srv.register… })(ctx)
  "context-handed-on", // the same, with ctx also given to touch() from the helper package
] as const;
/** How many kinds there were when the first regression seeds were pinned: they pick among those. */
export const FIRST_KIND_COUNT = 10;
export type VariantKind = (typeof KINDS)[number];

export interface Variant {
  readonly seed: number;
  readonly fixture: string;
  readonly kind: VariantKind;
  /** `server.ts:12` of the statement moved. */
  readonly at: string;
  readonly dir: string;
  readonly sdk: "v1" | "v2";
}

/** A seeded generator (the fuzz campaign's mulberry32), so a seed names one variant for good. */
export function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

interface Movable {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** The receiver as written (`server`, `this.server`), and where the method name starts. */
  readonly receiver: string;
  readonly methodStart: number;
  /** The statement is the whole body of an `if` or a loop, without braces: what replaces it must be one statement. */
  readonly bare: boolean;
}

/** Statements `receiver.method(...)` (awaited or not) of a registration method, in every source file of a fixture. */
export function movableStatements(fixture: Fixture): Movable[] {
  const out: Movable[] = [];
  for (const file of sourceFiles(fixture.dir)) {
    const text = readFileSync(join(fixture.dir, file), "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isExpressionStatement(node)) {
        let e = node.expression;
        if (ts.isAwaitExpression(e)) e = e.expression;
        if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && MOVABLE.has(e.expression.name.text)) {
          const r = e.expression.expression;
          if (ts.isIdentifier(r) || (ts.isPropertyAccessExpression(r) && r.expression.kind === ts.SyntaxKind.ThisKeyword)) {
            const start = node.getStart(sf);
            const parent = node.parent;
            const bare = !(ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent));
            out.push({ file, start, end: node.end, line: sf.getLineAndCharacterOfPosition(start).line + 1, receiver: r.getText(sf), methodStart: e.expression.name.getStart(sf), bare });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** The fixtures a variant can be made of: one statement to move, observed by the oracle without throwing. */
export function candidates(fixtures: readonly Fixture[]): Fixture[] {
  return fixtures.filter((f) => movableStatements(f).length > 0);
}

/** The statement, rewritten as its kind says; `imports` are added at the top of its file. */
function rewrite(kind: VariantKind, text: string, m: Movable, n: number): { replacement: string; imports: string[] } {
  const stmt = text.slice(m.start, m.end);
  const fromHelper = (name: string) => `import { ${name} as __${name}${n} } from "${HELPER_PACKAGE}";`;
  switch (kind) {
    case "env-if":
      return { replacement: `if (process.env.MCP_LENS_PROPERTY_FLAG_${n}) {\n${stmt}\n}`, imports: [] };
    case "env-unless":
      return { replacement: `if (!process.env.MCP_LENS_PROPERTY_FLAG_${n}) {\n${stmt}\n}`, imports: [] };
    case "loop-runtime":
      return { replacement: `for (const __item${n} of JSON.parse(process.env.MCP_LENS_PROPERTY_LIST_${n} ?? "[0]") as unknown[]) {\nvoid __item${n};\n${stmt}\n}`, imports: [] };
    case "loop-empty":
      return { replacement: `for (const __item${n} of JSON.parse(process.env.MCP_LENS_PROPERTY_LIST_${n} ?? "[]") as unknown[]) {\nvoid __item${n};\n${stmt}\n}`, imports: [] };
    case "entries-foreach":
      return { replacement: `Object.entries(JSON.parse(process.env.MCP_LENS_PROPERTY_MAP_${n} ?? '{"a":1}') as Record<string, unknown>).forEach(() => {\n${stmt}\n});`, imports: [] };
    case "object-method": {
      const call = text.slice(m.methodStart, m.end);
      return { replacement: `const __plugin${n} = {\n  attach(target: any) {\n    target.${call}\n  },\n};\n__plugin${n}.attach(${m.receiver});`, imports: [] };
    }
    case "callback-now":
      return { replacement: `__runNow${n}(() => {\n${stmt}\n});`, imports: [fromHelper("runNow")] };
    case "callback-never":
      return { replacement: `__keep${n}(() => {\n${stmt}\n});`, imports: [fromHelper("keep")] };
    case "helper-registers":
      return { replacement: `${stmt}\n__addExtraTool${n}(${m.receiver});`, imports: [fromHelper("addExtraTool")] };
    case "helper-touches":
      return { replacement: `${stmt}\n__touch${n}(${m.receiver});`, imports: [fromHelper("touch")] };
    case "context-object":
    case "context-handed-on": {
      const call = text.slice(m.methodStart, m.end);
      const handOn = kind === "context-handed-on" ? `__touch${n}(__ctx${n});\n` : "";
      return { replacement: `const __ctx${n} = { srv: ${m.receiver}, label: "ctx" };\n${handOn}((c: any) => {\n  c.srv.${call}\n})(__ctx${n});`, imports: kind === "context-handed-on" ? [fromHelper("touch")] : [] };
    }
  }
}

/** Where imports may go: after the file's last import declaration (or at the top). */
function importPoint(text: string): number {
  const sf = ts.createSourceFile("f.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let at = 0;
  for (const s of sf.statements) if (ts.isImportDeclaration(s)) at = s.end;
  return at;
}

/**
 * Writes the variant a seed names under `root` (whose node_modules holds the SDK): the fixture's
 * files with one or two statements rewritten, its meta.json, and the helper package.
 */
export function makeVariant(seed: number, pool: readonly Fixture[], root: string, kindCount: number = KINDS.length): Variant {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const fixture = pick(pool);
  const movable = movableStatements(fixture);
  const kind = pick(KINDS.slice(0, kindCount));
  const m = pick(movable);
  const dir = join(root, `s${seed}-${fixture.name}`);
  mkdirSync(dir, { recursive: true });
  // The whole fixture: a multi-file one imports its helpers from subfolders (lib/app.ts).
  cpSync(fixture.dir, dir, { recursive: true });
  const text = readFileSync(join(fixture.dir, m.file), "utf8");
  const rewritten = rewrite(kind, text, m, 1);
  const { imports } = rewritten;
  // `for (const s of live) s.registerTool(...)`: a declaration there would not compile.
  const replacement = m.bare ? `{\n${rewritten.replacement}\n}` : rewritten.replacement;
  let out = text.slice(0, m.start) + replacement + text.slice(m.end);
  const point = importPoint(out);
  if (imports.length > 0) out = out.slice(0, point) + "\n" + imports.join("\n") + "\n" + out.slice(point);
  writeFileSync(join(dir, m.file), out);
  const helper = join(dir, "node_modules", HELPER_PACKAGE);
  mkdirSync(helper, { recursive: true });
  writeFileSync(join(helper, "package.json"), JSON.stringify({ name: HELPER_PACKAGE, version: "1.0.0", main: "index.js" }));
  writeFileSync(join(helper, "index.js"), HELPER_SOURCE);
  return { seed, fixture: fixture.name, kind, at: `${m.file}:${m.line}`, dir, sdk: fixture.meta.sdk };
}
