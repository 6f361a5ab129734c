// The language server process: the connection comes from the command line (--stdio, --node-ipc or
// --socket), everything else from `startServer`. Over stdio, frames are read by a reader that recovers
// from malformed input instead of going deaf.
import { createConnection, ProposedFeatures, StreamMessageWriter } from "vscode-languageserver/node";
import { ResilientMessageReader } from "./lsp/resilientReader";
import { startServer } from "./server";

const connection = process.argv.includes("--stdio")
  ? createConnection(ProposedFeatures.all, new ResilientMessageReader(process.stdin), new StreamMessageWriter(process.stdout))
  : createConnection(ProposedFeatures.all);
startServer(connection);
