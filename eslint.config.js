import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Feature folders of the web app. Features never import each other: they meet in src/app routes.
const webFeatures = [
  'auth',
  'admin-auth',
  'dashboard',
  'practice',
  'interview',
  'reports',
  'history',
  'settings',
  'progress',
  'admin-dashboard',
  'admin-catalog',
  'admin-candidates',
  'admin-settings',
];

/** Matches an import of another feature, by alias (@/features/x) or by a relative path. */
function otherFeatures(feature) {
  const others = webFeatures.filter((f) => f !== feature).join('|');
  return `^(@/features/|(\\.\\./)+(features/)?)(${others})(/|$)`;
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
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: otherFeatures(feature),
              message: 'Features never import each other; compose them in src/app routes.',
            },
          ],
        },
      ],
    },
  })),
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
