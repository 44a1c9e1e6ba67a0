// The single file's code, packed: after vite-plugin-singlefile has inlined the app (its code, the
// worker with the engine, the model files), the one module script is replaced by a small loader
// holding the script as base64 gzip text. The loader unpacks it with the browser's own
// DecompressionStream and runs it as a module script from a blob: URL. The file shrinks by about
// 1 MB (the code is text that gzip takes to a quarter; the model files, already gzip-compressed one
// by one, pass through at about their size). The policy (vite-plugin-csp.ts) trusts the loader by
// its hash and, with 'strict-dynamic', the script it starts, and nothing else.
import zlib from 'node:zlib';

/** What a browser without DecompressionStream (Firefox before 113) shows instead of the app. */
const UNSUPPORTED =
  'This single-file AttnLab needs a browser that can unpack compressed data (DecompressionStream: ' +
  'Chrome 80, Firefox 113, Safari 16.4 or later). The online version works in older browsers. / ' +
  '此单文件版 AttnLab 需要能解压数据的浏览器（DecompressionStream：Chrome 80、Firefox 113、Safari 16.4 ' +
  '或更新版本）。旧浏览器请使用在线版。';

/** The loader's source around the packed code (written out, not minified: it is a few hundred bytes). */
function loader(packed: string): string {
  return `
const failed = (why) => {
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.style.cssText = 'margin:2rem;font:1rem/1.5 system-ui,sans-serif;max-width:40rem';
  p.textContent = ${JSON.stringify(UNSUPPORTED)} + (why ? ' (' + why + ')' : '');
  document.body.replaceChildren(p);
};
if (typeof DecompressionStream !== 'function') failed('');
else {
  try {
    const text = atob(${JSON.stringify(packed)});
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    const code = await new Response(stream).text();
    const script = document.createElement('script');
    script.type = 'module';
    script.onerror = () => failed('the unpacked script did not start');
    script.src = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    document.head.append(script);
  } catch (error) {
    failed(String(error && error.message ? error.message : error));
  }
}
`;
}

/**
 * `html` with its one inline module script packed. Throws when there is not exactly one (a build
 * that split its code would otherwise ship half of it unpacked, or lose a script).
 */
export function packModuleScript(html: string): string {
  const scripts = [...html.matchAll(/<script type="module" crossorigin>([\s\S]*?)<\/script>/g)];
  if (scripts.length !== 1)
    throw new Error(`the single file has ${scripts.length} inline module scripts, expected 1 to pack`);
  const [whole, code] = scripts[0];
  const packed = zlib.gzipSync(Buffer.from(code, 'utf8'), { level: 9 }).toString('base64');
  const at = scripts[0].index;
  return `${html.slice(0, at)}<script type="module">${loader(packed)}</script>${html.slice(at + whole.length)}`;
}
