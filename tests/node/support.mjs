// Shared by the node tests: where the builds are, running the CLI, loading the WASM module.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// LLM_SIZER_CLI points the tests at another build of the CLI (scripts/sanitize.sh: the sanitized one).
export const cliPath = process.env.LLM_SIZER_CLI ? resolve(root, process.env.LLM_SIZER_CLI)
  : join(root, 'build/native/core/cli/llm-sizer');
const wasmDir = join(root, 'build/wasm/wasm');

// Runs `llm-sizer ARGS` with INPUT on stdin (options: spawnSync's); returns { status, stdout, stderr }.
export function runCli(args, input = '', options = {}) {
  const run = spawnSync(cliPath, args, { input, encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (run.error) throw run.error;
  return run;
}

export function cliJson(args, input = '') {
  const run = runCli(args, input);
  if (run.status !== 0) throw new Error(`llm-sizer ${args.join(' ')}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

export async function loadWasm() {
  const { createLlmSizer } = await import(join(wasmDir, 'api.mjs'));
  return createLlmSizer({ wasmBinary: readFileSync(join(wasmDir, 'llm_sizer_wasm.wasm')) });
}

// The page's first-view module: the model's part of the core, with the model and device presets.
export async function loadModelWasm() {
  const { createLlmSizer } = await import(join(wasmDir, 'model_api.mjs'));
  return createLlmSizer({ wasmBinary: readFileSync(join(wasmDir, 'llm_sizer_model_wasm.wasm')) });
}

// The Emscripten module itself: estimate() returns the core's JSON text, for byte comparisons.
export async function loadRawWasm() {
  const { default: createModule } = await import(join(wasmDir, 'llm_sizer_wasm.mjs'));
  return createModule({ wasmBinary: readFileSync(join(wasmDir, 'llm_sizer_wasm.wasm')) });
}

// fast-check, from the page's devDependencies.
export const fc = createRequire(join(root, 'web/package.json'))('fast-check');

// The validation page's module: the calculator's core plus validate().
export async function loadValidationWasm() {
  const { createLlmSizerValidation } = await import(join(wasmDir, 'validation_api.mjs'));
  return createLlmSizerValidation({ wasmBinary: readFileSync(join(wasmDir, 'llm_sizer_validation_wasm.wasm')) });
}

// data/measurements/ as the validation page fetches it and validate() takes it.
export function measurements() {
  const dir = join(root, 'data/measurements');
  return Object.fromEntries(readdirSync(dir).filter((name) => name.endsWith('.json')).sort()
    .map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8'))]));
}

export function readJson(relative) {
  return JSON.parse(readFileSync(join(root, relative), 'utf8'));
}
