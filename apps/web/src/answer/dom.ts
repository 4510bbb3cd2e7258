/**
 * A few lines of DOM building instead of a UI library: the public answering page must
 * load in under 80 KB of gzipped JavaScript on a mid-range phone, and React alone
 * weighs about 68 KB of that before the shared validation rules (zod) are counted.
 */
export type Child = Node | string | number | null | undefined | false | Child[];
type Listener = (event: Event) => void;
export type Props = Record<string, string | number | boolean | null | undefined | Listener>;

/** DOM properties (not attributes) so the live state follows, e.g. an input's value. */
const PROPERTIES = new Set(['value', 'checked', 'disabled', 'hidden', 'selected', 'multiple', 'indeterminate']);

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === 'class') el.className = String(value);
    else if (PROPERTIES.has(name)) (el as unknown as Record<string, unknown>)[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces everything inside `parent`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

let counter = 0;
/** A unique id for label/aria wiring. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
