// Applies the remembered light or dark theme before the first paint, so the page never flashes
// the wrong colours. The build writes it into the page, first in the boot script
// (scripts/vite-boot-script.ts), which the service's security policy allows by its hash.
(function () {
  try {
    var stored = localStorage.getItem('mantine-color-scheme-value');
    var scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
