// Mutations of TypeScript text for the fuzzer: token edits (delete, insert, duplicate, swap, rename),
// truncation at every class of position, and byte-level damage (NUL, invalid UTF-8, BOM, CRLF, lone
// surrogates...). Everything is driven by an `Rng`, so an input is reproduced from its seed.
import { ts } from "ts-morph";
import type { Rng } from "./prng";

export interface Token {
  readonly start: number;
  readonly end: number;
  readonly kind: ts.SyntaxKind;
}

/** The tokens of a text (trivia skipped), as the scanner sees them without a parser. */
export function tokenize(text: string): Token[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const tokens: Token[] = [];
  const startOf = () => (scanner as unknown as { getTokenStart?: () => number }).getTokenStart?.() ?? scanner.getTokenPos();
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    tokens.push({ start: startOf(), end: scanner.getTextPos(), kind });
    if (tokens.length > 200_000) break;
  }
  return tokens;
}

/** Tokens worth inserting: brackets, keywords and names the analysis cares about. */
export const INTERESTING_TOKENS = [
  "{", "}", "(", ")", "[", "]", "<", ">", ",", ";", ":", "=", "=>", "...", "?.", "!", "@", "#", ".", "?",
  "class", "extends", "static", "abstract", "export", "default", "import", "from", "const", "let", "return",
  "function", "new", "enum", "async", "get", "set", "declare", "satisfies", "as", "implements", "interface", "type",
  "__capabilities__", "handleCallTool", "handleListTools", "handleComplete", "handleSubscribeResource", "handleSetLogLevel",
  "handleCompletion", "Endpoint", "Tool", "Resource", "Prompt", "Object", "freeze", "tools", "resources", "prompts",
  "extensions", "logging", "completions", "listChanged", "subscribe", "null", "true", "false", "undefined", "this",
  "super", "__proto__", "constructor", "0", "-1", "1e999", "NaN", '"', "'", "`", "${", "/*", "*/", "//", "/**", "\\",
  '"tools"', "'resources'", "`prompts`", "@mcpServer", "require", "eval",
];

/** Snippets that make the analysis follow references: self-reference, spreads, extends, nesting. */
export const SNIPPETS = [
  " extends S ", " extends X ", " extends Object ", " extends Endpoint ", " extends (class {}) ", " extends M(M(Object)) ",
  " ...S ", " ...A, ", "{ ...this }", " [A]: ", "{ tools: {} }", "static __capabilities__() { return A; }",
  "static __capabilities__ = ", "const A = { ...A };\n", "const a = b; const b = a;\n", "class S extends S {}\n",
  'import { A } from "./a";\n', 'export * from "./a";\n', 'export { default } from "./index";\n', "import A = require(\"./a\");\n",
  "@decorator() ", "static { this.x = 1 } ", "declare ", "/** @mcpServer */\n", "async *handleCallTool() {}",
  "get __capabilities__() { return { tools: {} }; }", "handleCallTool = (ctx) => ctx;", "handleListTools!: () => void;",
  "#private = 1;", "[Symbol.iterator]() {}", "enum E { a = 'tools', b }\n", "namespace N { export class S {} }\n",
  "`${a}`", "/(a|b)*c/g", "<T,>(x: T) => x", "a ?? b", "a?.b!.c", "x satisfies Y", "new.target", "import.meta",
];

export type MutationKind =
  | "delete" | "insert" | "duplicate" | "swap" | "rename" | "snippet" | "truncate"
  | "nul" | "utf8" | "bom" | "newlines" | "unicode" | "double";

export interface Mutated {
  readonly text: string;
  /** What was done, for the report of a failing input. */
  readonly steps: readonly string[];
}

/** The classes of position a file is truncated at (every class, once per seed file, in the sweep). */
export const POSITION_CLASSES = [
  "start", "mid-identifier", "mid-keyword", "mid-string", "mid-template", "mid-comment", "mid-number", "after-open-brace",
  "before-close-brace", "after-extends", "after-dot", "line-end", "token-boundary", "end-minus-one",
] as const;
export type PositionClass = (typeof POSITION_CLASSES)[number];

/** The positions of one class in a text (possibly none). */
export function positionsOf(text: string, cls: PositionClass, tokens = tokenize(text)): number[] {
  const inside = (pred: (t: Token) => boolean) => tokens.filter((t) => pred(t) && t.end - t.start >= 2).map((t) => Math.floor((t.start + t.end) / 2));
  const after = (pred: (t: Token) => boolean) => tokens.filter(pred).map((t) => t.end);
  switch (cls) {
    case "start":
      return text.length > 0 ? [0, 1] : [0];
    case "mid-identifier":
      return inside((t) => t.kind === ts.SyntaxKind.Identifier);
    case "mid-keyword":
      return inside((t) => t.kind >= ts.SyntaxKind.FirstKeyword && t.kind <= ts.SyntaxKind.LastKeyword);
    case "mid-string":
      return inside((t) => t.kind === ts.SyntaxKind.StringLiteral);
    case "mid-template":
      return inside((t) => t.kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral || t.kind === ts.SyntaxKind.TemplateHead);
    case "mid-comment": {
      const out: number[] = [];
      for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) if (m[0].length > 2) out.push(m.index! + Math.floor(m[0].length / 2));
      return out;
    }
    case "mid-number":
      return tokens.filter((t) => t.kind === ts.SyntaxKind.NumericLiteral && t.end - t.start >= 2).map((t) => t.start + 1);
    case "after-open-brace":
      return after((t) => t.kind === ts.SyntaxKind.OpenBraceToken);
    case "before-close-brace":
      return tokens.filter((t) => t.kind === ts.SyntaxKind.CloseBraceToken).map((t) => t.start);
    case "after-extends":
      return after((t) => t.kind === ts.SyntaxKind.ExtendsKeyword);
    case "after-dot":
      return after((t) => t.kind === ts.SyntaxKind.DotToken);
    case "line-end": {
      const out: number[] = [];
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) out.push(i);
      return out;
    }
    case "token-boundary":
      return tokens.map((t) => t.start);
    case "end-minus-one":
      return text.length > 0 ? [text.length - 1] : [];
  }
}

/** Identifiers of a text, for renames (class names, handler names, consts). */
export function identifiersOf(text: string, tokens = tokenize(text)): string[] {
  const names = new Set<string>();
  for (const t of tokens) if (t.kind === ts.SyntaxKind.Identifier) names.add(text.slice(t.start, t.end));
  return [...names];
}

const BAD_UTF8 = [
  [0xff], [0xfe, 0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0x80, 0x80, 0x80],
];
const ODD_CHARS = ["\ud800", "\udfff", "\u2028", "\u2029", "\u200b", "\u202e", "\ufeff", "\u0085", "\u00a0", "\ufffd", "\u{1f600}", "\u0000", "\u001b[31m"];

/** Applies `count` random mutations to `text`; `names` are identifiers of the whole project. */
export function mutate(rng: Rng, text: string, names: readonly string[], count: number): Mutated {
  const steps: string[] = [];
  let t = text;
  for (let i = 0; i < count; i++) {
    const kind = rng.weighted<MutationKind>([
      [14, "delete"], [14, "insert"], [10, "duplicate"], [8, "swap"], [10, "rename"], [10, "snippet"], [8, "truncate"],
      [3, "nul"], [3, "utf8"], [2, "bom"], [3, "newlines"], [4, "unicode"], [1, "double"],
    ]);
    const r = applyOne(rng, t, names, kind);
    t = r.text;
    steps.push(r.step);
  }
  return { text: t, steps };
}

function applyOne(rng: Rng, text: string, names: readonly string[], kind: MutationKind): { text: string; step: string } {
  const tokens = tokenize(text);
  const at = () => (tokens.length === 0 ? 0 : rng.pick(tokens).start);
  const splice = (start: number, end: number, insert: string) => text.slice(0, start) + insert + text.slice(end);
  if (tokens.length === 0 && ["delete", "duplicate", "swap", "rename"].includes(kind)) kind = "insert";
  switch (kind) {
    case "delete": {
      const i = rng.int(tokens.length);
      const n = rng.weighted([[6, 1], [2, 2], [1, 3], [1, rng.range(4, 40)]]);
      const last = tokens[Math.min(tokens.length - 1, i + n - 1)]!;
      return { text: splice(tokens[i]!.start, last.end, ""), step: `delete ${n} token(s) at ${tokens[i]!.start}` };
    }
    case "insert": {
      const tok = rng.chance(0.5) || names.length === 0 ? rng.pick(INTERESTING_TOKENS) : rng.pick(names);
      const p = at();
      return { text: splice(p, p, ` ${tok} `), step: `insert ${JSON.stringify(tok)} at ${p}` };
    }
    case "duplicate": {
      const i = rng.int(tokens.length);
      const n = rng.range(1, Math.min(60, tokens.length - i));
      const from = tokens[i]!.start;
      const to = tokens[i + n - 1]!.end;
      const p = at();
      const times = rng.weighted([[8, 1], [1, rng.range(2, 50)]]);
      return { text: splice(p, p, ` ${text.slice(from, to)} `.repeat(times)), step: `duplicate ${from}..${to} ×${times} at ${p}` };
    }
    case "swap": {
      const a = rng.pick(tokens);
      const b = rng.pick(tokens);
      const [x, y] = a.start <= b.start ? [a, b] : [b, a];
      if (x.end > y.start) return { text, step: "swap (same token)" };
      const out = text.slice(0, x.start) + text.slice(y.start, y.end) + text.slice(x.end, y.start) + text.slice(x.start, x.end) + text.slice(y.end);
      return { text: out, step: `swap ${x.start} and ${y.start}` };
    }
    case "rename": {
      const ids = tokens.filter((tk) => tk.kind === ts.SyntaxKind.Identifier);
      if (ids.length === 0 || names.length === 0) return { text, step: "rename (no identifier)" };
      const target = rng.pick(ids);
      const name = text.slice(target.start, target.end);
      const to = rng.pick(names);
      // Either every occurrence (a consistent rename: new cycles, shadowing) or this one only.
      if (rng.chance(0.4)) {
        const re = new RegExp(`\\b${name.replace(/[$]/g, "\\$")}\\b`, "g");
        return { text: text.replace(re, () => to), step: `rename all ${name} → ${to}` };
      }
      return { text: splice(target.start, target.end, to), step: `rename ${name} → ${to} at ${target.start}` };
    }
    case "snippet": {
      const s = rng.pick(SNIPPETS);
      const p = at();
      return { text: splice(p, p, s), step: `snippet ${JSON.stringify(s)} at ${p}` };
    }
    case "truncate": {
      const cls = rng.pick(POSITION_CLASSES);
      const positions = positionsOf(text, cls, tokens);
      if (positions.length === 0) return { text, step: `truncate (${cls}: no position)` };
      const p = rng.pick(positions);
      return { text: text.slice(0, p), step: `truncate at ${p} (${cls})` };
    }
    case "nul": {
      // Past the 8 KB the binary check looks at, or anywhere.
      const p = rng.chance(0.3) ? text.length : rng.int(text.length + 1);
      const pad = rng.chance(0.3) ? " ".repeat(8200) : "";
      return { text: text.slice(0, p) + pad + "\u0000".repeat(rng.range(1, 3)) + text.slice(p), step: `NUL at ${p}${pad ? " after 8 KB" : ""}` };
    }
    case "utf8": {
      const bytes = Buffer.from(text, "utf8");
      const p = rng.int(bytes.length + 1);
      const bad = Buffer.from(rng.pick(BAD_UTF8));
      // What reading the file as UTF-8 gives: invalid sequences become U+FFFD.
      return { text: Buffer.concat([bytes.subarray(0, p), bad, bytes.subarray(p)]).toString("utf8"), step: `invalid UTF-8 ${bad.toString("hex")} at byte ${p}` };
    }
    case "bom":
      return { text: rng.chance(0.7) ? `\ufeff${text}` : `\ufeff\ufeff${text}`, step: "BOM" };
    case "newlines": {
      const style = rng.pick(["\r\n", "\r", "\u2028", "\n\n\n"]);
      const mixed = rng.chance(0.3);
      let n = 0;
      const out = text.replace(/\n/g, () => (mixed && n++ % 2 === 0 ? "\n" : style));
      return { text: out, step: `newlines → ${JSON.stringify(style)}${mixed ? " (mixed)" : ""}` };
    }
    case "unicode": {
      const c = rng.pick(ODD_CHARS);
      const p = rng.int(text.length + 1);
      return { text: text.slice(0, p) + c + text.slice(p), step: `char U+${c.codePointAt(0)!.toString(16)} at ${p}` };
    }
    case "double":
      return { text: text + "\n" + text, step: "file twice" };
  }
}
