import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { PendingAttachment } from './useAttachments';

/** The files on their way from the message box: progress on each chip, errors in words. */
export function PendingAttachments({
  pending,
  onDismiss,
}: {
  pending: PendingAttachment[];
  onDismiss: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (pending.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('Attachments uploading')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, pb: 1 }}
    >
      {pending.map((p) => (
        <Box component="li" key={p.key} sx={{ maxWidth: '100%' }}>
          {p.error ? (
            <Chip
              color="error"
              variant="outlined"
              icon={<ErrorIcon />}
              label={`${p.name}: ${p.error}`}
              role="alert"
              onDelete={() => onDismiss(p.key)}
              // The reason is read in full: the label wraps instead of being cut.
              sx={{
                maxWidth: '100%',
                height: 'auto',
                py: 0.5,
                '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
              }}
            />
          ) : (
            <Chip
              variant="outlined"
              icon={
                <CircularProgress
                  size={16}
                  variant={p.progress > 0 ? 'determinate' : 'indeterminate'}
                  value={p.progress}
                  aria-label={t('Uploading {{name}}', { name: p.name })}
                />
              }
              label={`${p.name} · ${Math.round(p.progress)}%`}
              sx={{ maxWidth: '100%' }}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}
