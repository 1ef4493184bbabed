import type { StoreEnhancer } from '@reduxjs/toolkit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { defineEmbeddedComponentOnFirstUse } from './components/embedded/defineOnFirstUse';
import { devToolsSettings } from './store/devtools';

// <emgen-component> may appear in server HTML (messages) and on /webcomponents-test.
defineEmbeddedComponentOnFirstUse();

function render(enhancers?: StoreEnhancer[]) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App enhancers={enhancers} />
    </StrictMode>,
  );
}

// Remote Redux DevTools (VITE_REMOTE_DEVTOOLS or localStorage 'emgen.devtools.remote'): its
// enhancer is a lazy chunk, fetched only then, and must be in place before the store is made.
const remote = devToolsSettings.remote;
if (remote) {
  import('./store/remoteDevTools')
    .then((m) => m.loadRemoteDevToolsEnhancer(remote))
    .then(
      (enhancer) => render([enhancer]),
      (err: unknown) => {
        console.warn('Remote Redux DevTools could not be loaded; starting without them.', err);
        render();
      },
    );
} else {
  render();
}
