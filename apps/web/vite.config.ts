import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// The API the dev server forwards /api to (and `vite preview`, which shares the proxy).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * @candor/shared is a barrel of pure modules, several building zod schemas at load time. Declared
 * free of side effects, a module nobody uses is dropped: the first download takes the constants
 * it needs without zod and every schema.
 */
const sharedIsPure: Plugin = {
  name: 'candor-shared-is-pure',
  transform(_code, id) {
    if (id.includes('/packages/shared/src/')) return { moduleSideEffects: false };
    return null;
  },
};

/**
 * React Router 7's package exports name only its development bundle (dev warnings on, extra
 * checks; remix-run/react-router#14102). The production build takes its production bundle, which
 * the package ships beside it with the same API.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.resolve(
    import.meta.dirname,
    '../../node_modules/react-router/dist/production/index.mjs',
  ),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), sharedIsPure],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
  // Maps stay on disk for e2e/tools/profile-page.ts; pages do not point at them (they are not served).
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 700 },
}));
