import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { defineEmbeddedComponentOnFirstUse } from './components/embedded/defineOnFirstUse';

// <emgen-component> may appear in server HTML (messages) and on /webcomponents-test.
defineEmbeddedComponentOnFirstUse();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
