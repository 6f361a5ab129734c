import type { FileSystemHost, RuntimeDirEntry } from "ts-morph";
import { limitFor } from "./limits";
import { readRegularFile } from "./readRegularFile";

/**
 * The file system the analysis reads through (CLI and language server): every read, whoever asks for
 * it (the analysis, TypeScript resolving an `extends` chain or a package's `package.json`), goes to a
 * regular file under its size limit (`limits.ts`), and nothing is ever written, moved or deleted.
 */
export class GuardedFileSystem implements FileSystemHost {
  readonly #inner: FileSystemHost;

  constructor(inner: FileSystemHost) {
    this.#inner = inner;
  }

  readFileSync(filePath: string): string {
    return readRegularFile(filePath, limitFor(filePath));
  }

  async readFile(filePath: string): Promise<string> {
    return this.readFileSync(filePath);
  }

  isCaseSensitive(): boolean {
    return this.#inner.isCaseSensitive();
  }
  readDirSync(dirPath: string): RuntimeDirEntry[] {
    return this.#inner.readDirSync(dirPath);
  }
  fileExists(filePath: string): Promise<boolean> {
    return this.#inner.fileExists(filePath);
  }
  fileExistsSync(filePath: string): boolean {
    return this.#inner.fileExistsSync(filePath);
  }
  directoryExists(dirPath: string): Promise<boolean> {
    return this.#inner.directoryExists(dirPath);
  }
  directoryExistsSync(dirPath: string): boolean {
    return this.#inner.directoryExistsSync(dirPath);
  }
  realpathSync(path: string): string {
    return this.#inner.realpathSync(path);
  }
  getCurrentDirectory(): string {
    return this.#inner.getCurrentDirectory();
  }
  glob(patterns: readonly string[]): Promise<string[]> {
    return this.#inner.glob(patterns);
  }
  globSync(patterns: readonly string[]): string[] {
    return this.#inner.globSync(patterns);
  }

  // The analysis only reads: a write would be a bug, and must not reach the user's disk.
  delete(): Promise<void> {
    return Promise.reject(readOnly());
  }
  deleteSync(): void {
    throw readOnly();
  }
  writeFile(): Promise<void> {
    return Promise.reject(readOnly());
  }
  writeFileSync(): void {
    throw readOnly();
  }
  mkdir(): Promise<void> {
    return Promise.reject(readOnly());
  }
  mkdirSync(): void {
    throw readOnly();
  }
  move(): Promise<void> {
    return Promise.reject(readOnly());
  }
  moveSync(): void {
    throw readOnly();
  }
  copy(): Promise<void> {
    return Promise.reject(readOnly());
  }
  copySync(): void {
    throw readOnly();
  }
}

function readOnly(): Error {
  return new Error("the analysis file system is read-only");
}
