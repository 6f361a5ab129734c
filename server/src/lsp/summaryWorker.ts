// Parsing a large open document off the main thread. TypeScript's parser cannot be interrupted, and a
// few megabytes of source keep it busy for seconds: on the main thread that is seconds in which no
// `$/cancelRequest`, no hover and no keystroke is read. Here the parse (and the summary the analysis
// keeps of it) runs in a worker thread; the request waiting for it stays cancellable, and the result
// is handed to the file store when it arrives, for this request or the next.
import { isMainThread, Worker, workerData, parentPort } from "node:worker_threads";
import { combinedFlow } from "../analysis/core/dialect";
import type { FileSummary } from "../analysis/core/model/summary";
import { summarizeText } from "../analysis/core/summarize/summarizeText";
import { DIALECTS } from "../analysis/dialects";

const ROLE = "mcp-capability-lens/summarize";
/** Documents at least this long are parsed in the worker; shorter ones parse in well under 50 ms. */
export const WORKER_PARSE_MIN_LENGTH = 256 * 1024;

interface Job {
  readonly id: number;
  readonly file: string;
  readonly text: string;
  readonly version: number;
}

export type SummaryResult = { readonly summary: FileSummary } | { readonly failure: string };

/** The main thread's side: one worker, started on first use, restarted if it dies. */
export class SummaryWorker {
  #worker: Worker | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, (r: SummaryResult | undefined) => void>();

  /**
   * The summary of `text`, made in the worker and also handed to `onResult`. Resolves to undefined if
   * the worker died (the caller's analysis then parses on the main thread, as for small files).
   */
  summarize(file: string, text: string, version: number, onResult: (r: SummaryResult) => void): Promise<SummaryResult | undefined> {
    const id = this.#nextId++;
    const done = new Promise<SummaryResult | undefined>((resolve) => {
      this.#pending.set(id, (r) => {
        if (r) onResult(r);
        resolve(r);
      });
    });
    this.#started().postMessage({ id, file, text, version } satisfies Job);
    return done;
  }

  dispose(): void {
    void this.#worker?.terminate();
    this.#worker = undefined;
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    // The bundle (or, under tsx, this module) runs again in the worker, which then only summarises.
    const worker = new Worker(__filename, { workerData: { role: ROLE } });
    worker.unref();
    worker.on("message", (m: { id: number } & SummaryResult) => {
      const settle = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      settle?.("summary" in m ? { summary: m.summary } : { failure: m.failure });
    });
    const died = () => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      for (const settle of this.#pending.values()) settle(undefined);
      this.#pending.clear();
    };
    worker.on("error", died);
    worker.on("exit", died);
    this.#worker = worker;
    return worker;
  }
}

/** The worker's side: parse and summarise each job, in order. */
function serve(): void {
  // The flow every registered dialect needs (a session given other dialects summarises large
  // documents for these: the worker cannot be handed functions).
  const flow = combinedFlow(DIALECTS);
  parentPort!.on("message", (job: Job) => {
    let reply: { id: number } & SummaryResult;
    try {
      reply = { id: job.id, summary: summarizeText(job.file, job.text, job.version, flow).summary };
    } catch (err) {
      reply = { id: job.id, failure: err instanceof Error ? err.message : String(err) };
    }
    parentPort!.postMessage(reply);
  });
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === ROLE) serve();
