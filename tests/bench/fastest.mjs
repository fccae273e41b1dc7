// The benches' timer: the fastest of `runs` calls of fn (milliseconds) and its last answer.
import { performance } from 'node:perf_hooks';

export function fastest(fn, runs) {
  let best = Infinity;
  let answer;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    answer = fn();
    best = Math.min(best, performance.now() - start);
  }
  return { ms: best, answer };
}
