// `npm run dev`: the token service (restarting on change) and Vite's dev server with hot reload,
// which forwards /api to the service.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const servicePort = process.env.PORT ?? '3000';
const children = [];

function start(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code) => {
    console.log(`${name} stopped (${code ?? 'signal'}); stopping the rest.`);
    for (const other of children) other.kill('SIGTERM');
    process.exitCode = code ?? 0;
  });
  children.push(child);
}

start('service', process.execPath, ['--import', 'tsx', '--watch', join(root, 'server/main.ts')], {
  PORT: servicePort,
});
start('vite', process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
  SERVICE_PORT: servicePort,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
