import Typography from '@mui/material/Typography';
import { ServerComponent } from '../serverComponent/ServerComponent';
import type { DecodedComponent } from './decodeComponentData';

/** What one <emgen-component> shows: its component, or why it cannot. */
export function EmbeddedContent({ decoded }: { decoded: DecodedComponent }) {
  if ('error' in decoded)
    return (
      <Typography
        data-testid="embedded-component-error"
        role="alert"
        variant="body2"
        sx={{ color: 'error.main' }}
      >
        {decoded.error}
      </Typography>
    );
  return <ServerComponent node={decoded.node} />;
}
