// Keep in sync with src/lib/theme.tsx (storage key 'theme', values light | dark | system).
(() => {
  try {
    const stored = window.localStorage.getItem('theme');
    const dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage can be unavailable (privacy mode): React applies the default theme on start.
  }
})();
