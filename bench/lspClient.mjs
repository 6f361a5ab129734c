// The bench's LSP client side over a spawned language server's stdio: it answers the requests a server
// sends its client (configuration, refreshes, registrations) and ignores notifications, so that the
// timed requests are the only traffic that matters.
import { createRequire } from "node:module";

const rpc = createRequire(import.meta.url)("vscode-languageserver-protocol/node");

export function connectBenchClient(child) {
  const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  connection.onRequest(rpc.ConfigurationRequest.type, (params) => params.items.map(() => ({})));
  connection.onRequest("workspace/diagnostic/refresh", () => null);
  connection.onRequest("workspace/codeLens/refresh", () => null);
  connection.onRequest("client/registerCapability", () => null);
  connection.onNotification(() => undefined);
  connection.listen();
  return connection;
}

/** Ends a bench language server: shutdown (2 s at most), exit, then a kill if it is still there. */
export async function stopBenchServer(connection, child) {
  try {
    await Promise.race([connection.sendRequest(rpc.ShutdownRequest.type), new Promise((r) => setTimeout(r, 2000))]);
    await connection.sendNotification(rpc.ExitNotification.type);
  } catch {
    // gone already
  }
  connection.dispose();
  if (child.exitCode === null && child.signalCode === null) child.kill();
}
