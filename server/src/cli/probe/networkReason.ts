// Why a fetch() failed, in a few words: Node's undici puts the system's reason in `cause`.
export function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND") return "no such host";
  return cause?.message ?? (err instanceof Error ? err.message : String(err));
}
