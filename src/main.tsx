import type { StoreEnhancer } from '@reduxjs/toolkit';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { defineEmbeddedComponentOnFirstUse } from './components/embedded/defineOnFirstUse';
import { applyLanguage, storedLanguageChoice } from './i18n/i18n';
import { devToolsSettings } from './store/devtools';

// <emgen-component> may appear in server HTML (messages) and on /webcomponents-test.
defineEmbeddedComponentOnFirstUse();

function render(enhancers?: StoreEnhancer[]) {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser every few milliseconds, so the
  // first screen is not one long task holding back input (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App enhancers={enhancers} />
      </StrictMode>,
    );
  });
}

// The language last used on this browser (or the browser's own) is loaded before the first
// render, so a page never shows English first and then switches.
const languageReady = applyLanguage(storedLanguageChoice()).catch((err: unknown) => {
  console.warn('The chosen language could not be loaded; the pages stay in English.', err);
});

// Remote Redux DevTools (VITE_REMOTE_DEVTOOLS or localStorage 'emgen.devtools.remote'): its
// enhancer is a lazy chunk, fetched only then, and must be in place before the store is made.
const remote = devToolsSettings.remote;
if (remote) {
  languageReady
    .then(() => import('./store/remoteDevTools'))
    .then((m) => m.loadRemoteDevToolsEnhancer(remote))
    .then(
      (enhancer) => render([enhancer]),
      (err: unknown) => {
        console.warn('Remote Redux DevTools could not be loaded; starting without them.', err);
        render();
      },
    );
} else {
  void languageReady.then(() => render());
}
