// `${entity}_list`: a name written as a template literal whose substitutions are plain names or member
// chains (`${prefix}`, `${cfg.service}`) is known when each of them is a known string or number. The
// summary keeps such a template as its text, so it is read here; anything else (escapes, nested
// templates, calls or operators inside `${}`) is not a known name.
import type { Span, ValueExpr } from "../model/summary";

const PLAIN = /^`([^`\\$]|\$(?!\{))*`$/;
const PART = /\$\{\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\}/g;

/** The string a template's text makes, with `valueOf` giving each substitution's value; undefined when one is not known. */
export function templateString(text: string, span: Span, valueOf: (expr: ValueExpr) => string | number | undefined): string | undefined {
  if (!text.startsWith("`") || !text.endsWith("`") || text.includes("\\")) return undefined;
  let out = "";
  let last = 1;
  for (const m of text.slice(0, -1).matchAll(PART)) {
    const literal = text.slice(last, m.index);
    if (literal.includes("${") || literal.includes("`")) return undefined;
    const value = valueOf(pathExpr(m[1]!, span));
    if (value === undefined) return undefined;
    out += literal + String(value);
    last = m.index! + m[0].length;
  }
  const tail = text.slice(last, -1);
  if (tail.includes("${") || tail.includes("`")) return undefined;
  return PLAIN.test(`\`${tail}\``) ? out + tail : undefined;
}

/** `cfg.service` as the summary would write it: a name, then member reads. */
function pathExpr(path: string, span: Span): ValueExpr {
  const [root, ...members] = path.split(".").map((p) => p.trim());
  let expr: ValueExpr = { k: "ref", name: root!, span };
  for (const name of members) expr = { k: "get", object: expr, key: { k: "static", name, span }, span };
  return expr;
}

const QUOTED = /^(["'])([^"'\\\n]*)\1$/;
const NAME_PATH = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/;

/**
 * `"files" + "_list"`, `PREFIX + "_list"`, `` `${a}` + b ``: a name joined with `+` from quoted strings,
 * plain names or member chains, and templates of those. Undefined when a part is anything else (a call,
 * a number operation, parentheses), or not known. The first part must be a string for `+` to join.
 */
export function concatString(text: string, span: Span, valueOf: (expr: ValueExpr) => string | number | undefined): string | undefined {
  const parts = splitPlus(text);
  if (!parts || parts.length < 2) return undefined;
  let out: string | undefined;
  for (const raw of parts) {
    const part = raw.trim();
    const quoted = QUOTED.exec(part);
    let value: string | number | undefined;
    if (quoted) value = quoted[2]!;
    else if (part.startsWith("`")) value = templateString(part, span, valueOf);
    else if (NAME_PATH.test(part)) value = valueOf(pathExpr(part, span));
    if (value === undefined || (out === undefined && typeof value !== "string")) return undefined;
    out = (out ?? "") + String(value);
  }
  return out;
}

/** The operands of a chain of `+` at the top level of the text (outside quotes and templates); undefined when it holds other nesting. */
function splitPlus(text: string): string[] | undefined {
  const parts: string[] = [];
  let start = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") return undefined;
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") return undefined;
    else if (c === "+") {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quote) return undefined;
  parts.push(text.slice(start));
  return parts;
}
