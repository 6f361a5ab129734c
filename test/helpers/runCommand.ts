// Runs a command in its own process group, killed whole after `limit` ms: for the test installs
// (`npm ci` of a pinned release) that must neither hang a suite nor leave processes behind.
import { spawn } from "node:child_process";

export function runCommand(cmd: string, args: string[], cwd: string, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), limit);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}: ${stderr}`));
    });
  });
}
