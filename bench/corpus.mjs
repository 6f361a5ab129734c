// Deterministic benchmark corpora: TypeScript workspaces of N files (50–500 lines each, plus one
// 3,000-line file) in which 20% of the files are MCP code and 80% ordinary code ("noise").
//
//   node bench/corpus.mjs <dir> <files> [seed]      writes one workspace and prints its manifest
//
// The MCP part has every shape the analysis follows:
//   - Conduit-style hand-written servers: `static __capabilities__`, handlers, some with mistakes
//     (a misspelled handler, subscribe without resources, an unknown key, an instance __capabilities__);
//   - inheritance chains up to 5 deep across files (server → level4 → level3 → level2 → level1 →
//     ConduitServer of the vendored runtime's .d.ts), and mixins (`extends WithAudit(Base)`);
//   - exactly 50 servers (fewer in a tiny corpus) that extend `PlatformBase` directly: the
//     "base class with 50 dependents" of the base-edit measurement;
//   - Endpoints (decorator and `static components` forms) whose components live in other files;
//   - SDK servers (v1: `new McpServer(...)` + registerTool/registerResource/registerPrompt), runnable
//     with the real SDK for the "what users do today" baseline.
// The noise is ordinary application code: interfaces, enums, functions, classes (some extending
// classes of other files), configuration tables, with imports between files.
//
// Everything comes from one seeded PRNG, so the same (files, seed) always gives the same bytes.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

export const GENERATOR_VERSION = 3;
const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "..");

// ---------------------------------------------------------------------------------------------
// PRNG and words

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p) {
    return this.next() < p;
  }
  sample(list, n) {
    const copy = [...list];
    const out = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    return out;
  }
}

const DOMAINS = [
  "billing", "shipping", "catalog", "inventory", "weather", "calendar", "search", "analytics", "payments", "orders",
  "accounts", "reports", "notifications", "storage", "tickets", "crm", "mail", "maps", "translation", "audit",
  "backup", "deploy", "builds", "metrics", "alerts", "docs", "wiki", "chat", "media", "pricing", "tax", "invoices",
  "warehouse", "fleet", "booking", "loyalty", "survey", "forms", "identity", "sessions",
];
const NOUNS = [
  "order", "invoice", "customer", "ledger", "parcel", "route", "stock", "item", "price", "quote", "rule", "policy",
  "report", "metric", "alert", "event", "session", "token", "account", "profile", "address", "payment", "refund",
  "batch", "job", "queue", "task", "schedule", "slot", "booking", "ticket", "comment", "thread", "message", "file",
  "folder", "record", "entry", "snapshot", "cursor", "page", "filter", "query", "result", "summary", "digest",
  "channel", "webhook", "tenant", "region", "zone", "carrier", "label", "barcode", "sku", "vendor", "contract",
];
const VERBS = [
  "load", "save", "fetch", "sync", "apply", "compute", "resolve", "merge", "split", "format", "parse", "validate",
  "normalize", "collect", "publish", "schedule", "cancel", "archive", "restore", "refresh", "index", "score",
  "render", "export", "import", "reconcile", "dispatch", "track", "notify", "expire",
];
const ADJECTIVES = ["pending", "active", "archived", "draft", "failed", "settled", "open", "closed", "stale", "fresh", "primary", "backup"];
const WORDS = [
  "the", "value", "is", "not", "yet", "known", "for", "this", "request", "retry", "later", "after", "upstream",
  "returned", "an", "empty", "list", "when", "cache", "missed", "skipping", "entries", "older", "than", "limit",
];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (...parts) => parts[0] + parts.slice(1).map(cap).join("");
const pascal = (...parts) => parts.map(cap).join("");

// ---------------------------------------------------------------------------------------------
// Ordinary code ("noise"): chunks of realistic TypeScript

/** Per-file naming state: every declared name is unique within its file. */
class Names {
  constructor(rng, suffix) {
    this.rng = rng;
    this.suffix = suffix;
    this.used = new Set();
  }
  fresh(make) {
    for (let i = 0; ; i++) {
      const n = make() + (i === 0 ? this.suffix : `${this.suffix}x${i}`);
      if (!this.used.has(n)) {
        this.used.add(n);
        return n;
      }
    }
  }
}

function literal(rng) {
  switch (rng.int(0, 4)) {
    case 0:
      return String(rng.int(0, 5000));
    case 1:
      return `"${rng.pick(WORDS)}-${rng.pick(NOUNS)}"`;
    case 2:
      return rng.chance(0.5) ? "true" : "false";
    case 3:
      return `[${rng.int(1, 9)}, ${rng.int(10, 99)}, ${rng.int(100, 999)}]`;
    default:
      return `"${rng.pick(ADJECTIVES)}"`;
  }
}

/** Statements of a function body that takes (input: string, count: number); about `lines` lines. */
function body(rng, lines, { async = false, indent = "  " } = {}) {
  const out = [];
  let v = 0;
  const local = () => `${rng.pick(NOUNS)}${++v}`;
  const known = ["input", "count"];
  while (out.length < lines) {
    const kind = rng.int(0, 11);
    const x = local();
    switch (kind) {
      case 0:
        out.push(`const ${x} = input.split("${rng.pick([",", ";", "/", ":"])}").filter((part) => part.length > ${rng.int(0, 4)});`);
        known.push(`${x}.length`);
        break;
      case 1:
        out.push(`let ${x} = ${rng.int(0, 10)};`, `for (let i = 0; i < count; i++) {`, `  ${x} += i * ${rng.int(2, 9)};`, `}`);
        known.push(x);
        break;
      case 2: {
        const cond = `${rng.pick(known)} ${rng.pick([">", "<", ">=", "!=="])} ${rng.int(0, 100)}`;
        out.push(`if (${cond}) {`, `  console.debug("${rng.pick(WORDS)} ${rng.pick(WORDS)} ${rng.pick(NOUNS)}", ${rng.pick(known)});`, `} else {`, `  count += ${rng.int(1, 5)};`, `}`);
        break;
      }
      case 3:
        out.push(`const ${x} = \`${rng.pick(NOUNS)}:\${input}:\${count + ${rng.int(1, 50)}}\`;`);
        break;
      case 4:
        out.push(
          `const ${x} = [${rng.int(1, 9)}, ${rng.int(1, 9)}, ${rng.int(1, 9)}]`,
          `  .map((n) => n * count)`,
          `  .filter((n) => n % ${rng.int(2, 5)} === 0)`,
          `  .reduce((sum, n) => sum + n, 0);`,
        );
        known.push(x);
        break;
      case 5:
        out.push(`const ${x} = { ${rng.pick(NOUNS)}: ${literal(rng)}, ${rng.pick(ADJECTIVES)}: ${literal(rng)}, size: count };`);
        break;
      case 6:
        out.push(
          `switch (input) {`,
          `  case "${rng.pick(ADJECTIVES)}":`,
          `    count = ${rng.int(0, 9)};`,
          `    break;`,
          `  case "${rng.pick(NOUNS)}":`,
          `    count += ${rng.int(1, 9)};`,
          `    break;`,
          `  default:`,
          `    break;`,
          `}`,
        );
        break;
      case 7:
        out.push(`try {`, `  const ${x} = JSON.parse(input);`, `  count += Object.keys(${x}).length;`, `} catch (err) {`, `  console.warn("${rng.pick(WORDS)} ${rng.pick(WORDS)}", err);`, `}`);
        break;
      case 8:
        if (async) out.push(`await new Promise((resolve) => setTimeout(resolve, ${rng.int(1, 50)}));`);
        else out.push(`// ${rng.pick(WORDS)} ${rng.pick(WORDS)} ${rng.pick(WORDS)} ${rng.pick(NOUNS)} ${rng.pick(WORDS)}`);
        break;
      case 9:
        out.push(`const ${x} = new Map<string, number>();`, `${x}.set(input, count);`);
        known.push(`${x}.size`);
        break;
      case 10:
        out.push(`// ${rng.pick(WORDS)} ${rng.pick(NOUNS)} ${rng.pick(WORDS)} ${rng.pick(WORDS)} ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`);
        break;
      default:
        out.push(`const ${x} = Math.max(${rng.pick(known)}, ${rng.int(0, 99)}) / ${rng.int(2, 7)};`);
        known.push(x);
    }
  }
  out.push(`return ${rng.pick(known)};`);
  return out.map((l) => indent + l);
}

/**
 * Chunks of ordinary code. `ctx.imported` lists names this file imports (classes it may extend,
 * functions it may call); self-contained chunks (SDK files run under node) use none.
 */
function noiseChunk(rng, names, ctx) {
  const noun = rng.pick(NOUNS);
  const kind = rng.int(0, 9);
  const exp = ctx.exported;
  if (kind <= 1) {
    const name = names.fresh(() => pascal(rng.pick(ADJECTIVES), noun));
    exp.push({ name, kind: "type" });
    const fields = rng.int(3, 9);
    const out = [`/** A ${noun} as the ${rng.pick(DOMAINS)} service stores it. */`, `export interface ${name} {`];
    for (let i = 0; i < fields; i++) out.push(`  ${camel(rng.pick(NOUNS), rng.pick(["id", "count", "name", "at", "list"]))}${rng.chance(0.3) ? "?" : ""}: ${rng.pick(["string", "number", "boolean", "Date", "string[]", "Record<string, number>"])};`);
    out.push("}");
    return out;
  }
  if (kind === 2) {
    const name = names.fresh(() => pascal(noun, rng.pick(["Status", "Kind", "Mode", "Phase"])));
    exp.push({ name, kind: "type" });
    if (rng.chance(0.5)) return [`export type ${name} = ${rng.sample(ADJECTIVES, rng.int(2, 5)).map((a) => `"${a}"`).join(" | ")};`];
    const out = [`export enum ${name} {`];
    for (const a of rng.sample(ADJECTIVES, rng.int(2, 6))) out.push(`  ${cap(a)} = "${a}",`);
    out.push("}");
    return out;
  }
  if (kind <= 4) {
    const name = names.fresh(() => camel(rng.pick(VERBS), noun));
    const async = rng.chance(0.3);
    exp.push({ name, kind: "function" });
    const out = [];
    if (rng.chance(0.4)) out.push(`/**`, ` * ${cap(rng.pick(VERBS))}s ${noun}s ${rng.pick(WORDS)} ${rng.pick(WORDS)} ${rng.pick(NOUNS)}.`, ` */`);
    out.push(`export ${async ? "async " : ""}function ${name}(input: string, count = ${rng.int(1, 20)}) {`);
    const callable = ctx.imported.filter((i) => i.kind === "function");
    if (callable.length > 0 && rng.chance(0.5)) out.push(`  count += Number(${rng.pick(callable).name}(input, count)) || 0;`);
    out.push(...body(rng, rng.int(4, 22), { async }), "}");
    return out;
  }
  if (kind <= 7) {
    const name = names.fresh(() => pascal(noun, rng.pick(["Service", "Store", "Client", "Cache", "Worker", "Manager", "Repository"])));
    const bases = ctx.imported.filter((i) => i.kind === "class");
    const base = bases.length > 0 && rng.chance(0.4) ? rng.pick(bases).name : undefined;
    exp.push({ name, kind: "class" });
    const out = [];
    if (rng.chance(0.5)) out.push(`/** Keeps ${noun}s of the ${rng.pick(DOMAINS)} area ${rng.pick(WORDS)} ${rng.pick(WORDS)}. */`);
    out.push(`export class ${name}${base ? ` extends ${base}` : ""} {`);
    out.push(`  private readonly ${noun}s = new Map<string, number>();`);
    out.push(`  protected ${rng.pick(ADJECTIVES)}Limit = ${rng.int(1, 500)};`);
    out.push(`  constructor(protected readonly endpoint = "${rng.pick(DOMAINS)}.internal", readonly timeoutMs = ${rng.int(100, 9000)}) {`);
    if (base) out.push(`    super();`);
    out.push(`    this.${noun}s.set(endpoint, timeoutMs);`, `  }`);
    const methods = rng.int(1, 4);
    for (let m = 0; m < methods; m++) {
      const async = rng.chance(0.4);
      const mname = camel(rng.pick(VERBS), rng.pick(NOUNS)) + (m > 0 ? m : "");
      out.push("");
      out.push(`  ${rng.chance(0.2) ? "protected " : ""}${async ? "async " : ""}${mname}(input: string, count = ${rng.int(0, 9)}) {`);
      out.push(...body(rng, rng.int(3, 14), { async, indent: "    " }), "  }");
    }
    out.push("", `  get size(): number {`, `    return this.${noun}s.size;`, `  }`, "}");
    return out;
  }
  if (kind === 8) {
    const name = names.fresh(() => `${noun.toUpperCase()}_${rng.pick(["DEFAULTS", "LIMITS", "TABLE", "ROUTES"])}`);
    exp.push({ name, kind: "const" });
    const out = [`export const ${name} = {`];
    for (let i = rng.int(3, 10); i > 0; i--) out.push(`  ${camel(rng.pick(NOUNS), rng.pick(ADJECTIVES))}: ${literal(rng)},`);
    out.push("} as const;");
    return out;
  }
  const name = names.fresh(() => camel(rng.pick(["is", "has", "to", "with"]), pascal(noun)));
  exp.push({ name, kind: "function" });
  return [`export const ${name} = (input: string, count = ${rng.int(0, 5)}): number =>`, `  input.length > count ? input.charCodeAt(${rng.int(0, 3)}) + count : ${rng.int(0, 99)};`];
}

/** Appends noise chunks to `lines` until it has about `target` lines. */
function pad(rng, names, ctx, lines, target) {
  while (lines.length < target - 3) {
    const chunk = noiseChunk(rng, names, ctx);
    if (lines.length + chunk.length + 1 > Math.max(target, 50) + 30) {
      // A smaller chunk would still fit: try once more, else stop.
      if (chunk.length > 6) continue;
    }
    lines.push("", ...chunk);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// MCP code

const RUNTIME_TYPES = "type CallToolResult, type CompleteResult, type CompletionArgument, type CompletionRef, type LogLevel, type RequestContext";

function capabilitiesLiteral(rng, keys) {
  const entries = keys.map((k) => {
    if (k === "resources" && rng.chance(0.3)) return `      resources: { listChanged: false, subscribe: false },`;
    if (k === "logging" || k === "completions") return `      ${k}: {},`;
    return `      ${k}: { listChanged: false },`;
  });
  return entries;
}

const HANDLER_BODIES = {
  handleListTools: (rng, noun) => [
    `  async handleListTools(ctx: RequestContext) {`,
    `    return { tools: [{ name: "${noun}_${rng.pick(VERBS)}", description: "${cap(rng.pick(VERBS))} a ${noun}", inputSchema: { type: "object" } }] };`,
    `  }`,
  ],
  handleCallTool: (rng, noun) => [
    `  async handleCallTool(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {`,
    `    ctx.log("debug", \`calling \${name}\`);`,
    `    switch (name) {`,
    `      case "${noun}_${rng.pick(VERBS)}":`,
    `        return { content: [{ type: "text", text: JSON.stringify(args) }] };`,
    `      default:`,
    `        return { isError: true, content: [{ type: "text", text: \`unknown tool \${name}\` }] };`,
    `    }`,
    `  }`,
  ],
  handleListResources: (rng, noun) => [
    `  async handleListResources(ctx: RequestContext) {`,
    `    return { resources: [{ uri: "${noun}://${rng.pick(ADJECTIVES)}", name: "${cap(rng.pick(ADJECTIVES))} ${noun}s" }] };`,
    `  }`,
  ],
  handleReadResource: (rng, noun) => [
    `  async handleReadResource(ctx: RequestContext, uri: string) {`,
    `    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ ${noun}: uri }) }] };`,
    `  }`,
  ],
  handleSubscribeResource: () => [`  async handleSubscribeResource(ctx: RequestContext, uri: string) {`, `    this.watchers.add(\`\${ctx.session.id} \${uri}\`);`, `    return {};`, `  }`],
  handleUnsubscribeResource: () => [`  async handleUnsubscribeResource(ctx: RequestContext, uri: string) {`, `    this.watchers.delete(\`\${ctx.session.id} \${uri}\`);`, `    return {};`, `  }`],
  handleListPrompts: (rng, noun) => [`  async handleListPrompts(ctx: RequestContext) {`, `    return { prompts: [{ name: "summarize_${noun}", description: "Summarize a ${noun}" }] };`, `  }`],
  handleGetPrompt: (rng, noun) => [
    `  async handleGetPrompt(ctx: RequestContext, name: string, args: Record<string, string>) {`,
    `    return { messages: [{ role: "user" as const, content: { type: "text" as const, text: \`Summarize ${noun} \${args.id ?? name}\` } }] };`,
    `  }`,
  ],
  handleComplete: () => [
    `  async handleComplete(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult> {`,
    `    const values = ["alpha", "beta", "gamma"].filter((v) => v.startsWith(argument.value));`,
    `    return { completion: { values, total: values.length } };`,
    `  }`,
  ],
  handleSetLogLevel: () => [`  async handleSetLogLevel(ctx: RequestContext, level: LogLevel) {`, `    this.logLevel = level;`, `    return {};`, `  }`],
};

/** A misspelled or misplaced member, each one a diagnostic the analysis must find. */
const MISTAKES = [
  () => [`  async handleCompletion(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument) {`, `    return { completion: { values: [] } };`, `  }`],
  () => [`  async handleListTool(ctx: RequestContext) {`, `    return { tools: [] };`, `  }`],
  () => [`  async handle_read_resource(ctx: RequestContext, uri: string) {`, `    return { contents: [] };`, `  }`],
  () => [`  static async handleListPrompts(ctx: RequestContext) {`, `    return { prompts: [] };`, `  }`],
];

/** One Conduit server class (lines) with its own members; `base` is the text after `extends`, if any. */
function serverClass(rng, { name, base, capsKeys, handlers, mistake, noun, doc }) {
  const out = [];
  if (doc) out.push(`/**`, ` * ${cap(rng.pick(VERBS))}s ${noun}s for the ${rng.pick(DOMAINS)} team.`, ` */`);
  out.push(`export class ${name}${base ? ` extends ${base}` : ""} {`);
  if (capsKeys) {
    out.push(`  static __capabilities__() {`, `    return {`, ...capabilitiesLiteral(rng, capsKeys), `    };`, `  }`, "");
  }
  out.push(`  private readonly watchers = new Set<string>();`, `  protected logLevel: LogLevel = "info";`);
  for (const h of handlers) out.push("", ...HANDLER_BODIES[h](rng, noun));
  if (mistake !== undefined) out.push("", ...MISTAKES[mistake]());
  // Helper members, as real servers have.
  for (let i = rng.int(0, 3); i > 0; i--) {
    out.push("", `  private ${camel(rng.pick(VERBS), rng.pick(NOUNS))}${i}(input: string, count = ${rng.int(0, 9)}) {`, ...body(rng, rng.int(3, 10), { indent: "    " }), `  }`);
  }
  out.push("}");
  return out;
}

function sdkServer(rng, { serverName, noun, names, ctx, target }) {
  const lines = [
    `// The ${serverName} MCP server (official SDK, v1).`,
    `import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";`,
    `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";`,
    `import { z } from "zod";`,
    "",
  ];
  const caps = [];
  if (rng.chance(0.5)) caps.push("logging: {}");
  if (rng.chance(0.3)) caps.push("resources: { subscribe: true }");
  if (rng.chance(0.2)) caps.push("tools: { listChanged: true }");
  lines.push(
    `export const server = new McpServer(`,
    `  { name: "${serverName}", version: "${rng.int(0, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}" },`,
    caps.length > 0 ? `  { capabilities: { ${caps.join(", ")} } },` : `  { instructions: "Use the ${noun} tools to work with ${noun}s." },`,
    `);`,
  );
  for (let i = rng.int(1, 4); i > 0; i--) {
    const tool = `${rng.pick(VERBS)}_${noun}_${i}`;
    lines.push(
      "",
      `server.registerTool(`,
      `  "${tool}",`,
      `  {`,
      `    title: "${cap(rng.pick(VERBS))} ${noun}",`,
      `    description: "${cap(rng.pick(VERBS))} a ${noun} ${rng.pick(WORDS)} ${rng.pick(WORDS)}",`,
      `    inputSchema: { id: z.string(), limit: z.number().int().min(1).max(${rng.int(10, 500)}).default(${rng.int(1, 9)}) },`,
      `  },`,
      `  async ({ id, limit }) => {`,
      caps.includes("logging: {}") ? `    await server.sendLoggingMessage({ level: "info", data: \`${tool} \${id}\` });` : `    const started = Date.now();`,
      `    return { content: [{ type: "text", text: \`${tool} \${id} (\${limit})\` }] };`,
      `  },`,
      `);`,
    );
  }
  if (rng.chance(0.6)) {
    lines.push(
      "",
      `server.registerResource(`,
      `  "${noun}s",`,
      `  "${noun}://all",`,
      `  { title: "All ${noun}s", mimeType: "application/json" },`,
      `  async (uri) => ({ contents: [{ uri: uri.href, text: JSON.stringify([]) }] }),`,
      `);`,
    );
  }
  if (rng.chance(0.3)) {
    lines.push(
      "",
      `server.registerResource(`,
      `  "${noun}",`,
      `  new ResourceTemplate("${noun}://{id}", { list: undefined }),`,
      `  { title: "One ${noun}" },`,
      `  async (uri, { id }) => ({ contents: [{ uri: uri.href, text: String(id) }] }),`,
      `);`,
    );
  }
  if (rng.chance(0.4)) {
    lines.push(
      "",
      `server.registerPrompt(`,
      `  "review_${noun}",`,
      `  { title: "Review a ${noun}", argsSchema: { id: z.string() } },`,
      `  ({ id }) => ({ messages: [{ role: "user", content: { type: "text", text: \`Review ${noun} \${id}\` } }] }),`,
      `);`,
    );
  }
  lines.push("", `export async function main() {`, `  await server.connect(new StdioServerTransport());`, `}`);
  return pad(rng, names, ctx, lines, target);
}

// ---------------------------------------------------------------------------------------------
// The workspace

const RUNTIME_FALLBACK = `export interface RequestContext { readonly session: { readonly id: string }; log(level: string, message: string): void }\n`;

function relImport(from, to) {
  let r = posix.relative(posix.dirname(from), to.replace(/\.ts$/, ""));
  if (!r.startsWith(".")) r = `./${r}`;
  return r;
}

function importLines(from, imports) {
  // imports: Map<file, names[]>
  const out = [];
  for (const [file, names] of imports) if (names.length > 0) out.push(`import { ${[...new Set(names)].join(", ")} } from "${relImport(from, file)}";`);
  return out;
}

/**
 * Generates the workspace into `dir` (emptied first) and returns its manifest. `files` counts the
 * source files under src/ (the big file included); `dependents` caps the servers extending PlatformBase.
 */
export function generateCorpus({ dir, files: total, seed = 20260728, dependents = 50 }) {
  const rng = new Rng((seed ^ Math.imul(total, 2654435761)) >>> 0);
  const out = new Map(); // relative path → text
  const exportsOf = new Map(); // relative path → [{name, kind}]

  const nMcp = Math.max(12, Math.round(total * 0.2));
  const families = Math.max(1, Math.round(nMcp * 0.04));
  const componentFiles = Math.max(1, Math.round(nMcp * 0.1));
  const endpointFiles = Math.max(1, Math.round(nMcp * 0.1));
  const sdkFiles = Math.max(2, Math.round(nMcp * 0.2));
  const serverFiles = Math.max(2, nMcp - 3 - 4 * families - componentFiles - endpointFiles - sdkFiles);
  const noiseFiles = total - 1 - (3 + 4 * families + componentFiles + endpointFiles + sdkFiles + serverFiles);
  if (noiseFiles < 1) throw new Error(`a corpus needs more than ${total} files`);
  const lineTarget = () => rng.int(50, 500);

  // --- noise: src/lib/<domain>/<noun>-<verb>.ts, importing earlier files
  const noiseList = [];
  const folders = Math.max(2, Math.round(noiseFiles / 25));
  for (let i = 0; i < noiseFiles; i++) {
    const folder = `${DOMAINS[i % DOMAINS.length]}${i >= DOMAINS.length ? Math.floor(i / DOMAINS.length) % folders : ""}`;
    const rel = `src/lib/${folder}/${rng.pick(NOUNS)}-${rng.pick(VERBS)}-${i}.ts`;
    const names = new Names(rng, String(i));
    const imports = new Map();
    const imported = [];
    if (noiseList.length > 0) {
      for (let k = rng.int(0, 3); k > 0; k--) {
        const from = noiseList[Math.max(0, noiseList.length - 1 - rng.int(0, 60))];
        const candidates = exportsOf.get(from).filter((e) => e.kind === "class" || e.kind === "function");
        if (candidates.length === 0) continue;
        const e = rng.pick(candidates);
        if (imported.some((x) => x.name === e.name)) continue;
        imported.push(e);
        imports.set(from, [...(imports.get(from) ?? []), e.name]);
      }
    }
    const ctx = { imported, exported: [] };
    const lines = [`// ${cap(rng.pick(VERBS))} ${rng.pick(NOUNS)}s of the ${folder} area.`, ...importLines(rel, imports)];
    pad(rng, names, ctx, lines, lineTarget());
    // Use every import at least once, so the file reads like code someone wrote.
    for (const e of imported) if (e.kind === "function") lines.push("", `export const use${e.name} = (input: string) => ${e.name}(input, 1);`);
    exportsOf.set(rel, ctx.exported);
    out.set(rel, lines.join("\n") + "\n");
    noiseList.push(rel);
  }
  const noiseFunctionImport = (rel) => {
    const from = rng.pick(noiseList);
    const fn = exportsOf.get(from).find((e) => e.kind === "function");
    return fn ? { from, name: fn.name } : undefined;
  };

  // --- framework (decorators), platform base, mixins
  out.set(
    "src/framework.ts",
    [
      `// Decorators of the Conduit runtime (they record metadata the runtime turns into handlers).`,
      `type ClassDecorator = (target: abstract new (...args: any[]) => unknown) => void;`,
      ``,
      `export interface ToolOptions { name: string; description: string; inputSchema?: object }`,
      `export interface ResourceOptions { uri: string; name?: string; mimeType?: string }`,
      `export interface PromptOptions { name: string; description?: string }`,
      `export interface EndpointOptions { name: string; version: string; components: Function[] }`,
      ``,
      `const registry = new Map<Function, object>();`,
      `const register = (options: object): ClassDecorator => (target) => void registry.set(target, options);`,
      ``,
      `export function Tool(options: ToolOptions): ClassDecorator { return register({ kind: "tool", ...options }); }`,
      `export function Resource(options: ResourceOptions): ClassDecorator { return register({ kind: "resource", ...options }); }`,
      `export function Prompt(options: PromptOptions): ClassDecorator { return register({ kind: "prompt", ...options }); }`,
      `export function Endpoint(options: EndpointOptions): ClassDecorator { return register({ kind: "endpoint", ...options }); }`,
      ``,
    ].join("\n"),
  );
  const platformRel = "src/platform/platform-base.ts";
  {
    const names = new Names(rng, "P");
    const lines = [
      `// The base class most of our hand-written servers extend: logging, tool listing, health checks.`,
      `import { ${RUNTIME_TYPES} } from "@conduit/runtime";`,
      ``,
      `export abstract class PlatformBase {`,
      `  static __capabilities__() {`,
      `    return { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } };`,
      `  }`,
      ``,
      `  protected logLevel: LogLevel = "info";`,
      `  protected readonly startedAt = Date.now();`,
      ``,
      ...HANDLER_BODIES.handleListTools(rng, "platform"),
      ``,
      `  async handleSetLogLevel(ctx: RequestContext, level: LogLevel) {`,
      `    this.logLevel = level;`,
      `    return {};`,
      `  }`,
      ``,
      `  protected uptimeSeconds(): number {`,
      `    return Math.round((Date.now() - this.startedAt) / 1000);`,
      `  }`,
      `}`,
    ];
    out.set(platformRel, pad(rng, names, { imported: [], exported: [] }, lines, 220).join("\n") + "\n");
  }
  out.set(
    "src/platform/mixins.ts",
    pad(
      rng,
      new Names(rng, "M"),
      { imported: [], exported: [] },
      [
        `// Mixins that add a capability to any server class.`,
        `import { ${RUNTIME_TYPES} } from "@conduit/runtime";`,
        ``,
        `type Constructor = new (...args: any[]) => object;`,
        ``,
        `export function WithAudit<TBase extends Constructor>(Base: TBase) {`,
        `  return class extends Base {`,
        `    protected auditLevel: LogLevel = "notice";`,
        `    async handleSetLogLevel(ctx: RequestContext, level: LogLevel) {`,
        `      this.auditLevel = level;`,
        `      return {};`,
        `    }`,
        `  };`,
        `}`,
        ``,
        `export function WithSubscriptions<TBase extends Constructor>(Base: TBase) {`,
        `  return class extends Base {`,
        `    readonly subscribers = new Map<string, Set<string>>();`,
        `    async handleSubscribeResource(ctx: RequestContext, uri: string) {`,
        `      this.subscribers.set(uri, (this.subscribers.get(uri) ?? new Set<string>()).add(ctx.session.id));`,
        `      return {};`,
        `    }`,
        `    async handleUnsubscribeResource(ctx: RequestContext, uri: string) {`,
        `      this.subscribers.get(uri)?.delete(ctx.session.id);`,
        `      return {};`,
        `    }`,
        `  };`,
        `}`,
        ``,
        `export function WithCompletions<TBase extends Constructor>(Base: TBase) {`,
        `  return class extends Base {`,
        `    async handleComplete(ctx: RequestContext, ref: CompletionRef, argument: CompletionArgument): Promise<CompleteResult> {`,
        `      return { completion: { values: [argument.value] } };`,
        `    }`,
        `  };`,
        `}`,
      ],
      rng.int(80, 200),
    ).join("\n") + "\n",
  );

  // --- inheritance families: level1 (extends the runtime's ConduitServer) … level4, one file each
  const familyLevels = [];
  for (let f = 0; f < families; f++) {
    const domain = DOMAINS[(f * 7) % DOMAINS.length];
    const levels = [];
    for (let l = 1; l <= 4; l++) {
      const rel = `src/platform/${domain}-${f}/level${l}.ts`;
      const cls = pascal(domain, ["Core", "Secure", "Resource", "Observed"][l - 1], "Base") + f;
      const names = new Names(rng, `F${f}L${l}`);
      const lines = [`// Level ${l} of the ${domain} server family.`];
      if (l === 1) lines.push(`import { ConduitServer, ${RUNTIME_TYPES} } from "@conduit/runtime";`);
      else lines.push(`import { ${RUNTIME_TYPES} } from "@conduit/runtime";`, `import { ${levels[l - 2].cls} } from "./level${l - 1}";`);
      lines.push("", `export abstract class ${cls} extends ${l === 1 ? "ConduitServer" : levels[l - 2].cls} {`);
      if (l === 2) lines.push(`  static __capabilities__() {`, `    return {`, ...capabilitiesLiteral(rng, ["tools", "resources"]), `    };`, `  }`, "");
      lines.push(`  protected readonly watchers = new Set<string>();`, `  protected logLevel: LogLevel = "info";`);
      if (l === 3) lines.push("", ...HANDLER_BODIES.handleListResources(rng, domain), "", ...HANDLER_BODIES.handleReadResource(rng, domain));
      if (l === 4 && rng.chance(0.5)) lines.push("", ...HANDLER_BODIES.handleSetLogLevel());
      lines.push("", `  protected ${camel(rng.pick(VERBS), domain)}(input: string, count = 1) {`, ...body(rng, rng.int(3, 8), { indent: "    " }), `  }`, `}`);
      out.set(rel, pad(rng, names, { imported: [], exported: [] }, lines, lineTarget()).join("\n") + "\n");
      levels.push({ rel, cls });
    }
    familyLevels.push(levels);
  }

  // --- components (other files) and Endpoints
  const components = []; // { rel, name, kind }
  for (let c = 0; c < componentFiles; c++) {
    const domain = DOMAINS[(c * 3 + 1) % DOMAINS.length];
    const rel = `src/components/${domain}-${c}.ts`;
    const decoratorStyle = rng.chance(0.6);
    const names = new Names(rng, `C${c}`);
    const lines = [`// Components of the ${domain} Endpoints.`];
    lines.push(decoratorStyle ? `import { Prompt, Resource, Tool } from "../framework";` : `import { Prompt, Resource, Tool, type CallToolResult, type GetPromptResult, type ReadResourceResult, type RequestContext } from "@conduit/runtime";`);
    for (let k = rng.int(3, 6); k > 0; k--) {
      const noun = rng.pick(NOUNS);
      const kind = rng.pick(["tool", "tool", "resource", "prompt"]);
      const name = names.fresh(() => pascal(rng.pick(VERBS), noun, cap(kind)));
      lines.push("");
      if (kind === "tool") {
        if (decoratorStyle) lines.push(`@Tool({ name: "${camel(rng.pick(VERBS), noun)}", description: "${cap(rng.pick(VERBS))} a ${noun}" })`, `export class ${name} {`);
        else lines.push(`export class ${name} extends Tool<{ id: string }> {`);
        lines.push(`  async execute(params: { id: string }) {`, `    return { content: [{ type: "text" as const, text: \`${noun} \${params.id}\` }] };`, `  }`, `}`);
      } else if (kind === "resource") {
        if (decoratorStyle) lines.push(`@Resource({ uri: "${noun}://{id}", name: "${cap(noun)}s" })`, `export class ${name} {`);
        else lines.push(`export class ${name} extends Resource {`);
        lines.push(`  async read(uri: string) {`, `    return { contents: [{ uri, text: "{}" }] };`, `  }`, `}`);
      } else {
        if (decoratorStyle) lines.push(`@Prompt({ name: "${camel("review", noun)}", description: "Review a ${noun}" })`, `export class ${name} {`);
        else lines.push(`export class ${name} extends Prompt {`);
        lines.push(`  async render(args: Record<string, string>) {`, `    return { messages: [{ role: "user" as const, content: { type: "text" as const, text: \`Review \${args.id}\` } }] };`, `  }`, `}`);
      }
      components.push({ rel, name, kind });
    }
    out.set(rel, pad(rng, names, { imported: [], exported: [] }, lines, lineTarget()).join("\n") + "\n");
  }
  let endpointCount = 0;
  for (let e = 0; e < endpointFiles; e++) {
    const domain = DOMAINS[(e * 5 + 2) % DOMAINS.length];
    const rel = `src/endpoints/${domain}-endpoint-${e}.ts`;
    const names = new Names(rng, `E${e}`);
    const picked = rng.sample(components, rng.int(2, 5));
    const imports = new Map();
    for (const p of picked) imports.set(p.rel, [...(imports.get(p.rel) ?? []), p.name]);
    const decoratorForm = rng.chance(0.6);
    const lines = [`// The ${domain} Endpoint: its tools, resources and prompts live in src/components/.`];
    lines.push(decoratorForm ? `import { Endpoint } from "../framework";` : `import { Endpoint } from "@conduit/runtime";`);
    lines.push(`import type { CompleteResult, CompletionArgument, CompletionRef, LogLevel, RequestContext } from "@conduit/runtime";`);
    lines.push(...importLines(rel, imports), "");
    const name = names.fresh(() => pascal(domain, "Endpoint"));
    const list = picked.map((p) => p.name).join(", ");
    if (decoratorForm) lines.push(`@Endpoint({ name: "${domain}", version: "${rng.int(1, 4)}.${rng.int(0, 9)}.0", components: [${list}] })`, `export class ${name} {`);
    else lines.push(`export class ${name} extends Endpoint {`, `  static components = [${list}];`);
    lines.push(`  private readonly watchers = new Set<string>();`, `  protected logLevel: LogLevel = "info";`);
    if (rng.chance(0.5)) lines.push("", ...HANDLER_BODIES.handleComplete());
    if (rng.chance(0.3)) lines.push("", ...HANDLER_BODIES.handleSubscribeResource());
    if (rng.chance(0.1)) lines.push("", `  static __capabilities__() {`, `    return { tools: { listChanged: true } };`, `  }`);
    lines.push("}");
    endpointCount++;
    out.set(rel, pad(rng, names, { imported: [], exported: [] }, lines, lineTarget()).join("\n") + "\n");
  }

  // --- SDK servers (self-contained: they run under node for the baseline)
  const sdkList = [];
  for (let s = 0; s < sdkFiles; s++) {
    const domain = DOMAINS[(s * 11 + 3) % DOMAINS.length];
    const rel = `src/sdk/${domain}-${s}.ts`;
    const names = new Names(rng, `S${s}`);
    const text = sdkServer(rng, { serverName: `${domain}-${s}`, noun: rng.pick(NOUNS), names, ctx: { imported: [], exported: [] }, target: lineTarget() });
    out.set(rel, text.join("\n") + "\n");
    sdkList.push(rel);
  }

  // --- hand-written servers
  const allHandlers = Object.keys(HANDLER_BODIES);
  const platformDependents = [];
  const serverClasses = [];
  // How many server classes each file holds, then which of them extend PlatformBase (spread out).
  const perFile = Array.from({ length: serverFiles }, () => (rng.chance(0.5) ? 2 : 1));
  const totalClasses = perFile.reduce((a, b) => a + b, 0);
  const dependentSet = new Set(rng.sample([...Array(totalClasses).keys()], Math.min(dependents, Math.floor(totalClasses / 2))));
  let classIndex = 0;
  for (let s = 0; s < serverFiles; s++) {
    const domain = DOMAINS[(s * 13 + 5) % DOMAINS.length];
    const rel = `src/servers/${domain}/${domain}-server-${s}.ts`;
    const names = new Names(rng, `H${s}`);
    const count = perFile[s];
    const imports = new Map();
    const addImport = (file, name) => imports.set(file, [...(imports.get(file) ?? []), name]);
    const classes = [];
    let needsConduit = false;
    for (let k = 0; k < count; k++) {
      const noun = rng.pick(NOUNS);
      const name = names.fresh(() => pascal(domain, noun, "Server"));
      let base;
      let capsKeys;
      const roll = rng.next();
      if (dependentSet.has(classIndex++)) {
        base = "PlatformBase";
        addImport(platformRel, "PlatformBase");
        platformDependents.push({ file: rel, className: name });
      } else if (roll < 0.4) {
        const fam = rng.pick(familyLevels);
        const level = fam[rng.int(1, 3)]; // level2..level4: chains of 3 to 5 classes across files
        base = level.cls;
        addImport(level.rel, level.cls);
      } else if (roll < 0.6) {
        const level = rng.pick(familyLevels)[rng.int(0, 3)];
        const mixin = rng.pick(["WithAudit", "WithSubscriptions", "WithCompletions"]);
        base = `${mixin}(${level.cls})`;
        addImport("src/platform/mixins.ts", mixin);
        addImport(level.rel, level.cls);
      } else if (roll < 0.7) {
        base = "ConduitServer";
        needsConduit = true;
      } else {
        capsKeys = rng.sample(["tools", "resources", "prompts", "logging", "completions"], rng.int(1, 3));
      }
      if (base && rng.chance(0.3)) capsKeys = rng.sample(["tools", "resources", "prompts"], rng.int(1, 3));
      const handlers = ["handleCallTool", ...rng.sample(allHandlers.filter((h) => h !== "handleCallTool"), rng.int(1, 4))].sort(
        (a, b) => allHandlers.indexOf(a) - allHandlers.indexOf(b),
      );
      const mistake = rng.chance(0.15) ? rng.int(0, MISTAKES.length - 1) : undefined;
      classes.push(serverClass(rng, { name, base, capsKeys, handlers, mistake, noun, doc: rng.chance(0.5) }));
      serverClasses.push({ file: rel, className: name });
    }
    const helper = noiseFunctionImport(rel);
    if (helper) addImport(helper.from, helper.name);
    const lines = [
      `// ${cap(domain)} servers.`,
      `import { ${needsConduit ? "ConduitServer, " : ""}${RUNTIME_TYPES} } from "@conduit/runtime";`,
      ...importLines(rel, imports),
    ];
    for (const c of classes) lines.push("", ...c);
    if (helper) lines.push("", `export const ${camel("describe", domain)}${s} = (input: string) => ${helper.name}(input, ${rng.int(1, 9)});`);
    out.set(rel, pad(rng, names, { imported: [], exported: [] }, lines, lineTarget()).join("\n") + "\n");
  }

  // --- the 3,000-line file: servers among a lot of ordinary code
  const bigRel = "src/big/service-registry.ts";
  {
    const names = new Names(rng, "B");
    const lines = [`// Everything the service registry does, in one file that grew over the years.`, `import { ConduitServer, ${RUNTIME_TYPES} } from "@conduit/runtime";`];
    const ctx = { imported: [], exported: [] };
    for (let k = 0; k < 12; k++) {
      const noun = rng.pick(NOUNS);
      pad(rng, names, ctx, lines, Math.round(((k + 0.5) * 2960) / 12));
      const name = names.fresh(() => pascal("registry", noun, "Server"));
      lines.push("", ...serverClass(rng, { name, base: k % 3 === 0 ? "ConduitServer" : undefined, capsKeys: k % 2 === 0 ? ["tools", "resources"] : undefined, handlers: ["handleListTools", "handleCallTool", "handleReadResource"], mistake: undefined, noun, doc: true }));
      serverClasses.push({ file: bigRel, className: name });
    }
    pad(rng, names, ctx, lines, 3000);
    out.set(bigRel, lines.join("\n") + "\n");
  }

  // --- write
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const runtimeSource = join(REPO, "examples", "vendor", "conduit-runtime", "index.d.ts");
  const runtime = existsSync(runtimeSource) ? readFileSync(runtimeSource, "utf8") : RUNTIME_FALLBACK;
  const write = (rel, text) => {
    const p = join(dir, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  };
  write("vendor/conduit-runtime/index.d.ts", runtime);
  write(
    "tsconfig.json",
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2022", "DOM"],
          types: [],
          experimentalDecorators: true,
          strict: false,
          noEmit: true,
          skipLibCheck: true,
          paths: { "@conduit/runtime": ["./vendor/conduit-runtime"] },
        },
        include: ["src", "vendor"],
      },
      null,
      2,
    ) + "\n",
  );
  write("package.json", JSON.stringify({ name: `bench-corpus-${total}`, version: "1.0.0", private: true, type: "module" }, null, 2) + "\n");
  const sourceFiles = [...out.keys()].sort();
  let bytes = 0;
  let lineCount = 0;
  const hash = createHash("sha256");
  for (const rel of sourceFiles) {
    const text = out.get(rel);
    write(rel, text);
    bytes += Buffer.byteLength(text);
    lineCount += text.split("\n").length - 1;
    hash.update(rel).update("\0").update(text);
  }

  // The warm-edit file: a hand-written server file of median size (its first class declares
  // handleCallTool, whose first occurrence the edit renames).
  const editable = sourceFiles.filter((f) => f.startsWith("src/servers/") && out.get(f).includes("  async handleCallTool("));
  const lineLen = (f) => out.get(f).split("\n").length - 1;
  const medianLines = [...sourceFiles].map(lineLen).sort((a, b) => a - b)[Math.floor(sourceFiles.length / 2)];
  const editFile = [...editable].sort((a, b) => Math.abs(lineLen(a) - medianLines) - Math.abs(lineLen(b) - medianLines) || (a < b ? -1 : 1))[0];
  const editClass = serverClasses.find((c) => c.file === editFile)?.className;
  const manifest = {
    generator: GENERATOR_VERSION,
    seed,
    files: sourceFiles.length,
    bytes,
    lines: lineCount,
    sha256: hash.digest("hex"),
    counts: {
      noise: noiseFiles,
      mcp: sourceFiles.length - noiseFiles,
      families,
      componentFiles,
      endpoints: endpointCount,
      sdkServers: sdkFiles,
      serverFiles,
      conduitServerClasses: serverClasses.length,
    },
    sourceFiles,
    platformBase: platformRel,
    platformBaseEdit: { from: "async handleSetLogLevel(", to: "async handleSetLogLevels(" },
    platformDependents,
    editFile,
    editFileLines: lineLen(editFile),
    editClass,
    edit: { from: "async handleCallTool(", to: "async handleCallTools(" },
    bigFile: bigRel,
    bigFileLines: lineLen(bigRel),
    bigEdit: { from: "async handleCallTool(", to: "async handleCallTools(" },
    sdkFiles: sdkList,
  };
  writeFileSync(join(dir, "bench-manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

/** Reuses a corpus already generated with the same generator, size and seed; generates it otherwise. */
export function ensureCorpus({ dir, files, seed = 20260728 }) {
  const manifestPath = join(dir, "bench-manifest.json");
  if (existsSync(manifestPath)) {
    try {
      const m = JSON.parse(readFileSync(manifestPath, "utf8"));
      if (m.generator === GENERATOR_VERSION && m.seed === seed && m.files === files && m.sourceFiles.every((f) => existsSync(join(dir, f)))) return { manifest: m, reused: true };
    } catch {
      // regenerate
    }
  }
  return { manifest: generateCorpus({ dir, files, seed }), reused: false };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dir, files, seed] = process.argv.slice(2);
  if (!dir || !files) {
    console.error("usage: node bench/corpus.mjs <dir> <files> [seed]");
    process.exit(2);
  }
  const m = generateCorpus({ dir, files: Number(files), ...(seed ? { seed: Number(seed) } : {}) });
  const { sourceFiles, ...rest } = m;
  console.log(JSON.stringify(rest, null, 2));
}
