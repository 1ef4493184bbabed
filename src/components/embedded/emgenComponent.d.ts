import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// <emgen-component data="BASE64"> in JSX: React 19 passes `data` on as an attribute.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'emgen-component': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        data?: string;
      };
    }
  }
}
