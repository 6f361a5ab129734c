// A node:test reporter that records, for each test file, when its process started and ended (in
// seconds from the start of the run) and the seconds between, so a slow `npm test` can be read as a
// timeline: which files ran beside which, and what the run waited on. The times are those of the
// file's own test:dequeue and test:complete events, which node:test sends as they happen (the events
// of the tests inside a file can arrive later, held back to keep the output in order); without them,
// from the file's top-level tests. Written at the end of the run, in the order the files started.
// scripts/run-tests.mjs writes it to .tmp/test-timeline.tsv.
export default async function* timeline(source) {
  const started = Date.now();
  const files = new Map();
  const entry = (file) => {
    const key = file.replace(process.cwd() + "/", "");
    if (!files.has(key)) files.set(key, {});
    return files.get(key);
  };
  for await (const event of source) {
    const data = event.data;
    if (!data?.file || data.nesting !== 0) continue;
    const now = (Date.now() - started) / 1000;
    const e = entry(data.file);
    if (data.name === data.file) {
      if (event.type === "test:dequeue") e.start ??= now;
      else if (event.type === "test:complete") e.end = now;
    } else if (event.type === "test:pass" || event.type === "test:fail") {
      const start = Math.max(0, now - (data.details?.duration_ms ?? 0) / 1000);
      e.firstTest = Math.min(e.firstTest ?? start, start);
      e.lastTest = Math.max(e.lastTest ?? now, now);
    }
  }
  yield "file\tstart_s\tend_s\tseconds\n";
  const spans = [...files].map(([file, e]) => ({ file, start: e.start ?? e.firstTest ?? 0, end: e.end ?? e.lastTest ?? 0 }));
  for (const { file, start, end } of spans.sort((a, b) => a.start - b.start)) {
    yield `${file}\t${start.toFixed(1)}\t${end.toFixed(1)}\t${(end - start).toFixed(1)}\n`;
  }
}
