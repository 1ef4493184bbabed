import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  if (items == null) return null;
  if (typeof items === 'string')
    return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{items}</Typography>;
  if (!Array.isArray(items))
    return (
      <InvalidComponent
        message={t('{{component}}: {{prop}} must be a list of components or a string', {
          component: owner,
          prop,
        })}
      />
    );
  return (
    <Stack spacing={spacing}>
      {runsOf(items).map((run) =>
        // Server nodes carry no ids; their position is their identity within one screen.
        run.topics ? (
          <Box key={run.start} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {run.nodes.map((child, i) => (
              <ServerComponent key={run.start + i} node={child} />
            ))}
          </Box>
        ) : (
          <ServerComponent key={run.start} node={run.nodes[0]} />
        ),
      )}
    </Stack>
  );
}

const isTopic = (node: unknown) =>
  typeof node === 'object' &&
  node !== null &&
  (node as { component?: unknown }).component === 'Topic';

/** Consecutive Topics flow side by side like tags; every other node keeps its own row. */
function runsOf(items: unknown[]): { start: number; topics: boolean; nodes: unknown[] }[] {
  const runs: { start: number; topics: boolean; nodes: unknown[] }[] = [];
  items.forEach((node, index) => {
    const last = runs.at(-1);
    if (isTopic(node) && last?.topics) last.nodes.push(node);
    else runs.push({ start: index, topics: isTopic(node), nodes: [node] });
  });
  return runs;
}
