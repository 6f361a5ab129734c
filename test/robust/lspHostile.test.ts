// The language server on hostile workspaces and clients (dist/server.js over stdio, support/rawLsp):
// a tsconfig chain into /dev/zero, links out of the workspace, capability keys that would break out of
// the hover's markdown, requests about files outside the workspace, a client that stops reading, a
// 5 MB document edited character by character, an 8 MB generated file, and requests after shutdown.
import assert from "node:assert/strict";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, it } from "node:test";
import { tempProject } from "../helpers/tempProject";
import { RawLsp, type Message } from "./support/rawLsp";

const DEMO = `import { AuditBase } from "./base";\nexport class DemoServer extends AuditBase {\n  static __capabilities__() { return { tools: { listChanged: false } }; }\n  handleListTools(ctx) {}\n}\n`;
const BASE = "export class AuditBase {\n  handleSetLogLevel(ctx, level) {}\n}\n";
const AT_NAME = { line: 1, character: 15 };

const hoverText = (m: Message) => (m.result as { contents?: { value?: string } } | null)?.contents?.value ?? "";

async function withServer(files: Record<string, string>, test: (c: RawLsp) => Promise<void>, options: { kill?: boolean } = {}): Promise<void> {
  const dir = tempProject({ "base.ts": BASE, ...files });
  const c = new RawLsp(dir);
  try {
    await c.initialize();
    await test(c);
  } finally {
    if (options.kill === false) await c.stop();
    else await c.kill();
  }
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

describe("the language server on hostile workspaces", () => {
  it("row 1: a tsconfig whose `extends` target is a link to /dev/zero: a hover on an importing file answers", async () => {
    await withServer({ "demo.ts": DEMO, "tsconfig.json": JSON.stringify({ extends: "./base.json" }) }, async (c) => {
      symlinkSync("/dev/zero", join(c.root, "base.json"));
      c.open("demo.ts", DEMO);
      const r = await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 15_000);
      assert.match(hoverText(r), /MCP server · DemoServer/);
      assert.match(hoverText(r), /logging/, "the import resolved: the inherited handler counts");
    });
  });

  it("row 2: listServers does not follow links out of the workspace (to /, to a sibling folder), and says so in the log", async () => {
    const sibling = tempProject({ "outside.ts": DEMO.replace("DemoServer", "OutsideServer"), "base.ts": BASE });
    await withServer({ "demo.ts": DEMO }, async (c) => {
      symlinkSync("/", join(c.root, "root"));
      symlinkSync(sibling, join(c.root, "sibling"));
      const started = performance.now();
      const r = await c.call("mcpCapabilityLens/listServers", {}, 20_000);
      const ms = performance.now() - started;
      const servers = (r.result as { servers: { name: string; uri: string }[] }).servers;
      assert.deepEqual(servers.map((s) => s.name).sort(), ["AuditBase", "DemoServer"]);
      assert.ok(servers.every((s) => s.uri.startsWith(pathToFileURL(c.root).href)));
      assert.ok(c.logs.some((l) => /did not follow 2 links leading outside/.test(l)), `the log says so: ${c.logs.join(" | ").slice(0, 400)}`);
      assert.ok(ms < 10_000, `${Math.round(ms)} ms`);
    });
  });

  it("row 4: a capability key holding \\r, \\n, U+2028 or U+2029 stays inside its code span: no heading, image or foreign link in the hover", async () => {
    const { marked } = await import("marked");
    const payload = "x\r\r# Pwned [run](command:mcpCapabilityLens.reveal?%5B%22file%3A%2F%2F%2Fetc%2Fpasswd%22%5D)\r\r![i](https://attacker.example/x.png)\r";
    const keys = [payload, `y\u2028# H2 ![i](https://attacker.example/y.png)`, `z\u2029\u2029## H3`, "w\n\n### H4"];
    const text = `export class KeyServer {\n  static __capabilities__() { return { ${keys.map((k) => `${JSON.stringify(k)}: {}`).join(", ")}, tools: {} }; }\n  handleListTools(ctx) {}\n}\n`;
    await withServer({ "keys.ts": text }, async (c) => {
      c.open("keys.ts", text);
      const md = hoverText(await c.hover("keys.ts", 0, 15));
      assert.match(md, /MCP server · KeyServer/);
      assert.match(md, /# Pwned/, "the key is shown (as code)");
      assert.doesNotMatch(md, /[\r\u2028\u2029]/, "no line break from user text");
      const kinds: string[] = [];
      const links: string[] = [];
      const walk = (tokens: readonly { type: string; href?: string; tokens?: unknown[]; items?: unknown[] }[]) => {
        for (const t of tokens) {
          kinds.push(t.type);
          if (t.type === "link") links.push(t.href!);
          if (t.tokens) walk(t.tokens as never);
          if (t.items) walk(t.items as never);
        }
      };
      walk(marked.lexer(md) as never);
      assert.ok(!kinds.includes("heading"), `a heading in the hover: ${md}`);
      assert.ok(!kinds.includes("image"), `an image in the hover: ${md}`);
      for (const href of links) {
        assert.ok(href.startsWith("file:") || /^command:mcpCapabilityLens\.(openPreviewAt|copyLegacyJson|copyModernJson)\?/.test(href), `a link the server did not make: ${href}`);
        if (href.startsWith("command:")) assert.ok(!decodeURIComponent(href).includes("passwd"), href);
      }
    });
  });

  it("row 7: requests about a .ts file outside the workspace folders (never opened, or reached through a link) answer nothing", async () => {
    const sibling = tempProject({ "outside.ts": DEMO.replace("DemoServer", "OutsideServer"), "base.ts": BASE });
    await withServer({ "demo.ts": DEMO, "closed.ts": DEMO.replace("DemoServer", "ClosedServer") }, async (c) => {
      symlinkSync(join(sibling, "outside.ts"), join(c.root, "linked.ts"));
      for (const uri of [pathToFileURL(join(sibling, "outside.ts")).href, c.uri("linked.ts")]) {
        const report = await c.call("mcpCapabilityLens/serverReport", { uri });
        assert.deepEqual((report.result as { servers: unknown[] }).servers, [], `serverReport of ${uri}`);
        const lenses = await c.call("textDocument/codeLens", { textDocument: { uri } });
        assert.deepEqual(lenses.result, [], `codeLens of ${uri}`);
        const diagnostics = await c.call("textDocument/diagnostic", { textDocument: { uri } });
        assert.deepEqual((diagnostics.result as { items: unknown[] }).items, [], `diagnostics of ${uri}`);
      }
      // A file inside the workspace is still read from disk, and an outside file opened in the editor is answered.
      const closed = await c.call("mcpCapabilityLens/serverReport", { uri: c.uri("closed.ts") });
      assert.equal((closed.result as { servers: { name: string }[] }).servers[0]?.name, "ClosedServer");
      const opened = pathToFileURL(join(sibling, "outside.ts")).href;
      c.notify("textDocument/didOpen", { textDocument: { uri: opened, languageId: "typescript", version: 1, text: DEMO.replace("DemoServer", "OpenedServer") } });
      const report = await c.call("mcpCapabilityLens/serverReport", { uri: opened });
      assert.equal((report.result as { servers: { name: string }[] }).servers[0]?.name, "OpenedServer");
    });
  });

  it("row 8: a client that stops reading: the server stops reading requests instead of buffering answers without bound", async (t) => {
    const wide = `export class WideServer {\n  static __capabilities__() { return { ${Array.from({ length: 40 }, (_, i) => `key${i}: { listChanged: false, value${i}: "${"v".repeat(40)}" }`).join(", ")} }; }\n  handleListTools(ctx) {}\n}\n`;
    await withServer({ "wide.ts": wide }, async (c) => {
      c.open("wide.ts", wide);
      // Each request carries 16 KB of padding (an unknown parameter, ignored): the pipe and the server's
      // read buffer then hold a few hundred requests rather than thousands, whose 61 KB answers the
      // server would spend tens of seconds writing once the client reads again.
      const pad = "p".repeat(16 * 1024);
      const request = (id: number) => c.frame(JSON.stringify({ jsonrpc: "2.0", id, method: "mcpCapabilityLens/serverReport", params: { uri: c.uri("wide.ts"), pad } }));
      const answerBytes = JSON.stringify(await c.call("mcpCapabilityLens/serverReport", { uri: c.uri("wide.ts") })).length;
      for (let i = 0; i < 50; i++) await c.call("mcpCapabilityLens/serverReport", { uri: c.uri("wide.ts") });
      const pid = c.process.pid!;
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
      c.process.stdout!.pause();
      // Requests as fast as the server takes them (their answers would add up to gigabytes).
      const count = 50_000;
      const stdin = c.process.stdin!;
      let written = 0;
      let blocked = false;
      const started = performance.now();
      try {
        while (written < count && performance.now() - started < 20_000) {
          const ok = stdin.write(request(100_000 + written++));
          if (!ok) {
            const drained = await Promise.race([new Promise((r) => stdin.once("drain", () => r(true))), new Promise((r) => setTimeout(() => r(false), 3000))]);
            if (!drained) {
              blocked = true; // the server stopped reading: back-pressure reached the client
              break;
            }
          }
        }
        await new Promise((r) => setTimeout(r, 2000));
      } finally {
        clearInterval(sampler);
      }
      const line = `a client that stopped reading: ${written} of ${count} requests taken (answers of ${Math.round(answerBytes / 1024)} KB), server memory ${before.toFixed(0)} → at most ${peak.toFixed(0)} MB`;
      t.diagnostic(line);
      console.log(`# ${line}`);
      assert.ok(blocked, `the server read every request without pausing: ${line}`);
      assert.ok(peak - before < 80, line);
      // Once the client reads again, everything is answered and the server is well.
      c.process.stdout!.resume();
      await c.waitFor(100_000 + written - 1, 120_000);
      const r = await c.call("mcpCapabilityLens/serverReport", { uri: c.uri("wide.ts") }, 30_000);
      assert.equal((r.result as { servers: { name: string }[] }).servers[0]?.name, "WideServer");
    });
  });

  it("row 9: a 5 MB document, then 500 one-character edits: the next hover answers in seconds, not tens of seconds", async (t) => {
    const line = `// ${"x".repeat(60)}\n`;
    const text = `${DEMO}${line.repeat(Math.ceil((5 * 1024 * 1024) / line.length))}`;
    await withServer({ "demo.ts": DEMO }, async (c) => {
      c.open("demo.ts", text);
      assert.match(hoverText(await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 60_000)), /DemoServer/);
      const uri = c.uri("demo.ts");
      const started = performance.now();
      for (let i = 0; i < 500; i++) {
        const at = { line: 40_000 + (i % 7), character: 5 + (i % 40) };
        c.notify("textDocument/didChange", { textDocument: { uri, version: i + 2 }, contentChanges: [{ range: { start: at, end: at }, text: "y" }] });
      }
      const r = await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 60_000);
      const ms = performance.now() - started;
      t.diagnostic(`500 one-character edits of a 5 MB document, then a hover: ${Math.round(ms)} ms`);
      console.log(`# 500 one-character edits of a 5 MB document, then a hover: ${Math.round(ms)} ms`);
      assert.match(hoverText(r), /DemoServer/);
      assert.ok(ms < 8000, `${Math.round(ms)} ms`);
      // The edits landed where they were meant to.
      const report = await c.call("mcpCapabilityLens/serverReport", { uri, name: "DemoServer" });
      assert.equal((report.result as { version: number }).version, 501);
    });
  });

  it("row 10: a hover on an 8 MB file of 170,000 classes is answered (the file is over the per-file budget) before a cancel is needed", async () => {
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size + 60 < 8 * 1024 * 1024; i++) {
      parts.push(`export class C${i} { handleListTools(ctx) {} }\n`);
      size += parts.at(-1)!.length;
    }
    const big = parts.join("");
    await withServer({ "demo.ts": DEMO }, async (c) => {
      c.open("demo.ts", DEMO);
      c.open("big.ts", big);
      const sent = performance.now();
      const hover = c.request("textDocument/hover", { textDocument: { uri: c.uri("big.ts") }, position: { line: 0, character: 14 } }, 60_000);
      const cancel = setTimeout(() => c.notify("$/cancelRequest", { id: hover.id }), 2000);
      const answer = await hover.response;
      clearTimeout(cancel);
      const ms = performance.now() - sent;
      console.log(`# hover on an 8 MB file of ${parts.length} classes: answered after ${Math.round(ms)} ms`);
      assert.ok(answer.error === undefined || answer.error.code === -32800, JSON.stringify(answer.error));
      assert.ok(ms < 2200, `answered ${Math.round(ms)} ms after sending (cancelled at 2000 ms)`);
      const diagnostics = await c.call("textDocument/diagnostic", { textDocument: { uri: c.uri("big.ts") } }, 10_000);
      const items = (diagnostics.result as { items: { message: string }[] }).items;
      assert.ok(items.some((d) => /more than 20,000 classes/.test(d.message)), JSON.stringify(items).slice(0, 300));
      assert.match(hoverText(await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 5000)), /DemoServer/);
    });
  });

  it("row 10: a hover on a 3 MB file under the budget, cancelled while TypeScript parses it, stops at once (the parse runs in a worker)", async () => {
    const text = `${DEMO.replace("DemoServer", "SlowServer")}${Array.from({ length: 50_000 }, (_, i) => `const v${i} = { a: ${i}, b: [${i}, "${i}"], c: { d: v${i > 0 ? i - 1 : 0} } };`).join("\n")}\n`;
    await withServer({ "demo.ts": DEMO }, async (c) => {
      c.open("demo.ts", DEMO);
      assert.match(hoverText(await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 10_000)), /DemoServer/);
      c.open("slow.ts", text);
      const hover = c.request("textDocument/hover", { textDocument: { uri: c.uri("slow.ts") }, position: AT_NAME }, 60_000);
      await new Promise((r) => setTimeout(r, 300));
      c.notify("$/cancelRequest", { id: hover.id });
      const cancelledAt = performance.now();
      const answer = await hover.response;
      const ms = performance.now() - cancelledAt;
      const other = performance.now();
      assert.match(hoverText(await c.hover("demo.ts", AT_NAME.line, AT_NAME.character, 10_000)), /DemoServer/);
      const otherMs = performance.now() - other;
      console.log(`# a hover on a ${(text.length / 1024 / 1024).toFixed(1)} MB file cancelled 300 ms after sending: answered ${Math.round(ms)} ms after the cancel; a hover on another file then took ${Math.round(otherMs)} ms`);
      assert.ok(answer.error === undefined || answer.error.code === -32800, JSON.stringify(answer.error));
      assert.ok(ms < 1000, `the cancelled hover answered ${Math.round(ms)} ms after the cancel`);
      assert.ok(otherMs < 1000, `a hover on another file waited ${Math.round(otherMs)} ms`);
      // Not cancelled, the same hover is answered once the worker's parse is in.
      assert.match(hoverText(await c.hover("slow.ts", AT_NAME.line, AT_NAME.character, 120_000)), /MCP server · SlowServer/);
    });
  });

  it("row 14: a request after shutdown is refused with InvalidRequest; exit then ends the server with status 0", async () => {
    await withServer(
      { "demo.ts": DEMO },
      async (c) => {
        c.open("demo.ts", DEMO);
        assert.match(hoverText(await c.hover("demo.ts", AT_NAME.line, AT_NAME.character)), /DemoServer/);
        const down = await c.call("shutdown", undefined, 10_000);
        assert.equal(down.error, undefined);
        for (const method of ["textDocument/hover", "mcpCapabilityLens/serverReport", "mcpCapabilityLens/stats", "shutdown"]) {
          const r = await c.call(method, { textDocument: { uri: c.uri("demo.ts") }, uri: c.uri("demo.ts"), position: AT_NAME }, 10_000);
          assert.equal(r.error?.code, -32600, `${method} after shutdown: ${JSON.stringify(r)}`);
          assert.equal(r.result, undefined);
        }
        c.notify("exit");
        assert.equal(await c.exited(), 0);
      },
      { kill: false },
    );
  });
});
