// Shared helpers for the spec-derived unit tests (test/unit/spec/*.test.ts). Expected values in those
// tests come from ../shared/spec/conduit-dialect.md (copied to docs/conduit-dialect.md), never from the implementation.
import assert from "node:assert/strict";
import type { MemoryResult, SimpleDiagnostic } from "../../helpers/memoryWorkspace";
import type { ServerReport } from "../../../server/src/analysis/core/model/serverReport";

/** §4.1 default trio, as the legacy era shows it when no handler adds anything. */
export const LEGACY_TRIO = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
};

/** §6 modern era of the default trio: listChanged true, resources.subscribe true, logging {}. */
export const MODERN_TRIO = {
  tools: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
  prompts: { listChanged: true },
  logging: {},
};

export const TASKS_EXT = "io.modelcontextprotocol/tasks";

function list(r: MemoryResult): string {
  return r.diagnostics.map((d) => `${d.code}@${d.file}:${d.line}:${d.column} ${JSON.stringify(d.text)}`).join("; ") || "none";
}

/** The server report named `name`; fails when it is not reported. */
export function server(r: MemoryResult, name: string): ServerReport {
  const s = r.servers.get(name);
  assert.ok(s, `expected server ${name}; servers: [${[...r.servers.keys()].join(", ")}]`);
  return s;
}

export function notServer(r: MemoryResult, name: string): void {
  assert.ok(!r.servers.has(name), `${name} must not be reported as a server; servers: [${[...r.servers.keys()].join(", ")}]`);
}

export function serverNames(r: MemoryResult): string[] {
  return [...r.servers.keys()].sort();
}

/** Exactly one diagnostic with `code`; returns it. */
export function one(r: MemoryResult, code: string): SimpleDiagnostic {
  const ds = r.codes(code);
  assert.equal(ds.length, 1, `expected exactly one ${code}; got: ${list(r)}`);
  return ds[0]!;
}

/** No diagnostic with `code` (or none at all when `code` is omitted). */
export function none(r: MemoryResult, code?: string): void {
  const ds = code === undefined ? r.diagnostics : r.codes(code);
  assert.equal(ds.length, 0, `expected no ${code ?? "diagnostics"}; got: ${list(r)}`);
}

/** The diagnostic codes reported, sorted. */
export function codesOf(r: MemoryResult): string[] {
  return r.diagnostics.map((d) => d.code).sort();
}

/**
 * Asserts that `d` covers exactly the `occurrence`-th occurrence of `needle` in `src` (searching from
 * the first occurrence of `after`, when given), in file `file`.
 */
export function assertAt(d: SimpleDiagnostic, file: string, src: string, needle: string, after = ""): void {
  const from = after === "" ? 0 : src.indexOf(after);
  assert.ok(from >= 0, `test bug: anchor ${JSON.stringify(after)} not in source`);
  const start = src.indexOf(needle, from);
  assert.ok(start >= 0, `test bug: ${JSON.stringify(needle)} not in source`);
  const before = src.slice(0, start);
  const line = before.split("\n").length;
  const column = start - (before.lastIndexOf("\n") + 1) + 1;
  assert.equal(d.file, file, `file of ${d.code}`);
  assert.equal(d.text, needle, `range text of ${d.code}`);
  assert.deepEqual(
    { line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn },
    { line, column, endLine: line, endColumn: column + needle.length },
    `range of ${d.code}`,
  );
}

/** A server class whose only qualification is `static __capabilities__() { return EXPR; }`. */
export function capsClass(expr: string, members = "", name = "S"): string {
  return `export class ${name} {\n  static __capabilities__() {\n    return ${expr};\n  }\n${members}}\n`;
}

/** `n` parameters: `ctx: unknown, p1: unknown, ...`. */
export function params(n: number): string {
  return Array.from({ length: n }, (_, i) => (i === 0 ? "ctx: unknown" : `p${i}: unknown`)).join(", ");
}
