import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';
import { formatSize } from './formatSize';

/** A file or drive size in Bytes, KB, MB, GB or TB (SPEC §9); the exact byte count on hover. */
export function FileSize({
  bytes,
  ...props
}: { bytes: number | null | undefined } & Omit<TypographyProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Typography
      component="span"
      variant="body2"
      title={
        typeof bytes === 'number'
          ? t('{{bytes}} bytes', { bytes: formatNumber(bytes, 3) })
          : undefined
      }
      {...props}
    >
      {formatSize(bytes)}
    </Typography>
  );
}
