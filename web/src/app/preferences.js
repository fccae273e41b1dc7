// Choices that belong to the person, not the link: kept in localStorage when the browser allows it.
export const prefKeys = { units: 'llm-sizer.units', lang: 'llm-sizer.lang' };

export function readPref(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writePref(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled; the choice still holds for this page and its link.
  }
}
