import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './tools/eslint/import-boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { kontor: { rules: { 'import-boundaries': importBoundaries } } },
    rules: { 'kontor/import-boundaries': 'error' },
  },
  {
    // pdf.js replaces built-ins of the whole process as it loads; shared/files/pdfjs.ts loads it and puts them back.
    files: ['**/*.ts'],
    ignores: ['shared/files/pdfjs.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['pdfjs-dist/**/*.mjs'], allowTypeImports: true, message: 'import pdf.js from shared/files/pdfjs.ts' }],
        },
      ],
    },
  },
  {
    // The review page: plain ES modules that run in the browser as they are.
    files: ['web/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts', '**/*-cli.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
