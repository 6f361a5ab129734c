// The matches of a pattern that can only start where one of a few words starts (`\bexport …`), found
// from the places of those words instead of by trying the pattern at every character. The regular-
// expression engine finds one literal word fast but an alternation of words slowly, and the `extends`
// pre-pass reads each module with several patterns that all start with the same words: the words'
// places are found once, and each pattern is tried only there.

/** Where `words` (a global pattern of literal words) occur in `text`, in increasing order. */
export function wordPlaces(text: string, words: RegExp): number[] {
  const places: number[] = [];
  words.lastIndex = 0;
  for (let m = words.exec(text); m; m = words.exec(text)) places.push(m.index);
  return places;
}

/**
 * Exactly the matches `text.matchAll(pattern)` gives, for a `pattern` whose every match starts at one
 * of `places` (ascending): each search resumes where the last match ended, so a match that takes in a
 * later place hides it, as it does from the global pattern. `sticky` is the pattern with the `y` flag
 * (and no `g`), tried at each place in turn.
 */
export function* matchesAt(text: string, sticky: RegExp, places: readonly number[]): Generator<RegExpExecArray> {
  let resume = 0;
  for (const at of places) {
    if (at < resume) continue;
    sticky.lastIndex = at;
    const m = sticky.exec(text);
    if (!m) continue;
    // An empty match moves the global search one character on.
    resume = m[0].length === 0 ? at + 1 : at + m[0].length;
    yield m;
  }
}

/** `pattern.test(text)`, for a pattern whose every match starts at one of `places`. */
export function matchesSomewhere(text: string, sticky: RegExp, places: readonly number[]): boolean {
  for (const at of places) {
    sticky.lastIndex = at;
    if (sticky.test(text)) return true;
  }
  return false;
}
