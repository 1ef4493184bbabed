import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../../store/hooks';
import { cogSend } from '../../../../ws/cogActions';
import { durationText } from '../../messageTime';
import { useCopyText } from '../useCopyText';

/**
 * A row's actions and details, mounted only while the row is hovered or
 * focused (10,000 rows each with their buttons would cost the transcript's
 * mount): Copy as markdown, Regenerate an expert's answer, Edit the user's
 * last question, and who answered, with which model, in how long.
 */
export function MessageActions({
  messageId,
  markdown,
  expertName,
  model,
  durationMs,
  canRegenerate,
  canEdit,
  onEdit,
}: {
  messageId: string;
  markdown: string;
  expertName?: string;
  model?: string;
  durationMs?: number;
  canRegenerate: boolean;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const copy = useCopyText();
  const details = [expertName, model, durationText(durationMs)].filter(Boolean).join(' · ');
  return (
    <Box
      data-testid="message-actions"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}
    >
      <Tooltip title={t('Copy')}>
        <IconButton
          size="small"
          aria-label={t('Copy')}
          onClick={() =>
            void copy(markdown, {
              ok: t('Markdown copied to clipboard'),
              failed: t('Failed to copy content'),
            })
          }
        >
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
      {canRegenerate && (
        <Tooltip title={t('Regenerate')}>
          <IconButton
            size="small"
            aria-label={t('Regenerate')}
            onClick={() => dispatch(cogSend('message.regenerate', { message_id: messageId }))}
          >
            <RefreshIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip title={t('Edit')}>
          <IconButton size="small" aria-label={t('Edit')} onClick={onEdit}>
            <EditIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
      {details && (
        <Typography variant="caption" color="text.secondary" data-testid="message-details">
          {details}
        </Typography>
      )}
    </Box>
  );
}
