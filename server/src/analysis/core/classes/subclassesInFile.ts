// The classes of one file that extend a given class, directly or through other classes of the file.
// A base class holding a server (`protected server = new X(..)`) shares that field with every
// subclass: their constructors and overrides of the base's methods act on the same server.
import type { FileSummary, ValueExpr } from "../model/summary";

/** Subclass chains deeper than this are not followed (no real server stacks that many). */
const MAX_DEPTH = 8;

export function subclassesInFile(summary: FileSummary | undefined, base: string): Set<string> {
  const out = new Set<string>();
  if (!summary) return out;
  let frontier = new Set([base]);
  for (let depth = 0; depth < MAX_DEPTH && frontier.size > 0; depth++) {
    const next = new Set<string>();
    for (const cls of summary.classes) {
      const parent = heritageName(cls.heritage);
      if (parent !== undefined && frontier.has(parent) && cls.name !== base && !out.has(cls.name)) {
        out.add(cls.name);
        next.add(cls.name);
      }
    }
    frontier = next;
  }
  return out;
}

/** `Base` as written after `extends`; a mixin call (`extends withLogging(Base)`) names its argument. */
function heritageName(h: ValueExpr | null): string | undefined {
  if (h?.k === "ref") return h.name;
  if (h?.k === "call") {
    const arg = h.args.find((a) => a.k === "ref");
    return arg?.k === "ref" ? arg.name : undefined;
  }
  return undefined;
}
