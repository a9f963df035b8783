import { afterEach } from 'vitest';

// Dialog and screen tests run in jsdom (`// @vitest-environment jsdom`); the rest run in Node,
// which needs none of this.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  // Generous, so that a busy machine is not taken for a screen that never changes.
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });

  // What Mantine asks of a browser and jsdom does not have: media queries match nothing, and
  // nothing is ever resized, scrolled or drawn in another font.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  Object.defineProperty(document, 'fonts', { value: new EventTarget() });
  // jsdom does not compute the styles of pseudo-elements, which Mantine's autosize asks for.
  const { getComputedStyle } = window;
  window.getComputedStyle = (element) => getComputedStyle(element);
}
