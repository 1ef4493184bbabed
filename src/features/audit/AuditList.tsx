import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '../../../protocol';
import { formatDateTime } from '../../i18n/format';
import { tKey } from '../../i18n/i18n';
import { auditActionLabel } from './auditActions';

/** Where an event was done, in words translated where shown. */
const SOURCES: Record<AuditEvent['source'], string> = {
  web: tKey('browser'),
  cli: tKey('command line'),
  socket: tKey('socket'),
};

export const actorOf = (e: AuditEvent, t: TFunction) =>
  e.actor_email ?? (e.source === 'cli' ? t('command line') : t('unknown'));
export const whatOf = (e: AuditEvent, t: TFunction) => auditActionLabel(e.action, t);
const whenOf = (e: AuditEvent) => formatDateTime(e.at);
const fromOf = (e: AuditEvent, t: TFunction) =>
  [e.ip, e.source === 'web' ? e.user_agent : t(SOURCES[e.source])].filter(Boolean).join(' · ');
/** A browser's whole user agent is long: a card shows its start, the whole on hover. */
const AGENT_SHOWN = 60;
const shortFromOf = (e: AuditEvent, t: TFunction) => {
  const from = fromOf(e, t);
  return from.length > AGENT_SHOWN ? `${from.slice(0, AGENT_SHOWN - 1)}…` : from;
};

/** The events of a page: a table on a wide screen, cards on a phone. */
export function AuditList({ events }: { events: AuditEvent[] }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  if (narrow)
    return (
      <Stack
        component="ul"
        aria-label={t('Audit events')}
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {events.map((e) => (
          <Card key={e.id} component="li" variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle2" component="h2">
                {whatOf(e, t)}
                {e.target_label ? `: ${e.target_label}` : ''}
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {e.world_id
                  ? t('by {{actor}} in {{world}}', { actor: actorOf(e, t), world: e.world_id })
                  : t('by {{actor}}', { actor: actorOf(e, t) })}
              </Typography>
              {e.detail && (
                <Typography variant="body2" color="text.secondary">
                  {e.detail}
                </Typography>
              )}
              <Typography
                variant="caption"
                color="text.secondary"
                title={fromOf(e, t)}
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {whenOf(e)} · {shortFromOf(e, t)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table size="small" aria-label={t('Audit events')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('When')}</TableCell>
          <TableCell>{t('Who')}</TableCell>
          <TableCell>{t('What')}</TableCell>
          <TableCell>{t('Target')}</TableCell>
          <TableCell>{t('World')}</TableCell>
          <TableCell>{t('From')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{whenOf(e)}</TableCell>
            <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{actorOf(e, t)}</TableCell>
            <TableCell>
              {whatOf(e, t)}
              {e.detail && (
                <Typography variant="body2" color="text.secondary">
                  {e.detail}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
              {e.target_label ?? ''}
            </TableCell>
            <TableCell>{e.world_id ?? ''}</TableCell>
            <TableCell
              sx={{
                maxWidth: 260,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
              title={fromOf(e, t)}
            >
              {fromOf(e, t)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
