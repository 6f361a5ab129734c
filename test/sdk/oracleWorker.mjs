// A long-lived oracle process (started by oraclePool.mjs with `node --import tsx`, one per SDK
// version): it observes fixtures one at a time, as asked over the IPC channel, so the SDK, zod and
// tsx are loaded once instead of once per fixture.
//
//   parent -> worker   { dir }                       observe this fixture (never two at once)
//   worker -> parent   { dir, result }               the observation (oracle.mjs `observe`)
//                      { dir, crash }                an error escaped the fixture: this process is
//                                                    no longer trusted, the parent replaces it
//
// Commands come over IPC, never stdin/stdout: a fixture that writes to stdout or opens a stdio
// transport cannot garble them. What the fixture writes to stderr is returned with its result.
import { resolve } from "node:path";
import { observe } from "./oracle.mjs";

const errorText = (e) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** The fixture being observed, with the stderr it wrote so far. */
let current = null;

const realStderrWrite = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => {
  if (current) current.stderr += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  return realStderrWrite(chunk, ...rest);
};

// In a process per fixture an escaped error ended the run without a result; here it fails the
// fixture being observed (an error from a timer a finished fixture left behind would also land on
// the next one, which is why the parent is told the process must go).
function onEscaped(e) {
  if (current && !current.done) {
    current.done = true;
    process.send?.({ dir: current.dir, crash: `an error escaped the fixture: ${errorText(e)}\nstderr:\n${current.stderr}` });
  } else {
    realStderrWrite(`oracle worker: an error escaped between fixtures: ${errorText(e)}\n`);
  }
}
process.on("uncaughtException", onEscaped);
process.on("unhandledRejection", onEscaped);

process.on("message", async (message) => {
  const dir = resolve(message.dir);
  const job = { dir: message.dir, stderr: "", done: false };
  current = job;
  // As with a process per fixture, the fixture runs with its own folder as the working directory.
  process.chdir(dir);
  const result = await observe(dir).catch((e) => ({ legacy: null, modern: null, threw: `oracle failure: ${errorText(e)}`, probes: {}, details: {} }));
  if (job.done) return;
  job.done = true;
  current = null;
  result.stderr = job.stderr;
  process.send?.({ dir: message.dir, result });
});

// The parent going away (it closed the channel or died) ends this process, whatever a fixture left open.
process.on("disconnect", () => process.exit(0));
