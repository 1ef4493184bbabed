import KeyboardDoubleArrowDownIcon from '@mui/icons-material/KeyboardDoubleArrowDown';
import KeyboardDoubleArrowUpIcon from '@mui/icons-material/KeyboardDoubleArrowUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The transcript's title and its scroll buttons. Memoized: the list renders
 * again on every message, and two tooltip buttons were a good part of an append.
 */
export const TranscriptHeader = memo(function TranscriptHeader({
  empty,
  onTop,
  onBottom,
}: {
  empty: boolean;
  onTop: () => void;
  onBottom: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {empty ? t('No transcript yet') : t('Meeting Transcript')}
      </Typography>
      <Tooltip title={t('Scroll to top')}>
        <span>
          <IconButton aria-label={t('Scroll to top')} size="small" disabled={empty} onClick={onTop}>
            <KeyboardDoubleArrowUpIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('Scroll to bottom')}>
        <span>
          <IconButton
            aria-label={t('Scroll to bottom')}
            size="small"
            disabled={empty}
            onClick={onBottom}
          >
            <KeyboardDoubleArrowDownIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
});
