// The web app's build (vite build → clients/web/dist), its dev server (`npm run web:dev`, the API proxied to the
// local stack) and its component tests (a vitest project the root config lists).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const uswdsPackages = fileURLToPath(new URL('../../node_modules/@uswds/uswds/packages', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  css: {
    preprocessorOptions: {
      // USWDS's Sass modules are loaded by package name (`@use "uswds-core"`), from its packages folder.
      scss: { loadPaths: [uswdsPackages], quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'if-function'] },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json maps each page module to its chunks, so a bench can add up what one page loads.
    manifest: true,
    // The budget is 170 KB of compressed JavaScript for the home page; a warning above 250 KB raw flags a chunk that grew.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // The app's own components and words that two or more pages use go into one chunk loaded (modulepreload)
        // beside the entry, with the libraries they need: left to itself the bundler cut them into ~10 chunks of
        // under 1 KB each that a page fetched only after its own chunk, a queue of requests before the page showed.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /clients[\\/]web[\\/]src[\\/](components|words|follow)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.BILLWATCH_API ?? 'http://localhost:3000', changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Pages load lazily and forms are typed into key by key: generous for a busy 2-core CI machine.
    testTimeout: 30_000,
  },
});
