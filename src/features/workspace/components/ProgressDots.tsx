import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ProgressItem } from '../../../../protocol';
import { tKey } from '../../../i18n/i18n';
import { useAppSelector } from '../../../store/hooks';
import { selectProgressItems } from '../workspaceSelectors';

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(1.35); opacity: 0.55; }
`;

const COLOR: Record<ProgressItem['status'], string> = {
  'working-ok': 'info.main',
  'working-with-errors': 'warning.main',
  failed: 'error.main',
  completed: 'success.main',
  stopped: 'text.disabled',
  done: 'success.main',
};

/** Each status in words (the English is the protocol's own value, as the spec shows it). */
const STATUS_TEXT: Record<ProgressItem['status'], string> = {
  'working-ok': tKey('working-ok'),
  'working-with-errors': tKey('working-with-errors'),
  failed: tKey('failed'),
  completed: tKey('completed'),
  stopped: tKey('stopped'),
  done: tKey('done'),
};

/** Who the item is about: the server may name the expert beside the cid. */
function labelOf(item: ProgressItem): string {
  const named = item.expert_name ?? item.expert ?? item.name;
  return typeof named === 'string' && named ? `${named} (${item.cid})` : item.cid;
}

/** One dot per progress item of the meeting (SPEC §3, §4: 'done' removes it). */
export function ProgressDots() {
  const { t } = useTranslation();
  const items = useAppSelector(selectProgressItems);
  if (items.length === 0) return null;
  return (
    <Box
      aria-label={t('Progress')}
      role="list"
      sx={{ display: 'flex', gap: 1, px: 2, py: 0.5, flexWrap: 'wrap' }}
    >
      {items.map((item) => {
        const who = labelOf(item);
        const status = STATUS_TEXT[item.status] ? t(STATUS_TEXT[item.status]) : item.status;
        const label = item.error
          ? t('{{who}}: {{status}} — {{error}}', { who, status, error: item.error })
          : t('{{who}}: {{status}}', { who, status });
        return (
          <Tooltip key={item.cid} title={label}>
            <Box
              role="listitem"
              aria-label={label}
              data-status={item.status}
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: COLOR[item.status],
                animation:
                  item.status === 'working-ok' ? `${pulse} 1.4s ease-in-out infinite` : 'none',
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
