// The diagnostics of the fastmcp dialect: run-time behaviour of fastmcp the capabilities do not show.
export const FASTMCP_CODES = {
  "fastmcp-list-changed-unadvertised": { severity: "warning", summary: "fastmcp sends a list_changed notification for a capability advertised without listChanged" },
  "fastmcp-first-after-start": { severity: "error", summary: "the first tool, resource or prompt is added after the session was created: it is never advertised" },
  "fastmcp-added-while-starting": { severity: "warning", summary: "a tool, resource or prompt added right after a stdio start() that is not awaited: the session never lists it" },
  "fastmcp-completions-unadvertised": { severity: "error", summary: "fastmcp before 3.23.1 answers completion/complete without advertising completions" },
  "fastmcp-schema-rejected": { severity: "error", summary: "a tool whose parameters or outputSchema is not a Standard Schema (a JSON Schema object): fastmcp 4.17.1+ throws as the tool is added" },
  "fastmcp-duplicate-name": { severity: "warning", summary: "two tools (prompts, resources, resource templates) added under one name: fastmcp 3.22.0+ keeps only the later, earlier releases list both and run the first" },
  "fastmcp-version-unknown": { severity: "information", summary: "the installed fastmcp version is missing or outside the releases whose rules are known: the newest rules known are shown, approximate" },
} as const;

export type FastmcpCode = keyof typeof FASTMCP_CODES;
