// The Content-Security-Policy both builds carry, as a <meta http-equiv> so it travels with the file
// (a teacher's upload, an iframe) and, for `vite preview`, as a header too. No inline script and no
// other origin: the served page runs only its own files; the single file, where every script is
// inline by necessity, only the scripts whose SHA-256 the build wrote into the policy.
//   'wasm-unsafe-eval'  compiling the engine's WebAssembly (and nothing else of eval's kind)
//   'strict-dynamic'    the single file only: its hashed loader unpacks the app's code and starts it
//                       as a blob: script (web/vite-single-pack.ts); that script is trusted because
//                       the hashed one added it, and no other (no blob: or data: source is allowed)
//   worker-src blob:    the single file starts its workers from blob: URLs, which inherit this policy
//   style-src-attr 'unsafe-inline'  style="" attributes written by templates (Lit, KaTeX, d3); an
//                       attribute cannot run script. Style sheets: Lit's are constructed (no CSP
//                       check), the served page's are files, the single file's <style> are hashed.
// The dev server (`npm run dev`) has no policy: Vite injects its modules and styles inline there.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Plugin } from 'vite';

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy; `scripts` and `styles` are the hashes of inline elements (the single file's). */
export function contentSecurityPolicy(
  inline: { scripts?: string[]; styles?: string[]; strictDynamic?: boolean } = {},
): string {
  const scripts = [...(inline.strictDynamic ? ["'strict-dynamic'"] : []), ...(inline.scripts ?? [])];
  const styles = inline.styles ?? [];
  return [
    "default-src 'none'",
    `script-src 'self' 'wasm-unsafe-eval'${scripts.map((s) => ` ${s}`).join('')}`,
    "worker-src 'self' blob:",
    "connect-src 'self' blob:",
    `style-src 'self'${styles.map((s) => ` ${s}`).join('')}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

const meta = (policy: string) => `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;

/** Puts the policy right after <meta charset> (which must stay within the first 1024 bytes). */
const withPolicy = (html: string, policy: string) =>
  html.replace(/<meta charset[^>]*>/i, (charset) => `${charset}\n    ${meta(policy)}`);

/** The served build: the policy in <head>, before any script. */
export function cspMeta(): Plugin {
  return {
    name: 'attnlab-csp-meta',
    apply: 'build',
    transformIndexHtml: (html) => withPolicy(html, contentSecurityPolicy()),
  };
}

/** The inline <script> and <style> elements of `html`, as the browser hashes them (their text). */
export function inlineElements(html: string): { scripts: string[]; styles: string[] } {
  const bodies = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi'))]
      .filter((m) => !/\bsrc\s*=/i.test(m[1]))
      .map((m) => m[2]);
  return { scripts: bodies('script'), styles: bodies('style') };
}

/**
 * The single file: after vite-plugin-singlefile inlined everything, hashes each inline script and
 * style of the written file and puts the policy naming exactly those into its <head>, with
 * 'strict-dynamic' for the script its packed loader starts.
 */
export function hashInlinePolicy(file: string): void {
  const html = fs.readFileSync(file, 'utf8');
  const { scripts, styles } = inlineElements(html);
  const policy = contentSecurityPolicy({
    scripts: scripts.map(sha256),
    styles: styles.map(sha256),
    strictDynamic: true,
  });
  fs.writeFileSync(file, withPolicy(html, policy));
}
