import Box from '@mui/material/Box';
import { Fragment } from 'react';

/**
 * A search snippet: plain text in which the server marks matched words
 * «like this». Shown as text with <mark>s, never as HTML.
 */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(/[«»]/);
  return (
    <Box
      component="span"
      sx={{ display: 'block', '& mark': { bgcolor: 'warning.light', px: 0.25 } }}
    >
      {parts.map((part, i) =>
        i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>,
      )}
    </Box>
  );
}
