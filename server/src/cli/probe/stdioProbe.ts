// One era's question over stdio: start the server, write one JSON-RPC request as a line on its stdin,
// read newline-delimited JSON-RPC from its stdout until the answer comes, then stop it. A line on
// stdout that is not JSON-RPC breaks the transport's rule (stdout is for messages) but not the SDK's
// client, which skips it: the probe skips it too and reports it beside the answer.
import { startChild, stopChild } from "./children";
import { answerOf, asRpcMessage, isOurResponse, replyToServerRequest, type EraAnswer, type EraQuestion } from "./requests";
import { oneLine } from "./oneLine";
import { stderrSuffix } from "./stderrLine";
import { StdoutNoise } from "./stdoutNoise";

export interface StdioTarget {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** A line longer than this without a newline is not a message a probe waits for. */
const MAX_LINE = 8 * 1024 * 1024;
const STDERR_TAIL = 4096;

export function askOverStdio(target: StdioTarget, question: EraQuestion, timeoutMs: number): Promise<EraAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    let stdout = "";
    let stderrTail = "";
    const noise = new StdoutNoise();
    const child = startChild(target.command, target.args, target.cwd, target.env);
    const finish = (answer: EraAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The answer is given only once the server and its group are gone: nothing outlives the probe.
      void stopChild(child).then(() => resolve(answer));
    };
    const lastStderrLine = () => `${stderrSuffix(stderrTail)}${noise.describe() ? `; ${noise.describe()}` : ""}`;
    const timer = setTimeout(() => finish({ kind: "failed", message: `no answer to ${question.method} within ${timeoutMs} ms${lastStderrLine()}` }), timeoutMs);

    child.once("error", (err: NodeJS.ErrnoException) => {
      const why = err.code === "ENOENT" ? "no such command" : err.code === "EACCES" ? "permission denied" : err.message;
      finish({ kind: "failed", message: `cannot start ${oneLine(target.command, 200)}: ${oneLine(why, 200)}` });
    });
    // "close" comes after the last output was read; a server that exits while something it started
    // still holds stdout open gets "exit" only, so a short wait stands in for "close" then.
    const exitedEarly = (code: number | null, signal: NodeJS.Signals | null) => {
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      finish({ kind: "failed", message: `the server ${how} before answering ${question.method}${lastStderrLine()}` });
    };
    child.once("close", exitedEarly);
    child.once("exit", (code, signal) => {
      setTimeout(() => exitedEarly(code, signal), 300).unref();
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (settled) return;
      stdout += chunk;
      let newline: number;
      while (!settled && (newline = stdout.indexOf("\n")) >= 0) {
        const line = stdout.slice(0, newline).replace(/\r$/, "");
        stdout = stdout.slice(newline + 1);
        if (line.trim() !== "") onLine(line);
      }
      if (!settled && stdout.length > MAX_LINE) finish({ kind: "failed", message: `the server wrote more than ${MAX_LINE} bytes to stdout without a line break` });
    });

    function onLine(line: string): void {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      const message = asRpcMessage(parsed);
      if (!message) {
        noise.add(line);
        return;
      }
      if (isOurResponse(message)) {
        const answer = answerOf(message, question);
        const skipped = noise.describe();
        finish(skipped && answer.kind !== "failed" ? { ...answer, note: `before answering, ${skipped}: the SDK's client skips such lines, a stricter client may not` } : answer);
        return;
      }
      const reply = replyToServerRequest(message);
      if (reply) child.stdin.write(`${JSON.stringify(reply)}\n`);
      // Notifications (log messages, list changes) are not what the probe asks about.
    }

    child.stdin.write(`${JSON.stringify(question.message)}\n`);
  });
}
