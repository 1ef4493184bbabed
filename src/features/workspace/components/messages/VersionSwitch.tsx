import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../../store/hooks';
import { messageVersionShown } from '../../workspaceSlice';

/**
 * "2 / 2" with previous / next arrows: a regenerated answer's or an edited
 * question's versions. `shown` is 0-based; `count` counts the newest too.
 */
export function VersionSwitch({
  messageId,
  shown,
  count,
}: {
  messageId: string;
  shown: number;
  count: number;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const go = (version: number) =>
    dispatch(messageVersionShown({ messageId, version, newest: version === count - 1 }));
  return (
    <Box
      component="span"
      role="group"
      aria-label={t('Versions')}
      sx={{ display: 'inline-flex', alignItems: 'center' }}
    >
      <IconButton
        size="small"
        aria-label={t('Previous version')}
        disabled={shown === 0}
        onClick={() => go(shown - 1)}
        sx={{ p: 0.25 }}
      >
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      <Typography variant="caption" color="text.secondary" data-testid="version-position">
        {shown + 1} / {count}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('Next version')}
        disabled={shown === count - 1}
        onClick={() => go(shown + 1)}
        sx={{ p: 0.25 }}
      >
        <ChevronRightIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
