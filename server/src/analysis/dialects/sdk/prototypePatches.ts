// `McpServer.prototype.registerTool = function (…) { … }`, `Object.assign(McpServer.prototype, …)`:
// code that replaces the SDK's own methods (instrumentation, feature switches) changes what every
// registration and `connect()` does, which the analysis models from the SDK as published. Looked for
// in the server's file and in the modules it imports directly (an `import "./instrument.js"` for its
// side effect is where such code lives).
import type { Evaluator } from "../../core/evaluate/evaluator";
import type { Loc } from "../../core/evaluate/values";
import { ts } from "../../core/typescript";
import { delegatesToOriginal } from "./delegatingPatches";

// `McpServer.prototype.x = …`, also through a cast: `(McpServer.prototype as any).x = …`.
const PATCH = /\b(?:McpServer|Server)\s*\.\s*prototype\b(?:\s+as\s+[^)\n]{1,40})?\s*\)?\s*(?:\.\s*[A-Za-z_$][\w$]*|\[[^\]\n]*\])\s*(?:[-+*/%&|^]|\?\?|&&|\|\|)?=(?![=>])|\bObject\s*\.\s*(?:assign|defineProperty|defineProperties|setPrototypeOf)\s*\(\s*(?:McpServer|Server)\s*\.\s*prototype\b/;
const PATCHES = new RegExp(PATCH.source, "g");
const RELATIVE_IMPORT = /\b(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"'\n]+)["']/g;

interface Patches {
  /** Where the text patches a prototype, if it does. */
  readonly at: number | undefined;
  /** Its relative module specifiers. */
  readonly imports: readonly string[];
}

function look(text: string | undefined): Patches {
  if (text === undefined) return { at: undefined, imports: [] };
  return { at: text.includes("prototype") ? firstFollowedPatch(text) : undefined, imports: [...text.matchAll(RELATIVE_IMPORT)].map((m) => m[1]!) };
}

/** Where the first patch that is not a plain delegation to the replaced method is (delegatingPatches). */
function firstFollowedPatch(text: string): number | undefined {
  let sf: ts.SourceFile | undefined;
  for (const m of text.matchAll(PATCHES)) {
    sf ??= ts.createSourceFile("patch.ts", text, ts.ScriptTarget.Latest, true);
    if (!delegatesToOriginal(sf, m.index)) return m.index;
  }
  return undefined;
}

function patchesOf(ev: Evaluator, file: string): Patches {
  return ev.host.textFacts ? ev.host.textFacts(file, "sdk-prototype-patches", look) : look(ev.host.text?.(file));
}

/** Where the server's file, or a module it imports, replaces a method of the SDK's server classes. */
export function prototypePatch(ev: Evaluator, file: string): Loc | undefined {
  const own = patchesOf(ev, file);
  if (own.at !== undefined) return { file, span: { start: own.at, end: own.at } };
  for (const specifier of own.imports) {
    const target = ev.host.resolveModule(specifier, file);
    if (!target || target === file) continue;
    const there = patchesOf(ev, target).at;
    if (there !== undefined) return { file: target, span: { start: there, end: there } };
  }
  return undefined;
}
