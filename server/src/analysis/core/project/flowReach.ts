// Which files a whole-workspace analysis may summarise without their program flow. A file gets a flow
// summary for two reasons: it imports a module (or a name) a flow dialect reads, or one of its classes
// extends an imported class, which might turn out to be (or hold) a server. In the second case the
// flow can matter only if something of a flow dialect is reached through the file's imports: a base
// chain ending in the SDK's server, a re-export of it. Most such files in an application extend
// ordinary classes (and summarising a flow costs more than parsing), so before summarising one, its
// import graph is read from the texts (as the `extends` pre-pass reads it) and the flow is left out
// when no file reachable from it could import anything a flow dialect reads. What follows a server
// into a file (a replay handing the server to a helper, a subclass holding one) asks for the flow
// anyway (`FileStore.fullSummary`).
//
// Every doubt keeps the flow: a reachable text that could spell such an import, a global declaration
// file that reaches one (a base may be global, without an import).
import { BaseReach, type BaseReachHost } from "./baseReach";
import type { FlowSpec } from "../summarize/flowSummary";
import { ts } from "../typescript";
import { isDeclarationFileName } from "../summarize/parseFile";

export class FlowReach {
  readonly #reach: BaseReach;
  readonly #globalFiles: () => readonly string[];
  #globalsReach: boolean | undefined;

  /**
   * `facts` keeps a verdict per text version (the file store's `textFacts`, under `factKey`, one per
   * spec): the gate is rebuilt after every edit.
   */
  constructor(host: Omit<BaseReachHost, "onItsOwn" | "onItsOwnAt">, spec: FlowSpec, globalFiles: () => readonly string[], facts?: (file: string, key: string, derive: (text: string | undefined) => boolean) => boolean, factKey = "flow-seed") {
    const onItsOwn = (text: string) => mayImportForFlow(spec, text);
    this.#reach = new BaseReach({ ...host, onItsOwn, ...(facts ? { onItsOwnAt: (file: string) => facts(file, factKey, (text) => text !== undefined && onItsOwn(text)) } : {}) });
    this.#globalFiles = globalFiles;
  }

  /**
   * Whether the verdicts given so far hold after the texts of `files` changed (see
   * `BaseReach.unchangedBy`). A declaration file may declare globals or ambient modules that any
   * file reaches without an import: its change is never taken as harmless.
   */
  unchangedBy(files: readonly string[]): boolean {
    return !files.some(isDeclarationFileName) && this.#reach.unchangedBy(files);
  }

  /** Whether `file`'s flow may be left out: nothing it imports, nor any global declaration file, reaches a flow dialect's import. */
  mayLeaveOut(file: string): boolean {
    this.#globalsReach ??= this.#globalFiles().some((g) => this.#reach.reaches(g));
    return !this.#globalsReach && !this.#reach.reaches(file);
  }
}

/** How the file store counts text changes (FileStore `changes`, `changedSince`). */
export interface TextChanges {
  readonly changes: () => number;
  /** The files changed since a count; undefined when anything may have (resolution, global declarations). */
  readonly changedSince: (since: number) => readonly string[] | undefined;
}

/**
 * A FlowReach as the texts are now: the one made before, while every text changed since still imports
 * what it did (a keystroke inside a method: reading the graph afresh costs an edited file more than
 * its answers), else a new one, with a new `version` (answers drawn from the old one may differ).
 */
export class KeptFlowReach {
  readonly #texts: TextChanges;
  readonly #make: () => FlowReach;
  #reach: FlowReach | undefined;
  #changes = 0;
  #version = 0;

  constructor(texts: TextChanges, make: () => FlowReach) {
    this.#texts = texts;
    this.#make = make;
  }

  current(): { readonly reach: FlowReach; readonly version: number } {
    const now = this.#texts.changes();
    if (this.#reach && this.#changes !== now) {
      const since = this.#texts.changedSince(this.#changes);
      if (!since || !this.#reach.unchangedBy(since)) this.#reach = undefined;
    }
    this.#changes = now;
    if (!this.#reach) {
      this.#reach = this.#make();
      this.#version++;
    }
    return { reach: this.#reach, version: this.#version };
  }
}

/**
 * Whether a text may import a module or a name that makes a file relevant to `spec`: some quoted
 * string of it (every quote character starts a candidate, so no literal is missed however quotes pair
 * up), with its escapes decoded, names such a module; or an import or export clause names one of the
 * spec's names. The names are looked for as words first (also once the text's Unicode escapes are
 * decoded: an identifier may spell a name with one), and only a text holding one is parsed to see
 * whether a clause does: "Server" in a comment or a message of an application is not an import.
 */
export function mayImportForFlow(spec: FlowSpec, text: string): boolean {
  // A quoted value runs to its closing quote or the end of its line. Without an escape it is the
  // text between: one the spec accepts holds a hint, so when the text holds none, only the lines
  // with a backslash can hold such a value.
  const everyLine = !spec.hints || spec.hints.some((h) => text.includes(h));
  if (everyLine) {
    if (quotedValueNamesFlow(spec, text, 0, text.length)) return true;
  } else {
    for (let b = text.indexOf("\\"); b >= 0; ) {
      const start = text.lastIndexOf("\n", b) + 1;
      const newline = text.indexOf("\n", b);
      const end = newline < 0 ? text.length : newline;
      if (quotedValueNamesFlow(spec, text, start, end)) return true;
      b = newline < 0 ? -1 : text.indexOf("\\", newline);
    }
  }
  const names = spec.names;
  if (!names || names.size === 0) return false;
  const decoded = text.includes("\\u") ? decodeUnicodeEscapes(text) : text;
  if (![...names].some((name) => containsWord(text, name) || (decoded !== text && containsWord(decoded, name)))) return false;
  // Parsed both ways (the text's file kind is not known here): one of them is how it is compiled.
  return clausesName(text, names, ts.ScriptKind.TS) || clausesName(text, names, ts.ScriptKind.TSX);
}

/** Whether an import or export declaration of the text names one of `names` (as the imported or exported name). */
function clausesName(text: string, names: ReadonlySet<string>, kind: ts.ScriptKind): boolean {
  const sf = ts.createSourceFile(kind === ts.ScriptKind.TSX ? "look.tsx" : "look.ts", text, ts.ScriptTarget.Latest, false, kind);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) {
      found = names.has((node.propertyName ?? node.name).text) || names.has(node.name.text);
    } else if (ts.isImportClause(node) && node.name) {
      found = names.has(node.name.text);
    } else if (ts.isNamespaceImport(node) || ts.isNamespaceExport(node) || ts.isImportEqualsDeclaration(node)) {
      found = names.has(node.name.text);
    }
    if (!found) ts.forEachChild(node, visit);
  };
  // Imports are statements, also inside `declare module` blocks; nothing else is visited deeper.
  const statements = (list: readonly ts.Statement[]): void => {
    for (const st of list) {
      if (found) return;
      if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st) || ts.isImportEqualsDeclaration(st)) visit(st);
      else if (ts.isModuleDeclaration(st) && st.body && ts.isModuleBlock(st.body)) statements(st.body.statements);
    }
  };
  statements(sf.statements);
  return found;
}

/**
 * The text from a quote at `start` to the next same quote or the line's end, escapes decoded. An
 * escaped quote ends it early (so the look stays linear): the rest holds a quote, which no package
 * name a flow dialect reads can.
 */
/** Whether a quoted value starting in `[from, to)` names a module the spec accepts, or is a doubt. */
function quotedValueNamesFlow(spec: FlowSpec, text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x22 && c !== 0x27) continue;
    const value = quotedValue(text, i);
    // A line continuation or a legacy escape: a doubt kept.
    if (value === undefined || spec.specifier(value)) return true;
  }
  return false;
}

function quotedValue(text: string, start: number): string | undefined {
  const quote = text.charCodeAt(start);
  let end = start + 1;
  while (end < text.length && text.charCodeAt(end) !== quote && text.charCodeAt(end) !== 0x0a) end++;
  const raw = text.slice(start + 1, end);
  if (text.charCodeAt(end) === 0x0a && endsWithEscape(raw)) return undefined;
  // A legacy octal escape (`\100` is `@`) is read only outside strict code: a doubt too.
  if (LEGACY_OCTAL.test(raw)) return undefined;
  return raw.includes("\\") ? decodeStringEscapes(raw) : raw;
}

/** Whether a line's text ends in an odd run of backslashes (before a `\r`): the line break is escaped. */
function endsWithEscape(line: string): boolean {
  let i = line.length - 1;
  if (line.charCodeAt(i) === 0x0d) i--;
  let run = 0;
  while (i >= 0 && line.charCodeAt(i) === 0x5c) {
    run++;
    i--;
  }
  return run % 2 === 1;
}

const LEGACY_OCTAL = /\\(?:[1-7]|0[0-9])/;

const SINGLE_ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** A string literal's escapes as JavaScript reads them (`\x40`, `\u0040`, `\u{40}`, `\n`, a line continuation). */
function decodeStringEscapes(raw: string): string {
  return raw.replace(/\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]{1,6})\}|(\r\n|[\s\S]))/g, (_, x?: string, u?: string, braced?: string, other?: string) => {
    const code = x ?? u ?? braced;
    if (code !== undefined) return codePoint(parseInt(code, 16));
    if (other === "\n" || other === "\r\n" || other === "\r" || other === "\u2028" || other === "\u2029") return "";
    return SINGLE_ESCAPES[other!] ?? other!;
  });
}

/** Every `\uXXXX` and `\u{X}` of a text as the character it names (identifiers may be spelled so). */
function decodeUnicodeEscapes(text: string): string {
  return text.replace(/\\u(?:([0-9A-Fa-f]{4})|\{([0-9A-Fa-f]{1,6})\})/g, (_, u?: string, braced?: string) => codePoint(parseInt((u ?? braced)!, 16)));
}

function codePoint(n: number): string {
  return n <= 0x10ffff ? String.fromCodePoint(n) : "";
}

const WORD = /[\w$]/;

function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if ((at === 0 || !WORD.test(text[at - 1]!)) && (at + word.length >= text.length || !WORD.test(text[at + word.length]!))) return true;
  }
  return false;
}
