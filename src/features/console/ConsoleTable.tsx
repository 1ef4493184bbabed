import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleMessage } from '../../../protocol';
import { formatDateTime } from '../../i18n/format';

/** Colours of the log viewer (SPEC §2 "Console page"). */
export const CONSOLE_COLORS = {
  background: '#1e1e1e',
  text: '#d4d4d4',
  muted: '#8c8c8c',
  border: '#333333',
  system: '#4caf50',
  error: '#f44336',
  warning: '#ffeb3b',
} as const;

/** System sources are green, error or exception red, warning yellow; others plain. */
export function sourceColor(source: string): string {
  const s = source.toLowerCase();
  if (s.includes('system')) return CONSOLE_COLORS.system;
  if (s.includes('error') || s.includes('exception')) return CONSOLE_COLORS.error;
  if (s.includes('warning')) return CONSOLE_COLORS.warning;
  return CONSOLE_COLORS.text;
}

/** The entry's time as a date and time of the current language; the text as sent if unreadable. */
export function formatTime(time: string): string {
  return formatDateTime(time) || time;
}

const cellSx = {
  color: 'inherit',
  borderColor: CONSOLE_COLORS.border,
  fontFamily: 'monospace',
  fontSize: 13,
  py: 0.5,
  verticalAlign: 'top',
} as const;
const headSx = { ...cellSx, bgcolor: CONSOLE_COLORS.background, color: CONSOLE_COLORS.muted };

// On a phone a row wraps instead of scrolling sideways: time, app and source on one line, the
// message under them at the full width. From 'sm' up it is the table of the spec.
const tableSx = { display: { xs: 'block', sm: 'table' } } as const;
const bodySx = { display: { xs: 'block', sm: 'table-row-group' } } as const;
const headRowSx = { display: { xs: 'none', sm: 'table-header-group' } } as const;
const rowSx = {
  display: { xs: 'flex', sm: 'table-row' },
  flexWrap: 'wrap',
  columnGap: 1.5,
  py: { xs: 0.5, sm: 0 },
  borderBottom: { xs: `1px solid ${CONSOLE_COLORS.border}`, sm: 'none' },
} as const;
const phoneCellSx = {
  display: { xs: 'block', sm: 'table-cell' },
  borderBottom: { xs: 'none', sm: `1px solid ${CONSOLE_COLORS.border}` },
  px: { xs: 1, sm: 2 },
} as const;

/** The dark log viewer; it scrolls to the newest entry whenever new entries arrive. */
export function ConsoleTable({ messages }: { messages: ConsoleMessage[] | undefined }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <Box
      ref={scroller}
      role="region"
      aria-label={t('Console log')}
      sx={{
        bgcolor: CONSOLE_COLORS.background,
        color: CONSOLE_COLORS.text,
        borderRadius: 1,
        overflow: 'auto',
        height: 'calc(100vh - 220px)',
        minHeight: 240,
      }}
    >
      {messages && messages.length === 0 ? (
        <Box sx={{ p: 3, fontFamily: 'monospace', color: CONSOLE_COLORS.muted }}>
          {t('No console messages yet.')}
        </Box>
      ) : (
        <Table size="small" stickyHeader aria-label={t('Console messages')} sx={tableSx}>
          <TableHead sx={headRowSx}>
            <TableRow>
              <TableCell sx={{ ...headSx, width: 190 }}>{t('Time')}</TableCell>
              <TableCell sx={{ ...headSx, width: 140 }}>{t('App')}</TableCell>
              <TableCell sx={{ ...headSx, width: 140 }}>{t('Source')}</TableCell>
              <TableCell sx={headSx}>{t('Message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={bodySx}>
            {(messages ?? []).map((m, i) => (
              <ConsoleRow key={i} message={m} />
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

const ConsoleRow = memo(function ConsoleRow({ message }: { message: ConsoleMessage }) {
  // Subscribed to the language: a memoized row writes its time again when it changes.
  useTranslation();
  return (
    <TableRow sx={rowSx}>
      <TableCell sx={{ ...cellSx, ...phoneCellSx, whiteSpace: 'nowrap' }} title={message.time}>
        {formatTime(message.time)}
      </TableCell>
      <TableCell sx={{ ...cellSx, ...phoneCellSx }}>{message.app_name}</TableCell>
      <TableCell sx={{ ...cellSx, ...phoneCellSx, color: sourceColor(message.from) }}>
        {message.from}
      </TableCell>
      <TableCell
        sx={{
          ...cellSx,
          ...phoneCellSx,
          flexBasis: { xs: '100%' },
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {message.message}
      </TableCell>
    </TableRow>
  );
});
