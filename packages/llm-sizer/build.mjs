// Builds the npm package into one folder (publish it with `npm publish OUT_DIR`): index.js (the
// core's API), card.js (the <llm-sizer-card> element, its stylesheet inlined), the chunks they
// share and the languages (loaded when used), the .wasm beside them, the type declarations, this
// package.json and README.md. Every file sits in the one folder, so each finds the .wasm through
// its own import.meta.url, from a CDN, a bundler's output or a copied folder alike.
// Usage: node packages/llm-sizer/build.mjs WASM_DIR OUT_DIR
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = dirname(fileURLToPath(import.meta.url));
const root = join(packageDir, '..', '..');
const { build } = createRequire(join(root, 'web/package.json'))('esbuild');
const [wasmDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
if (!wasmDir || !outDir) {
  console.error('usage: node packages/llm-sizer/build.mjs WASM_DIR OUT_DIR');
  process.exit(2);
}

const minify = { minify: true, legalComments: 'none', logLevel: 'warning', target: 'es2022' };
// The card's stylesheet, bundled (base.css + card.css) into the text its shadow root adopts.
const styles = await build({
  ...minify,
  entryPoints: [join(root, 'web/src/styles/card-element.css')],
  bundle: true,
  write: false,
  outdir: outDir,
});
const css = styles.outputFiles[0].text;

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
await build({
  ...minify,
  entryPoints: { index: join(packageDir, 'index.js'), card: join(packageDir, 'card.js') },
  bundle: true,
  format: 'esm',
  splitting: true,
  chunkNames: '[name]-[hash]',
  outdir: outDir,
  alias: { 'llm-sizer-wasm': join(wasmDir, 'api.mjs') },
  plugins: [{
    name: 'card-css',
    setup(b) {
      b.onResolve({ filter: /^llm-sizer-card-css$/ }, (args) => ({ path: args.path, namespace: 'card-css' }));
      b.onLoad({ filter: /.*/, namespace: 'card-css' }, () => ({ contents: css, loader: 'text' }));
    },
  }],
});
for (const file of ['index.d.ts', 'card.d.ts', 'package.json', 'README.md']) {
  await copyFile(join(packageDir, file), join(outDir, file));
}
await copyFile(join(wasmDir, 'llm_sizer_wasm.wasm'), join(outDir, 'llm_sizer_wasm.wasm'));
console.log(`package: ${outDir}`);
