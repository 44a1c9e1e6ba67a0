// English strings for what the page says when it recovers: an engine worker that crashed or stopped
// answering and was restarted (`engine`, engine.ts), or a browser that cannot run the engine at all
// (`engine.unsupported`, engine/wasm-features.ts), and the values of a link it could not use
// (`url`, embed/url-check.ts). en.ts includes both.

export const enEngine = {
  restarted: {
    crash: 'The engine crashed and was restarted: your text and settings are kept.',
    timeout: 'The engine stopped answering and was restarted: your text and settings are kept.',
  },
  unsupported:
    'This browser cannot run AttnLab’s engine: it lacks {{features}}. Chrome or Edge 95, Firefox 100 and Safari 16.4 and later have everything it needs.',
  feature: {
    webassembly: 'WebAssembly (it may be turned off, as Safari’s Lockdown Mode does)',
    simd: 'WebAssembly SIMD',
    exceptions: 'WebAssembly exception handling',
  },
};

export const enUrl = {
  unknownName: 'The link’s “{{name}}” is not something AttnLab reads; it was ignored.',
  unknownLesson:
    'The link asks for a lesson “{{value}}” that does not exist ({{choices}}); the whole page is shown.',
  unknownLanguage: 'The link asks for a language “{{value}}” that the page does not have ({{choices}}).',
  closestLanguage:
    'The link asks for the language “{{value}}”, which the page does not have; it shows {{choices}}, the closest it has.',
  unknownModel:
    'The link’s {{name}} “{{value}}” is not one of the lesson’s models ({{choices}}); the lesson shows its own.',
  unknownPair:
    'The link’s {{name}} “{{value}}” is not one of the lesson’s language pairs ({{choices}}); it shows English → French.',
  unknownView:
    'The link’s {{name}} “{{value}}” has words the lesson does not know ({{choices}}); they were skipped.',
  notIndex: 'The link’s {{name}} “{{value}}” is not a whole number from 1 up; it was ignored.',
  notText:
    'The link’s {{name}} had characters that are not text (broken UTF-8 or a lone surrogate); they show as �.',
  outOfRangeLayer: 'This model has no layer {{value}} (its layers go up to {{max}}); layer 1 is shown.',
  outOfRangeHead: 'This model has no head {{value}} (its heads go up to {{max}}); head 1 is shown.',
};
