// A browser without a WebAssembly feature the engine's modules are built with (SIMD128, exception
// handling) is told which, before any worker starts (web/src/engine/wasm-features.ts, engine.ts).
// A missing feature is played by WebAssembly.validate refusing every module, as such a browser
// refuses the feature's probe; this Node has both features, so the unchanged validate finds none.
import { afterEach, describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { missingWasmFeatures } from '../../web/src/engine/wasm-features';
import { EngineClient, UnsupportedBrowserError } from '../../web/src/engine/engine';
import { unsupportedText } from '../../web/src/lessons/shared/unsupported-text';
import { failedLoad } from '../../web/src/lessons/shared/model-set';
import { showLanguage } from '../../web/src/i18n';
import { TrainRun, runErrorText } from '../../web/src/lessons/train/run';

const realWebAssembly = globalThis.WebAssembly;

afterEach(() => {
  vi.restoreAllMocks();
  globalThis.WebAssembly = realWebAssembly;
});

describe('missingWasmFeatures', () => {
  it('finds nothing missing where SIMD and exceptions validate (Node 20)', async () => {
    expect(await missingWasmFeatures()).toEqual([]);
  });

  it('names SIMD alone when only its probe is refused', async () => {
    const validate = WebAssembly.validate.bind(WebAssembly);
    // The SIMD probe is the one whose code holds the v128 prefix 0xfd.
    vi.spyOn(WebAssembly, 'validate').mockImplementation((bytes) => {
      const code = new Uint8Array(bytes as ArrayBuffer);
      return code.includes(0xfd) ? false : validate(bytes);
    });
    expect(await missingWasmFeatures()).toEqual(['simd']);
  });

  it('names both when every probe is refused, and WebAssembly alone when there is none', async () => {
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    expect(await missingWasmFeatures()).toEqual(['simd', 'exceptions']);
    vi.restoreAllMocks();
    // Safari's Lockdown Mode: no WebAssembly object at all.
    (globalThis as { WebAssembly?: unknown }).WebAssembly = undefined;
    expect(await missingWasmFeatures()).toEqual(['webassembly']);
  });
});

describe('EngineClient.create in a browser without the features', () => {
  it('refuses with UnsupportedBrowserError naming them, and starts no worker', async () => {
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    const createWorker = vi.fn();
    const refusal = await EngineClient.create({ createWorker }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnsupportedBrowserError);
    expect((refusal as UnsupportedBrowserError).missing).toEqual(['simd', 'exceptions']);
    expect(createWorker).not.toHaveBeenCalled();
  });
});

describe('a training lab run in such a browser', () => {
  it('fails at once with the features named, and starts no worker', () => {
    const createWorker = vi.fn();
    const changes: string[] = [];
    const run = new TrainRun('seq2seq', 'additive', '{}', 0, (kind) => changes.push(kind), {
      createWorker,
      missing: ['exceptions'],
    });
    expect(createWorker).not.toHaveBeenCalled();
    expect(run.status).toBe('failed');
    expect(run.host).toBeNull();
    expect(run.error?.code).toBe('wasm_features');
    expect(runErrorText(run.error!)).toContain('it lacks WebAssembly exception handling.');
    run.dispose();
  });
});

describe('what the page says', () => {
  it('names each missing feature in the page language, and a failed load carries them', async () => {
    expect(unsupportedText(['simd', 'exceptions'])).toBe(
      'This browser cannot run AttnLab’s engine: it lacks WebAssembly SIMD and WebAssembly exception handling. Chrome or Edge 95, Firefox 100 and Safari 16.4 and later have everything it needs.',
    );
    const failed = failedLoad(new UnsupportedBrowserError(['simd']));
    expect(failed.unsupported).toEqual(['simd']);
    expect(failed.error).toContain('WebAssembly SIMD');
    await showLanguage('zh-CN');
    expect(unsupportedText(['simd', 'exceptions'])).toContain('WebAssembly SIMD和WebAssembly 异常处理');
    await showLanguage('en');
  });
});
