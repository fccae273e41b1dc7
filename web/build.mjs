// Bundles the page (index.html + app.js + app.css), the embed card (embed.html + embed.js +
// embed.css), the validation and methodology pages (validation.html, methodology.html + their
// scripts + pages.css; the validation page fetches measurements.json, data/measurements/ in one
// file) and the WASM core into one static folder that works from any host and sub-path (every URL
// in it is relative). Code that only some views need (each flow's view, uPlot, each
// language's strings) is split into files loaded on first use; code the page and the card share
// sits in shared chunks. Usage: node web/build.mjs WASM_DIR SITE_DIR
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = dirname(fileURLToPath(import.meta.url));
const [wasmDir, siteDir] = process.argv.slice(2).map((p) => resolve(p));
if (!wasmDir || !siteDir) {
  console.error('usage: node web/build.mjs WASM_DIR SITE_DIR');
  process.exit(2);
}

const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  outdir: siteDir,
  // The whole core, the first view's model module and the validation page's (wasm/CMakeLists.txt).
  alias: {
    'llm-sizer-wasm': join(wasmDir, 'api.mjs'),
    'llm-sizer-model-wasm': join(wasmDir, 'model_api.mjs'),
    'llm-sizer-validation-wasm': join(wasmDir, 'validation_api.mjs'),
  },
  legalComments: 'none',
  logLevel: 'warning',
};

await rm(siteDir, { recursive: true, force: true });
await mkdir(siteDir, { recursive: true });
const [calculator, pages] = await Promise.all([
  // The page and the embed card; dynamic imports become lazily loaded chunks.
  build({
    ...common,
    // plan-worker: the planner's module Worker (engine.js), loaded by the page on first use.
    entryPoints: { app: join(webDir, 'src/main.js'), embed: join(webDir, 'src/embed.js'),
      'plan-worker': join(webDir, 'src/plan_worker.js') },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
  }),
  // The validation and methodology pages: a build of their own, so the code they share with the
  // calculator does not split the calculator's chunks (its first view stays as it was).
  build({
    ...common,
    entryPoints: { validation: join(webDir, 'src/validation/main.js'), methodology: join(webDir, 'src/methodology/main.js') },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
  }),
  build({
    ...common,
    entryPoints: {
      app: join(webDir, 'src/styles/app.css'),
      embed: join(webDir, 'src/styles/embed.css'),
      pages: join(webDir, 'src/styles/pages.css'),
    },
  }),
]);
// Each page names the chunks its script imports, so the browser fetches them with the script
// instead of after parsing it.
const outputs = [calculator, pages].flatMap((result) => Object.entries(result.metafile.outputs))
  .map(([path, output]) => [resolve(path), output]);
for (const [html, script] of [['index.html', 'app.js'], ['embed.html', 'embed.js'], ['validation.html', 'validation.js'],
  ['methodology.html', 'methodology.js']]) {
  const [, output] = outputs.find(([path]) => path === join(siteDir, script));
  const preloads = output.imports.filter((i) => i.kind === 'import-statement')
    .map((i) => `  <link rel="modulepreload" href="${relative(siteDir, resolve(i.path))}">\n`).join('');
  const page = await readFile(join(webDir, html), 'utf8');
  const tag = `  <script type="module" src="${script}"></script>`;
  if (!page.includes(tag)) throw new Error(`${html} has no ${tag.trim()}`);
  await writeFile(join(siteDir, html), page.replace(tag, `${preloads}${tag}`));
}
for (const wasm of ['llm_sizer_wasm.wasm', 'llm_sizer_model_wasm.wasm', 'llm_sizer_validation_wasm.wasm']) {
  await copyFile(join(wasmDir, wasm), join(siteDir, wasm));
}
// The reference rows, {"<file>": [rows]} as the core's validate() takes them.
const measurementsDir = join(webDir, '..', 'data', 'measurements');
const measurements = {};
for (const file of (await readdir(measurementsDir)).filter((name) => name.endsWith('.json')).sort()) {
  measurements[file] = JSON.parse(await readFile(join(measurementsDir, file), 'utf8'));
}
await writeFile(join(siteDir, 'measurements.json'), JSON.stringify(measurements));
console.log(`site: ${siteDir}`);
