// The string methods names are built with (`name.toLowerCase()`, `raw.trim()`,
// `id.replaceAll("-", "_")`) applied to a known string and known string arguments: pure, so what they
// give is known without running anything. Two names a method makes equal are then seen as equal.
const NO_ARGUMENT: Readonly<Record<string, (s: string) => string>> = {
  toLowerCase: (s) => s.toLowerCase(),
  toUpperCase: (s) => s.toUpperCase(),
  trim: (s) => s.trim(),
  trimStart: (s) => s.trimStart(),
  trimEnd: (s) => s.trimEnd(),
};

/** What `base.method(...args)` gives, or undefined when it is not one of these methods with such arguments. */
export function stringMethod(base: string, method: string, args: readonly unknown[]): string | undefined {
  const plain = Object.hasOwn(NO_ARGUMENT, method) ? NO_ARGUMENT[method] : undefined;
  if (plain) return args.length === 0 ? plain(base) : undefined;
  if ((method === "replace" || method === "replaceAll") && args.length === 2 && typeof args[0] === "string" && typeof args[1] === "string") {
    // A replacement string's `$&`, `$1`… patterns are left to no guess.
    if (args[1].includes("$")) return undefined;
    return method === "replace" ? base.replace(args[0], args[1]) : base.replaceAll(args[0], args[1]);
  }
  return undefined;
}
