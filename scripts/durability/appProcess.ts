import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import type { ChildCommand } from './bundle.ts';

/** Where and on what one app process runs. The same port and secret every time: cookies stay valid. */
export interface AppSettings {
  port: number;
  dataDir: string;
  authSecret: string;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
}

export const publicUrlOf = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The real app in a child process (loader.cjs), ended only by SIGKILL, as a crash or the OOM killer
 * would end it. Loading the code and starting the app are two steps so the next app can load while the
 * previous one still takes writes; only `start` opens the database and the port.
 */
export class AppProcess {
  private readonly lines: AsyncIterator<string>;
  private stderr = '';
  readonly exited: Promise<void>;
  loadMs = 0;
  startMs = 0;

  private constructor(private readonly child: ChildProcess) {
    this.lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.exited = once(child, 'exit').then(() => undefined);
  }

  /** Spawns the child and waits until its code is loaded (no database, no port yet). */
  static async load(command: ChildCommand, settings: AppSettings): Promise<AppProcess> {
    const started = performance.now();
    // Only what the app reads: a developer's DATABASE_URL or NODE_OPTIONS must not leak into the run.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PORT: String(settings.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrlOf(settings.port),
      DATA_DIR: settings.dataDir,
      AUTH_SECRET: settings.authSecret,
      // Every member of the run signs up from this one IP.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
      ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
    };
    const child = spawn(command.command, command.args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const app = new AppProcess(child);
    await app.expectLine('loaded');
    app.loadMs = performance.now() - started;
    return app;
  }

  /** Opens the database (migrations included) and the port; resolves once the app answers. */
  async start(): Promise<void> {
    const started = performance.now();
    this.child.stdin!.write('go\n');
    await this.expectLine('ready');
    this.startMs = performance.now() - started;
  }

  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once the process is gone. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  private async expectLine(expected: string): Promise<void> {
    const timeout = setTimeout(() => this.child.kill('SIGKILL'), 60_000);
    try {
      const line = await this.lines.next();
      if (line.done || line.value !== expected) {
        await this.exited;
        throw new Error(
          `the app child did not say "${expected}" (exit ${this.child.exitCode ?? this.child.signalCode}): ${this.stderr}`,
        );
      }
    } finally {
      clearTimeout(timeout);
    }
  }
}
