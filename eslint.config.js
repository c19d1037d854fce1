import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

// One lint setup for the whole repo. Features of the web app never import each other: they meet
// in routes (src/app). The rule lists the feature folders explicitly.
const webFeatures = [
  'auth',
  'admin',
  'catalog',
  'dashboard',
  'history',
  'interview',
  'reports',
  'settings',
  'practice',
  'admin-catalog',
  'admin-candidates',
  'admin-dashboard',
  'admin-settings',
];

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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message: 'Features never import each other; compose them in src/app routes.',
          })),
        },
      ],
    },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
  },
  {
    files: [
      'apps/server/src/**/service.ts',
      'apps/server/src/**/*-service.ts',
      'apps/server/src/engine/**',
      'apps/server/src/ai/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*'], message: 'Services never import Fastify.' },
          ],
        },
      ],
    },
  },
);
