// A device's or host's name as the page shows it: the catalog's, marked in the page's language
// when the scenario replaced some of its figures (the core says so with `modified`).
export function deviceName(t, spec) {
  if (!spec) return '';
  return spec.modified ? t('model.modified_name', { name: spec.name }) : spec.name;
}
