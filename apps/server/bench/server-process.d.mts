// Types of server-process.mjs, for the TypeScript that imports it (the fault test).
import type { ChildProcess, ChildProcessByStdio, StdioOptions } from 'node:child_process';
import type { Readable } from 'node:stream';

export const serverRoot: string;
export const mainJs: string;

export function freePort(): Promise<number>;

export interface ServerOptions {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  source?: boolean;
  /** Another build's dist/main.js (default: this one's). */
  main?: string;
}
export function spawnServer(
  options: ServerOptions & { stdio: ['ignore', 'pipe', 'pipe'] },
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnServer(options: ServerOptions & { stdio?: StdioOptions }): ChildProcess;

export function spawnBenchServer(
  label: string,
  options?: Omit<ServerOptions, 'port' | 'dataDir'> & { stdio?: StdioOptions },
): Promise<{ base: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> }>;

export function waitFor(url: string, child: ChildProcess, label: string): Promise<void>;
export function stop(child: ChildProcess, signal?: NodeJS.Signals): Promise<void>;

export function percentile(sorted: readonly number[], p: number): number;

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  expect?: readonly number[];
  timeoutMs?: number;
}
export function call(
  base: string,
  method: string,
  url: string,
  options?: CallOptions,
): Promise<{ status: number; json: unknown }>;

export function mailedCodes(dataDir: string): Map<string, string>;
export function latestCode(dataDir: string, to: string): string;
export function signUp(
  base: string,
  dataDir: string,
  person: { name: string; email: string; phoneNumber: string; password: string },
): Promise<{ authorization: string }>;

export function scratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }>;

export function isMain(moduleUrl: string): boolean;
export function numberOption(name: string, fallback: number): number;
