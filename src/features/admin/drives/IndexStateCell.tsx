import ReplayIcon from '@mui/icons-material/Replay';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DriveFile, IndexState } from '../../../../protocol';
import { tKey } from '../../../i18n/i18n';
import { useAppDispatch } from '../../../store/hooks';
import { driveErrorText, useRetryIndexingMutation } from '../../drives/drivesApi';
import { flashShown } from '../../flash/flashSlice';

/** Each state's word, translated where shown. */
const LABEL: Record<IndexState, string> = {
  queued: tKey('Queued'),
  running: tKey('Running'),
  failed: tKey('Failed'),
  indexed: tKey('Indexed'),
};

const COLOR = {
  queued: 'default',
  running: 'info',
  failed: 'error',
  indexed: 'success',
} as const;

/** Whether the file's indexing is still under way (the table then refreshes itself). */
export const isIndexing = (file: DriveFile): boolean =>
  file.IndexState === 'queued' || file.IndexState === 'running';

/**
 * Where a file's text extraction and indexing stands, as the shared store
 * says whichever instance does the work: Queued, Running, Failed (with the
 * reason beneath and a retry button), Indexed.
 */
export function IndexStateCell({ drive, file }: { drive: string; file: DriveFile }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [retry, retrying] = useRetryIndexingMutation();
  const state = file.IndexState;
  if (!state || file.IsFolder) return <>—</>;
  const onRetry = async () => {
    const outcome = await retry({ drive, path: file.Path });
    if ('error' in outcome)
      dispatch(
        flashShown(
          t('Failed to retry indexing: {{error}}', { error: driveErrorText(outcome.error) }),
          'error',
        ),
      );
    else
      dispatch(flashShown(t('Indexing of {{path}} queued again', { path: file.Path }), 'success'));
  };
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 0.5, minWidth: 96 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Chip
          size="small"
          variant={state === 'indexed' || state === 'queued' ? 'outlined' : 'filled'}
          color={COLOR[state]}
          label={t(LABEL[state])}
          aria-label={t('Indexing of {{path}}: {{state}}', {
            path: file.Path,
            state: t(LABEL[state]),
          })}
        />
        {state === 'failed' && (
          <Tooltip title={t('Retry indexing')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('Retry indexing {{path}}', { path: file.Path })}
                disabled={retrying.isLoading}
                onClick={(e) => {
                  e.stopPropagation();
                  void onRetry();
                }}
              >
                <ReplayIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
      {state === 'failed' && file.IndexError && (
        <Typography
          variant="caption"
          color="error"
          sx={{ overflowWrap: 'anywhere', maxWidth: 280, lineHeight: 1.3 }}
        >
          {file.IndexError}
        </Typography>
      )}
    </Stack>
  );
}
