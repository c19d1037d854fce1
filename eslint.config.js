import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { folderBoundaries } from './eslint/folder-boundaries.js';

/**
 * Services (everything in modules/ but routes.ts and plugin.ts, the engine, the AI providers) never
 * see Fastify.
 */
const NO_FASTIFY = {
  group: ['fastify', '@fastify/*', 'fastify-*'],
  message:
    'Only routes.ts and plugin.ts files use Fastify: services take their dependencies as parameters.',
};
/**
 * app.ts registers every module (its routes.ts or plugin.ts); a module reaching into another's
 * would loop them.
 */
const NO_OTHER_ROUTES = {
  regex: '^\\.\\./.*(routes|plugin)(\\.[jt]s)?$',
  message: "No module imports another module's routes or plugin: app.ts registers them.",
};
/** The interview engine is pure: prompts, providers and the interviewer's words live in ai/. */
const NO_AI = {
  regex: '^(\\.\\./)+ai(/|$)',
  message: 'engine/ imports nothing from ai/ (the AI side depends on the engine, not back).',
};

function serverImportRules(blocks) {
  return blocks.map(({ patterns, ...where }) => ({
    ...where,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/coverage/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The Toaster mounts with the first toast raised through '@/lib/toast' (decision 050): a toast
  // raised with sonner's own function would wait for a Toaster that never comes.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/toast.ts',
      'apps/web/src/components/ui/toaster.tsx',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message: "Raise toasts with '@/lib/toast': its first toast mounts the Toaster.",
            },
          ],
        },
      ],
    },
  },
  // Web features never import each other: they meet in src/app routes. Guarded by the folder a
  // file is in, not by a list of names, so a new feature is guarded the day it is created.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { candor: { rules: { 'folder-boundaries': folderBoundaries } } },
    rules: {
      'candor/folder-boundaries': [
        'error',
        {
          roots: ['apps/web/src/features'],
          message: 'features never import each other; compose them in src/app routes',
        },
      ],
    },
  },
  // Server capabilities meet only through each other's index.ts (their public surface), by folder:
  // a module created tomorrow is guarded the day it is created (issue 26). Tests may reach into
  // the modules they set up (a report job, a résumé parsed in-process, another module's fixtures).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { candor: { rules: { 'folder-boundaries': folderBoundaries } } },
    rules: {
      'candor/folder-boundaries': [
        'error',
        {
          roots: ['apps/server/src/modules'],
          allow: ['index'],
          message: "a module uses another only through that module's index.ts",
        },
      ],
    },
  },
  // Server boundaries (issue 13). Flat config replaces a rule's options per matching block rather
  // than merging them, so each block lists every restriction its files have.
  ...serverImportRules([
    {
      files: [
        'apps/server/src/**/service.ts',
        'apps/server/src/**/*-service.ts',
        'apps/server/src/ai/**',
      ],
      patterns: [NO_FASTIFY],
    },
    { files: ['apps/server/src/engine/**'], patterns: [NO_FASTIFY, NO_AI] },
    {
      files: ['apps/server/src/modules/**'],
      ignores: ['apps/server/src/modules/**/routes.ts', 'apps/server/src/modules/**/plugin.ts'],
      patterns: [NO_FASTIFY, NO_OTHER_ROUTES],
    },
    {
      files: ['apps/server/src/modules/**/routes.ts', 'apps/server/src/modules/**/plugin.ts'],
      patterns: [NO_OTHER_ROUTES],
    },
  ]),
);
