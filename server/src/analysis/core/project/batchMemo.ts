// Answers that several units of one whole-workspace analysis ask for alike (the servers a file
// constructs, what a package's texts import): computed once per `Workspace.analyzeFiles`, where no
// text can change, instead of once per server. A unit reusing an answer still depends on every file
// the answer read, so the editor refreshes it when one of them changes.
import type { FileStore } from "./fileStore";

export class BatchMemo {
  readonly #files: FileStore;
  readonly #answers = new Map<string, { readonly value: unknown; readonly reads: readonly (readonly [string, number])[] }>();

  constructor(files: FileStore) {
    this.#files = files;
  }

  /** The answer under `key`, computed by `compute` the first time it is asked for in the batch. */
  readonly get = <T>(key: string, compute: () => T): T => {
    const kept = this.#answers.get(key);
    if (kept) {
      this.#files.replay(kept.reads);
      return kept.value as T;
    }
    const made = this.#files.recorded(compute);
    this.#answers.set(key, made);
    return made.value;
  };
}
