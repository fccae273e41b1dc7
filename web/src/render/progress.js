// A progress indicator for work that may take a while (loading the core; later, a planner sweep
// in a worker). It appears only if the work is still running after `delay` ms, so fast work never
// flashes it.
export function showProgress(element, label, { delay = 150 } = {}) {
  const timer = setTimeout(() => {
    element.querySelector('.progress-label').textContent = label;
    element.hidden = false;
  }, delay);
  return function done() {
    clearTimeout(timer);
    element.hidden = true;
  };
}
