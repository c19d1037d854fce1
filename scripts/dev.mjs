// `npm run dev`: the API with reload (tsx watch, :3000) and the Vite dev server with HMR (:5173,
// proxying /api to :3000). Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const children = [
  spawn('npm', ['run', 'dev', '-w', '@candor/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', SERVE_WEB: 'false', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@candor/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
