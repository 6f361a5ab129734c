// `--debug` prints the stack of an internal error: a dialect that throws while analysing a file is
// caught by the workspace (the file is reported as "part of the file could not be analysed (...)"),
// and under --debug that warning carries the error's stack; without it, one line and no stack.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Dialect } from "../../server/src/analysis/core/dialect";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { runCli } from "../../server/src/cli/main";
import { tempProject } from "../helpers/tempProject";

const SERVER = "export class DemoServer {\n  handleListTools(ctx: unknown) { return []; }\n}\n";

/** The conduit dialect, except that its analysis of a server class throws (a bug in the analyser). */
function throwingDialect(): Dialect {
  const conduit = DIALECTS.find((d) => d.id === "conduit")!;
  return new Proxy(conduit, {
    get(target, prop) {
      if (prop === "analyze") return function analyseThatThrows(): never {
        throw new Error("the analyser tripped over its own feet");
      };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function run(dir: string, ...args: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const status = runCli(args, { cwd: dir, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), isTty: false, env: { NO_COLOR: "1" } }, [throwingDialect()]);
  return { status, stdout, stderr };
}

describe("--debug", () => {
  it("a file whose analysis failed: the warning, then the error's stack", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    const plain = run(dir);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(plain.stderr, "mcp-caps: warning: skipped demo.ts: part of the file could not be analysed (the analyser tripped over its own feet)\n");
    const debug = run(dir, "--debug");
    assert.equal(debug.status, 0, debug.stderr);
    const lines = debug.stderr.trimEnd().split("\n");
    assert.equal(lines[0], plain.stderr.trimEnd());
    assert.equal(lines[1], "Error: the analyser tripped over its own feet");
    assert.match(lines[2]!, /^\s+at (Proxy\.)?analyseThatThrows \(.*debugStacks\.test\.ts:\d+:\d+\)$/);
  });
});
