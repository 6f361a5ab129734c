// What users do today to learn what an SDK server advertises: run it. This script is started in a
// fresh `node` process per server (as an inspector would), imports the server module (compiled to
// JavaScript), connects it to a real SDK Client over an in-memory transport, reads the capabilities
// of the `initialize` reply, and prints them:
//
//   node bench/sdk-start.mjs /path/to/server.mjs     → one line: RESULT_MARK + {"capabilities", "inProcessMs", "cpuMs"}
//
// The parent (bench/run.mjs) times the whole process, from spawn to exit.
import { pathToFileURL } from "node:url";
import { RESULT_MARK, threadCpuMs } from "./stats.mjs";

const started = performance.now();
const file = process.argv[2];
const [{ Client }, { InMemoryTransport }, mod] = await Promise.all([
  import("@modelcontextprotocol/sdk/client/index.js"),
  import("@modelcontextprotocol/sdk/inMemory.js"),
  import(pathToFileURL(file).href),
]);
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await mod.server.connect(serverTransport);
const client = new Client({ name: "bench-inspector", version: "1.0.0" });
await client.connect(clientTransport);
const capabilities = client.getServerCapabilities();
const inProcessMs = performance.now() - started;
await client.close();
// CPU time of the main thread since the process started (node's own start-up included), measured
// like ours (bench/stats.mjs threadCpuMs).
const cpuMs = threadCpuMs();
process.stdout.write(`${RESULT_MARK}${JSON.stringify({ capabilities, inProcessMs, cpuMs })}\n`);
process.exit(0);
