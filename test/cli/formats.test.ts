// `mcp-caps --format`: SARIF 2.1.0 for code scanning (validated against the official schema) and
// GitHub workflow commands (one annotation per diagnostic, escaped), as a user runs them: the built
// bundle, inside this process (builtCliInProcess.ts; the process itself: test/cli/executable.test.ts).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, it } from "node:test";
import { sarifErrors } from "../helpers/sarifSchema";
import { mcpCaps, mcpCapsWithEnv } from "../helpers/builtCliInProcess";
import { REPO, tempProject } from "../helpers/tempProject";

const EXAMPLES = join(REPO, "examples");
const README = readFileSync(join(REPO, "README.md"), "utf8");
const RULES_URL = "https://github.com/mcp-capability-lens/mcp-capability-lens/blob/main/README.md#rule-";

/** The diagnostic codes documented in the README's rule tables (one `rule-<code>` anchor per row). */
const DOCUMENTED_CODES = [...README.matchAll(/^\| <a id="rule-([a-z0-9-]+)"><\/a>`\1`/gm)].map((m) => m[1]!);

const DEMO = `export class DemoServer {
  static __capabilities__() {
    return { tools: { listChanged: false }, resources: { listChanged: false } };
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleSubscribeResource(ctx: unknown, uri: string) { return {}; }
  handleComplete(ctx: unknown, ref: unknown, argument: unknown) { return { completion: { values: [] } }; }
  handleGetPromt(ctx: unknown, name: string) { return {}; }
}
`;

// A key that tries to break out of an annotation: a percent sign, a comma, a colon, a line feed
// followed by a workflow command, and a terminal escape.
const HOSTILE = `export class Hostile {
  static __capabilities__() {
    return { "to%ol,s:x\\n::error file=a.ts::pwned\\u001b[31m": {}, tools: {} };
  }
}
`;

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string }; fullDescription?: { text: string }; helpUri: string; defaultConfiguration: { level: string } }[] } };
    results: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: Record<string, number> } }[] }[];
    originalUriBaseIds: Record<string, { uri: string }>;
    properties: { tasksExtension: boolean; servers: { name: string; file: string; legacy: unknown; modern: unknown }[] };
  }[];
}

/** Parses a workflow command line: `::name k=v,k=v::message` (values and message still escaped). */
function parseCommand(line: string): { name: string; properties: Record<string, string>; message: string } {
  const m = /^::([a-z0-9-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  assert.ok(m, `a workflow command: ${line}`);
  const properties: Record<string, string> = {};
  for (const pair of m[2] ? m[2].split(",") : []) {
    const eq = pair.indexOf("=");
    properties[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { name: m[1]!, properties, message: m[3]! };
}

/** What the Actions runner does to a property value or a message. */
const unescape = (s: string) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");

describe("mcp-caps --format sarif", () => {
  it("the examples' report validates against the SARIF 2.1.0 schema, and every documented code is a rule", () => {
    const r = mcpCaps(EXAMPLES, "--format", "sarif");
    assert.equal(r.status, 0, r.stderr);
    const log = JSON.parse(r.stdout) as SarifLog;
    assert.deepEqual(sarifErrors(log), []);
    assert.equal(log.version, "2.1.0");
    assert.equal(log.runs.length, 1);
    const [run] = log.runs;
    assert.equal(run!.tool.driver.name, "mcp-caps");
    assert.equal(run!.tool.driver.version, JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version);

    assert.ok(DOCUMENTED_CODES.length >= 27, `the README documents the codes (found ${DOCUMENTED_CODES.length})`);
    const rules = new Map(run!.tool.driver.rules.map((rule) => [rule.id, rule]));
    assert.deepEqual([...rules.keys()].sort(), [...DOCUMENTED_CODES].sort(), "one rule per documented code, no other");
    for (const [code, rule] of rules) {
      assert.equal(rule.helpUri, `${RULES_URL}${code}`);
      assert.ok(README.includes(`<a id="rule-${code}"></a>`), `the help URI of ${code} lands on an anchor`);
      assert.ok(rule.shortDescription.text.length > 10 && rule.fullDescription?.text, `${code} is described`);
    }
    // The README's tables give each code's severity: the rule's default level follows it.
    assert.equal(rules.get("inheritance-cycle")!.defaultConfiguration.level, "error");
    assert.equal(rules.get("handler-misspelled")!.defaultConfiguration.level, "warning");
    assert.equal(rules.get("capabilities-dynamic")!.defaultConfiguration.level, "note");
    assert.equal(rules.get("logging-deprecated")!.defaultConfiguration.level, "note");

    const json = JSON.parse(mcpCaps(EXAMPLES, "--json").stdout) as { diagnostics: { file: string; line: number; code: string; message: string }[]; servers: unknown[] };
    assert.equal(run!.results.length, json.diagnostics.length, "one result per diagnostic");
    for (const result of run!.results) {
      assert.equal(run!.tool.driver.rules[result.ruleIndex]!.id, result.ruleId, "ruleIndex points at the rule");
      const where = result.locations[0]!.physicalLocation;
      assert.equal(where.artifactLocation.uriBaseId, "%SRCROOT%");
      assert.ok(json.diagnostics.some((d) => d.file === where.artifactLocation.uri && d.line === where.region.startLine && d.code === result.ruleId && d.message === result.message.text));
    }
    assert.equal(run!.originalUriBaseIds["%SRCROOT%"]!.uri, `${pathToFileURL(EXAMPLES).href}/`);
    assert.equal(run!.properties.servers.length, json.servers.length, "the servers' capabilities are in the run's properties");
  });

  it("a result has the diagnostic's 1-based region, its level, and a percent-encoded path; the capabilities are in the run", () => {
    const dir = tempProject({ "my src/demo server.ts": DEMO });
    const log = JSON.parse(mcpCaps(dir, "--format=sarif").stdout) as SarifLog;
    assert.deepEqual(sarifErrors(log), []);
    const [run] = log.runs;
    const [result] = run!.results;
    assert.equal(run!.results.length, 1);
    assert.equal(result!.ruleId, "handler-misspelled");
    assert.equal(result!.level, "warning");
    assert.match(result!.message.text, /handleGetPromt is not a handler.*Did you mean handleGetPrompt\?/);
    assert.deepEqual(result!.locations[0]!.physicalLocation, {
      artifactLocation: { uri: "my%20src/demo%20server.ts", uriBaseId: "%SRCROOT%", index: 0 },
      region: { startLine: 8, startColumn: 3, endLine: 8, endColumn: 17 },
    });
    assert.equal(run!.properties.tasksExtension, false);
    const [server] = run!.properties.servers;
    assert.equal(server!.name, "DemoServer");
    assert.equal(server!.file, "my src/demo server.ts");
    assert.deepEqual(server!.legacy, { completions: {}, resources: { listChanged: false, subscribe: true }, tools: { listChanged: false } });
    assert.deepEqual(server!.modern, { completions: {}, logging: {}, resources: { listChanged: true, subscribe: true }, tools: { listChanged: true } });
  });

  it("SARIF goes to stdout alone: a --check diff goes to stderr", () => {
    const dir = tempProject({ "demo.ts": DEMO, "snap.json": JSON.stringify({ format: "mcp-caps-snapshot/1", tasksExtension: false, servers: {} }) });
    const r = mcpCaps(dir, "--format", "sarif", "--check", "snap.json");
    assert.equal(r.status, 1);
    assert.deepEqual(sarifErrors(JSON.parse(r.stdout)), []);
    assert.match(r.stderr, /\+ demo\.ts#DemoServer\s+\(new server\)/);
  });
});

describe("mcp-caps --format github", () => {
  it("GITHUB_ACTIONS=true mcp-caps examples prints one annotation per diagnostic, then the report in a group", () => {
    const r = mcpCapsWithEnv(REPO, { GITHUB_ACTIONS: "true" }, "examples");
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(mcpCaps(REPO, "--json", "examples").stdout) as { diagnostics: { file: string; line: number; column: number; endLine: number; endColumn: number; severity: string; code: string; message: string }[] };
    const lines = r.stdout.trimEnd().split("\n");
    const annotations = lines.filter((l) => /^::(error|warning|notice) /.test(l));
    assert.equal(annotations.length, json.diagnostics.length);
    assert.ok(json.diagnostics.length >= 20);
    const kind = { error: "error", warning: "warning", information: "notice", hint: "notice" } as Record<string, string>;
    annotations.forEach((line, i) => {
      const d = json.diagnostics[i]!;
      const c = parseCommand(line);
      assert.equal(c.name, kind[d.severity]);
      assert.deepEqual(
        { file: unescape(c.properties.file!), line: c.properties.line, endLine: c.properties.endLine, col: c.properties.col, endColumn: c.properties.endColumn, title: c.properties.title },
        { file: d.file, line: String(d.line), endLine: String(d.endLine), col: String(d.column), endColumn: String(d.endColumn), title: d.code },
      );
      assert.equal(unescape(c.message), d.message);
    });
    // After the annotations, the human report, verbatim inside a group with commands switched off.
    const group = lines.indexOf(lines.find((l) => l.startsWith("::group::"))!);
    assert.equal(group, annotations.length);
    const stop = /^::stop-commands::(\w+)$/.exec(lines[group + 1]!);
    assert.ok(stop, "commands are stopped inside the group");
    assert.equal(lines[lines.length - 2], `::${stop[1]}::`);
    assert.equal(lines[lines.length - 1], "::endgroup::");
    assert.match(lines.slice(group + 2, -2).join("\n"), /InventoryServer {2}examples\/src\/inventory\.ts:3:14/);
  });

  it("--format text forces the human report inside GitHub Actions, and --format github works outside", () => {
    const dir = tempProject({ "demo.ts": DEMO });
    const text = mcpCapsWithEnv(dir, { GITHUB_ACTIONS: "true" }, "--format", "text");
    assert.doesNotMatch(text.stdout, /^::/m);
    assert.match(text.stdout, /demo\.ts:8:3\s+warning\s+handler-misspelled/);
    const github = mcpCaps(dir, "--format", "github");
    assert.match(github.stdout, /^::warning file=demo\.ts,line=8,endLine=8,col=3,endColumn=17,title=handler-misspelled::handleGetPromt is not a handler/m);
    // --json is --format json, in Actions too.
    assert.deepEqual(JSON.parse(mcpCapsWithEnv(dir, { GITHUB_ACTIONS: "true" }, "--json").stdout), JSON.parse(mcpCaps(dir, "--format", "json").stdout));
  });

  it("escapes what a source file puts in a message or a path: no forged command, no control character", () => {
    const dir = tempProject({ "we,ird:dir/s 1.ts": HOSTILE });
    const r = mcpCapsWithEnv(dir, { GITHUB_ACTIONS: "true" }, ".");
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, "no control characters");
    const lines = r.stdout.trimEnd().split("\n");
    const stop = lines.findIndex((l) => l.startsWith("::stop-commands::"));
    const token = lines[stop]!.slice("::stop-commands::".length);
    // Outside the stopped region, every line is one of our commands; the forged one never starts a line.
    const outside = [...lines.slice(0, stop), ...lines.slice(lines.indexOf(`::${token}::`))];
    assert.deepEqual(outside.map((l) => parseCommand(l).name), ["warning", "group", token, "endgroup"]);
    const c = parseCommand(lines[0]!);
    assert.equal(c.properties.file, "we%2Cird%3Adir/s 1.ts");
    assert.equal(unescape(c.properties.file!), "we,ird:dir/s 1.ts");
    assert.equal(c.properties.title, "unknown-capability-key");
    assert.ok(c.message.startsWith('"to%25ol,s:x\\u000a::error file=a.ts::pwned\\u001b[31m" is not a capability'), c.message);
    // Inside the group, the quoted key stays on its line.
    assert.ok(lines.slice(stop + 1).every((l) => !l.startsWith("::error")));
  });

  it("--check in Actions adds an error annotation with the whole diff", () => {
    const dir = tempProject({ "demo.ts": DEMO, "snap.json": JSON.stringify({ format: "mcp-caps-snapshot/1", tasksExtension: false, servers: {} }) });
    const r = mcpCapsWithEnv(dir, { GITHUB_ACTIONS: "true" }, "--check", "snap.json");
    assert.equal(r.status, 1);
    const line = r.stdout.split("\n").find((l) => l.startsWith("::error title=mcp-caps --check::"));
    assert.ok(line, r.stdout);
    assert.match(unescape(parseCommand(line).message), /^Capabilities changed since snap\.json \(1 server\):\n\+ demo\.ts#DemoServer {2}\(new server\)\n/);
  });
});

describe("mcp-caps --format, bad usage", () => {
  it("an unknown format, or --json with another format, is exit 2 with one line", () => {
    const dir = tempProject({ "demo.ts": DEMO });
    const unknown = mcpCaps(dir, "--format", "xml");
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stderr, 'mcp-caps: --format must be text, json, sarif or github, not "xml"\n');
    const both = mcpCaps(dir, "--json", "--format", "sarif");
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--json and --format sarif/);
  });

  it("the human report shows a control character from a source file as an escape", () => {
    const dir = tempProject({ "s.ts": HOSTILE });
    const r = mcpCaps(dir, "--color");
    assert.equal(r.status, 0, r.stderr);
    const withoutOurColours = r.stdout.replace(/\u001b\[\d+m/g, "");
    assert.doesNotMatch(withoutOurColours, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    assert.match(r.stdout, /to%ol,s:x\\u000a::error file=a\.ts::pwned\\u001b\[31m/);
  });
});
