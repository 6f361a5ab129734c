// A pool of analysis workers with a hard time limit per input: a worker that does not answer in time
// is terminated (that is a hang) and replaced; one that dies (out of memory) is a crash.
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Reply, Request } from "./worker";

export type Result =
  | Reply
  | { readonly type: "hang"; readonly id: number; readonly ms: number; readonly phase: string }
  | { readonly type: "died"; readonly id: number; readonly ms: number; readonly error: string };

type Job = { readonly req: Request; readonly resolve: (r: Result) => void };

const BOOT = `const { register } = require("tsx/cjs/api"); register(); require(require("node:worker_threads").workerData.file);`;

class Slot {
  worker!: Worker;
  isReady = false;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  started = 0;
  phase = "";
}

export class Pool {
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  readonly #hardLimitMs: number;
  readonly #heapMb: number;
  /** Workers started (including replacements). */
  restarts = 0;

  constructor(size: number, options: { hardLimitMs: number; heapMb: number }) {
    this.#hardLimitMs = options.hardLimitMs;
    this.#heapMb = options.heapMb;
    for (let i = 0; i < size; i++) {
      const slot = new Slot();
      this.#start(slot);
      this.#slots.push(slot);
    }
  }

  run(req: Request): Promise<Result> {
    return new Promise((resolve) => {
      this.#queue.push({ req, resolve });
      this.#dispatch();
    });
  }

  #closed = false;

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#slots.map((s) => s.worker.terminate()));
  }

  #start(slot: Slot): void {
    this.restarts++;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { file: join(__dirname, "worker.ts") },
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, stackSizeMb: 1 },
      stdout: true,
      stderr: true,
    });
    slot.worker = worker;
    slot.isReady = false;
    worker.on("message", (m: Reply | { type: "ready" }) => {
      if (m.type === "ready") {
        if (slot.worker === worker) slot.isReady = true;
        this.#dispatch();
        return;
      }
      if (slot.worker !== worker || !slot.job || slot.job.req.id !== m.id) return;
      if (m.type === "phase") {
        slot.phase = m.phase;
        return;
      }
      this.#finish(slot, m);
    });
    const died = (error: string) => {
      if (slot.worker !== worker || this.#closed) return;
      const job = slot.job;
      this.#start(slot);
      if (job) this.#finish(slot, { type: "died", id: job.req.id, ms: performance.now() - slot.started, error: slot.phase ? `${error} (during ${slot.phase})` : error });
    };
    worker.on("error", (err) => died(`${err.name}: ${err.message}`));
    worker.on("exit", (code) => died(`worker exited with code ${code}`));
  }

  #finish(slot: Slot, result: Result): void {
    const job = slot.job!;
    clearTimeout(slot.timer);
    slot.job = undefined;
    job.resolve(result);
    this.#dispatch();
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (slot.job || !slot.isReady) continue;
      {
        const job = this.#queue.shift()!;
        slot.job = job;
        slot.started = performance.now();
        slot.phase = "";
        const worker = slot.worker;
        slot.timer = setTimeout(() => {
          if (slot.worker !== worker || slot.job !== job) return;
          // Terminate stops even a synchronous loop; the slot gets a fresh worker.
          const ms = performance.now() - slot.started;
          this.#start(slot);
          void worker.terminate();
          this.#finish(slot, { type: "hang", id: job.req.id, ms, phase: slot.phase });
        }, this.#hardLimitMs);
        worker.postMessage(job.req);
      }
    }
  }
}
