// A per-file analysis budget, checked on the text before parsing. Parsing is the one step of an
// analysis that nothing can interrupt (not even a cancellation), and its time grows with the number
// of declarations: 100,000 classes in 8 MB take TypeScript's parser several seconds and the analysis a
// minute. Such a file is generated, not written, and is skipped with this reason.

/** Most classes one file may declare and still be analysed. */
export const MAX_CLASSES_PER_FILE = 20_000;

/**
 * Whether the text holds more `class` keywords than the budget allows. Strings and comments are not
 * skipped, which can only over-count on text nobody writes by hand.
 */
export function overClassBudget(text: string): boolean {
  let count = 0;
  const word = /\bclass\b/g;
  while (word.exec(text) !== null) if (++count > MAX_CLASSES_PER_FILE) return true;
  return false;
}
