import Box from '@mui/material/Box';
import { SafeHtml } from '../../SafeHtml';
import { InvalidComponent } from '../InvalidComponent';
import { requireString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/** Server HTML, always through the sanitizer. */
export function Html({ node, style }: ServerComponentProps) {
  const error = requireString(node, 'html');
  if (error) return <InvalidComponent message={error} />;
  return (
    <Box style={style}>
      <SafeHtml html={node.html as string} />
    </Box>
  );
}
