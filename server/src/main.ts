// The language server process: the connection comes from the command line (--stdio, --node-ipc or
// --socket), everything else from `startServer`. Over stdio, frames are read by a reader that recovers
// from malformed input instead of going deaf, and written with back-pressure; over stdio and IPC,
// requests after `shutdown` are refused.
import "./preloadVendor"; // first: it decides how ts-morph is compiled
import { isMainThread } from "node:worker_threads";
import { createConnection, IPCMessageReader, IPCMessageWriter, ProposedFeatures, type Connection } from "vscode-languageserver/node";
import { BoundedMessageWriter } from "./lsp/boundedWriter";
import { FlowControl } from "./lsp/flowControl";
import { FlowControlledReader } from "./lsp/flowControlledReader";
import { ResilientMessageReader } from "./lsp/resilientReader";
import { ShutdownGate } from "./lsp/shutdownGate";
import { startServer } from "./server";

function connect(): Connection {
  if (process.argv.includes("--stdio")) {
    const flow = new FlowControl();
    const reader = new FlowControlledReader(new ResilientMessageReader(process.stdin), flow, process.stdin);
    const writer = new BoundedMessageWriter(process.stdout, flow);
    return createConnection(ProposedFeatures.all, new ShutdownGate(reader, writer), writer);
  }
  if (process.argv.includes("--node-ipc")) {
    const writer = new IPCMessageWriter(process);
    return createConnection(ProposedFeatures.all, new ShutdownGate(new IPCMessageReader(process), writer), writer);
  }
  return createConnection(ProposedFeatures.all);
}

// The same bundle also runs as the summary worker's thread (summaryWorker.ts), which serves no client.
if (isMainThread) startServer(connect());
