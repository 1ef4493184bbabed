import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { t } from '../../i18n/i18n';
import { diffStates } from './stateDiff';

const MAX_CHARS = 20_000;

function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    text = String(value);
  }
  return text.length > MAX_CHARS
    ? `${text.slice(0, MAX_CHARS)}\n${t('… ({{length}} chars)', { length: text.length })}`
    : text;
}

const codeSx = {
  m: 0,
  p: 1,
  bgcolor: 'action.hover',
  borderRadius: 1,
  fontSize: 12,
  overflow: 'auto',
  maxHeight: 240,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** The selected action's payload and the state paths it changed (shown as text, never as HTML). */
export function ActionDetails({
  action,
  before,
  after,
  failure,
}: {
  action: unknown;
  before: unknown;
  after: unknown;
  failure?: string;
}) {
  const { t } = useTranslation();
  const changes = useMemo(() => diffStates(before, after), [before, after]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2">{t('Action')}</Typography>
      <Box component="pre" sx={codeSx} data-testid="replay-action">
        {show(action)}
      </Box>
      {failure && (
        <Typography color="error" variant="body2">
          {t('The reducers refused this action: {{reason}}', { reason: failure })}
        </Typography>
      )}
      <Typography variant="subtitle2">
        {t('State changes ({{number}})', { number: changes.length })}
      </Typography>
      <Box component="pre" sx={codeSx} data-testid="replay-diff">
        {changes.length === 0
          ? t('No change')
          : changes
              .map((c) => `${c.path}\n  - ${show(c.before)}\n  + ${show(c.after)}`.slice(0, 2000))
              .join('\n')}
      </Box>
    </Box>
  );
}
