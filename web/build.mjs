// Bundles the page's ES modules with the WASM glue into one minified app.js and copies the static
// files beside it. Usage: node web/build.mjs WASM_DIR SITE_DIR
import { build } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = dirname(fileURLToPath(import.meta.url));
const [wasmDir, siteDir] = process.argv.slice(2).map((p) => resolve(p));
if (!wasmDir || !siteDir) {
  console.error('usage: node web/build.mjs WASM_DIR SITE_DIR');
  process.exit(2);
}

await rm(siteDir, { recursive: true, force: true });
await mkdir(siteDir, { recursive: true });
await build({
  entryPoints: { app: join(webDir, 'src/main.js') },
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  outdir: siteDir,
  alias: { 'llm-sizer-wasm': join(wasmDir, 'api.mjs') },
  logLevel: 'warning',
});
for (const file of ['index.html']) await copyFile(join(webDir, file), join(siteDir, file));
await copyFile(join(wasmDir, 'llm_sizer_wasm.wasm'), join(siteDir, 'llm_sizer_wasm.wasm'));
console.log(`site: ${siteDir}`);
