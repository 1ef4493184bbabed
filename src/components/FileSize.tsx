import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatSize } from './formatSize';

/** A file or drive size in Bytes, KB, MB, GB or TB (SPEC §9); the exact byte count on hover. */
export function FileSize({
  bytes,
  ...props
}: { bytes: number | null | undefined } & Omit<TypographyProps, 'children'>) {
  return (
    <Typography
      component="span"
      variant="body2"
      title={typeof bytes === 'number' ? `${bytes.toLocaleString('en-US')} bytes` : undefined}
      {...props}
    >
      {formatSize(bytes)}
    </Typography>
  );
}
