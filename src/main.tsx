import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { defineEmbeddedComponentElement } from './components/embedded/defineEmbeddedComponentElement';

// <emgen-component> may appear in server HTML (messages) and on /webcomponents-test.
defineEmbeddedComponentElement();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
