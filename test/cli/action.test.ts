// The GitHub Action (action.yml): its step's script run as the Actions runner runs a composite step
// (bash --noprofile --norc -eo pipefail, inputs through the step's env, GITHUB_ACTIONS=true,
// GITHUB_ACTION_PATH at the action's checkout, the workspace as working directory), on real projects.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { sarifErrors } from "../helpers/sarifSchema";
import { mcpCaps, REPO, tempProject } from "../helpers/tempProject";

interface ActionManifest {
  inputs: Record<string, { description: string; default?: string }>;
  runs: { using: string; steps: { shell: string; env?: Record<string, string>; run: string }[] };
}

const ACTION = parse(readFileSync(join(REPO, "action.yml"), "utf8")) as ActionManifest;

const DEMO = `export class DemoServer {
  static __capabilities__() {
    return { tools: { listChanged: false }, tool: {} };
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleGetPromt(ctx: unknown, name: string) { return {}; }
}
`;

/** Runs the action's step with these inputs, as the runner would, in `workspace`. */
function runAction(workspace: string, inputs: Record<string, string>): { status: number; stdout: string; stderr: string } {
  const [step] = ACTION.runs.steps;
  const value = (expression: string) =>
    expression.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_m, name: string) => {
      assert.ok(name in ACTION.inputs, `the step uses a declared input: ${name}`);
      return inputs[name] ?? ACTION.inputs[name]!.default ?? "";
    });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_ACTIONS: "true", CI: "true", GITHUB_ACTION_PATH: REPO, GITHUB_WORKSPACE: workspace };
  for (const [name, expression] of Object.entries(step!.env ?? {})) env[name] = value(expression);
  const script = join(workspace, ".action-step.sh");
  writeFileSync(script, step!.run);
  const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { cwd: workspace, env, encoding: "utf8", timeout: 120_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("the GitHub Action", () => {
  it("is a composite action with the inputs path, format, check, strict and tasks; inputs never pasted into the script", () => {
    assert.equal(ACTION.runs.using, "composite");
    for (const input of ["path", "format", "check", "strict", "tasks", "output"]) assert.ok(ACTION.inputs[input]?.description, `input ${input}`);
    assert.equal(ACTION.runs.steps.length, 1);
    assert.equal(ACTION.runs.steps[0]!.shell, "bash");
    assert.doesNotMatch(ACTION.runs.steps[0]!.run, /\$\{\{/, "the script reads inputs from its environment only");
  });

  it("with its defaults, annotates each diagnostic of the workspace", () => {
    const dir = tempProject({ "src/demo.ts": DEMO });
    const r = runAction(dir, {});
    assert.equal(r.status, 0, r.stderr);
    const annotations = r.stdout.split("\n").filter((l) => /^::(error|warning|notice) /.test(l));
    assert.equal(annotations.length, 2);
    assert.match(annotations[0]!, /^::warning file=src\/demo\.ts,line=3,endLine=3,col=45,endColumn=49,title=unknown-capability-key::"tool" is not a capability.*Did you mean "tools"\?$/);
    assert.match(annotations[1]!, /^::warning file=src\/demo\.ts,line=6,endLine=6,col=3,endColumn=17,title=handler-misspelled::handleGetPromt is not a handler.*Did you mean handleGetPrompt\?$/);
    assert.equal(annotations.length, JSON.parse(mcpCaps(dir, "--json").stdout).diagnostics.length);
    assert.match(r.stdout, /^::group::mcp-caps: 1 server, 2 diagnostics$/m);
  });

  it("check and strict fail the step, with the change as an error annotation", () => {
    const dir = tempProject({ "src/demo.ts": DEMO });
    assert.equal(mcpCaps(dir, "--write-snapshot", "caps.json").status, 0);
    writeFileSync(join(dir, "src/demo.ts"), DEMO.replace("listChanged: false", "listChanged: true"));
    const changed = runAction(dir, { check: "caps.json" });
    assert.equal(changed.status, 1);
    assert.match(changed.stdout, /^::error title=mcp-caps --check::Capabilities changed since caps\.json \(1 server\):%0A~ src\/demo\.ts#DemoServer%0A/m);
    writeFileSync(join(dir, "src/demo.ts"), DEMO);
    assert.equal(runAction(dir, { check: "caps.json" }).status, 0, "the same capabilities pass");
    assert.equal(runAction(dir, { check: "caps.json", strict: "true" }).status, 1, "strict fails on the warnings");
    assert.equal(runAction(tempProject({ "ok.ts": DEMO.replace(", tool: {}", "").replace("handleGetPromt", "handleGetPrompt") }), { strict: "true" }).status, 0);
  });

  it("writes SARIF to the output file for upload-sarif, for the paths given one per line", () => {
    const dir = tempProject({ "a/demo.ts": DEMO, "b c/other.ts": DEMO.replace("DemoServer", "OtherServer"), "skipped/x.ts": DEMO.replace("DemoServer", "Skipped") });
    const r = runAction(dir, { format: "sarif", output: "mcp-caps.sarif", path: "a\nb c\n" });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, "");
    const log = JSON.parse(readFileSync(join(dir, "mcp-caps.sarif"), "utf8"));
    assert.deepEqual(sarifErrors(log), []);
    assert.deepEqual(log.runs[0].properties.servers.map((s: { name: string }) => s.name), ["DemoServer", "OtherServer"]);
    assert.equal(log.runs[0].results.length, 4);
  });

  it("an input is data, not a command", () => {
    const dir = tempProject({ "src/demo.ts": DEMO });
    const r = runAction(dir, { path: "src\n$(touch pwned-1)", check: "x; touch pwned-2", tasks: "on`touch pwned-3`" });
    assert.equal(r.status, 2);
    for (const f of ["pwned-1", "pwned-2", "pwned-3"]) assert.ok(!existsSync(join(dir, f)), `${f} was not created`);
  });
});
