// A provider written as an object (`{ provide, useClass | useValue | useFactory | useExisting }`).
// MCP-Nest 1.x scans the instance Nest makes for it, by that instance's prototype: `useClass: X` is an
// X, as if X were listed; a `useValue` of plain data (a string, a number, an object or array literal of
// such) has no methods of its own to scan; anything else (a factory, an alias of another provider, a
// value made by code) is only known when it runs.
import type { ClassRef, Value } from "../../core/evaluate/values";

export type ObjectProvider = { readonly k: "class"; readonly cls: ClassRef } | { readonly k: "data" } | { readonly k: "open"; readonly why: string };

/** Nested levels of a `useValue` literal read before it counts as not plain data. */
const MAX_DEPTH = 8;

export function objectProvider(v: Extract<Value, { t: "obj" }>): ObjectProvider {
  if ([...v.entries.keys()].some((k) => k.startsWith("$"))) return { k: "open", why: "a provider given as an object with a spread or a computed key" };
  const useClass = v.entries.get("useClass")?.value;
  // Under a class's own token it replaces that class where both are listed (Nest keeps the last
  // provider of a token): which one is scanned is not followed.
  const token = v.entries.get("provide")?.value;
  if (token?.t === "class" && !(useClass?.t === "class" && useClass.cls.key === token.cls.key)) return { k: "open", why: "a provider given under a class as its token, which replaces that class's own provider where both are listed" };
  if (useClass) return useClass.t === "class" ? { k: "class", cls: useClass.cls } : { k: "open", why: "a provider whose useClass is not a class known statically" };
  const useValue = v.entries.get("useValue")?.value;
  if (useValue) return plainData(useValue, 0) ? { k: "data" } : { k: "open", why: "a provider whose useValue is made by code: MCP-Nest 1.x scans that instance's methods, which the analysis does not follow" };
  if (v.entries.has("useExisting")) return { k: "open", why: "a provider that aliases another one (useExisting): MCP-Nest 1.x scans the instance it stands for, which the analysis does not follow" };
  return { k: "open", why: "a provider made by a factory (useFactory): MCP-Nest 1.x scans the instance it returns, which the analysis does not follow" };
}

function plainData(v: Value, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (v.t === "prim" || v.t === "enum") return true;
  if (v.t === "arr") return v.items.every((i) => plainData(i, depth + 1));
  if (v.t === "obj") return [...v.entries].every(([k, e]) => !k.startsWith("$") && plainData(e.value, depth + 1));
  return false;
}
