// `providers: [{ provide: MCP_STRATEGY, useValue: strategy }]`, as MCP-Nest's README quick start
// writes it ("only needed if a provider injects the strategy"). Given to Nest's dependency injection,
// the strategy reaches only code that asks for that token: `@Inject(MCP_STRATEGY)`,
// `moduleRef.get(MCP_STRATEGY)`, `app.get('MCP_STRATEGY')`. When no source file of the package names
// the token except where it imports it or provides it (`provide: MCP_STRATEGY` in a @Module: several
// entry files of one package often each provide their own strategy), nor enumerates providers
// (DiscoveryService, ModulesContainer), nothing can inject it: the entry hands the strategy to no code.
// Anything else (another token, a file that names it, files that cannot all be listed) is a use not
// followed, unknown at its place (strategyUses.ts).
import type { DialectRun } from "../../core/dialect";
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { FileSummary, ObjEntry, Span, ValueExpr } from "../../core/model/summary";
import { packageSourceFiles } from "../../core/project/packageSourceFiles";
import { dirname } from "../../core/project/paths";
import { SK } from "../../core/typescript";
import { mcpNestExport } from "./reexports";
import { forEachToken } from "../../core/summarize/codeTokens";

const TOKEN = "MCP_STRATEGY";
/** What may read the token: its name (an import, `@Inject`, a string), or code that walks every provider. */
const READER_NAMES = new Set([TOKEN, "DiscoveryService", "ModulesContainer"]);
/** A cheap look first: a text without any of them holds no reader. */
const READERS = /MCP_STRATEGY|DiscoveryService|ModulesContainer/;
/** What comes right before a mention that provides the token rather than reads it: `provide: `, `provide: nest.`, `provide: '`. */
const PROVIDING = /(?:^|[{,\s])provide\s*:\s*(?:[\w$]+\s*\.\s*)?['"`]?$/;

/** Whether the mention at `at` is the `useValue` of such a provider, whose token nothing reads. */
export function providedUnread(run: DialectRun, ev: Evaluator, file: string, summary: FileSummary, at: Span): boolean {
  const entry = providerAt(summary, at);
  if (!entry || !isToken(ev, file, entry.provide)) return false;
  if (readsToken(ev, file)) return false;
  const readers = tokenReaders(run, file);
  return readers !== undefined && readers.length === 0;
}

/** The `{ provide, useValue }` object of a @Module's providers whose useValue is the mention at `at`. */
function providerAt(summary: FileSummary, at: Span): { provide: ValueExpr } | undefined {
  for (const cls of summary.classes) {
    for (const d of cls.decorators) {
      const meta = d.name === "Module" ? d.args[0] : undefined;
      const providers = meta?.k === "obj" ? prop(meta.entries, "providers") : undefined;
      if (providers?.k !== "arr") continue;
      for (const item of providers.items) {
        if (item.k !== "obj" || item.entries.length !== 2) continue;
        const provide = prop(item.entries, "provide");
        const value = prop(item.entries, "useValue");
        if (provide && value?.k === "ref" && value.span.start === at.start) return { provide };
      }
    }
  }
  return undefined;
}

function prop(entries: readonly ObjEntry[], name: string): ValueExpr | undefined {
  const e = entries.find((x) => x.k === "prop" && x.key.k === "static" && x.key.name === name);
  return e?.k === "prop" ? e.value : undefined;
}

/** MCP-Nest's MCP_STRATEGY under its own name (directly, through a barrel, `nest.MCP_STRATEGY`), or the string it holds. */
function isToken(ev: Evaluator, file: string, e: ValueExpr): boolean {
  if (e.k === "lit") return e.value === TOKEN;
  if (e.k === "ref") return e.name === TOKEN && mcpNestExport(ev, file, e.name) === TOKEN;
  return e.k === "get" && e.object.k === "ref" && e.key.k === "static" && e.key.name === TOKEN && mcpNestExport(ev, file, e.object.name, TOKEN) === TOKEN;
}

/**
 * Whether the file names the token (or walks the providers) anywhere but in its import clauses and
 * as the `provide` of a provider (`provide: MCP_STRATEGY`, `provide: nest.MCP_STRATEGY`, also in a
 * @Module declared inside a function); true when the file cannot be read.
 */
function readsToken(ev: Evaluator, file: string): boolean {
  const text = ev.host.text?.(file);
  if (text === undefined) return true;
  const reads = readsAt(text).filter((r) => !PROVIDING.test(text.slice(Math.max(0, r.start - 80), r.start)));
  if (reads.length === 0) return false;
  const summary = ev.summary(file);
  if (!summary || summary.textLength !== text.length) return true;
  const imports = [...summary.imports.values()].map((b) => b.span);
  return reads.some((r) => !imports.some((s) => r.start >= s.start && r.end <= s.end));
}

/** Where code (not a comment) names the token or a provider walk: an identifier, or a string holding the token. */
function readsAt(text: string): Span[] {
  if (!READERS.test(text)) return [];
  const out: Span[] = [];
  forEachToken(text, { start: 0, end: text.length }, (kind, scanner) => {
    const value = kind === SK.Identifier || kind === SK.StringLiteral || kind === SK.NoSubstitutionTemplateLiteral || kind === SK.TemplateHead || kind === SK.TemplateMiddle || kind === SK.TemplateTail ? scanner.getTokenValue() : "";
    if (kind === SK.Identifier ? READER_NAMES.has(value) : value.includes(TOKEN)) out.push({ start: scanner.getTokenStart(), end: scanner.getTokenEnd() });
  });
  return out;
}

/** The package's source files (nearest package.json) that may read the token, found once per analysis; undefined when they cannot all be listed. */
function tokenReaders(run: DialectRun, file: string): readonly string[] | undefined {
  const list = run.listDirectory;
  if (!list) return undefined;
  let root: string | undefined;
  for (let dir = dirname(file); run.withinWorkspace(dir); dir = dirname(dir)) {
    if (list(dir)?.some((e) => e.isFile && e.name === "package.json")) {
      root = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  if (!root) return undefined;
  const at = root;
  const find = () => packageSourceFiles(list, at)?.filter((f) => readsToken(run.ev, f));
  return run.memo ? run.memo(`mcp-nest-token-readers\u0000${at}`, find) : find();
}
