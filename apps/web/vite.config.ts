import fs from 'node:fs';
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
 * The bare `zod`, everywhere but in src/lib/zod.ts itself, is that module: zod set up for the
 * page's Content-Security-Policy before its first schema is built (the file says why).
 */
const ZOD_SETUP = path.resolve(import.meta.dirname, 'src/lib/zod.ts');
const zodSetUpForCsp: Plugin = {
  name: 'candor-zod-set-up-for-csp',
  enforce: 'pre',
  resolveId(source, importer) {
    return source === 'zod' && importer !== ZOD_SETUP ? ZOD_SETUP : null;
  },
};

/**
 * React Router 7's package exports name only its development bundle (dev warnings on, extra
 * checks; remix-run/react-router#14102). The production build takes its production bundle, which
 * the package ships beside it with the same API.
 */
const reactRouterProduction = [
  ['react-router', 'index.mjs'],
  // The DOM entry (RouterProvider with flushSync) must share that bundle's router context.
  ['react-router/dom', 'dom-export.mjs'],
].map(([name, file]) => ({
  find: new RegExp(`^${name}$`),
  replacement: path.resolve(
    import.meta.dirname,
    `../../node_modules/react-router/dist/production/${file}`,
  ),
}));

/**
 * The in-page voice detector's files (server recognition, decision 022), served from our own
 * origin under /vad/: the Silero model and the audio worklet of @ricky0123/vad-web, and the ONNX
 * runtime's WebAssembly. The page fetches them only when the server recognises speech, so they
 * weigh nothing on other pages. Copied into the build; served from node_modules in development.
 */
const modules = path.resolve(import.meta.dirname, '../../node_modules');
const VAD_FILES: Record<string, string> = {
  'vad.worklet.bundle.min.js': '@ricky0123/vad-web/dist/vad.worklet.bundle.min.js',
  'silero_vad_v5.onnx': '@ricky0123/vad-web/dist/silero_vad_v5.onnx',
  'ort-wasm-simd-threaded.wasm': 'onnxruntime-web/dist/ort-wasm-simd-threaded.wasm',
  'ort-wasm-simd-threaded.mjs': 'onnxruntime-web/dist/ort-wasm-simd-threaded.mjs',
};
const VAD_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
};
const voiceDetectorAssets: Plugin = {
  name: 'candor-voice-detector-assets',
  configureServer(server) {
    server.middlewares.use('/vad/', (req, res, next) => {
      const name = (req.url ?? '').replace(/^\//, '').split('?')[0]!;
      const source = VAD_FILES[name];
      if (!source) return next();
      res.setHeader('content-type', VAD_TYPES[path.extname(name)] ?? 'application/octet-stream');
      fs.createReadStream(path.join(modules, source)).pipe(res);
    });
  },
  generateBundle() {
    for (const [name, source] of Object.entries(VAD_FILES)) {
      this.emitFile({
        type: 'asset',
        fileName: `vad/${name}`,
        source: fs.readFileSync(path.join(modules, source)),
      });
    }
  },
};

/**
 * Fewer, larger chunks for what many screens share. Left to itself, Rolldown gives every set of
 * screens that shares a module its own chunk: a report's first load was some thirty requests of
 * 1–2 KB (icons, UI primitives, small helpers), which over HTTP/1.1 queue six at a time, a round
 * trip each on a phone. What many screens share goes into two chunks instead: the icons (two or
 * more screens), and a kit of UI primitives, helpers and the shared package's plain modules (four
 * or more). Modules that would bring something heavy with them stay out of the kit (zod, Radix,
 * the form library, sonner, better-auth, Recharts, the end-of-turn word lists), and so do those
 * that draw icons, so no screen loads them for the kit's sake (decision 050; the budgets spec
 * holds each first load to its size).
 */
const HEAVY_IMPORT =
  /from '(zod|radix-ui|react-hook-form|@hookform|sonner|better-auth|recharts|lucide-react)/;
const FIRST_LOAD_GROUPS = [
  {
    name: 'icons',
    // The icons only (lucide's own runtime stays with the main script), and not those the main
    // script and the sign-in screens draw (the loading and error states, the product's mark), so
    // those screens do not load the others.
    test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!(mic|inbox|loader-circle|circle-exclamation-point)\.mjs)/,
    // Two: an icon is some 300 bytes, and a request of its own costs a phone a round trip in the
    // queue (the candidate dashboard drew four icons from chunks of their own, the admin
    // dashboard eight).
    minShareCount: 2,
    // An icon's dependencies (lucide's runtime, React) stay where they are.
    includeDependenciesRecursively: false,
  },
  {
    name: 'kit',
    test: (id: string) =>
      /[\\/](src[\\/](lib|components[\\/]ui)|packages[\\/]shared[\\/]src)[\\/]/.test(id) &&
      !/end-of-turn|lib[\\/]patience/.test(id) &&
      !HEAVY_IMPORT.test(fs.readFileSync(id.split('?')[0]!, 'utf8')),
    minShareCount: 4,
  },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), zodSetUpForCsp, sharedIsPure, voiceDetectorAssets],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
  // Maps stay on disk for e2e/tools/profile-page.ts; pages do not point at them (they are not served).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // Which chunks each screen's code needs: the server preloads a page's screen with the page.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: FIRST_LOAD_GROUPS } } },
  },
}));
