import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { InvalidComponent } from '../InvalidComponent';
import { ServerComponent } from '../ServerComponent';
import { requireArray } from '../nodeProps';
import type { ServerComponentProps } from '../types';

/** columns[] side by side of equal width; on a narrow screen they stack. */
export function Columns({ node, style }: ServerComponentProps) {
  const error = requireArray(node, 'columns');
  if (error) return <InvalidComponent message={error} />;
  const columns = node.columns as unknown[];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} style={style}>
      {columns.map((column, index) => (
        // minWidth 0 lets a wide table or chart shrink instead of pushing its neighbours out.
        <Box key={index} sx={{ flex: 1, minWidth: 0 }}>
          <ServerComponent node={column} />
        </Box>
      ))}
    </Stack>
  );
}
