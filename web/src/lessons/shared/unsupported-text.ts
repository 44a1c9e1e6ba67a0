// What the page says in a browser that cannot run the engine (engine/wasm-features.ts): its own
// module, so the training lab names the features without the lessons' placeholders.

import type { WasmFeature } from '../../engine/wasm-features';
import { currentLanguage, t } from '../../i18n';

/**
 * "This browser cannot run AttnLab's engine: it lacks WebAssembly SIMD and …": the features
 * joined as the page's language joins a list.
 */
export function unsupportedText(missing: WasmFeature[]): string {
  const names = missing.map((feature) => t(`engine.feature.${feature}`));
  const features = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(names);
  return t('engine.unsupported', { features });
}
