// What the CLI prints for a person goes to a terminal, and names, keys and paths come from the
// repository: an ESC in a capability key would recolour, retitle or rewrite the screen, a CR would
// overwrite the line, a bidi override would reorder it. Every human-output path (the report, the
// `--check` diff, errors and warnings) passes user text through `terminalSafe`.

/** C0 controls (tab and line breaks included), DEL, C1 controls, bidi controls, line/paragraph separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
/** The same, minus C0: JSON.stringify escapes those already, and its output must stay valid JSON. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const escapeOf = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Tab and line feed, which a multi-line text keeps. */
const LAYOUT = /[\t\n]/;

/** `text` with every character a terminal would act on written as a visible `\uXXXX` escape. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escapeOf);
}

/** JSON text with the characters above escaped too (`\uXXXX` inside strings: the same JSON value). */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, escapeOf);
}

/** A multi-line text (a diff, a report) made safe: its tabs and line feeds are kept. */
export function terminalSafeLines(text: string): string {
  return text.replace(UNSAFE, (c) => (LAYOUT.test(c) ? c : escapeOf(c)));
}
