// A byte-level LSP client for robustness tests: spawns dist/server.js over stdio and writes frames by
// hand, so it can send what no well-behaved client would (bad headers, invalid JSON, wrong versions,
// huge bodies). It answers the server's own requests (configuration, registrations, refreshes).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { SERVER } from "../../helpers/lspClient";

/** Linux's USER_HZ (clock ticks per second in /proc/<pid>/stat); 100 on every common kernel. */
const CLOCK_TICKS = 100;

export interface Message {
  readonly jsonrpc?: string;
  readonly id?: number | string | null;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

export class RawLsp {
  readonly process: ChildProcess;
  readonly received: Message[] = [];
  readonly stderr: string[] = [];
  readonly logs: string[] = [];
  #buffer = Buffer.alloc(0);
  #nextId = 1;
  readonly #waiters = new Map<number | string, (m: Message) => void>();
  #exit: Promise<number | null>;

  constructor(readonly root: string) {
    this.process = spawn(process.execPath, [SERVER, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    this.process.stdout!.on("data", (d: Buffer) => this.#onData(d));
    this.process.stderr!.on("data", (d) => this.stderr.push(String(d)));
    this.process.stdin!.on("error", () => undefined); // writing to a dead server is reported by `alive`
    this.#exit = new Promise((resolve) => this.process.on("exit", (code) => resolve(code)));
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  uri(relative: string): string {
    return pathToFileURL(`${this.root}/${relative}`).href;
  }

  /** Writes raw bytes (a frame made by hand, or garbage). */
  writeRaw(bytes: string | Buffer): void {
    this.process.stdin!.write(bytes);
  }

  /** A well-formed frame around any body. */
  frame(body: string | Buffer, extraHeaders = ""): Buffer {
    const b = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    return Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n${extraHeaders}\r\n`, "ascii"), b]);
  }

  send(message: object): void {
    this.writeRaw(this.frame(JSON.stringify(message)));
  }

  notify(method: string, params?: unknown): void {
    this.send({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }) });
  }

  /** Sends a request; resolves with the response (result or error), or rejects after `timeoutMs`. */
  request(method: string, params?: unknown, timeoutMs = 30_000): { id: number; response: Promise<Message> } {
    const id = this.#nextId++;
    const response = new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(id);
        reject(new Error(`no answer to ${method} #${id} within ${timeoutMs} ms (server alive: ${this.alive})`));
      }, timeoutMs);
      this.#waiters.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
    this.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    return { id, response };
  }

  async call(method: string, params?: unknown, timeoutMs?: number): Promise<Message> {
    return this.request(method, params, timeoutMs).response;
  }

  /** Waits for the response to an id the test wrote by hand. */
  waitFor(id: number | string, timeoutMs = 30_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to id ${String(id)} within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  async initialize(): Promise<void> {
    const r = await this.call("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(this.root).href,
      workspaceFolders: [{ uri: pathToFileURL(this.root).href, name: "robust" }],
      initializationOptions: { refreshDelayMs: 0 },
      capabilities: {
        workspace: { configuration: true, codeLens: { refreshSupport: true }, diagnostics: { refreshSupport: true }, workspaceFolders: true },
        textDocument: { hover: { contentFormat: ["markdown"] }, diagnostic: { dynamicRegistration: false } },
      },
    });
    if (r.error) throw new Error(`initialize failed: ${r.error.message}`);
    this.notify("initialized", {});
  }

  open(relative: string, text: string, version = 1): void {
    this.notify("textDocument/didOpen", { textDocument: { uri: this.uri(relative), languageId: "typescript", version, text } });
  }

  hover(relative: string, line: number, character: number, timeoutMs?: number): Promise<Message> {
    return this.call("textDocument/hover", { textDocument: { uri: this.uri(relative) }, position: { line, character } }, timeoutMs);
  }

  async stop(): Promise<number | null> {
    if (this.alive) {
      try {
        await Promise.race([this.call("shutdown", undefined, 5000), new Promise((r) => setTimeout(r, 5000))]);
      } catch {
        // ignore
      }
      this.notify("exit");
      await Promise.race([this.#exit, new Promise((r) => setTimeout(r, 3000))]);
      if (this.alive) this.process.kill();
    }
    return this.#exit;
  }

  /** Ends the process at once (after a test that may have left it deaf or busy). */
  async kill(): Promise<void> {
    if (this.alive) this.process.kill("SIGKILL");
    await this.#exit;
  }

  /** CPU time (user + system) the server process has used so far, in ms (Linux /proc; NaN elsewhere). */
  cpuMs(): number {
    try {
      const stat = readFileSync(`/proc/${this.process.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      return NaN;
    }
  }

  exited(): Promise<number | null> {
    return this.#exit;
  }

  #onData(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const end = this.#buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const header = this.#buffer.subarray(0, end).toString("ascii");
      const length = Number(/Content-Length: *(\d+)/i.exec(header)?.[1]);
      if (!Number.isFinite(length)) throw new Error(`bad header from the server: ${header}`);
      if (this.#buffer.length < end + 4 + length) return;
      const body = this.#buffer.subarray(end + 4, end + 4 + length).toString("utf8");
      this.#buffer = this.#buffer.subarray(end + 4 + length);
      this.#onMessage(JSON.parse(body) as Message);
    }
  }

  #onMessage(m: Message): void {
    this.received.push(m);
    if (m.method === "window/logMessage") this.logs.push(String((m.params as { message?: string })?.message));
    if (m.method !== undefined && m.id !== undefined && m.id !== null) {
      // A request from the server.
      const result = m.method === "workspace/configuration" ? ((m.params as { items?: unknown[] })?.items ?? []).map(() => ({})) : null;
      this.send({ jsonrpc: "2.0", id: m.id, result });
      return;
    }
    if (m.id !== undefined && m.id !== null && m.method === undefined) {
      const w = this.#waiters.get(m.id);
      if (w) {
        this.#waiters.delete(m.id);
        w(m);
      }
    }
  }
}
