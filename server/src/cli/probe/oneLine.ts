// Text that came from the probed program (its output, its error messages) on its way into a one-line
// message: control characters escaped, line breaks included, and cut to a readable length.
import { terminalSafe as visible } from "../terminalText";

export function oneLine(text: string, max: number): string {
  const shown = visible(text);
  return shown.length > max ? `${shown.slice(0, max)}…` : shown;
}
