// Lint: typescript-eslint's recommended rules, with `any` forbidden in our code,
// the layer rules of eslint/layers.js (import direction, no cycles), and the zod import form in bundled code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layersPlugin } from './eslint/layers.js';

export default tseslint.config(
  // The client's schema.d.ts is generated (npm run client:generate) and checked against a fresh generation by a test.
  { ignores: ['node_modules/', 'cdk.out/', '.local/', 'dist/', 'clients/web/dist/', 'coverage/', 'clients/typescript/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // What goes into the Lambda bundles. `import { z }` binds zod's namespace as one object, so a bundle keeps all of
    // zod (every locale, JSON Schema conversion): four times the code of `import * as z`, which esbuild tree-shakes.
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z'][importKind='value']",
          message: "Use `import * as z from 'zod'` (bundle size, see eslint.config.js).",
        },
      ],
    },
  },
  {
    // The web app: the rules of hooks (and the React Compiler's checks the plugin's recommended set carries).
    files: ['clients/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/direction': 'error', 'layers/no-cycle': 'error' },
  },
);
