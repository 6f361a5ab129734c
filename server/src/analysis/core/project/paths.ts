// Path helpers on `/`-separated absolute paths, the form ts-morph's file systems use on every platform.

export function normalizePath(p: string): string {
  let s = p.replace(/\\/g, "/");
  const parts: string[] = [];
  for (const part of s.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  const drive = /^[A-Za-z]:/.test(s) ? "" : "/";
  s = drive + parts.join("/");
  return s;
}

export function dirname(p: string): string {
  const i = p.lastIndexOf("/");
  if (i <= 0) return "/";
  return p.slice(0, i);
}

export function basename(p: string): string {
  return p.slice(p.lastIndexOf("/") + 1);
}

export function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? dir + name : `${dir}/${name}`;
}

/** Whether `p` is `dir` or inside it. */
export function isWithin(dir: string, p: string): boolean {
  if (dir === "/") return p.startsWith("/");
  return p === dir || p.startsWith(`${dir}/`);
}

/** `p` relative to `base`, with `/` separators and no leading `./` (cli.md's `file` field). */
export function relativePath(base: string, p: string): string {
  if (isWithin(base, p)) return p === base ? "." : p.slice(base === "/" ? 1 : base.length + 1);
  const from = base.split("/").filter(Boolean);
  const to = p.split("/").filter(Boolean);
  let i = 0;
  while (i < from.length && i < to.length && from[i] === to[i]) i++;
  return [...from.slice(i).map(() => ".."), ...to.slice(i)].join("/");
}

/** A JSON module (`./package.json`): Node loads its parsed text as the module's value. */
export function isJsonModule(fileName: string): boolean {
  return /\.json$/i.test(fileName);
}
