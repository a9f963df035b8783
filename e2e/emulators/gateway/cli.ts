/** Running an emulator by itself: `--name value` arguments, demo tokens, Ctrl-C to stop. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOKEN_STATUS, type BaseToken, type EmulatorHandle } from './types';

/** `--name value`, `--name=value` and `--flag` into a map. */
function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      args.set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args.set(arg.slice(2), next);
      i++;
    } else args.set(arg.slice(2), 'true');
  }
  return args;
}

/** True when `moduleUrl` is the script node was started with (tsx or node --import tsx). */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(resolve(script)).href === moduleUrl;
}

/** Tokens of varied names, quotas and statuses to look at; `extra` adds a gateway's own fields. */
export function demoTokens<T extends BaseToken>(
  count: number,
  extra: (index: number) => Partial<T> = () => ({}),
): Partial<T>[] {
  const names = ['production', 'staging', 'ci', 'alice-laptop', 'bob-notebook', 'batch-jobs'];
  return Array.from({ length: count }, (_, i) => ({
    name: `${names[i % names.length]}-${i + 1}`,
    remain_quota: (i % 7) * 250000,
    used_quota: (i % 5) * 120000,
    unlimited_quota: i % 9 === 0,
    status: i % 11 === 5 ? TOKEN_STATUS.disabled : TOKEN_STATUS.enabled,
    ...extra(i),
  })) as Partial<T>[];
}

/**
 * The command line of an emulator: `--token` is required (else `usage` and exit 2), `--port`
 * and `--seed N` are common, the rest is the gateway's. Prints where it listens; stops on
 * Ctrl-C or SIGTERM.
 */
export async function runFromCommandLine<T extends BaseToken>(setup: {
  name: string;
  usage: string;
  start: (
    args: Map<string, string>,
    common: { port: number; accessToken: string },
  ) => Promise<EmulatorHandle<T>>;
  demo: (count: number) => Partial<T>[];
}): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const token = args.get('token');
  if (!token || token === 'true') {
    console.error(`usage: ${setup.usage}`);
    process.exit(2);
  }
  const handle = await setup.start(args, {
    port: Number(args.get('port') ?? 0),
    accessToken: token,
  });
  const seedCount = Number(args.get('seed') ?? 0);
  if (seedCount > 0) handle.seed(setup.demo(seedCount));
  console.log(`${setup.name} emulator listening on ${handle.url}`);
  const stop = () => {
    handle.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
