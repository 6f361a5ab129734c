import type { ClassSummary, MemberSummary, ValueExpr } from "../../core/model/summary";
import type { Evaluator } from "../../core/evaluate/evaluator";
import { exprText } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc, Scope } from "../../core/evaluate/values";
import { BUILTIN_BASES } from "../../core/model/builtins";

/** Base classes matched by name, wherever they come from (spec §4.2): never "unresolved". */
export const FRAMEWORK_BASES = new Set(["Endpoint", "Tool", "Resource", "Prompt"]);

/** Longest chain followed: far beyond real code, short enough to stay fast on hostile input. */
const MAX_CHAIN = 1000;

export interface ChainLink {
  readonly ref: ClassRef;
  readonly summary: ClassSummary;
  /** The names this class's `extends` clause uses: the identifier written, and the imported name. */
  readonly extendsNames: readonly string[];
}

export type ChainEnd =
  | { readonly kind: "root" }
  /** A framework base or a built-in that is matched by name and not followed. */
  | { readonly kind: "external"; readonly name: string }
  | { readonly kind: "unresolved"; readonly text: string; readonly why: string; readonly loc: Loc; readonly from: ChainLink }
  /** The chain came back to a class already on it; `members` are the classes of the loop. */
  | { readonly kind: "cycle"; readonly members: readonly ChainLink[] };

/** A class followed by its ancestors, nearest first, and how the walk ended. */
export interface ClassChain {
  readonly links: readonly ChainLink[];
  readonly end: ChainEnd;
}

export function classScope(ev: Evaluator, ref: ClassRef): Scope {
  return ref.scope ?? ev.fileScope(ref.file);
}

/** Follows `extends` from a class: across files, through mixins and into `.d.ts` files. */
export function buildChain(ev: Evaluator, start: ClassRef): ClassChain {
  const links: ChainLink[] = [];
  const seen = new Map<string, number>();
  let ref: ClassRef | undefined = start;
  while (ref) {
    const summary = ev.summary(ref.file)?.classes[ref.index];
    if (!summary) return { links, end: { kind: "root" } };
    const repeat = seen.get(ref.key);
    if (repeat !== undefined) return { links, end: { kind: "cycle", members: links.slice(repeat) } };
    const link: ChainLink = { ref, summary, extendsNames: extendsNames(ev, ref, summary.heritage) };
    seen.set(ref.key, links.length);
    links.push(link);
    if (links.length > MAX_CHAIN) {
      const loc = { file: ref.file, span: summary.nameSpan };
      return { links, end: { kind: "unresolved", text: summary.name, why: `the inheritance chain is longer than ${MAX_CHAIN} classes`, loc, from: link } };
    }
    const heritage = summary.heritage;
    if (!heritage) return { links, end: { kind: "root" } };
    const base = ev.evaluate(heritage, classScope(ev, ref), { calls: true });
    if (base.t === "class") {
      ref = base.cls;
      continue;
    }
    const named = link.extendsNames.find((n) => FRAMEWORK_BASES.has(n) || BUILTIN_BASES.has(n));
    if (named && base.t === "dyn") return { links, end: { kind: "external", name: named } };
    const span = withParentheses(ev.host.text?.(ref.file), heritage.span);
    const loc = { file: ref.file, span };
    const why = base.t === "dyn" ? base.why ?? "it is not known statically" : `it is not a class`;
    // The `extends` expression as written (spec §2), parentheses included.
    const written = span === heritage.span ? undefined : ev.host.text?.(ref.file)?.slice(span.start, span.end);
    return { links, end: { kind: "unresolved", text: written ?? exprText(heritage), why, loc, from: link } };
  }
  return { links, end: { kind: "root" } };
}

function extendsNames(ev: Evaluator, ref: ClassRef, heritage: ValueExpr | null): string[] {
  if (!heritage) return [];
  if (heritage.k === "get" && heritage.key.k === "static") return [heritage.key.name];
  if (heritage.k !== "ref") return [];
  const names = [heritage.name];
  if (ref.scope === null) {
    const imported = ev.summary(ref.file)?.imports.get(heritage.name);
    if (imported && imported.imported !== "*" && imported.imported !== heritage.name) names.push(imported.imported);
  }
  return names;
}

export interface FoundMember {
  readonly member: MemberSummary;
  readonly link: ChainLink;
}

/**
 * The member a name denotes on instances (or on the class, for `isStatic`): the nearest declaration
 * that exists at run time. Type-only declarations (overload signatures, fields never assigned) neither
 * provide nor hide an inherited member.
 */
export function findMember(chain: ClassChain, name: string, isStatic: boolean): FoundMember | undefined {
  for (const link of chain.links) {
    for (const member of link.summary.members) {
      if (member.name === name && member.isStatic === isStatic && !member.typeOnly) return { member, link };
    }
  }
  return undefined;
}

/** Whether the class at `index` in the chain, or one above it, extends something named `name`. */
export function extendsNamed(chain: ClassChain, index: number, name: string): boolean {
  for (let i = index; i < chain.links.length; i++) {
    if (chain.links[i]!.extendsNames.includes(name)) return true;
    // A base re-exported under another name is still the class it resolved to.
    if (i > index && chain.links[i]!.summary.name === name) return true;
  }
  return false;
}

/** `(cond ? A : B)`: the span widened over the parentheses written around it (the summary keeps what is inside). */
function withParentheses(text: string | undefined, span: { readonly start: number; readonly end: number }): { readonly start: number; readonly end: number } {
  if (text === undefined) return span;
  let { start, end } = span;
  for (let hops = 0; hops < 8; hops++) {
    let before = start - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    let after = end;
    while (after < text.length && /\s/.test(text[after]!)) after++;
    if (text[before] !== "(" || text[after] !== ")") break;
    start = before;
    end = after + 1;
  }
  return start === span.start && end === span.end ? span : { start, end };
}
