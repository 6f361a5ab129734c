// Runs test files in lanes, in one node:test run as far as its reporters can tell: each lane is a
// node:test `run()` with its own file order and concurrency (scripts/run-tests.mjs decides them), and
// their events go, merged, to the spec reporter (stdout) and the timeline (scripts/testTimeline.mjs).
// Each run() ends with its own summary ("tests N", "pass N", ...); those are added up into one.
// `run()` rather than `node --test`, which starts the files in the order of their paths: here the
// order given is kept. The test files run with this process's flags (run-tests.mjs gives `--import tsx`).
// Usage: node --import tsx scripts/runTestLanes.mjs LANES.json [TIMELINE.tsv]  (LANES.json: a list of
// { files, concurrency }; the timeline goes to .tmp/test-timeline.tsv unless named).
import { createWriteStream, readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import timeline from "./testTimeline.mjs";

const lanes = JSON.parse(readFileSync(process.argv[2], "utf8"));
const SUMMARY = ["tests", "suites", "pass", "fail", "cancelled", "skipped", "todo", "duration_ms"];

// One spec reporter per lane: the reporter matches each test's result with the last test started
// (it asserts the names agree), so the events of two lanes running at once must not share one. Fed
// one stream, it threw at the first result that met the other lane's start, and printed nothing more.
const toSpecs = lanes.map(() => {
  const input = new PassThrough({ objectMode: true });
  const output = input.compose(spec);
  output.pipe(process.stdout, { end: false });
  // A reporter that fails says so, rather than leaving the output cut short without a word.
  output.on("error", (err) => process.stderr.write(`runTestLanes: the spec reporter failed: ${err?.stack ?? err}\n`));
  return { input, printed: new Promise((resolve) => output.on("end", resolve)) };
});
const printed = Promise.all(toSpecs.map((s) => s.printed));
const toTimeline = new PassThrough({ objectMode: true });
const timelineFile = createWriteStream(process.argv[3] ?? ".tmp/test-timeline.tsv");
toTimeline.compose(timeline).pipe(timelineFile);
const written = new Promise((resolve) => timelineFile.on("finish", resolve));
const send = (event, lane = 0) => {
  toSpecs[lane].input.write(event);
  toTimeline.write(event);
};

const started = Date.now();
const totals = new Map(SUMMARY.map((k) => [k, 0]));
let failed = false;
await Promise.all(
  lanes.map(async ({ files, concurrency }, lane) => {
    for await (const event of run({ files, concurrency })) {
      // The run's own summary and plan (the root's: no file): added up below.
      if (event.data?.file === undefined && event.data?.nesting === 0 && (event.type === "test:diagnostic" || event.type === "test:plan")) {
        const m = /^(\w+) ([\d.]+)$/.exec(event.data.message ?? "");
        if (m && totals.has(m[1])) totals.set(m[1], totals.get(m[1]) + Number(m[2]));
        continue;
      }
      if (event.type === "test:fail") failed = true;
      send(event, lane);
    }
  }),
);
totals.set("duration_ms", Date.now() - started);
for (const key of SUMMARY) send({ type: "test:diagnostic", data: { nesting: 0, message: `${key} ${totals.get(key)}` } });
if (totals.get("fail") > 0 || totals.get("cancelled") > 0) failed = true;
for (const s of toSpecs) s.input.end();
toTimeline.end();
// The result comes from the events, not from the reporters finishing: a reporter that stops early
// (as the shared one did) would leave the top-level await unsettled, which Node ends with exit code
// 13 and no message. So the wait is bounded, and when a reporter has not finished, the summary is
// printed here, from the same counts.
const settled = (promise, ms) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms).unref())]);
const [shown] = await Promise.all([settled(printed, 60_000), settled(written, 60_000)]);
if (!shown) {
  process.stdout.write(`\n# runTestLanes: the spec reporter stopped before the end; the lines above are incomplete. The run's own counts:\n`);
  for (const key of SUMMARY) process.stdout.write(`ℹ ${key} ${totals.get(key)}\n`);
}
process.exitCode = failed ? 1 : 0;
