// Set an SVG attribute or an element's text only when it differs: every set, even to the same
// value, makes the browser lay the element out again, and the training lab redraws its maps and
// curves several times a second (d3's .attr and .text always set).

/** Sets an attribute only when it changes: setting an SVG text's attribute lays it out again. */
export function keepAttr(el: Element, name: string, value: string | number): void {
  const text = String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

/**
 * Sets an element's text only when it changes: d3's .text() replaces the text node every time,
 * which makes the browser lay the label out again although it reads the same.
 */
export function keepText(el: Element, text: string): void {
  const node = el.firstChild;
  // One text node already: change its characters (the browser relays out the text only), rather
  // than replace the node as setting textContent does.
  if (node && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else if (el.textContent !== text) el.textContent = text;
}
