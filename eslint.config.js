// Lint: typescript-eslint's recommended rules, with `any` forbidden in our code,
// and the layer rules of eslint/layers.js (import direction, no cycles).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.local/', 'dist/', 'coverage/'] },
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
    files: ['**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/direction': 'error', 'layers/no-cycle': 'error' },
  },
);
