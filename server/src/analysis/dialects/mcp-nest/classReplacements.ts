// Ways a class's own code leaves Nest a method other than the one MCP-Nest's decorator marked. The
// decorators put their metadata on the function the class defines; Nest binds what the instance holds
// under that name when it scans it. So a constructor that writes `this.getWeather =
// this.getWeather.bind(this)` gives the instance an own function with no metadata, and MCP-Nest 1.9
// binds no tool (fixture mcp-nest/v1/11); a class decorator of the workspace that re-defines the prototype's
// methods with wrappers does the same to all of them (v1/12). Neither is followed: the kinds of those
// methods become unknown, with the place and the reason.
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { ClassRef, Loc } from "../../core/evaluate/values";
import type { ClassSummary, DecoratorSummary } from "../../core/model/summary";
import { originOf, type Origin } from "./decoratorOrigin";

export interface Replacement {
  /** The methods it may replace; undefined: every method of the class. */
  readonly methods?: ReadonlySet<string>;
  /** It writes the instance: any method of it, the base classes' included, may be replaced. */
  readonly instance?: true;
  readonly why: string;
  readonly loc: Loc;
}

/** `this.name =` or `this["name"] =` (not `==`, `=>`). */
const THIS_WRITE = /\bthis\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*["'`]([^"'`]+)["'`]\s*\])\s*=(?![=>])/g;
/** `this[key] = ...`, `Object.assign(this, ...)`, `Reflect.set(this, ...)`: any method may be written. */
/** `const self = this`: writes through the alias are not read, so any method may be written. */
const THIS_ALIAS = /(?<![\w$.])(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*(?::[^=]+)?=\s*this\b(?!\s*[.[?])/;
const ANY_THIS_WRITE = /\bthis\s*\[\s*(?!["'`])[^\]]*\]\s*=(?![=>])|\b(?:Object\s*\.\s*(?:assign|defineProperty|defineProperties)|Reflect\s*\.\s*(?:set|defineProperty))\s*\(\s*this\b/;
/** What a class decorator does when it reaches the prototype's methods, or makes a class of its own. */
const REACHES_METHODS = /\bprototype\b|\bdefineProperty\b|\bgetOwnPropertyNames\b|\bgetOwnPropertyDescriptors?\b|\bownKeys\b|\bclass\b/;
/** Packages whose class decorators are known to keep a class's methods (Nest's own, MCP-Nest's). */
const KEEPING_PACKAGES = /^@nestjs\/|^@rekog\/mcp-nest(?:\/|$)/;
/** Workspace functions followed from a class decorator before it counts as not followed. */
const MAX_DEPTH = 6;
/** Bodies read for one decorator before it counts as not followed. */
const MAX_READS = 100;

export function methodReplacements(ev: Evaluator, cls: ClassRef, summary: ClassSummary): Replacement[] {
  const out: Replacement[] = [];
  const text = ev.host.text?.(cls.file);
  if (text !== undefined && text.length === ev.summary(cls.file)?.textLength) {
    const methods = new Set(summary.members.filter((m) => m.kind === "method" && !m.isStatic).map((m) => m.name));
    const body = text.slice(summary.span.start, summary.span.end);
    const any = ANY_THIS_WRITE.exec(body) ?? THIS_ALIAS.exec(body);
    if (any) {
      const start = summary.span.start + any.index;
      out.push({ instance: true, why: `${summary.name} writes members of this by a key or a helper (\`${any[0].trim()}\`), so the instance may hold functions of its own in place of its methods, without the metadata the decorators put on them, and Nest binds those`, loc: { file: cls.file, span: { start, end: start + any[0].length } } });
    }
    for (const m of body.matchAll(THIS_WRITE)) {
      const name = m[1] ?? m[2]!;
      if (!methods.has(name)) continue;
      const start = summary.span.start + m.index!;
      out.push({ methods: new Set([name]), why: `${summary.name} writes this.${name} itself, so the instance holds a function of its own under that name, without the metadata the decorator put on the method, and Nest binds that one`, loc: { file: cls.file, span: { start, end: start + m[0].length } } });
    }
  }
  for (const d of summary.decorators) {
    const why = classDecoratorReplaces(ev, cls.file, d);
    if (why) out.push({ why: `@${d.name} on ${summary.name} ${why}, which would leave Nest functions without the metadata of MCP-Nest's decorators`, loc: { file: cls.file, span: d.span } });
  }
  return out;
}

/** Why a class decorator may replace the class's methods; undefined when it cannot (a package's, or one that never reaches them). */
function classDecoratorReplaces(ev: Evaluator, file: string, d: DecoratorSummary): string | undefined {
  // A class decorator keeps its name only: the local name it is imported under (`{ TraceAll as Trace }`).
  const imported = [...(ev.summary(file)?.imports ?? [])].find(([l, b]) => l === d.name || b.imported === d.name);
  // A package's decorator is not read: Nest's and MCP-Nest's keep the methods; another's may not.
  if (imported && !imported[1].specifier.startsWith(".") && !imported[1].specifier.startsWith("/") && !KEEPING_PACKAGES.test(imported[1].specifier)) {
    return `is a decorator of ${imported[1].specifier}, which the analysis does not read, and may re-define the class's methods`;
  }
  const local = d.callee ?? { k: "ref" as const, name: imported?.[0] ?? d.name, span: d.span };
  return reaches(ev, originOf(ev, local, ev.fileScope(file)), 0, new Set());
}

/** `read`: the bodies read already (functions that call one another are read once each). */
function reaches(ev: Evaluator, origin: Origin, depth: number, read: Set<string>): string | undefined {
  // A package's class decorators (@Injectable, @Controller, @UseGuards, @McpController) keep the methods.
  if (origin.k === "package" || origin.k === "apply" || origin.k === "mcp") return undefined;
  if (origin.k === "opaque" || depth > MAX_DEPTH || read.size > MAX_READS) return "is a decorator of the workspace that is not followed, and may re-define the class's methods";
  const span = origin.k === "fn" ? origin.fn.bodySpan : origin.expr.span;
  const key = `${origin.scope.file}#${span.start}:${span.end}`;
  if (read.has(key)) return undefined;
  read.add(key);
  const text = origin.k === "fn" ? ev.textAt(origin.scope.file, span) : ev.sourceText(origin.expr, origin.scope.file);
  if (text === undefined) return "is a decorator of the workspace whose body could not be read, and may re-define the class's methods";
  if (REACHES_METHODS.test(text)) return "is a decorator of the workspace that reaches the class's prototype or property descriptors (or makes a class of its own), and may re-define its methods";
  // `Tracing.wrapAll(target)`: a member of an object of the workspace, which is not read.
  for (const m of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*[A-Za-z_$][\w$]*\s*\(/g)) {
    const owner = originOf(ev, { k: "ref", name: m[1]!, span }, origin.scope);
    if (owner.k !== "package") return `is a decorator of the workspace that calls ${m[0].replace(/\s*\($/, "")}(), which the analysis does not follow, and may re-define the class's methods`;
  }
  for (const m of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)) {
    const inner = reaches(ev, originOf(ev, { k: "ref", name: m[1]!, span }, origin.scope), depth + 1, read);
    if (inner) return inner;
  }
  return undefined;
}
