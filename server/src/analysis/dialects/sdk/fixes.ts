// "Declare …" quick fixes: edits that put a capability (or a flag of one) into what the server's
// constructor is given, whatever form its options take in the source: a `capabilities` literal, an
// options literal without one, or no options argument at all (`new McpServer({ name, version })`).
import type { FixData, TextEditData } from "../../core/model/diagnostics";
import type { Loc, Value } from "../../core/evaluate/values";
import type { Span, ValueExpr } from "../../core/model/summary";

/** Where a fix may write: the constructor call and its options, as the replay read them. */
export interface FixTarget {
  readonly text: (file: string) => string | undefined;
  /** The `new McpServer(...)` call's arguments. */
  readonly construction: { readonly file: string; readonly args: readonly ValueExpr[] };
  /** The options object (second argument), when it is a literal. */
  readonly optionsObject: Loc | undefined;
  /** The value of its `capabilities` entry. */
  readonly optionsCaps: Value | undefined;
}

/** An insertion right after the `{` of an object literal at `at` (checked against the source). */
function afterBrace(target: FixTarget, at: Loc | undefined, entry: string): TextEditData | undefined {
  const source = at ? target.text(at.file) : undefined;
  if (!at || source?.[at.span.start] !== "{") return undefined;
  const empty = /^\s*}/.test(source.slice(at.span.start + 1));
  return { loc: { file: at.file, span: { start: at.span.start + 1, end: at.span.start + 1 } }, newText: empty ? ` ${entry} ` : ` ${entry},` };
}

/**
 * `, { capabilities: { … } }` after the server info, when the constructor is given nothing else
 * (`new McpServer({ name, version })`, the most common form).
 */
function addOptionsArgument(target: FixTarget, capabilities: string): TextEditData | undefined {
  const { file, args } = target.construction;
  if (args.length !== 1) return undefined;
  const end = args[0]!.span.end;
  return { loc: { file, span: { start: end, end } }, newText: `, { capabilities: { ${capabilities} } }` };
}

function edit(target: FixTarget, entry: string): TextEditData | undefined {
  if (target.optionsCaps) return target.optionsCaps.t === "obj" ? afterBrace(target, target.optionsCaps.loc, entry) : undefined;
  if (target.optionsObject) return afterBrace(target, target.optionsObject, `capabilities: { ${entry} }`);
  return addOptionsArgument(target, entry);
}

/** Declares `k` (with `value`, `{}` by default) in the server's capabilities. */
export function declareKeyFix(target: FixTarget, k: string, value = "{}"): FixData | undefined {
  const e = edit(target, `${k}: ${value}`);
  return e ? { title: `Declare ${k} in the server's capabilities`, edits: [e], preferred: true } : undefined;
}

/**
 * Turns on `k.flag` (`resources.subscribe`): inside `k`'s literal when the options write one (an
 * explicit `false` is replaced), else by declaring `k: { flag: true }`.
 */
export function declareFlagFix(target: FixTarget, k: string, flag: string): FixData | undefined {
  const title = `Declare ${k}.${flag} in the server's capabilities`;
  const caps = target.optionsCaps;
  const written = caps?.t === "obj" ? caps.entries.get(k) : undefined;
  if (!written) {
    const e = edit(target, `${k}: { ${flag}: true }`);
    return e ? { title, edits: [e], preferred: true } : undefined;
  }
  if (written.value.t !== "obj") return undefined;
  const existing = written.value.entries.get(flag)?.value;
  if (existing) {
    const source = target.text(existing.loc.file);
    const literal = source?.slice(existing.loc.span.start, existing.loc.span.end);
    if (literal !== "false") return undefined;
    return { title, edits: [{ loc: existing.loc, newText: "true" }], preferred: true };
  }
  const e = afterBrace(target, written.value.loc, `${flag}: true`);
  return e ? { title, edits: [e], preferred: true } : undefined;
}

/** `completable(x.optional(), cb)` → `completable(x, cb).optional()`, when the source is at hand. */
export function moveOptionalOutFix(text: string | undefined, file: string, call: Span, inner: ValueExpr, schema: ValueExpr): { fix?: FixData } {
  if (!text) return {};
  const fix: FixData = {
    title: "Move .optional() outside completable()",
    preferred: true,
    edits: [
      { loc: { file, span: inner.span }, newText: text.slice(schema.span.start, schema.span.end) },
      { loc: { file, span: { start: call.end, end: call.end } }, newText: ".optional()" },
    ],
  };
  return { fix };
}
