// Where a text spells a word that may open a declaration (`const`, `function`, `class`, `import`, …),
// for the patterns of the `extends` pre-pass that each start with such a word (wordMatches.ts): the
// names a file declares itself (baseReach.ts) and the names it binds as values (heritageText.ts). The
// pre-pass asks both of a file's text one right after the other, so the places of the last text asked
// are kept.

const DECLARATION_WORDS = /\b(?:const|let|var|function|enum|namespace|module|import|class|interface)/g;

let lastText: string | undefined;
let lastPlaces: readonly number[] = [];

/**
 * Where each declaration word starts (after a non-word character), in increasing order. A word that
 * starts inside another word is not listed: no pattern starting with `\b` and a word can match there.
 */
export function declarationWordPlaces(text: string): readonly number[] {
  if (text !== lastText) {
    const places: number[] = [];
    DECLARATION_WORDS.lastIndex = 0;
    for (let m = DECLARATION_WORDS.exec(text); m; m = DECLARATION_WORDS.exec(text)) places.push(m.index);
    lastText = text;
    lastPlaces = places;
  }
  return lastPlaces;
}
