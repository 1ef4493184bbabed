import MuiDivider from '@mui/material/Divider';
import type { ServerComponentProps } from '../types';

/** A horizontal rule, with an optional label (content) in the middle. */
export function Divider({ node, style }: ServerComponentProps) {
  const label = typeof node.content === 'string' && node.content ? node.content : undefined;
  return (
    <MuiDivider style={style} sx={{ my: 1 }}>
      {label}
    </MuiDivider>
  );
}
