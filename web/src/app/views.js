// Each flow's view module, loaded on first use (a flow that renders itself needs none).
const views = new Map(); // flow id → its loaded view module
const viewLoads = new Map();

export function viewOf(flow) {
  return flow.render ? flow : views.get(flow.id);
}

export function loadView(flow) {
  if (viewOf(flow)) return Promise.resolve();
  if (!viewLoads.has(flow.id)) {
    viewLoads.set(flow.id, flow.load().then((module) => views.set(flow.id, module.default)));
  }
  return viewLoads.get(flow.id);
}
