// Interventions on the page's side: what the student changed in a model's attention, as the list
// of edits the engine applies inside its forward pass (cpp/models/intervention.h), and the short
// text form an attribute and the URL carry ("what happens when head 2 of layer 2 is switched off":
// `off_L2H2`). Pure (no DOM, no engine), so Node tests import it.
//
// Text form: edits separated by spaces, each `op[_scope][_value]`, the scope letters followed by
// 1-based numbers (L layer, H head, K token read), R the row. Only characters a URL query keeps
// as they are (letters, digits, "_", "-", "."), so a shared link stays readable:
//   uniform  uniform_L1  uniform_L1H2  uniform_R3     uniform attention (whole model, layer, head, row)
//   pin_R3K1  pin_L2H1R3K1_0.5                          row 3 puts weight 1 (or 0.5) on token 1
//   row_R3_0.2-0.8-0                                    a whole row (scaled to add up to 1)
//   mask_K2                                             no row reads token 2
//   temp_2  temp_L1_0.5                                 temperature on the scores
//   scale_off                                           Transformer: no 1/sqrt(d_k)
//   off_L2H1  off_L2                                    a head, or a layer's attention, switched off
// Rows count as the lesson counts them: `rowBase` is the text's number of the engine's row 0 (1 for
// "the n-th word" in lessons 2 and 3; 0 in lesson 1, whose row 0 is the start step s_0).

export type Edit =
  | { op: 'pin'; layer?: number; head?: number; row: number; key: number; weight?: number }
  | { op: 'row'; layer?: number; head?: number; row: number; weights: number[] }
  | { op: 'uniform'; layer?: number; head?: number; row?: number }
  | { op: 'mask'; token: number }
  | { op: 'temperature'; value: number; layer?: number; head?: number }
  | { op: 'scale'; on: boolean }
  | { op: 'ablate_head'; layer: number; head: number }
  | { op: 'ablate_layer'; layer: number };

/** The engine's JSON text for a list of edits (all indices 0-based). */
export function interventionJson(edits: readonly Edit[]): string {
  return JSON.stringify({ edits });
}

/** What was read from a text form: the edits, and the items that were not understood. */
export interface ParsedEdits {
  edits: Edit[];
  ignored: string[];
}

const ITEM = /^(uniform|pin|row|mask|temp|scale|off)(?:_((?:[LHRK]\d{1,4})+))?(?:_([0-9.-]+|on|off))?$/;
/** More edits than a student makes by hand; the rest of a crafted URL is ignored (and reported). */
export const MAX_EDITS = 64;

function scopeOf(text: string | undefined): Partial<Record<'L' | 'H' | 'R' | 'K', number>> {
  const scope: Partial<Record<'L' | 'H' | 'R' | 'K', number>> = {};
  for (const [, letter, digits] of (text ?? '').matchAll(/([LHRK])(\d+)/g))
    scope[letter as 'L' | 'H' | 'R' | 'K'] = Number(digits);
  return scope;
}

function parseItem(item: string, rowBase: number): Edit | null {
  const m = ITEM.exec(item);
  if (!m) return null;
  const [, op, scopeText, value] = m;
  const s = scopeOf(scopeText);
  // Layers, heads and tokens count from 1 in the text; 0 is not a valid number there.
  if (s.L === 0 || s.H === 0 || s.K === 0 || (s.R !== undefined && s.R < rowBase)) return null;
  const layer = s.L === undefined ? undefined : s.L - 1;
  const head = s.H === undefined ? undefined : s.H - 1;
  const row = s.R === undefined ? undefined : s.R - rowBase;
  const key = s.K === undefined ? undefined : s.K - 1;
  const scoped = { ...(layer === undefined ? {} : { layer }), ...(head === undefined ? {} : { head }) };
  switch (op) {
    case 'uniform':
      if (key !== undefined || value !== undefined) return null;
      return { op: 'uniform', ...scoped, ...(row === undefined ? {} : { row }) };
    case 'pin': {
      if (row === undefined || key === undefined) return null;
      const weight = value === undefined ? undefined : Number(value);
      if (weight !== undefined && !(weight >= 0 && weight <= 1)) return null;
      return { op: 'pin', ...scoped, row, key, ...(weight === undefined ? {} : { weight }) };
    }
    case 'row': {
      if (row === undefined || key !== undefined || !value) return null;
      const weights = value.split('-').map(Number);
      if (!weights.length || weights.some((w) => !(w >= 0) || !Number.isFinite(w))) return null;
      return { op: 'row', ...scoped, row, weights };
    }
    case 'mask':
      if (key === undefined || layer !== undefined || head !== undefined || row !== undefined || value)
        return null;
      return { op: 'mask', token: key };
    case 'temp': {
      const t = Number(value);
      if (!(t > 0 && t <= 1e6) || row !== undefined || key !== undefined) return null;
      return { op: 'temperature', value: t, ...scoped };
    }
    case 'scale':
      if (scopeText || (value !== 'on' && value !== 'off')) return null;
      return { op: 'scale', on: value === 'on' };
    case 'off':
      if (layer === undefined || row !== undefined || key !== undefined || value) return null;
      return head === undefined ? { op: 'ablate_layer', layer } : { op: 'ablate_head', layer, head };
  }
  return null;
}

/** Reads the text form; what is not an edit (or beyond MAX_EDITS) is reported, never thrown. */
export function parseEdits(text: string | null | undefined, rowBase = 1): ParsedEdits {
  const out: ParsedEdits = { edits: [], ignored: [] };
  for (const item of (text ?? '').trim().split(/\s+/).filter(Boolean)) {
    const edit = out.edits.length < MAX_EDITS ? parseItem(item, rowBase) : null;
    if (edit) out.edits.push(edit);
    else out.ignored.push(item.length > 40 ? `${item.slice(0, 40)}…` : item);
  }
  return out;
}

/** The text form of a list of edits (parseEdits reads it back to the same list). */
export function formatEdits(edits: readonly Edit[], rowBase = 1): string {
  const scope = (e: { layer?: number; head?: number; row?: number }, key?: number) =>
    (e.layer === undefined ? '' : `L${e.layer + 1}`) +
    (e.head === undefined ? '' : `H${e.head + 1}`) +
    (e.row === undefined ? '' : `R${e.row + rowBase}`) +
    (key === undefined ? '' : `K${key + 1}`);
  const at = (s: string) => (s ? `_${s}` : '');
  return edits
    .map((e) => {
      switch (e.op) {
        case 'uniform':
          return `uniform${at(scope(e))}`;
        case 'pin':
          return `pin${at(scope(e, e.key))}${e.weight === undefined ? '' : `_${e.weight}`}`;
        case 'row':
          return `row${at(scope(e))}_${e.weights.join('-')}`;
        case 'mask':
          return `mask_K${e.token + 1}`;
        case 'temperature':
          return `temp${at(scope(e))}_${e.value}`;
        case 'scale':
          return `scale_${e.on ? 'on' : 'off'}`;
        case 'ablate_head':
          return `off_L${e.layer + 1}H${e.head + 1}`;
        case 'ablate_layer':
          return `off_L${e.layer + 1}`;
      }
      return '';
    })
    .join(' ');
}
