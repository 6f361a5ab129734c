// Where a predicted capabilities object and the captured one part: key by key, down to the values
// that differ, so that a report can name `tools.listChanged` rather than "tools differs".
export type Path = readonly string[];

export type Part =
  | { readonly path: Path; readonly kind: "predicted, not sent"; readonly predicted: unknown }
  | { readonly path: Path; readonly kind: "sent, not predicted"; readonly sent: unknown }
  | { readonly path: Path; readonly kind: "different value"; readonly predicted: unknown; readonly sent: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(sortedDeep(a)) === JSON.stringify(sortedDeep(b));

function sortedDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedDeep);
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedDeep(v[k])]));
}

/** Every place where `predicted` and `sent` differ; [] when they are deep-equal. */
export function partsThatDiffer(predicted: unknown, sent: unknown, path: Path = []): Part[] {
  if (same(predicted, sent)) return [];
  if (!isObject(predicted) || !isObject(sent)) return [{ path, kind: "different value", predicted, sent }];
  const parts: Part[] = [];
  for (const key of [...new Set([...Object.keys(predicted), ...Object.keys(sent)])].sort()) {
    const at = [...path, key];
    if (!(key in sent)) parts.push({ path: at, kind: "predicted, not sent", predicted: predicted[key] });
    else if (!(key in predicted)) parts.push({ path: at, kind: "sent, not predicted", sent: sent[key] });
    else parts.push(...partsThatDiffer(predicted[key], sent[key], at));
  }
  return parts;
}

const shown = (v: unknown) => (v === undefined ? "(absent)" : JSON.stringify(v));

/** `legacy.tools.listChanged: predicted true, sent false` */
export function describePart(era: string, part: Part): string {
  const where = [era, ...part.path].join(".");
  if (part.kind === "predicted, not sent") return `${where}: predicted ${shown(part.predicted)}, not sent`;
  if (part.kind === "sent, not predicted") return `${where}: sent ${shown(part.sent)}, not predicted`;
  return `${where}: predicted ${shown(part.predicted)}, sent ${shown(part.sent)}`;
}

/** True when `prefix` is `path` or one of its ancestors. */
export const isWithin = (path: Path, prefix: Path): boolean => prefix.length <= path.length && prefix.every((k, i) => path[i] === k);
