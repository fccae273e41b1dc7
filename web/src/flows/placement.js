// Where the weights live when they do not all stay on the GPU: the three-state verdict (fits on the
// device; fits with offload, and how; does not fit, and by how much), a slider for the layers on
// the GPU, memory bars for GPU and RAM, tokens/s against the layers on the GPU, and where a decode
// step's time goes. Every number comes from result.inference.placement, best_placement,
// speed_by_gpu_layers and decode_step.
import { h } from '../dom.js';
import { stackedBars } from '../render/charts/index.js';
import { figure, numbersTable, section } from './parts.js';

// The headline's verdict: { ok, text, more } for parts.verdict().
export function placementVerdict(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const p = inf.placement;
  const device = ctx.deviceName;
  const where = { count: fmt.integer(result.hardware.count), device };
  const memory = { used: fmt.bytes(inf.memory_per_device_bytes), usable: fmt.bytes(inf.device_usable_bytes) };
  if (p.verdict === 'fits_on_device') return { ok: true, text: t('inference.fits', { ...where, ...memory }), more: null };
  if (p.verdict === 'fits_with_offload') return { ok: true, text: offloadText(ctx, p), more: bestNote(ctx) };
  if (p.verdict === 'streams_from_disk') {
    return { ok: true, text: t('inference.streams_disk', { disk: fmt.bytes(p.disk_bytes),
      rate: fmt.bytesPerSecond(p.disk_read_bytes_per_s), per_step: fmt.bytes(inf.decode_step?.disk_bytes ?? 0) }), more: bestNote(ctx) };
  }
  const short = fmt.bytes(p.shortfall_bytes);
  if (p.working_set_limited) {
    return { ok: false, text: t('inference.working_set', { device, usable: fmt.bytes(p.device_usable_bytes),
      memory: fmt.bytes(result.hardware.accelerator.memory_bytes), short }), more: bestNote(ctx) ?? remedy(ctx) };
  }
  if (p.short_of === 'host') {
    return { ok: false, text: t('inference.host_short', { host: ctx.hostName, need: fmt.bytes(p.host_bytes),
      usable: fmt.bytes(p.host_usable_bytes), short }), more: bestNote(ctx) ?? diskNote(ctx) };
  }
  const cpu = result.hardware.accelerator.category === 'cpu';
  return { ok: false, text: t('inference.not_fits_by', { ...where, ...memory, short }),
    more: bestNote(ctx) ?? (cpu ? diskNote(ctx) : null) ?? remedy(ctx) };
}

// llama.cpp (and Ollama on top of it) maps the model file: RAM that is short can be made up from the
// disk, once its speed is given.
const MAPPING_RUNTIMES = new Set(['llama.cpp', 'ollama']);
function diskNote(ctx) {
  const { result, t } = ctx;
  const mapped = MAPPING_RUNTIMES.has(result.scenario.inference?.runtime) && !result.scenario.hardware.disk_read_bytes_per_s;
  return mapped ? t('inference.add_disk') : null;
}

// How a placement that fits splits the model.
function offloadText(ctx, p) {
  const { result, t, fmt } = ctx;
  const host = ctx.hostName;
  const ram = fmt.bytes(p.host_bytes);
  if (p.cpu_offload_bytes > 0) {
    return t('inference.fits_streamed', { bytes: fmt.bytes(p.cpu_offload_bytes), host, link: result.hardware.host?.host_link?.name ?? '' });
  }
  const layers = { gpu: fmt.integer(p.gpu_layers), layers: fmt.integer(p.layers), device: ctx.deviceName, host, ram };
  if (p.offload_experts > 0 && p.gpu_layers === p.layers) {
    return t('inference.fits_experts', { ...layers, experts: fmt.integer(p.offload_experts), moe: fmt.integer(p.moe_layers) });
  }
  return t(p.offload_experts > 0 ? 'inference.fits_layers_experts' : 'inference.fits_layers',
    { ...layers, experts: fmt.integer(p.offload_experts) });
}

// The best placement, when the scenario's differs from it.
function bestNote(ctx) {
  const { result, t, fmt } = ctx;
  const { placement: p, best_placement: best } = result.inference;
  if (!best) return null;
  const same = best.gpu_layers === p.gpu_layers && best.offload_experts === p.offload_experts
    && best.cpu_offload_bytes === p.cpu_offload_bytes;
  if (same) return null;
  const speed = best.decode_tokens_per_s === undefined ? '–' : fmt.tokensPerSecond(best.decode_tokens_per_s);
  if (best.cpu_offload_bytes > 0) return t('inference.best_streamed', { bytes: fmt.bytes(best.cpu_offload_bytes), speed });
  return t('inference.best_layers', { gpu: fmt.integer(best.gpu_layers), layers: fmt.integer(best.layers),
    experts: fmt.integer(best.offload_experts), speed });
}

// What to do about a setup that does not fit on its own.
function remedy(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const { accelerator } = result.hardware;
  const device = ctx.deviceName;
  const more = inf.min_devices > 0 ? t('inference.min_devices', { n: fmt.integer(inf.min_devices), device })
    : t('inference.no_device_count', { device });
  // A GPU alone can also keep what does not fit in a host's RAM.
  const offload = !result.hardware.host && accelerator.category !== 'cpu' && !accelerator.unified_memory;
  return offload ? `${more} ${t('inference.add_host')}` : more;
}

// The Placement block: shown with a host, a CPU as the device, or when the model does not fit.
export function placementSection(ctx) {
  const { result, t, fmt } = ctx;
  const inf = result.inference;
  const p = inf.placement;
  const host = result.hardware.host;
  if (!host && p.verdict !== 'does_not_fit') return null;
  const children = [bars(ctx)];
  const curve = inf.speed_by_gpu_layers ?? [];
  if (curve.length) children.push(slider(ctx), layersChart(ctx, curve));
  children.push(numbersTable(ctx, [
    { path: 'inference.placement.gpu_layers' },
    { path: 'inference.placement.offload_experts' },
    { path: 'inference.placement.cpu_offload_bytes' },
    { path: 'inference.placement.device_bytes' },
    { path: 'inference.host_bytes' },
    { path: 'inference.placement.host_usable_bytes' },
    ...(p.verdict === 'does_not_fit' ? [{ path: 'inference.placement.shortfall_bytes' }] : []),
  ].filter(({ path }) => !(path.endsWith('offload_experts') && !p.moe_layers) && !(path.endsWith('cpu_offload_bytes') && !p.cpu_offload_bytes))));
  if (host) {
    children.push(h('p', { class: 'hint' }, t('inference.host_line', { host: ctx.hostName, link: host.host_link.name,
      bandwidth: fmt.bytesPerSecond(host.memory_bandwidth_bytes_per_s), rate: fmt.bytesPerSecond(host.host_link.bytes_per_s) })));
  }
  return h('div', { dataset: { placement: p.verdict } },
    section(t('inference.placement'), t('inference.placement_hint'), children));
}

// GPU and RAM side by side, each against what it may use.
function bars(ctx) {
  const { result, t, fmt } = ctx;
  const p = result.inference.placement;
  const gpu = stackedBars({
    rows: [{ label: ctx.deviceName, segments: Object.entries(p.per_device)
      .map(([key, value]) => ({ key, label: t.field(`inference.per_device.${key}`), value })) }],
    capacity: { value: p.device_usable_bytes, label: t('inference.usable') },
    format: fmt.bytes,
    title: t('inference.gpu_memory'),
  });
  if (!result.hardware.host) return gpu;
  const ram = stackedBars({
    rows: [{ label: ctx.hostName, segments: Object.entries(p.host)
      .map(([key, value]) => ({ key, label: t.field(`inference.placement.host.${key}`), value })) }],
    capacity: { value: p.host_usable_bytes, label: t('inference.ram') },
    format: fmt.bytes,
    title: t('inference.host_memory'),
  });
  return h('div', { class: 'placement-bars' }, gpu, ram);
}

// -ngl as a slider: the arrow keys step one layer, Home and End jump to all on the CPU or the GPU.
function slider(ctx) {
  const { result, t, fmt } = ctx;
  const p = result.inference.placement;
  const id = 'gpu-layers-slider';
  const output = h('output', { htmlFor: id }, t('inference.layers_value', { gpu: fmt.integer(p.gpu_layers), layers: fmt.integer(p.layers) }));
  const input = h('input', { type: 'range', id, min: '0', max: String(p.layers), step: '1', value: String(p.gpu_layers),
    dataset: { focusKey: 'gpu-layers' },
    attrs: { 'aria-valuetext': t('inference.layers_value', { gpu: fmt.integer(p.gpu_layers), layers: fmt.integer(p.layers) }) },
    on: {
      input: () => { output.textContent = t('inference.layers_value', { gpu: fmt.integer(Number(input.value)), layers: fmt.integer(p.layers) }); },
      change: () => ctx.set('inference.gpu_layers', Number(input.value)),
    } });
  return h('div', { class: 'field field-block layers-slider' },
    h('label', { htmlFor: id }, t('inference.layers_slider')), h('span', { class: 'control' }, input, output),
    h('p', { class: 'hint' }, t('inference.layers_slider_hint')));
}

// Tokens/s against the layers on the GPU; where it does not fit there is no point.
function layersChart(ctx, curve) {
  const { result, t, fmt } = ctx;
  const current = result.inference.placement.gpu_layers;
  const chart = ctx.chart('inference.speed_by_gpu_layers', {
    x: curve.map((c) => c.gpu_layers),
    xLabel: t('inference.layers_axis'),
    yLabel: t.units.tokens_per_s,
    log: { y: true },
    format: { x: fmt.integer, y: fmt.number },
    series: [
      { label: t('inference.decode_label'), values: curve.map((c) => c.decode_tokens_per_s ?? null) },
      { label: t('inference.this_scenario'), values: curve.map((c) => (c.gpu_layers === current ? c.decode_tokens_per_s ?? null : null)),
        points: true, colour: 3 },
    ],
  });
  return figure(t('inference.by_layers'), chart, t('inference.by_layers_hint'));
}

// Where a decode step's time goes: the GPU's part, the CPU's part, the hand-overs.
export function timeSplit(ctx) {
  const { result, t, fmt } = ctx;
  const step = result.inference.decode_step;
  if (!step || !(step.host_s > 0 || step.link_s > 0)) return null;
  return h('div', {},
    h('h4', {}, t('inference.time_split')),
    stackedBars({
      rows: [{ label: t('inference.decode_step_label'), segments: [
        { key: 'gpu', label: t('inference.time.gpu'), value: step.device_s },
        { key: 'host', label: t('inference.time.host'), value: step.host_s },
        { key: 'link', label: t('inference.time.link'), value: step.link_s }] }],
      format: fmt.seconds,
      title: t('inference.time_split'),
    }),
    numbersTable(ctx, [
      { path: 'inference.decode_step.host_bytes' },
      { path: 'inference.decode_step.host_s' },
      { path: 'inference.decode_step.crossings' },
      { path: 'inference.decode_step.link_s' },
    ]));
}
