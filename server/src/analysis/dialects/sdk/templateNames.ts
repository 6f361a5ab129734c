// `${entity}_list`: a name written as a template literal whose substitutions are plain names or member
// chains (`${prefix}`, `${cfg.service}`) is known when each of them is a known string or number. The
// summary keeps such a template as its text, so it is read here; anything else (escapes, nested
// templates, calls or operators inside `${}`) is not a known name.
import type { Span, ValueExpr } from "../../core/model/summary";

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
    const [root, ...members] = m[1]!.split(".").map((p) => p.trim());
    let expr: ValueExpr = { k: "ref", name: root!, span };
    for (const name of members) expr = { k: "get", object: expr, key: { k: "static", name, span }, span };
    const value = valueOf(expr);
    if (value === undefined) return undefined;
    out += literal + String(value);
    last = m.index! + m[0].length;
  }
  const tail = text.slice(last, -1);
  if (tail.includes("${") || tail.includes("`")) return undefined;
  return PLAIN.test(`\`${tail}\``) ? out + tail : undefined;
}
