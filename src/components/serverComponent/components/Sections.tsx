import Box from '@mui/material/Box';
import { InvalidComponent } from '../InvalidComponent';
import { NodeList } from '../NodeList';
import { requireArray } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/** sections[] stacked vertically, with room between them. */
export function Sections({ node, style }: ServerComponentProps) {
  const error = requireArray(node, 'sections');
  if (error) return <InvalidComponent message={error} />;
  return (
    <Box style={style}>
      <NodeList items={node.sections} owner="Sections" prop="sections" spacing={3} />
    </Box>
  );
}
