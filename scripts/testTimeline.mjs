// A node:test reporter that records, for each test file, when it ended and how long it ran (in
// seconds from the start of the run), so a slow `npm test` can be read as a timeline: which files
// ran beside which, and what the run waited on. scripts/run-tests.mjs writes it to
// .tmp/test-timeline.tsv beside the spec reporter's output.
export default async function* timeline(source) {
  const started = Date.now();
  yield "file\tstart_s\tend_s\tseconds\n";
  for await (const event of source) {
    if ((event.type !== "test:pass" && event.type !== "test:fail") || event.data.nesting !== 0) continue;
    const end = (Date.now() - started) / 1000;
    const seconds = (event.data.details?.duration_ms ?? 0) / 1000;
    const file = (event.data.file ?? event.data.name).replace(process.cwd() + "/", "");
    yield `${file}\t${Math.max(0, end - seconds).toFixed(1)}\t${end.toFixed(1)}\t${seconds.toFixed(1)}\n`;
  }
}
