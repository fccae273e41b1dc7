// Shared by the node tests: where the builds are, running the CLI, loading the WASM module.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = join(root, 'build/native/core/cli/llm-sizer');
const wasmDir = join(root, 'build/wasm/wasm');

// Runs `llm-sizer ARGS` with INPUT on stdin; returns { status, stdout, stderr }.
export function runCli(args, input = '') {
  const run = spawnSync(cliPath, args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
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
