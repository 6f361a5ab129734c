/// <reference lib="dom" />
// Applies a new render to the page without flicker: parts whose markup did not change stay as they
// are (focus, selection and hover intact), changed parts are swapped in place, the live region
// keeps its element (so screen readers announce the new text), and focus and scroll survive.
import type { Part } from "./model";

/** A stable name for a focusable element, to find its replacement after a patch. */
function focusKey(el: Element | null): string | undefined {
  if (!(el instanceof HTMLElement) || el === document.body) return undefined;
  if (el.dataset.key) return `key:${el.dataset.key}`;
  if (el.id) return `id:${el.id}`;
  if (el.dataset.cmd) return `cmd:${el.dataset.cmd}:${el.dataset.section ?? ""}`;
  const part = el.closest<HTMLElement>("[data-part]");
  if (!part) return undefined;
  const focusables = Array.from(part.querySelectorAll("button, input, [tabindex]"));
  return `part:${part.dataset.part}:${focusables.indexOf(el)}`;
}

function findByKey(root: HTMLElement, key: string): HTMLElement | undefined {
  const [kind, ...rest] = key.split(":");
  const value = rest.join(":");
  const all = (selector: string) => Array.from(root.querySelectorAll<HTMLElement>(selector));
  switch (kind) {
    case "key":
      // Compared as strings rather than through a selector: keys hold user text.
      return all("[data-key]").find((e) => e.dataset.key === value);
    case "id":
      return all("[id]").find((e) => e.id === value);
    case "cmd": {
      const [cmd, section] = value.split(":");
      return all("[data-cmd]").find((e) => e.dataset.cmd === cmd && (e.dataset.section ?? "") === section);
    }
    case "part": {
      const i = value.lastIndexOf(":");
      const part = all("[data-part]").find((e) => e.dataset.part === value.slice(0, i));
      return part ? Array.from(part.querySelectorAll<HTMLElement>("button, input, [tabindex]"))[Number(value.slice(i + 1))] : undefined;
    }
  }
  return undefined;
}

function parse(markup: string): HTMLElement {
  const t = document.createElement("template");
  t.innerHTML = markup;
  return t.content.firstElementChild as HTMLElement;
}

/** Brings `root` from the `prev` parts to the `next` ones; returns the keys of the parts replaced. */
export function patchParts(root: HTMLElement, prev: readonly Part[], next: readonly Part[]): string[] {
  const before = new Map(prev.map((p) => [p.key, p.html]));
  const existing = new Map<string, HTMLElement>();
  for (const el of Array.from(root.children)) {
    if (el instanceof HTMLElement && el.dataset.part && before.has(el.dataset.part)) existing.set(el.dataset.part, el);
    else el.remove();
  }
  const active = document.activeElement;
  const activeKey = active && root.contains(active) ? focusKey(active) : undefined;
  const scrollY = window.scrollY;
  const replaced: string[] = [];
  let previous: HTMLElement | null = null;
  for (const p of next) {
    let el = existing.get(p.key);
    if (!el || before.get(p.key) !== p.html) {
      const fresh = parse(p.html);
      if (el && el.dataset.live) el.replaceChildren(...Array.from(fresh.childNodes));
      else {
        if (el) el.replaceWith(fresh);
        el = fresh;
      }
      replaced.push(p.key);
    }
    existing.delete(p.key);
    const wanted: Element | null = previous ? previous.nextElementSibling : root.firstElementChild;
    if (wanted !== el) root.insertBefore(el, wanted);
    previous = el;
  }
  for (const el of existing.values()) el.remove();
  if (activeKey && (!active || !root.contains(active))) findByKey(root, activeKey)?.focus({ preventScroll: true });
  if (window.scrollY !== scrollY) window.scrollTo(0, scrollY);
  return replaced;
}
