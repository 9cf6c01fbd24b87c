import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  {
    ignores: ['scratch/**', 'dist/**', 'dist-server/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'server/src/db/migrations/**', 'dev-dist/**', 'bench/out/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Layer boundaries (eslint-rules/boundaries.js says what each one means); tests/lint proves each fails.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/feature-isolation': 'error',
      'boundaries/domain-pure': 'error',
      'boundaries/sync-no-ui': 'error',
      'boundaries/server-uses-domain': 'error',
      'boundaries/shared-test-utils': 'error',
    },
  },
  // Components a person can read (issue 32): a .tsx past ~300 lines of code usually does two jobs;
  // split it into parts with one job each. tests/lint/max-lines.test.ts proves the rule bites.
  {
    files: ['src/**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
