// The language server process: the connection comes from the command line (--stdio, --node-ipc or
// --socket), everything else from `startServer`.
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "./server";

startServer(createConnection(ProposedFeatures.all));
