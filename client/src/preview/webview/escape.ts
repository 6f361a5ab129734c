// HTML building for the preview. Everything shown comes from the user's code (class names, keys,
// values, file names, messages), so markup is only ever produced through `html` below: every
// interpolated value is escaped unless it is itself the output of `html` (or `raw` for our own
// constant markup). Escaping covers attribute context too, so one function serves both.

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
  // Not needed inside quoted attributes, but it keeps attribute-like text (`onerror=`) from ever
  // appearing in the output, whatever a later reader of the markup assumes.
  "=": "&#61;",
};

/** Escapes text for element content and for quoted attribute values alike. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"'`=]/g, (c) => ENTITIES[c]!);
}

/** Markup that is already safe: made by `html`, or a constant of ours wrapped with `raw`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** For constant markup written in this folder (icons); never pass user data. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

export type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function interpolate(v: Interpolation): string {
  if (v === null || v === undefined || v === false) return "";
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(interpolate).join("");
  return esc(v);
}

/**
 * Tagged template: `html\`<b title="${t}">${x}</b>\``. Attribute values must be written inside
 * double quotes in the template; their interpolations are escaped like any text.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += interpolate(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

export function join(parts: readonly SafeHtml[], separator: SafeHtml | string = ""): SafeHtml {
  const sep = separator instanceof SafeHtml ? separator.value : esc(separator);
  return new SafeHtml(parts.map((p) => p.value).join(sep));
}

/** The file name of a URI, for display (`file:///…/src/inventory.ts` → `inventory.ts`). */
export function baseName(uri: string): string {
  return lastSegments(uri, 1);
}

/** The last `n` path segments of a URI, decoded when possible (`src/inventory.ts`). */
export function lastSegments(uri: string, n: number): string {
  const path = uri.replace(/[?#].*$/, "").replace(/\/+$/, "");
  const segs = path.split("/").slice(-n);
  return segs
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join("/");
}
