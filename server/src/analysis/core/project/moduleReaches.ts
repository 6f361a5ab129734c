// Whether a file's imports can reach a given package at all, read from the texts (the flow gate's
// import graph, FlowReach, with the package as its only seed). A framework dialect asks it before
// following `new X()` through the workspace to see whether X extends the framework's class: in a
// program that never imports the framework (an SDK server, the SDK's own repository) that search
// would summarise every module X is re-exported through, only to find a class of no interest.
//
// An answer drawn from the graph depends on texts the asker never reads itself, so each package's
// verdicts carry a version (a read of `key`, see FileStore.noteRead): it moves when a changed text
// may have moved them, and results that used the old one are analysed again.
import type { FlowSpec } from "../summarize/flowSummary";
import { FlowReach, KeptFlowReach, type TextChanges } from "./flowReach";
import type { BaseReachHost } from "./baseReach";

/** A package as a dialect names it: which module specifiers are it, and text every such specifier holds. */
export interface ModuleQuestion {
  /** Stable and unique among the questions (the key of its verdicts). */
  readonly id: string;
  readonly specifier: (specifier: string) => boolean;
  readonly hints: readonly string[];
}

export interface ModuleReachHost extends TextChanges {
  readonly graph: Omit<BaseReachHost, "onItsOwn" | "onItsOwnAt">;
  readonly globalFiles: () => readonly string[];
  readonly facts: (file: string, key: string, derive: (text: string | undefined) => boolean) => boolean;
}

/** The prefix of the keys recorded as reads; a NUL keeps them apart from every file name. */
const KEY_PREFIX = "\u0000reaches:";

export class ModuleReaches {
  readonly #host: ModuleReachHost;
  /** By question id. Kept for the workspace's life: module resolution or the global declarations changing count as changes of every text (FileStore `forgetFlowVerdicts`). */
  readonly #gates = new Map<string, KeptFlowReach>();

  constructor(host: ModuleReachHost) {
    this.#host = host;
  }

  /** Whether `file`, or anything its imports reach (or a global declaration file), may import the package; and the read to record for that answer. */
  reaches(file: string, question: ModuleQuestion): { readonly reaches: boolean; readonly key: string; readonly version: number } {
    const { reach, version } = this.#gate(question).current();
    return { reaches: !reach.mayLeaveOut(file), key: KEY_PREFIX + question.id, version };
  }

  /** The version of the verdicts recorded under `key` as the texts are now; undefined when `key` is not one of ours. */
  versionOf(key: string): number | undefined {
    if (!key.startsWith(KEY_PREFIX)) return undefined;
    return this.#gates.get(key.slice(KEY_PREFIX.length))?.current().version ?? 0;
  }

  #gate(question: ModuleQuestion): KeptFlowReach {
    let gate = this.#gates.get(question.id);
    if (!gate) {
      const spec: FlowSpec = { specifier: question.specifier, hints: question.hints, methods: new Set() };
      gate = new KeptFlowReach(this.#host, () => new FlowReach(this.#host.graph, spec, this.#host.globalFiles, this.#host.facts, `reaches:${question.id}`));
      this.#gates.set(question.id, gate);
    }
    return gate;
  }
}
