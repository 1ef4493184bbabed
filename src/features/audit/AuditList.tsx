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
import { AUDIT_ACTIONS, type AuditEvent } from '../../../protocol';

const SOURCES: Record<AuditEvent['source'], string> = {
  web: 'browser',
  cli: 'command line',
  socket: 'socket',
};

export const actorOf = (e: AuditEvent) =>
  e.actor_email ?? (e.source === 'cli' ? 'command line' : 'unknown');
export const whatOf = (e: AuditEvent) => AUDIT_ACTIONS[e.action] ?? e.action;
const whenOf = (e: AuditEvent) => new Date(e.at).toLocaleString();
const fromOf = (e: AuditEvent) =>
  [e.ip, e.source === 'web' ? e.user_agent : SOURCES[e.source]].filter(Boolean).join(' · ');
/** A browser's whole user agent is long: a card shows its start, the whole on hover. */
const AGENT_SHOWN = 60;
const shortFromOf = (e: AuditEvent) => {
  const from = fromOf(e);
  return from.length > AGENT_SHOWN ? `${from.slice(0, AGENT_SHOWN - 1)}…` : from;
};

/** The events of a page: a table on a wide screen, cards on a phone. */
export function AuditList({ events }: { events: AuditEvent[] }) {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  if (narrow)
    return (
      <Stack
        component="ul"
        aria-label="Audit events"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {events.map((e) => (
          <Card key={e.id} component="li" variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle2" component="h2">
                {whatOf(e)}
                {e.target_label ? `: ${e.target_label}` : ''}
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                by {actorOf(e)}
                {e.world_id ? ` in ${e.world_id}` : ''}
              </Typography>
              {e.detail && (
                <Typography variant="body2" color="text.secondary">
                  {e.detail}
                </Typography>
              )}
              <Typography
                variant="caption"
                color="text.secondary"
                title={fromOf(e)}
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {whenOf(e)} · {shortFromOf(e)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table size="small" aria-label="Audit events">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>What</TableCell>
          <TableCell>Target</TableCell>
          <TableCell>World</TableCell>
          <TableCell>From</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{whenOf(e)}</TableCell>
            <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{actorOf(e)}</TableCell>
            <TableCell>
              {whatOf(e)}
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
              title={fromOf(e)}
            >
              {fromOf(e)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
