// Keyboard moves of editor-ux §5 as pure functions (the script maps DOM rows to these and back):
// the era trees follow the ARIA tree pattern, the server menu the listbox pattern.

export interface TreeRow {
  /** aria-level: top-level keys are 1. */
  readonly level: number;
  /** aria-expanded: undefined for a leaf. */
  readonly expanded?: boolean;
}

export type TreeMove = { readonly focus: number } | { readonly toggle: true } | undefined;

/** What a key does on row `index`: move focus to another row, fold/unfold it, or nothing. */
export function treeMove(rows: readonly TreeRow[], index: number, key: string): TreeMove {
  const row = rows[index];
  if (!row) return undefined;
  const at = (i: number): TreeMove => (i >= 0 && i < rows.length && i !== index ? { focus: i } : undefined);
  switch (key) {
    case "ArrowDown":
      return at(index + 1);
    case "ArrowUp":
      return at(index - 1);
    case "Home":
      return at(0);
    case "End":
      return at(rows.length - 1);
    case "ArrowRight":
      if (row.expanded === false) return { toggle: true };
      // Expanded: into the first child (the next row is one level deeper).
      return row.expanded && rows[index + 1]?.level === row.level + 1 ? { focus: index + 1 } : undefined;
    case "ArrowLeft": {
      if (row.expanded === true) return { toggle: true };
      for (let i = index - 1; i >= 0; i--) if (rows[i]!.level === row.level - 1) return { focus: i };
      return undefined;
    }
  }
  return undefined;
}

export type ListMove = "selected" | "first" | "last" | "next" | "prev";

/** The option to focus in a list of `count`, from `current` (-1: none) and the `selected` one. */
export function listMove(count: number, current: number, selected: number, move: ListMove): number {
  if (count === 0) return -1;
  switch (move) {
    case "first":
      return 0;
    case "last":
      return count - 1;
    case "next":
      return Math.min(count - 1, current + 1);
    case "prev":
      return Math.max(0, current - 1);
    case "selected":
      return Math.max(0, selected);
  }
}
