// LSP round trips on a warm language server: spawns dist/server.js over stdio (as the VS Code client
// does), opens the workspace, analyses every file once (mcpCapabilityLens/listServers), opens one
// server file, warms it up, then times hovers on a server class name, code lenses (provide + resolve
// every lens) and diagnostic pulls, one request at a time.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { connectBenchClient, stopBenchServer } from "./lspClient.mjs";
import { summary } from "./stats.mjs";

const require = createRequire(import.meta.url);
const rpc = require("vscode-languageserver-protocol/node");

function positionOf(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { line, character: offset - (before.lastIndexOf("\n") + 1) };
}

/** Reads utime + stime of a process (ms of CPU), from /proc; undefined elsewhere. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100 on Linux
  } catch {
    return undefined;
  }
}

export async function measureLsp({ server, corpus, manifest, reps = 50, warmup = 5, timeoutMs = 600_000 }) {
  const child = spawn(process.execPath, [server, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  const stderr = [];
  child.stderr.on("data", (d) => stderr.push(String(d)));
  const connection = connectBenchClient(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const rootUri = pathToFileURL(corpus).href;
  const uri = pathToFileURL(join(corpus, manifest.editFile)).href;
  const text = readFileSync(join(corpus, manifest.editFile), "utf8");
  const time = async (fn) => {
    const t = performance.now();
    const value = await fn();
    return { ms: performance.now() - t, value };
  };
  try {
    const started = await time(() =>
      connection.sendRequest(rpc.InitializeRequest.type, {
        processId: process.pid,
        rootUri,
        workspaceFolders: [{ uri: rootUri, name: "bench" }],
        initializationOptions: { refreshDelayMs: 0 },
        capabilities: {
          workspace: { configuration: true, codeLens: { refreshSupport: true }, diagnostics: { refreshSupport: true }, workspaceFolders: true },
          textDocument: { hover: { contentFormat: ["markdown"] }, diagnostic: { dynamicRegistration: false } },
        },
      }),
    );
    await connection.sendNotification(rpc.InitializedNotification.type, {});
    // The whole workspace, analysed once: from here on the server is warm.
    const listed = await time(() => connection.sendRequest("mcpCapabilityLens/listServers", {}));
    await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "typescript", version: 1, text } });

    const classAt = text.indexOf(`class ${manifest.editClass}`);
    if (classAt < 0) throw new Error(`class ${manifest.editClass} not found in ${manifest.editFile}`);
    const position = positionOf(text, classAt + "class ".length + 2);
    const hover = () => connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position });
    const codeLens = async () => {
      const lenses = (await connection.sendRequest(rpc.CodeLensRequest.type, { textDocument: { uri } })) ?? [];
      return Promise.all(lenses.map((l) => connection.sendRequest(rpc.CodeLensResolveRequest.type, l)));
    };
    const diagnostics = () => connection.sendRequest(rpc.DocumentDiagnosticRequest.type, { textDocument: { uri } });

    const series = { hover: [], codeLens: [], diagnostics: [] };
    const ops = { hover, codeLens, diagnostics };
    const checks = {};
    for (const [name, op] of Object.entries(ops)) {
      for (let i = 0; i < warmup; i++) checks[name] = await op();
    }
    const cpuBefore = processCpuMs(child.pid);
    for (let i = 0; i < reps; i++) {
      for (const [name, op] of Object.entries(ops)) series[name].push((await time(op)).ms);
    }
    const cpuAfter = processCpuMs(child.pid);

    // An edit over the wire: change the document, pull its diagnostics.
    let version = 1;
    const edited = text.replace(manifest.edit.from, manifest.edit.to);
    const editPull = [];
    for (let i = 0; i < warmup + Math.ceil(reps / 2); i++) {
      version++;
      const t = await time(async () => {
        await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text: version % 2 === 0 ? edited : text }] });
        return diagnostics();
      });
      if (i >= warmup) editPull.push(t.ms);
    }
    const stats = await connection.sendRequest("mcpCapabilityLens/stats", {});
    return {
      initializeMs: started.ms,
      listServersMs: listed.ms,
      serversListed: listed.value?.servers?.length ?? 0,
      hover: summary(series.hover),
      codeLens: summary(series.codeLens),
      diagnostics: summary(series.diagnostics),
      editThenPull: summary(editPull),
      serverCpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined ? Math.round(((cpuAfter - cpuBefore) / (reps * 3)) * 100) / 100 : undefined,
      hoverFound: checks.hover !== null && checks.hover !== undefined,
      lensesPerRequest: Array.isArray(checks.codeLens) ? checks.codeLens.length : 0,
      lensTitles: Array.isArray(checks.codeLens) ? checks.codeLens.map((l) => l.command?.title ?? "") : [],
      diagnosticsItems: checks.diagnostics?.items?.length ?? 0,
      parses: stats.parses,
      raw: series,
    };
  } finally {
    clearTimeout(timer);
    await stopBenchServer(connection, child);
  }
}
