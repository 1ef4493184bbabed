import Box from '@mui/material/Box';
import { InvalidComponent } from '../InvalidComponent';
import { NodeList } from '../NodeList';
import { requireArray } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/**
 * sections[] stacked vertically, with room between them. A `title` is not
 * shown: it names the section in a Notebook's sidebar, and the content carries
 * its own heading.
 */
export function Sections({ node, style }: ServerComponentProps) {
  const error = requireArray(node, 'sections');
  if (error) return <InvalidComponent message={error} />;
  return (
    <Box style={style}>
      <NodeList items={node.sections} owner="Sections" prop="sections" spacing={3} />
    </Box>
  );
}
