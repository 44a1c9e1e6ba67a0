// The text a Lit template shows, for tests in Node (no DOM to render into): the template's static
// parts and its values, nested templates and arrays included, with the markup taken out. Attribute
// values are markup here, so only what a reader sees between the tags is left (every branch of a
// <details> included, open or not).
import { nothing, type TemplateResult } from 'lit';

function joined(value: unknown): string {
  if (value === nothing || value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(joined).join('');
  if (typeof value === 'object' && value !== null && 'strings' in value && 'values' in value) {
    const t = value as TemplateResult;
    return t.strings.map((s, i) => s + (i < t.values.length ? joined(t.values[i]) : '')).join('');
  }
  return typeof value === 'function' ? '' : String(value);
}

/** The template's text, white space collapsed. */
export function templateText(value: unknown): string {
  return joined(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
