import ClearAllIcon from '@mui/icons-material/ClearAll';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectAccessibleWorlds } from '../auth/authSlice';
import { NavBar } from '../world/NavBar';
import { ClearConsoleDialog } from './ClearConsoleDialog';
import {
  CLEAR_CONSOLE_FAILED,
  FETCH_CONSOLE_FAILED,
  consoleErrorText,
  useClearConsoleMutation,
  useGetConsoleMessagesQuery,
} from './consoleApi';
import { ConsoleTable } from './ConsoleTable';

/** Refresh intervals offered (SPEC §9), default 5 s. */
export const CONSOLE_INTERVALS_MS = [2000, 5000, 10000] as const;
export const DEFAULT_CONSOLE_INTERVAL_MS = 5000;

/**
 * The world's console (SPEC §2 "Console page"): members read it, admins may
 * clear it (after confirming; members are not offered the button). While auto-refresh is on it polls at the chosen interval; changing
 * either restarts the polling.
 */
export function ConsolePage() {
  const { t } = useTranslation();
  const worldId = useParams().worldId ?? '';
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [intervalMs, setIntervalMs] = useState<number>(DEFAULT_CONSOLE_INTERVAL_MS);
  const [clearError, setClearError] = useState<string | null>(null);
  const messages = useGetConsoleMessagesQuery(worldId || skipToken, {
    pollingInterval: autoRefresh ? intervalMs : 0,
    skipPollingIfUnfocused: false,
  });
  const [clearConsole, clearing] = useClearConsoleMutation();
  const [asking, setAsking] = useState(false);
  // Only administrators may clear (the server refuses others): others are not offered it.
  const isAdmin = useAppSelector(selectAccessibleWorlds).some(
    (w) => w.world_id === worldId && w.is_admin,
  );

  const onClear = async () => {
    setAsking(false);
    setClearError(null);
    try {
      await clearConsole(worldId).unwrap();
    } catch (e) {
      setClearError(consoleErrorText(e, t(CLEAR_CONSOLE_FAILED)));
    }
  };

  const count = messages.data?.length ?? 0;
  const fetchError = messages.isError
    ? consoleErrorText(messages.error, t(FETCH_CONSOLE_FAILED))
    : null;

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <NavBar worldId={worldId} title={t('Console')} />
      <Container maxWidth="xl" sx={{ py: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {t('Console')}
          </Typography>
          <Typography color="text.secondary" aria-live="polite">
            {t('{{count}} messages', { count })}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
            }
            label={t('Auto-refresh')}
          />
          <FormControl size="small" sx={{ minWidth: 110 }}>
            <InputLabel id="console-interval-label">{t('Interval')}</InputLabel>
            <Select
              labelId="console-interval-label"
              label={t('Interval')}
              value={intervalMs}
              onChange={(e) => setIntervalMs(Number(e.target.value))}
            >
              {CONSOLE_INTERVALS_MS.map((ms) => (
                <MenuItem key={ms} value={ms}>
                  {t('{{seconds}}s', { seconds: ms / 1000 })}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => void messages.refetch()}
            disabled={!worldId}
          >
            {t('Refresh')}
          </Button>
          {isAdmin && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<ClearAllIcon />}
              onClick={() => setAsking(true)}
              disabled={clearing.isLoading || !worldId}
            >
              {t('Clear')}
            </Button>
          )}
        </Stack>
        {fetchError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {fetchError}
          </Alert>
        )}
        {clearError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setClearError(null)}>
            {clearError}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>
          {messages.isFetching && <LinearProgress aria-label={t('Loading console messages')} />}
        </Box>
        <ConsoleTable messages={messages.isLoading ? undefined : (messages.data ?? [])} />
        <ClearConsoleDialog
          open={asking}
          onCancel={() => setAsking(false)}
          onConfirm={() => void onClear()}
        />
      </Container>
    </Box>
  );
}
