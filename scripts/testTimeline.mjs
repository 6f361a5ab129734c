// A node:test reporter that records, for each test file, when its process started and ended (in
// seconds from the start of the run) and the seconds between, so a slow `npm test` can be read as a
// timeline: which files ran beside which, and what the run waited on. The times are those of the
// file's own test:dequeue and test:complete events, which node:test sends as they happen (the events
// of the tests inside a file can arrive later, held back to keep the output in order), and a file's
// line is written when it ends (so a run cut short keeps what it did); a file without those events
// is timed by its top-level tests, at the end. scripts/run-tests.mjs writes it to .tmp/test-timeline.tsv.
import { resolve } from "node:path";

export default async function* timeline(source) {
  const started = Date.now();
  const files = new Map();
  const line = (file, start, end) => `${file}\t${start.toFixed(1)}\t${end.toFixed(1)}\t${(end - start).toFixed(1)}\n`;
  yield "file\tstart_s\tend_s\tseconds\n";
  for await (const event of source) {
    const data = event.data;
    if (!data?.file || data.nesting !== 0) continue;
    const now = (Date.now() - started) / 1000;
    const file = data.file.replace(process.cwd() + "/", "");
    if (!files.has(file)) files.set(file, {});
    const e = files.get(file);
    // The file's own events: named as the file was given (relative, from run-tests.mjs), `file` absolute.
    if (data.name === data.file || resolve(data.name) === data.file) {
      if (event.type === "test:dequeue") e.start ??= now;
      else if (event.type === "test:complete" && e.start !== undefined && !e.written) {
        e.written = true;
        yield line(file, e.start, now);
      }
    } else if (event.type === "test:pass" || event.type === "test:fail") {
      const start = Math.max(0, now - (data.details?.duration_ms ?? 0) / 1000);
      e.firstTest = Math.min(e.firstTest ?? start, start);
      e.lastTest = Math.max(e.lastTest ?? now, now);
    }
  }
  for (const [file, e] of files) if (!e.written) yield line(file, e.firstTest ?? 0, e.lastTest ?? 0);
}
