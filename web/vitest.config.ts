// Unit tests run in Node against the real WASM build (build/wasm/attnlab_node.cjs) and the native
// CLI (build/native/attnlab); see tests/web/. The worker's import of the browser build
// (./generated/attnlab.js, and the lessons' attnlab-infer.js) is pointed at the Node build, so worker.ts itself runs in the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { firstViewPlugin } from './vite-plugin-first-view.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root: repoRoot,
  // The lessons' first views are computed by the real engine here too (the models of models/).
  plugins: [firstViewPlugin(path.join(repoRoot, 'models'))],
  resolve: {
    alias: [
      {
        find: /^\.\/generated\/attnlab(-infer)?\.js$/,
        replacement: path.join(repoRoot, 'tests/web/support/generated-shim.ts'),
      },
      {
        find: /^virtual:attnlab-models$/,
        replacement: path.join(repoRoot, 'tests/web/support/models-shim.ts'),
      },
    ],
  },
  test: {
    environment: 'node',
    include: ['tests/web/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
