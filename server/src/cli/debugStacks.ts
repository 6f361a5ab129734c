// `--debug` promises stack traces of internal errors. A dialect that throws while analysing a file is
// caught by the workspace, which keeps only the message (the file is reported as "part of the file
// could not be analysed (...)"); under --debug the CLI wraps each dialect to keep the stack too.
import type { Dialect } from "../analysis/core/dialect";

export interface RecordedStacks {
  readonly dialects: readonly Dialect[];
  /** The stack of the last error a dialect threw while analysing `file`, if any. */
  stackOf(file: string): string | undefined;
}

export function recordingStacks(dialects: readonly Dialect[]): RecordedStacks {
  const stacks = new Map<string, string>();
  const wrap = (dialect: Dialect): Dialect =>
    new Proxy(dialect, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop !== "analyze") return value.bind(target);
        return (...args: Parameters<Dialect["analyze"]>) => {
          try {
            return target.analyze(...args);
          } catch (err) {
            if (err instanceof Error && err.stack) stacks.set(args[1], err.stack);
            throw err;
          }
        };
      },
    });
  return { dialects: dialects.map(wrap), stackOf: (file) => stacks.get(file) };
}
