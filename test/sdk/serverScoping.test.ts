// Registrations belong to the binding they reach, not to every server of the same name: a `const
// server` shadowing another in an inner block, a `let server` given a new McpServer (in order), and
// one given another server only under a condition (then neither may claim what follows exactly).
// The expected capabilities are what the real SDK advertised for the served server (`mcp-caps probe`
// on the same sources), and for the never-served one what its own registrations add.
//   node --import tsx --test test/sdk/serverScoping.test.ts
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyse } from "./cliRuns";
import { REPO, type ReportServer } from "./harness";

const DIR = join(REPO, "test", "fixtures", "sdk-scoping");

function servers(name: string): Map<string, ReportServer> {
  const run = analyse(join(DIR, name));
  assert.ok(run.report, `the report parses: ${run.parseError ?? run.stderr}`);
  return new Map(run.report.servers.map((s) => [s.name, s]));
}

describe("SDK servers are told apart by binding, not by name", () => {
  it("a const server in an inner block takes only its own registrations; the outer one keeps the rest", () => {
    const s = servers("shadowed-block");
    assert.deepEqual(s.get("outer")?.legacy, { resources: { listChanged: true }, tools: { listChanged: true } });
    assert.equal(s.get("outer")?.exact, true);
    assert.deepEqual(s.get("preview")?.legacy, { prompts: { listChanged: true } });
  });

  it("a let server given a new McpServer: what follows belongs to the new one", () => {
    const s = servers("reassigned-let");
    assert.deepEqual(s.get("second")?.legacy, { prompts: { listChanged: true } });
    assert.equal(s.get("second")?.exact, true);
    const first = s.get("first");
    assert.ok(first && first.legacy && !("prompts" in first.legacy), "the closed server does not get the new server's prompt");
  });

  it("a let server given another server under a condition: the first does not claim later registrations for certain", () => {
    const first = servers("reassigned-in-branch").get("first");
    assert.ok(first);
    assert.equal(first.exact, false);
    assert.ok(first.legacy && !("prompts" in first.legacy), "prompts is not stated: it may have gone to the other server");
  });

  it("a second name pointed at another server: what follows through it is not the served server's", () => {
    const served = servers("alias-pointed-elsewhere").get("served");
    assert.deepEqual(served?.legacy, { tools: { listChanged: true } });
    assert.equal(served?.exact, true);
  });

  it("a second name pointed at another server under a condition: what follows through it is not stated", () => {
    const served = servers("alias-pointed-elsewhere-in-branch").get("served");
    assert.ok(served);
    assert.equal(served.exact, false);
    assert.deepEqual(served.legacy, { tools: { listChanged: true } });
    assert.ok((served.unknown as { path: string[] }[]).some((u) => u.path.join(".") === "prompts"));
  });
});
