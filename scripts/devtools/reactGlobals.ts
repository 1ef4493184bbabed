// React and ReactDOM as the browser globals the Redux DevTools monitor page expects
// (it was built to load them from React's UMD files, which React 19 no longer ships).
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';

Object.assign(globalThis, { React, ReactDOM: { ...ReactDOM, ...ReactDOMClient } });
