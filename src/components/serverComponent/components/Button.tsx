import Box from '@mui/material/Box';
import MuiButton, { type ButtonProps } from '@mui/material/Button';
import { ActionError } from '../ActionError';
import { InvalidComponent } from '../InvalidComponent';
import { requireString } from '../nodeProps';
import type { ServerComponentProps } from '../types';
import { useComponentAction } from '../useComponentAction';

const VARIANTS = ['contained', 'outlined', 'text'] as const;

function variantOf(value: unknown): ButtonProps['variant'] {
  return (VARIANTS as readonly unknown[]).includes(value)
    ? (value as ButtonProps['variant'])
    : 'contained';
}

/** A button that runs its action, or sends its event_handler as a server event. */
export function Button({ node, style }: ServerComponentProps) {
  const { run, error } = useComponentAction(node);
  const labelError = requireString(node, 'label');
  if (labelError) return <InvalidComponent message={labelError} />;
  return (
    <Box style={style}>
      <MuiButton variant={variantOf(node.variant)} disabled={node.disabled === true} onClick={run}>
        {node.label}
      </MuiButton>
      <ActionError error={error} />
    </Box>
  );
}
