import MicIcon from '@mui/icons-material/Mic';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  dictationCancelled,
  dictationStartRequested,
  dictationStopRequested,
  isDictationActive,
  selectDictationBars,
  selectDictationStatus,
} from './dictationSlice';
import { METER_MAX_PX } from './meter';

/**
 * The microphone toggle of the message box (SPEC §2): starts and stops
 * dictation in this world, with the five-bar level meter while recording.
 * Leaving the page while dictating cancels the session.
 */
export function DictationToggle({ worldId }: { worldId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectDictationStatus);
  const active = isDictationActive(status);
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(
    () => () => {
      if (activeRef.current) dispatch(dictationCancelled());
    },
    [dispatch],
  );

  const toggle = () => {
    if (active) dispatch(dictationStopRequested());
    else dispatch(dictationStartRequested({ worldId }));
  };
  const label = active ? t('Stop dictation') : t('Start dictation');
  const busy = status === 'starting' || status === 'stopping';

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {status === 'recording' && <LevelMeter />}
      <Tooltip title={status === 'stopping' ? t('Finishing dictation...') : label}>
        <span>
          <IconButton
            aria-label={label}
            aria-pressed={active}
            color={active ? 'error' : 'default'}
            onClick={toggle}
            disabled={status === 'stopping' || !worldId}
            sx={{ position: 'relative' }}
          >
            <MicIcon />
            {busy && (
              <CircularProgress
                size={36}
                color="error"
                aria-hidden
                sx={{ position: 'absolute', top: 2, left: 2 }}
              />
            )}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/** Five bars, 4 to 24 px high (SPEC §9), following the real input level. */
function LevelMeter() {
  const bars = useAppSelector(selectDictationBars);
  return (
    <Box
      data-testid="dictation-meter"
      aria-hidden
      sx={{ display: 'flex', alignItems: 'center', gap: '3px', height: METER_MAX_PX, px: 0.5 }}
    >
      {bars.map((height, i) => (
        <Box
          key={i}
          data-testid="dictation-meter-bar"
          style={{ height }}
          sx={{
            width: 4,
            borderRadius: 2,
            bgcolor: 'error.main',
            transition: 'height 80ms linear',
          }}
        />
      ))}
    </Box>
  );
}
