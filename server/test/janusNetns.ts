import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Debian's Janus in a network namespace of its own, for the tests and the bench (docs/FOOTGUNS: Janus
 * leaves the loopback interface out of its ICE candidates, so on one machine it must sit behind a veth
 * pair). The namespace gets 10.77.N.2, this side of the pair 10.77.N.1: the app server reaches Janus's
 * WebSocket at ws://10.77.N.2:8188, and the browsers reach its media ports over the same pair. Needs root
 * (CI runs as root) and iproute2; `janusAvailable()` says whether this machine can.
 */

export interface JanusTestServer {
  /** The WebSocket address for JANUS_URL. */
  url: string;
  apiSecret: string;
  adminKey: string;
  /** Stops Janus (the namespace stays, so it can be started again: a Janus that stops answering). */
  stop(): Promise<void>;
  /** Starts it again after stop(), with other secrets if given. */
  start(secrets?: { apiSecret: string; adminKey: string }): Promise<void>;
  /** Stops Janus and removes the namespace. */
  destroy(): Promise<void>;
  /** This side's address on the veth pair: the browsers' end of their media. */
  hostAddress: string;
  /**
   * A weak link to some browsers: what Janus sends to these UDP ports (theirs, on hostAddress) goes at
   * most `kbit` kbit/s through a short queue, so the rest is lost. unthrottle() lifts it.
   */
  throttle(ports: number[], kbit: number): void;
  unthrottle(): void;
  log(): string;
}

const JANUS = '/usr/bin/janus';
const LIB = '/usr/lib/x86_64-linux-gnu/janus';

export function janusAvailable(): boolean {
  // `janus --version` prints its version and exits with 1: its presence is the test.
  if (!existsSync(JANUS) || process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

/** How the test's Janus differs from the shipped one: `stringIds`, the VideoRoom plugin's string_ids. */
export interface JanusTestOptions {
  stringIds?: boolean;
}

function writeConfig(
  dir: string,
  wsAddress: string,
  veth: string,
  apiSecret: string,
  adminKey: string,
  options: JanusTestOptions,
) {
  const plugins = ['audiobridge', 'duktape', 'echotest', 'lua', 'nosip', 'recordplay', 'sip', 'streaming'];
  const others = [...plugins, 'textroom', 'videocall', 'voicemail'].map((name) => `libjanus_${name}.so`);
  const transports = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map((name) => `libjanus_${name}.so`);
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 4
  api_secret = "${apiSecret}"
  admin_secret = "${randomBytes(12).toString('hex')}"
  server_name = "splikz-test"
}
media: {
  rtp_port_range = "20000-40000"
  slowlink_threshold = 4
}
nat: {
  ice_enforce_list = "${veth}"
  ignore_mdns = true
  nice_debug = false
}
plugins: {
  disable = "${others.join(',')}"
}
transports: {
  disable = "${transports.join(',')}"
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: {
  json = "compact"
  ws = true
  ws_port = 8188
  ws_ip = "${wsAddress}"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
  );
  writeFileSync(
    path.join(dir, 'janus.plugin.videoroom.jcfg'),
    `general: {
  admin_key = "${adminKey}"
  lock_rtp_forward = true${options.stringIds ? '\n  string_ids = true' : ''}
}
`,
  );
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startJanusInNetns(options: JanusTestOptions = {}): Promise<JanusTestServer> {
  const tag = `${process.pid % 10_000}${randomBytes(1).toString('hex')}`;
  const netns = `splikz-janus-${tag}`;
  const hostVeth = `sjh${tag}`;
  const janusVeth = `sjn${tag}`;
  const subnet = `10.77.${randomBytes(1)[0]! % 250}`;
  const apiSecret = randomBytes(16).toString('hex');
  const adminKey = randomBytes(16).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'splikz-janus-'));
  writeConfig(dir, `${subnet}.2`, janusVeth, apiSecret, adminKey, options);

  ip('netns', 'add', netns);
  ip('link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', janusVeth);
  ip('link', 'set', janusVeth, 'netns', netns);
  ip('addr', 'add', `${subnet}.1/24`, 'dev', hostVeth);
  ip('link', 'set', hostVeth, 'up');
  ip('netns', 'exec', netns, 'ip', 'addr', 'add', `${subnet}.2/24`, 'dev', janusVeth);
  ip('netns', 'exec', netns, 'ip', 'link', 'set', janusVeth, 'up');
  ip('netns', 'exec', netns, 'ip', 'link', 'set', 'lo', 'up');

  let child: ChildProcess | null = null;
  let output = '';
  const server = { apiSecret, adminKey };
  const start = async (secrets?: { apiSecret: string; adminKey: string }) => {
    if (secrets) {
      Object.assign(server, secrets);
      writeConfig(dir, `${subnet}.2`, janusVeth, secrets.apiSecret, secrets.adminKey, options);
    }
    output = '';
    child = spawn('ip', ['netns', 'exec', netns, JANUS, '-F', dir, '-N', '-o'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 20_000;
    while (!(await portOpen(`${subnet}.2`, 8188))) {
      if (child.exitCode !== null) throw new Error(`janus exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`janus did not listen within 20 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (running.exitCode === null) running.kill('SIGKILL');
  };
  await start();
  return {
    url: `ws://${subnet}.2:8188`,
    get apiSecret() {
      return server.apiSecret;
    },
    get adminKey() {
      return server.adminKey;
    },
    start,
    stop,
    async destroy() {
      await stop();
      try {
        ip('link', 'del', hostVeth);
      } catch {}
      try {
        ip('netns', 'del', netns);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => output,
    hostAddress: `${subnet}.1`,
    throttle(ports, kbit) {
      const tc = (...args: string[]) => ip('netns', 'exec', netns, 'tc', ...args);
      tc('qdisc', 'replace', 'dev', janusVeth, 'root', 'handle', '1:', 'htb', 'default', '10');
      tc('class', 'replace', 'dev', janusVeth, 'parent', '1:', 'classid', '1:10', 'htb', 'rate', '1000mbit');
      tc(
        'class',
        'replace',
        'dev',
        janusVeth,
        'parent',
        '1:',
        'classid',
        '1:20',
        'htb',
        'rate',
        `${kbit}kbit`,
        'ceil',
        `${kbit}kbit`,
      );
      tc('qdisc', 'replace', 'dev', janusVeth, 'parent', '1:20', 'handle', '20:', 'pfifo', 'limit', '10');
      for (const port of ports) {
        tc(
          'filter',
          'add',
          'dev',
          janusVeth,
          'protocol',
          'ip',
          'parent',
          '1:',
          'prio',
          '1',
          'u32',
          'match',
          'ip',
          'dport',
          String(port),
          '0xffff',
          'flowid',
          '1:20',
        );
      }
    },
    unthrottle() {
      try {
        ip('netns', 'exec', netns, 'tc', 'qdisc', 'del', 'dev', janusVeth, 'root');
      } catch {}
    },
  };
}
