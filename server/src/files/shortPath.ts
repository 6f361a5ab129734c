/** Longest path shown whole in a message; a path 4,000 characters deep is shown by its ends. */
const MAX_SHOWN = 160;

/** `p` for a message: whole when short, else its start and end around an ellipsis. */
export function shortPath(p: string): string {
  if (p.length <= MAX_SHOWN) return p;
  return `${p.slice(0, MAX_SHOWN / 2 - 1)}…${p.slice(p.length - MAX_SHOWN / 2)}`;
}
