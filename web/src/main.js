import { loadEngine } from './engine.js';

const engine = await loadEngine();
const select = document.getElementById('model');
const output = document.getElementById('params-total');
const error = document.getElementById('error');

for (const preset of engine.presets().models) {
  select.append(new Option(preset.name, preset.id));
}

function update() {
  try {
    const result = engine.estimate({ model: select.value });
    output.textContent = result.model.params_total.toLocaleString('en');
    error.textContent = '';
  } catch (e) {
    error.textContent = e.message;
  }
}

select.addEventListener('change', update);
update();
document.documentElement.dataset.ready = 'true';
