import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InvalidComponent } from './InvalidComponent';
import { ServerComponent } from './ServerComponent';

/**
 * A node's children (SPEC §3): a list of nodes, or a string shown as text.
 * `owner` names the component in the message when children are neither.
 */
export function NodeList({
  items,
  owner,
  prop = 'children',
  spacing = 1.5,
}: {
  items: unknown;
  owner: string;
  prop?: string;
  spacing?: number;
}) {
  if (items == null) return null;
  if (typeof items === 'string')
    return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{items}</Typography>;
  if (!Array.isArray(items))
    return (
      <InvalidComponent message={`${owner}: ${prop} must be a list of components or a string`} />
    );
  return (
    <Stack spacing={spacing}>
      {items.map((child, index) => (
        // Server nodes carry no ids; their position is their identity within one screen.
        <ServerComponent key={index} node={child} />
      ))}
    </Stack>
  );
}
