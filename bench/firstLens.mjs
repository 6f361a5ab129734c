// What an editor user waits for first: a cold language server (dist/server.js over stdio, a fresh
// process each time) on a large workspace; from `didOpen` of one file to its code lenses (provided
// and resolved) and a hover on its server class both answered. Cold starts alternate between the
// files measured, so drift on a shared machine spreads over both.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { connectBenchClient, stopBenchServer } from "./lspClient.mjs";
import { loadNow, summary } from "./stats.mjs";

const require = createRequire(import.meta.url);
const rpc = require("vscode-languageserver-protocol/node");

/** utime + stime of a process in ms (every thread), from /proc; undefined elsewhere. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100 on Linux
  } catch {
    return undefined;
  }
}

function positionOf(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { line, character: offset - (before.lastIndexOf("\n") + 1) };
}

/**
 * The files of the first-lens targets: the corpus's edit file (a Conduit server) and a server whose
 * base class chain spans five files (server → level4 → level3 → level2 → level1, then the runtime).
 */
export function firstLensFiles(corpus, manifest) {
  const out = [{ kind: "server", file: manifest.editFile, className: manifest.editClass }];
  for (const rel of manifest.sourceFiles) {
    if (!rel.startsWith("src/servers/")) continue;
    const text = readFileSync(join(corpus, rel), "utf8");
    const m = /import \{ (\w+) \} from "\.\.\/\.\.\/platform\/[\w-]+\/level4";/.exec(text);
    if (!m) continue;
    const cls = new RegExp(`export class (\\w+) extends ${m[1]} \\{`).exec(text);
    if (cls) {
      out.push({ kind: "chain", file: rel, className: cls[1], base: m[1] });
      break;
    }
  }
  return out;
}

async function oneColdStart({ server, corpus, target, timeoutMs }) {
  const child = spawn(process.execPath, [server, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  child.stderr.resume();
  const connection = connectBenchClient(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const rootUri = pathToFileURL(corpus).href;
  const uri = pathToFileURL(join(corpus, target.file)).href;
  const text = readFileSync(join(corpus, target.file), "utf8");
  const classAt = text.indexOf(`class ${target.className}`);
  if (classAt < 0) throw new Error(`class ${target.className} not found in ${target.file}`);
  const position = positionOf(text, classAt + "class ".length + 2);
  try {
    const t0 = performance.now();
    await connection.sendRequest(rpc.InitializeRequest.type, {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: "bench" }],
      initializationOptions: { refreshDelayMs: 0 },
      capabilities: {
        workspace: { configuration: true, codeLens: { refreshSupport: true }, diagnostics: { refreshSupport: true }, workspaceFolders: true },
        textDocument: { hover: { contentFormat: ["markdown"] }, diagnostic: { dynamicRegistration: false } },
      },
    });
    const initializeMs = performance.now() - t0;
    await connection.sendNotification(rpc.InitializedNotification.type, {});
    // As an editor restoring a file: opened at once, lenses and hover asked together.
    const cpuBefore = processCpuMs(child.pid);
    const opened = performance.now();
    await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "typescript", version: 1, text } });
    const lens = (async () => {
      const lenses = (await connection.sendRequest(rpc.CodeLensRequest.type, { textDocument: { uri } })) ?? [];
      const resolved = await Promise.all(lenses.map((l) => (l.command ? l : connection.sendRequest(rpc.CodeLensResolveRequest.type, l))));
      return { ms: performance.now() - opened, titles: resolved.map((l) => l.command?.title ?? "") };
    })();
    const hover = (async () => {
      const h = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position });
      return { ms: performance.now() - opened, found: h !== null && h !== undefined };
    })();
    const [l, h] = await Promise.all([lens, hover]);
    const cpuAfter = processCpuMs(child.pid);
    const stats = await connection.sendRequest("mcpCapabilityLens/stats", {});
    return { initializeMs, lensMs: l.ms, hoverMs: h.ms, bothMs: Math.max(l.ms, h.ms), lenses: l.titles.length, titles: l.titles, hoverFound: h.found, parses: stats?.parses, serverCpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined };
  } finally {
    clearTimeout(timer);
    await stopBenchServer(connection, child);
  }
}

/** `starts` cold starts per file, alternating between the files; one unmeasured start first. */
export async function measureFirstLens({ server, corpus, manifest, starts = 6, warmup = true, timeoutMs = 120_000 }) {
  const targets = firstLensFiles(corpus, manifest);
  if (warmup) await oneColdStart({ server, corpus, target: targets[0], timeoutMs });
  const loadAtStart = loadNow();
  const runs = new Map(targets.map((t) => [t.kind, []]));
  for (let i = 0; i < starts; i++) {
    for (const target of targets) runs.get(target.kind).push(await oneColdStart({ server, corpus, target, timeoutMs }));
  }
  const loadAverage = Math.max(loadAtStart, loadNow());
  return targets.map((t) => {
    const r = runs.get(t.kind);
    return {
      ...t,
      both: summary(r.map((x) => x.bothMs)),
      lens: summary(r.map((x) => x.lensMs)),
      hover: summary(r.map((x) => x.hoverMs)),
      initialize: summary(r.map((x) => x.initializeMs)),
      // The server's CPU time (every thread, 10 ms ticks) from didOpen to both answers: what the wall
      // time would be on an idle machine, about.
      serverCpu: r.every((x) => x.serverCpuMs !== undefined) ? summary(r.map((x) => x.serverCpuMs)) : undefined,
      lenses: r[0].lenses,
      titles: r[0].titles,
      hoverFound: r.every((x) => x.hoverFound),
      parses: Math.max(...r.map((x) => x.parses ?? NaN)),
      loadAverage,
      raw: r.map((x) => x.bothMs),
    };
  });
}
