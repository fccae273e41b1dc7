// The page's flows, one module each, in the order of the tab bar; the first available flow is the
// one a first visit opens. A flow is
//
//   { id, available(result), headline(ctx) → [{ path, label }], render(ctx) → Node }
//
// available() tests for the flow's block in the result (result.inference, result.training, ...),
// so a flow appears as soon as the core computes its block. render() shows the headline answer
// first, then the breakdown, then the assumptions with their sources. ctx is
// { result, t, fmt, expanded, catalog, modelName }; numbers go through render/number.js (value +
// formula), pictures through render/charts. A flow never calls the engine.
import model from './model.js';

export const flows = [model];

export function availableFlows(result) {
  return result ? flows.filter((flow) => flow.available(result)) : [];
}
