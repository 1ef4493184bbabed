import Box from '@mui/material/Box';
import { Markdown as MarkdownView } from '../../Markdown';
import { InvalidComponent } from '../InvalidComponent';
import { requireString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/** Markdown through the app's renderer (no raw HTML; its own 'Error rendering markdown'). */
export function Markdown({ node, style }: ServerComponentProps) {
  const error = requireString(node, 'content');
  if (error) return <InvalidComponent message={error} />;
  return (
    <Box style={style}>
      <MarkdownView content={node.content as string} />
    </Box>
  );
}
