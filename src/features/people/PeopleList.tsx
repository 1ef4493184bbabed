import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../../protocol';
import { PersonStatus } from './PersonStatus';

function Worlds({ person }: { person: Person }) {
  const { t } = useTranslation();
  if (!person.worlds.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('No worlds')}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {person.worlds.map((w) => (
        <Chip
          key={w.world_id}
          size="small"
          label={w.is_admin ? t('{{name}} (admin)', { name: w.name }) : w.name}
          variant={w.is_admin ? 'filled' : 'outlined'}
        />
      ))}
    </Stack>
  );
}

/**
 * The accounts of a page: a table on a wide screen, one card per person on a
 * phone (names and emails stay readable, nothing scrolls sideways).
 */
export function PeopleList({
  people,
  selfId,
  onOpen,
}: {
  people: Person[];
  selfId: string;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const nameOf = (p: Person) => (p.id === selfId ? t('{{name}} (you)', { name: p.name }) : p.name);
  if (narrow)
    return (
      <Stack
        component="ul"
        aria-label={t('People')}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {people.map((p) => (
          <Card key={p.id} component="li" variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {nameOf(p)}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ wordBreak: 'break-all', mb: 1 }}
              >
                {p.email}
              </Typography>
              <Box sx={{ mb: 1 }}>
                <PersonStatus person={p} />
              </Box>
              <Worlds person={p} />
            </CardContent>
            <CardActions>
              <Button
                size="small"
                onClick={() => onOpen(p.id)}
                aria-label={t('Manage {{email}}', { email: p.email })}
              >
                {t('Manage')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table size="small" aria-label={t('People')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Name')}</TableCell>
          <TableCell>{t('Email')}</TableCell>
          <TableCell>{t('Worlds')}</TableCell>
          <TableCell>{t('Status')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {people.map((p) => (
          <TableRow key={p.id} hover>
            <TableCell sx={{ fontWeight: 500 }}>{nameOf(p)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{p.email}</TableCell>
            <TableCell>
              <Worlds person={p} />
            </TableCell>
            <TableCell>
              <PersonStatus person={p} />
            </TableCell>
            <TableCell align="right">
              <Button
                size="small"
                onClick={() => onOpen(p.id)}
                aria-label={t('Manage {{email}}', { email: p.email })}
              >
                {t('Manage')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
