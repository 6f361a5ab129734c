// Inline SVG icons (no font or image request, so the CSP needs no extra source). They paint with
// currentColor: the stylesheet colours them from theme variables. Always paired with visible or
// screen-reader text, so they are hidden from assistive technology.
import { raw, type SafeHtml } from "./escape";

const svg = (body: string, size = 16): SafeHtml =>
  raw(`<svg class="ic" width="${size}" height="${size}" viewBox="0 0 16 16" aria-hidden="true" focusable="false">${body}</svg>`);

const S = 'fill="none" stroke="currentColor" stroke-width="1.2"';

export const icons = {
  lens: () => svg(`<circle cx="6.8" cy="6.8" r="4.6" ${S}/><path d="M4.6 6.8h4.4M6.8 4.6v4.4" ${S}/><path d="M10.2 10.2l4.2 4.2" fill="none" stroke="currentColor" stroke-width="1.6"/>`, 20),
  chevronDown: () => svg(`<path d="M3.5 6l4.5 4.5L12.5 6" ${S}/>`, 14),
  chevronRight: () => svg(`<path d="M6 3.5l4.5 4.5L6 12.5" ${S}/>`, 14),
  refresh: () => svg(`<path d="M13 8a5 5 0 1 1-1.6-3.7" ${S}/><path d="M11.9 1.5v3.2H8.7" ${S}/>`),
  follow: () => svg(`<circle cx="8" cy="8" r="5.8" ${S}/><circle cx="8" cy="8" r="2" fill="currentColor"/>`, 14),
  copy: () => svg(`<rect x="5.5" y="5.5" width="8" height="9" rx="1" ${S}/><path d="M3.5 10.5h-1v-9h8v1" ${S}/>`, 15),
  info: () => svg(`<circle cx="8" cy="8" r="6.3" ${S}/><path d="M8 7v4.6" fill="none" stroke="currentColor" stroke-width="1.4"/><circle cx="8" cy="4.9" r=".85" fill="currentColor"/>`, 15),
  warning: () => svg(`<path d="M8 1.8 14.7 14H1.3z" ${S} stroke-linejoin="round"/><path d="M8 6v4" fill="none" stroke="currentColor" stroke-width="1.4"/><circle cx="8" cy="12" r=".85" fill="currentColor"/>`),
  error: () => svg(`<circle cx="8" cy="8" r="6.3" ${S}/><path d="M5.6 5.6l4.8 4.8M10.4 5.6l-4.8 4.8" ${S}/>`),
  hint: () => svg(`<circle cx="4" cy="8" r="1.1" fill="currentColor"/><circle cx="8" cy="8" r="1.1" fill="currentColor"/><circle cx="12" cy="8" r="1.1" fill="currentColor"/>`),
  /** Base literal: `{ }`. */
  braces: () => svg(`<path d="M5.5 2.5c-1.6 0-1.8.8-1.8 2v1.4c0 1-.6 1.7-1.5 2.1.9.4 1.5 1.1 1.5 2.1v1.4c0 1.2.2 2 1.8 2M10.5 2.5c1.6 0 1.8.8 1.8 2v1.4c0 1 .6 1.7 1.5 2.1-.9.4-1.5 1.1-1.5 2.1v1.4c0 1.2-.2 2-1.8 2" ${S}/>`, 13),
  /** Handler (a method). */
  method: () => svg(`<path d="M8 1.5 13.5 4.6v6.8L8 14.5 2.5 11.4V4.6z" ${S}/><path d="M2.7 4.7 8 7.8l5.3-3.1M8 7.8v6.5" ${S}/>`, 13),
  /** Inherited handler: a method with an arrow up to the base. */
  inherited: () => svg(`<path d="M8 4.5 12.5 7v5L8 14.5 3.5 12V7z" ${S}/><path d="M3.7 7.1 8 9.6l4.3-2.5M8 9.6v4.9" ${S}/><path d="M8 .8v2.6M6.4 2.2 8 .8l1.6 1.4" ${S}/>`, 13),
  /** Endpoint component. */
  component: () => svg(`<rect x="2" y="2" width="5" height="5" rx=".6" ${S}/><rect x="9" y="2" width="5" height="5" rx=".6" ${S}/><rect x="2" y="9" width="5" height="5" rx=".6" ${S}/><rect x="9" y="9" width="5" height="5" rx=".6" ${S}/>`, 13),
  /** Modern era rule: a calendar with a tick. */
  rule: () => svg(`<rect x="2" y="2.5" width="12" height="11.5" rx="1.2" ${S}/><path d="M2 5.7h12M5.2 1.2v2.6M10.8 1.2v2.6" ${S}/><path d="M5 9.3l2 1.9 3.8-3.8" ${S}/>`, 13),
  /** Tasks extension: a package. */
  extension: () => svg(`<path d="M2.5 5 8 2.2 13.5 5v6L8 13.8 2.5 11z" ${S}/><path d="M2.5 5 8 7.8 13.5 5M8 7.8v6" ${S}/>`, 13),
  check: () => svg(`<path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" stroke-width="1.6"/>`, 12),
} as const;
