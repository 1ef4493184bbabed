import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command } from '../../../../protocol';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import { AdminLayout } from '../AdminLayout';
import {
  ALL_NAMESPACES,
  DEFAULT_NAMESPACE,
  filterCommands,
  openingNamespace,
  useGetCommandNamespacesQuery,
  useGetRegisteredCommandsQuery,
} from './commandsApi';

/** Registered Commands (SPEC §2 "Admin area"): the command registry by namespace. */
export function CommandsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [picked, setPicked] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const namespaces = useGetCommandNamespacesQuery();
  // Until someone picks, the page shows commands: the workspace namespace, or all of them.
  const settled = namespaces.isSuccess || namespaces.isError;
  const choice = picked ?? openingNamespace(namespaces.data);
  const commands = useGetRegisteredCommandsQuery(picked !== null || settled ? choice : skipToken);

  // A flash per failed request (SPEC §8); a failed list shows empty, not the previous one.
  useEffect(() => {
    if (namespaces.isError) dispatch(flashShown(t('Failed to load namespaces'), 'error'));
  }, [dispatch, t, namespaces.isError, namespaces.requestId]);
  useEffect(() => {
    if (commands.isError) dispatch(flashShown(t('Failed to load commands'), 'error'));
  }, [dispatch, t, commands.isError, commands.requestId]);

  const refresh = () => {
    void namespaces.refetch();
    void commands.refetch();
  };
  const all = choice === ALL_NAMESPACES;
  const list = commands.isError ? [] : (commands.currentData ?? []);
  const shown = filterCommands(list, filter);
  const named = namespaces.data ?? [];

  return (
    <AdminLayout
      title={t('Registered Commands')}
      crumbs={[{ label: t('Commands') }]}
      actions={
        <Button startIcon={<RefreshIcon />} onClick={refresh}>
          {t('Refresh')}
        </Button>
      }
    >
      <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="command-namespace-label">{t('Namespace')}</InputLabel>
          <Select
            labelId="command-namespace-label"
            label={t('Namespace')}
            value={named.includes(choice) || choice === ALL_NAMESPACES ? choice : DEFAULT_NAMESPACE}
            onChange={(e) => setPicked(e.target.value)}
          >
            <MenuItem value={DEFAULT_NAMESPACE}>{t('Default Namespace')}</MenuItem>
            <MenuItem value={ALL_NAMESPACES}>{t('All Namespaces')}</MenuItem>
            {named.map((ns) => (
              <MenuItem key={ns} value={ns}>
                {ns}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          placeholder={t('Filter commands...')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ flex: 1, minWidth: 240 }}
          slotProps={{
            htmlInput: { 'aria-label': t('Filter commands') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      <Box sx={{ height: 4 }}>
        {(commands.isFetching || namespaces.isFetching) && (
          <LinearProgress aria-label={t('Loading commands')} />
        )}
      </Box>
      <CommandsTable commands={shown} showNamespace={all} loading={commands.isFetching} />
    </AdminLayout>
  );
}

function CommandsTable({
  commands,
  showNamespace,
  loading,
}: {
  commands: Command[];
  showNamespace: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const columns = showNamespace ? 5 : 4;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('Registered commands')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Name')}</TableCell>
            <TableCell>{t('Description')}</TableCell>
            <TableCell>{t('Tags')}</TableCell>
            <TableCell>{t('Cog Path')}</TableCell>
            {showNamespace && <TableCell>{t('Namespace')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {commands.length === 0 && !loading && (
            <TableRow>
              <TableCell colSpan={columns} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('No commands found')}
              </TableCell>
            </TableRow>
          )}
          {commands.map((c) => (
            <TableRow key={`${c.namespace ?? ''}/${c.id}`}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {c.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ fontFamily: 'monospace' }}
                >
                  {c.id}
                </Typography>
              </TableCell>
              <TableCell>
                {c.description || (
                  <Typography variant="body2" color="text.secondary">
                    {t('No description')}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {c.tags && c.tags.length > 0 ? (
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {c.tags.map((tag) => (
                      <Chip key={tag} size="small" label={tag} />
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('No tags')}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{c.cogPath ?? ''}</TableCell>
              {showNamespace && <TableCell>{c.namespace ?? ''}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
