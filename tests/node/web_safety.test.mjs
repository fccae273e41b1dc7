// Web safety rules that a reviewer could miss: the page never turns a string into markup or code,
// and its Content-Security-Policy allows no eval (the WASM glue is built without it).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

import { root } from './support.mjs';

function filesUnder(folder, pattern) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

// Code without its comments (a comment may name what the code must not use).
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

test('web/src builds DOM from text nodes only: no innerHTML, outerHTML, insertAdjacentHTML, document.write', () => {
  const markup = /\.(innerHTML|outerHTML)\b|\binsertAdjacentHTML\b|\bdocument\.write(ln)?\b|\bcreateContextualFragment\b|\bsrcdoc\b|DOMParser/;
  const evaluation = /\beval\s*\(|\bnew\s+Function\b|\b(setTimeout|setInterval)\s*\(\s*['"`]/;
  const offenders = [];
  for (const file of filesUnder(join(root, 'web/src'), /\.m?js$/)) {
    code(readFileSync(file, 'utf8')).split('\n').forEach((line, i) => {
      if (markup.test(line) || evaluation.test(line)) offenders.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, []);
});

test('the pages allow no eval: script-src is self and WebAssembly only', () => {
  for (const page of ['web/index.html', 'web/embed.html']) {
    const html = readFileSync(join(root, page), 'utf8');
    const policy = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
    assert.ok(policy, page);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval';/, page);
    assert.doesNotMatch(policy, /unsafe-inline|'unsafe-eval'/, page);
    assert.match(policy, /object-src 'none'/, page);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${page} has an inline script`);
  }
});

// The global Function constructor, called or new'd; not WebAssembly.Function, the JS API's typed
// function wrapper the -O2 glue names (it compiles no source text).
test('the WASM glue has no eval or new Function (-sDYNAMIC_EXECUTION=0)', () => {
  for (const glue of ['llm_sizer_wasm.mjs', 'llm_sizer_model_wasm.mjs', 'llm_sizer_validation_wasm.mjs']) {
    const text = readFileSync(join(root, 'build/wasm/wasm', glue), 'utf8');
    assert.doesNotMatch(text, /\beval\s*\(|(?<![.\w])Function\s*\(/, glue);
  }
});
