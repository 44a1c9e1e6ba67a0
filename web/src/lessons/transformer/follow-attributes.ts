// Lesson 3 following attributes set from outside (docs/embedding.md): the sentence, model, view,
// layer, head, token and mask. Called from the element's willUpdate before its state is written
// back to the attributes.

import { parseIndex, parseModel, parseUnits, parseView } from '../../embed/state';
import type { TfModel } from '../shared/models';
import type { TransformerElement } from './element';
import { SPEC, isUnits, isView } from './state';
import { textWords } from './view-model';

export function followAttributes(el: TransformerElement, changed: Map<PropertyKey, unknown>): void {
  let recompute = false;
  if (changed.has('sentence') && typeof el.sentence === 'string' && el.sentence !== el.text) {
    el.text = el.sentence;
    el.masked = null;
    el.readout = '';
    el.zh.textChanged();
    recompute = true;
    el.shuffleDemo.schedule();
  }
  const model = parseModel(el.attrModel, SPEC) as TfModel | null;
  if (changed.has('attrModel') && model && model !== el.model) {
    if (el.available.length) el.chooseModel(model);
    else {
      el.model = model;
      el.zh.chosen(model);
    }
  }
  if (changed.has('attrView') && el.attrView != null) {
    el.shown = parseView(el.attrView, SPEC.view);
    if (isView(el.shown.mode)) el.view = el.shown.mode;
    const units = parseUnits(el.attrView, SPEC.view);
    if (isUnits(units)) el.units = units;
  }
  const index = (name: string, value: string | null | undefined) =>
    changed.has(name) && value != null ? parseIndex(value) : null;
  el.layer = index('attrLayer', el.attrLayer) ?? el.layer;
  el.head = index('attrHead', el.attrHead) ?? el.head;
  const token = index('attrToken', el.attrToken);
  if (token !== null) {
    el.query = token;
    el.autoQuery = false;
  }
  if (changed.has('attrMask') && el.attrMask != null) {
    const at = parseIndex(el.attrMask);
    const word = at === null ? null : (textWords(el.clipped())[at] ?? null);
    if (word?.start !== el.masked?.start) {
      el.masked = word;
      recompute = true;
    }
  }
  if (recompute) el.compute();
}
