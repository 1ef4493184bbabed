import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An empty state in one of the finder's columns. */
export function ColumnMessage({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
