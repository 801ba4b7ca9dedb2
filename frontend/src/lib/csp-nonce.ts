/**
 * The Content-Security-Policy nonce of this page: the server writes it on
 * `<meta property="csp-nonce">` (core/views.py). Read from the `nonce` property, which the browser
 * keeps while hiding the attribute from the DOM (so CSS selectors cannot leak it).
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
