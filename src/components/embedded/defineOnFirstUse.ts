/** The tag, repeated here so this module stays free of the renderer's imports. */
const TAG = 'emgen-component';

/**
 * Defines <emgen-component> once the first one appears in the page. The
 * renderer (markdown, charts, every component) is then loaded on demand
 * instead of weighing on /login (DESIGN §8); elements already in the page are
 * upgraded by the browser as soon as the definition arrives.
 */
export function defineEmbeddedComponentOnFirstUse(doc: Document = document): void {
  // A live collection: checking its length after each batch of DOM changes costs nothing.
  const elements = doc.getElementsByTagName(TAG);
  const observer = new MutationObserver(() => {
    if (elements.length > 0) load();
  });
  const load = () => {
    observer.disconnect();
    void import('./defineEmbeddedComponentElement').then((m) => m.defineEmbeddedComponentElement());
  };
  if (elements.length > 0) return load();
  observer.observe(doc, { childList: true, subtree: true });
}
