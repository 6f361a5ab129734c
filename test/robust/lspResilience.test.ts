// The language server under bad messages and load, driven over stdio with raw bytes (support/rawLsp):
// malformed JSON-RPC, framing errors, unknown methods, documents never opened, positions out of range,
// a burst of 1,000 didChange notifications, cancellation of long requests, and hostile documents.
// After each, the server must still be alive and answer a hover (the figures are printed).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import ts from "typescript";
import { tempProject } from "../helpers/tempProject";
import { hostileInputs } from "./fuzz/hostile";
import { RawLsp, type Message } from "./support/rawLsp";

const DEMO = (n: number | string) =>
  `import { AuditBase } from "./base";\nexport class Demo${n}Server extends AuditBase {\n  static __capabilities__() { return { tools: { listChanged: false }, resources: { listChanged: false } }; }\n  handleListTools(ctx) {}\n  handleCompletion(ctx, ref, argument) {}\n}\n`;
const BASE = "export class AuditBase {\n  handleSetLogLevel(ctx, level) {}\n}\n";
/** The class name's position in DEMO. */
const AT_NAME = { line: 1, character: 15 };

function hoverText(m: Message): string {
  return (m.result as { contents?: { value?: string } } | null)?.contents?.value ?? "";
}

async function assertAnswersHover(c: RawLsp, name = "Demo0Server", timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  const r = await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, timeoutMs);
  const ms = performance.now() - started;
  assert.ok(c.alive, "the server is alive");
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  assert.match(hoverText(r), new RegExp(`MCP server · ${name}`), `hover answers with the server: ${JSON.stringify(r).slice(0, 300)}`);
  return ms;
}

async function started(files: Record<string, string> = {}): Promise<RawLsp> {
  const dir = tempProject({ "demo.ts": DEMO(0), "base.ts": BASE, ...files });
  const c = new RawLsp(dir);
  await c.initialize();
  c.open("demo.ts", DEMO(0));
  await assertAnswersHover(c);
  return c;
}

describe("the language server under bad messages and load", () => {
  describe("malformed JSON-RPC messages", () => {
    let c: RawLsp;
    before(async () => {
      c = await started();
    });
    after(async () => {
      await c?.stop();
    });

    const hover = (id: unknown, extra: object = {}) => ({ jsonrpc: "2.0", id, method: "textDocument/hover", params: { textDocument: { uri: c.uri("demo.ts") }, position: AT_NAME }, ...extra });
    const cases: [string, () => void][] = [
      ["a body that is not JSON", () => c.writeRaw(c.frame("{ this is not json"))],
      ["an empty body", () => c.writeRaw(c.frame(""))],
      ["JSON that is not an object: [], 42, null, a string", () => ["[]", "42", "null", '"hello"'].forEach((b) => c.writeRaw(c.frame(b)))],
      ["a batch (JSON-RPC arrays are not LSP)", () => c.writeRaw(c.frame(JSON.stringify([hover(900)])))],
      ['"jsonrpc": "1.0"', () => c.send(hover(901, { jsonrpc: "1.0" }))],
      ["no jsonrpc member", () => c.send({ id: 902, method: "textDocument/hover", params: { textDocument: { uri: c.uri("demo.ts") }, position: AT_NAME } })],
      ["a method that is a number", () => c.send({ jsonrpc: "2.0", id: 904, method: 42, params: {} })],
      ["an id that is an object", () => c.send(hover({ a: 1 }))],
      ["params of the wrong type (a string, null, an array)", () => ["x", null, [1, 2]].forEach((p, i) => c.send({ jsonrpc: "2.0", id: 905 + i, method: "textDocument/hover", params: p }))],
      ["a hover without textDocument", () => c.send({ jsonrpc: "2.0", id: 910, method: "textDocument/hover", params: { position: AT_NAME } })],
      ["a code lens to resolve with foreign data", () => c.send({ jsonrpc: "2.0", id: 911, method: "codeLens/resolve", params: { range: null, data: 5 } })],
      ["a code action with a null range and context", () => c.send({ jsonrpc: "2.0", id: 912, method: "textDocument/codeAction", params: { textDocument: { uri: c.uri("demo.ts") }, range: null, context: null } })],
      ["notifications with garbage params", () => {
        c.notify("textDocument/didOpen", { textDocument: { uri: 5, text: null } });
        c.notify("textDocument/didChange", { textDocument: { uri: c.uri("never-opened.ts"), version: 2 }, contentChanges: [{ text: "x" }] });
        c.notify("textDocument/didChange", { textDocument: { uri: c.uri("demo.ts"), version: 2 }, contentChanges: null });
        c.notify("textDocument/didClose", { textDocument: { uri: c.uri("never-opened.ts") } });
        c.notify("workspace/didChangeWatchedFiles", { changes: [{ uri: "not a uri", type: 99 }, null] });
        c.notify("workspace/didChangeConfiguration", { settings: null });
        c.notify("workspace/didChangeWorkspaceFolders", { event: { added: [], removed: [{ uri: "%%%" }] } });
        c.notify("$/cancelRequest", { id: 123456 });
        c.notify("$/setTrace", { value: "verbose" });
      }],
      ["unknown notifications", () => {
        c.notify("foo/bar", { x: 1 });
        c.notify("$/somethingNew", {});
      }],
      ["a second initialize", () => c.send({ jsonrpc: "2.0", id: 913, method: "initialize", params: { capabilities: {} } })],
    ];
    for (const [name, send] of cases) {
      it(`${name}: the server stays up and answers a hover`, async () => {
        send();
        await assertAnswersHover(c);
      });
    }

    it("unknown requests get MethodNotFound (-32601), and are not fatal", async () => {
      for (const method of ["foo/bar", "textDocument/unknownFeature", "mcpCapabilityLens/doesNotExist"]) {
        const r = await c.call(method, {});
        assert.equal(r.error?.code, -32601, `${method}: ${JSON.stringify(r)}`);
      }
      await assertAnswersHover(c);
    });
  });

  describe("framing errors: the stream recovers at the next well-formed frame", () => {
    const body = (c: RawLsp) => JSON.stringify({ jsonrpc: "2.0", id: 999, method: "textDocument/hover", params: { textDocument: { uri: c.uri("demo.ts") }, position: AT_NAME } });
    const cases: [string, (c: RawLsp) => void][] = [
      ["a Content-Length that is not a number", (c) => c.writeRaw("Content-Length: abc\r\n\r\n{}")],
      ["a header without Content-Length", (c) => c.writeRaw("X-Foo: bar\r\n\r\n{}")],
      ["a negative Content-Length", (c) => c.writeRaw("Content-Length: -5\r\n\r\n{}")],
      ["a Content-Length shorter than the body", (c) => c.writeRaw(`Content-Length: 5\r\n\r\n${body(c)}`)],
      ["a Content-Length longer than the body", (c) => c.writeRaw(`Content-Length: ${body(c).length + 10}\r\n\r\n${body(c)}`)],
      ["an absurd Content-Length (100 GB)", (c) => c.writeRaw("Content-Length: 99999999999\r\n\r\n{}")],
      ["binary garbage between frames", (c) => c.writeRaw(Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10]))],
      // vscode-jsonrpc scans the whole buffer for the end of the headers on every chunk: quadratic.
      ["a 30 MB header line", (c) => c.writeRaw(`X-Long: ${"h".repeat(30 * 1024 * 1024)}\r\nContent-Length: 2\r\n\r\n{}`)],
      ["a 20 MB body that is not JSON", (c) => c.writeRaw(c.frame(`{${"x".repeat(20 * 1024 * 1024)}`))],
      ["a 30 MB document (over the 8 MB limit) opened and hovered", (c) => {
        c.open("huge.ts", `// ${"y".repeat(30 * 1024 * 1024)}\nexport class Huge { handleListTools(ctx) {} }\n`);
        c.hover("huge.ts", 1, 14).catch(() => undefined); // may be cut short when the test stops the server
      }],
      ["a charset the protocol does not use", (c) => c.writeRaw(c.frame(body(c), "Content-Type: application/vscode-jsonrpc; charset=utf-16\r\n"))],
    ];
    for (const [name, send] of cases) {
      it(`${name}: the server stays up and answers the next hover`, async () => {
        const c = await started();
        try {
          send(c);
          await assertAnswersHover(c, "Demo0Server", 5000);
        } finally {
          await c.kill();
        }
      });
    }
  });

  describe("documents never opened, odd URIs and positions out of range", () => {
    let c: RawLsp;
    before(async () => {
      c = await started({ "closed.ts": DEMO("Closed"), "readme.md": "# not TypeScript\n" });
    });
    after(async () => {
      await c?.stop();
    });

    it("every feature answers with a result (empty when there is nothing to say) for every URI and position, and the server stays up", async () => {
      const uris = [c.uri("demo.ts"), c.uri("closed.ts"), c.uri("missing/nowhere.ts"), "untitled:Untitled-1", "file:///%zz", "http://example.com/x.ts", c.uri("readme.md"), c.uri(""), ""];
      const positions: unknown[] = [{ line: -1, character: -1 }, { line: 1e9, character: 1e9 }, { line: 0, character: 1e15 }, { line: 2 ** 53, character: 0 }, { line: 0.5, character: 2.7 }, { line: "0", character: "15" }, { line: null, character: null }, {}, null];
      const methods = ["textDocument/hover", "textDocument/codeLens", "textDocument/diagnostic", "mcpCapabilityLens/serverReport", "textDocument/codeAction"];
      let answered = 0;
      for (const uri of uris) {
        for (const position of positions) {
          for (const method of methods) {
            const params = { textDocument: { uri }, uri, position, range: { start: position, end: position }, context: { diagnostics: [] } };
            const r = await c.call(method, params, 10_000);
            // The guard answers with an empty result: an internal error never reaches the client.
            assert.ok("result" in r && r.error === undefined, `${method} ${uri} ${JSON.stringify(position)}: ${JSON.stringify(r.error)}`);
            answered++;
          }
        }
      }
      assert.equal(answered, uris.length * positions.length * methods.length);
      const closed = await c.call("mcpCapabilityLens/serverReport", { uri: c.uri("closed.ts") });
      assert.equal((closed.result as { servers: { name: string }[] }).servers[0]?.name, "DemoClosedServer", "a file never opened is read from disk");
      await assertAnswersHover(c);
    });
  });

  describe("load", () => {
    let c: RawLsp;
    before(async () => {
      c = await started();
    });
    after(async () => {
      await c?.stop();
    });

    /**
     * Sends a burst of 1,000 didChange notifications, then a hover at once; returns the hover's wall
     * latency and the server's CPU time for the burst and the hover. The machine running the tests may be
     * busy with other work, so the best of three rounds is what is asserted (all are printed).
     */
    async function burst(kind: "full" | "incremental", round: number): Promise<{ ms: number; cpu: number; parses: number }> {
      const uri = c.uri("demo.ts");
      const base = 10_000 * (round + 1) + (kind === "full" ? 0 : 5000);
      c.notify("textDocument/didChange", { textDocument: { uri, version: base }, contentChanges: [{ text: DEMO(0) }] });
      await assertAnswersHover(c, "Demo0Server");
      const parsesBefore = ((await c.call("mcpCapabilityLens/stats", {})).result as { parses: number }).parses;
      const cpuBefore = c.cpuMs();
      for (let i = 1; i <= 1000; i++) {
        const version = base + i;
        if (kind === "full") {
          c.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text: DEMO(version) }] });
        } else {
          // Typing a comment below the class, a newline every 40 keystrokes.
          const line = 6 + Math.floor((i - 1) / 40);
          const k = (i - 1) % 40;
          c.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character: k === 0 ? 0 : k + 1 }, end: { line, character: k === 0 ? 0 : k + 1 } }, text: k === 39 ? "\n" : k === 0 ? "//" : "x" }] });
        }
      }
      const ms = await assertAnswersHover(c, kind === "full" ? `Demo${base + 1000}Server` : "Demo0Server");
      const cpu = c.cpuMs() - cpuBefore;
      const parses = ((await c.call("mcpCapabilityLens/stats", {})).result as { parses: number }).parses - parsesBefore;
      return { ms, cpu, parses };
    }

    for (const kind of ["full", "incremental"] as const) {
      it(`after 1,000 ${kind === "full" ? "full-text" : "incremental (typing)"} didChange notifications in a burst, a hover is answered within 200 ms, on the latest text`, async (t) => {
        const rounds = [];
        for (let round = 0; round < 3; round++) {
          rounds.push(await burst(kind, round));
          if (rounds.at(-1)!.ms < 200) break;
        }
        const line = `hover after a burst of 1,000 ${kind} didChange: ${rounds.map((r) => `${r.ms.toFixed(0)} ms (server CPU ${r.cpu.toFixed(0)} ms, ${r.parses} parse${r.parses === 1 ? "" : "s"})`).join(", ")}`;
        t.diagnostic(line);
        console.log(`# ${line}`);
        const best = Math.min(...rounds.map((r) => r.ms));
        assert.ok(best < 200, `hover took ${best.toFixed(0)} ms at best`);
        for (const r of rounds) assert.ok(r.parses <= 1, "a burst costs one parse, at the next request");
      });
    }
  });

  describe("long requests and big workspaces: cancellation, and keystrokes after the picker listed 2,000 files", () => {
    let c: RawLsp;
    // Big enough that listServers runs for seconds (so a cancel lands mid-run) and that re-analysing
    // the workspace on a keystroke would blow the 200 ms hover; bigger only costs the suite time.
    const FILES = 2000;
    /** The server class demo.ts declares now: the keystroke test renames it with every change. */
    let latest = "Demo0Server";
    let big = "";
    before(async () => {
      const many: Record<string, string> = {};
      for (let i = 0; i < FILES; i++) many[`many/f${i}.ts`] = `export class S${i} { static __capabilities__() { return { tools: { listChanged: ${i % 2 === 0} } }; } handleListTools(ctx) {} }\n`;
      // Kept off the disk (only opened, by the diagnostics test): listServers parses a file found on
      // disk on the main thread, and this one alone holds it for 0.5-1.5 s, a known limit; the open
      // document is parsed in the worker, which is what the diagnostics test is about.
      big = Array.from({ length: 8000 }, (_, i) => `export class B${i} extends AuditBase2 { handleListTools(ctx) {} handleCompletion(ctx, r, a) {} }`).join("\n") + "\nclass AuditBase2 { handleSetLogLevel(ctx, l) {} }\n";
      c = await started(many);
    });
    after(async () => {
      await c?.stop();
    });

    async function cancelled(method: string, params: unknown, t: { diagnostic(s: string): void }): Promise<void> {
      const sent = performance.now();
      const long = c.request(method, params, 120_000);
      await new Promise((r) => setTimeout(r, 200));
      c.notify("$/cancelRequest", { id: long.id });
      const cancelledAt = performance.now();
      const hoverStart = performance.now();
      const hover = c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 120_000).then(() => performance.now() - hoverStart);
      const answer = await long.response;
      const answeredAfterCancel = performance.now() - cancelledAt;
      const hoverMs = await hover;
      const line = `${method}: cancelled 200 ms after sending; answered ${answeredAfterCancel.toFixed(0)} ms after the cancel (${(performance.now() - sent).toFixed(0)} ms in all, ${answer.error ? `error ${answer.error.code}` : "a result"}); a hover sent after the cancel took ${hoverMs.toFixed(0)} ms`;
      t.diagnostic(line);
      console.log(`# ${line}`);
      assert.ok(c.alive);
      assert.ok(answer.error === undefined || answer.error.code === -32800, `a cancelled request answers RequestCancelled or a result: ${JSON.stringify(answer.error)}`);
      assert.ok(answeredAfterCancel < 1000, `the cancelled request still ran for ${answeredAfterCancel.toFixed(0)} ms after the cancel`);
      assert.ok(hoverMs < 1000, `a hover waited ${hoverMs.toFixed(0)} ms behind the cancelled request`);
    }

    it(`mcpCapabilityLens/listServers over ${FILES} files stops soon after $/cancelRequest, and hovers are not held up`, async (t) => {
      await cancelled("mcpCapabilityLens/listServers", {}, t);
      await assertAnswersHover(c, latest);
    });

    it(`after listServers analysed ${FILES.toLocaleString("en")} files, a burst of 1,000 keystrokes in one file still leaves a hover under 200 ms`, async (t) => {
      await c.call("mcpCapabilityLens/listServers", {}, 120_000);
      const uri = c.uri("demo.ts");
      const rounds: { ms: number; cpu: number }[] = [];
      for (let round = 0; round < 3; round++) {
        const base = 100_000 + round * 2000;
        const cpuBefore = c.cpuMs();
        for (let v = base; v < base + 1000; v++) c.notify("textDocument/didChange", { textDocument: { uri, version: v }, contentChanges: [{ text: DEMO(v) }] });
        latest = `Demo${base + 999}Server`;
        const ms = await assertAnswersHover(c, latest, 120_000);
        rounds.push({ ms, cpu: c.cpuMs() - cpuBefore });
        if (ms < 200) break;
      }
      const line = `burst of 1,000 didChange + hover in a workspace of ${FILES} analysed files: ${rounds.map((r) => `${r.ms.toFixed(0)} ms (server CPU ${r.cpu.toFixed(0)} ms)`).join(", ")}`;
      t.diagnostic(line);
      console.log(`# ${line}`);
      assert.ok(Math.min(...rounds.map((r) => r.ms)) < 200, line);
    });

    it("diagnostics of an 8,000-class file stop soon after $/cancelRequest", async (t) => {
      c.open("big.ts", big);
      await cancelled("textDocument/diagnostic", { textDocument: { uri: c.uri("big.ts") } }, t);
      await assertAnswersHover(c, latest);
    });
  });

  describe("hostile documents: every request is answered within the budget", () => {
    const pick = ["nesting: 10,000 object literals", "a 1 MB one-line string literal in __capabilities__", "a self-extending class", "const A = { ...A }", "shared sub-objects: 26 consts, each holding the previous twice (2^25 leaves)", "doubling arrays: 30 consts, each spreading the previous twice (2^30 items)", "a class with 20,000 members", "SDK: helpers that call the next helper ten times, eight levels deep", "parser backtracking: 24 nested `async f(` calls (a 600-byte file)"];
    // Not a speed test (the benchmarks measure speed) but a guard against hangs and blow-ups: 15 s, or
    // 15 times what TypeScript takes here to parse an ordinary 5,000-method class, whichever is longer.
    // Measured in this process, that parse slows as the machine does, but not always when the load
    // comes: in clean-clone runs with the other test lane and the editor suites busy beside it, the
    // 20,000-member class took 5.3 s, then 8.2 s, while the ordinary parse measured a moment later was
    // quick (alone it takes 1.7 s). Half the hang limit still tells a blow-up (minutes) from a busy machine.
    const FLOOR_BUDGET_MS = 15_000;
    const PARSES = 15;
    const ordinary = `export class Ordinary {\n${Array.from({ length: 5000 }, (_, i) => `  helper${i}(x: number) { return x + ${i}; }`).join("\n")}\n}\n`;
    /** A hang, not a slow answer: the requests themselves wait this long before failing. */
    const HANG_MS = 30_000;
    const ordinaryParse = () => {
      const started = performance.now();
      ts.createSourceFile("ordinary.ts", ordinary, ts.ScriptTarget.Latest, true);
      return performance.now() - started;
    };
    let BUDGET_MS = FLOOR_BUDGET_MS;
    before(() => {
      ts.createSourceFile("warm.ts", ordinary, ts.ScriptTarget.Latest, true);
      const parse = ordinaryParse();
      BUDGET_MS = Math.max(FLOOR_BUDGET_MS, PARSES * parse);
      console.log(`# the ordinary parse took ${parse.toFixed(0)} ms here: each hostile document gets ${BUDGET_MS.toFixed(0)} ms`);
    });
    /** The budget now: a machine that got busier since `before` (other suites, other processes) gets more, never less. */
    const budgetNow = () => Math.max(BUDGET_MS, PARSES * ordinaryParse());
    for (const name of pick) {
      const input = hostileInputs().find((h) => h.name === name)!;
      it(`${name}: hover, lenses, diagnostics and the preview report answer within ${FLOOR_BUDGET_MS / 1000} s (more on a busy machine)`, async () => {
        assert.ok(input, name);
        const c = await started(input.files);
        try {
          for (const [file, text] of Object.entries(input.files)) {
            c.open(file, text);
            const server = /export (?:class|const) (\w+)/.exec(text)?.[1];
            const at = server ? text.indexOf(server) : 0;
            const before = text.slice(0, at);
            const position = { line: before.split("\n").length - 1, character: at - before.lastIndexOf("\n") - 1 };
            const started = performance.now();
            const answers = await Promise.all([
              c.call("textDocument/hover", { textDocument: { uri: c.uri(file) }, position }, HANG_MS),
              c.call("textDocument/codeLens", { textDocument: { uri: c.uri(file) } }, HANG_MS),
              c.call("textDocument/diagnostic", { textDocument: { uri: c.uri(file) } }, HANG_MS),
              c.call("mcpCapabilityLens/serverReport", { uri: c.uri(file), position }, HANG_MS),
            ]);
            for (const a of answers) assert.equal(a.error, undefined, JSON.stringify(a.error));
            // Nothing failed inside: the guard turns internal errors into empty answers, so they only show in the log.
            const failedLog = c.logs.filter((l) => / failed: /.test(l));
            assert.deepEqual(failedLog.map((l) => l.split("\n")[0]), [], `internal errors on ${file}`);
            // The deep file may be skipped (the parser gives up); every other server class must show.
            if (server && /export class/.test(text) && !file.startsWith("deep.")) {
              assert.ok(hoverText(answers[0]).includes("MCP server"), `${file}: the hover shows the server (${JSON.stringify(answers[0]).slice(0, 200)}; log: ${c.logs.join(" ").slice(0, 300)})`);
            }
            const took = performance.now() - started;
            const budget = took < BUDGET_MS ? BUDGET_MS : budgetNow();
            assert.ok(took < budget, `${file}: ${took.toFixed(0)} ms, over the budget of ${budget.toFixed(0)} ms`);
          }
          await assertAnswersHover(c, "Demo0Server", budgetNow());
        } finally {
          await c.kill();
        }
      });
    }
  });
});
