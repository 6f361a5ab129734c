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
import { FlowReach } from "./flowReach";
import type { BaseReachHost } from "./baseReach";

/** A package as a dialect names it: which module specifiers are it, and text every such specifier holds. */
export interface ModuleQuestion {
  /** Stable and unique among the questions (the key of its verdicts). */
  readonly id: string;
  readonly specifier: (specifier: string) => boolean;
  readonly hints: readonly string[];
}

export interface ModuleReachHost {
  readonly graph: Omit<BaseReachHost, "onItsOwn" | "onItsOwnAt">;
  readonly globalFiles: () => readonly string[];
  readonly facts: (file: string, key: string, derive: (text: string | undefined) => boolean) => boolean;
  /** How many text changes the store has seen, and which files changed since a count (undefined: anything may have). */
  readonly changes: () => number;
  readonly changedSince: (since: number) => readonly string[] | undefined;
}

interface Gate {
  readonly question: ModuleQuestion;
  reach: FlowReach;
  changes: number;
  version: number;
}

/** The prefix of the keys recorded as reads; a NUL keeps them apart from every file name. */
const KEY_PREFIX = "\u0000reaches:";

export class ModuleReaches {
  readonly #host: ModuleReachHost;
  readonly #gates = new Map<string, Gate>();
  /** Versions only grow, across `forget` too: a result kept from before never matches a new gate by chance. */
  #nextVersion = 1;

  constructor(host: ModuleReachHost) {
    this.#host = host;
  }

  /** Whether `file`, or anything its imports reach (or a global declaration file), may import the package; and the read to record for that answer. */
  reaches(file: string, question: ModuleQuestion): { readonly reaches: boolean; readonly key: string; readonly version: number } {
    const gate = this.#current(question);
    return { reaches: !gate.reach.mayLeaveOut(file), key: KEY_PREFIX + question.id, version: gate.version };
  }

  /** The version of the verdicts recorded under `key` as the texts are now; undefined when `key` is not one of ours. */
  versionOf(key: string): number | undefined {
    if (!key.startsWith(KEY_PREFIX)) return undefined;
    const gate = this.#gates.get(key.slice(KEY_PREFIX.length));
    return gate ? this.#current(gate.question).version : 0;
  }

  /** Module resolution or the global declarations may have changed: every verdict is made afresh. */
  forget(): void {
    this.#gates.clear();
  }

  #current(question: ModuleQuestion): Gate {
    const kept = this.#gates.get(question.id);
    const now = this.#host.changes();
    if (kept && kept.changes === now) return kept;
    if (kept) {
      const since = this.#host.changedSince(kept.changes);
      kept.changes = now;
      if (since && kept.reach.unchangedBy(since)) return kept;
      kept.reach = this.#reach(question);
      kept.version = this.#nextVersion++;
      return kept;
    }
    const gate: Gate = { question, reach: this.#reach(question), changes: now, version: this.#nextVersion++ };
    this.#gates.set(question.id, gate);
    return gate;
  }

  #reach(question: ModuleQuestion): FlowReach {
    const spec: FlowSpec = { specifier: question.specifier, hints: question.hints, methods: new Set() };
    return new FlowReach(this.#host.graph, spec, this.#host.globalFiles, this.#host.facts, `reaches:${question.id}`);
  }
}
