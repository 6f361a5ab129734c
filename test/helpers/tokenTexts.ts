// Texts made of tokens picked by a seeded generator: the same seed gives the same text, so a property
// test that fails names a text anyone can make again.

/** A text of `length` tokens from `tokens`, picked by a linear congruential generator seeded with `seed`. */
export function tokenText(tokens: readonly string[], seed: number, length: number): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  let text = "";
  for (let i = 0; i < length; i++) text += tokens[next() % tokens.length];
  return text;
}
