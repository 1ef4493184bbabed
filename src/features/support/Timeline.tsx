import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoggedAction } from '../../store/actionLog/format';
import { REPLAY_SPEEDS, type ReplaySpeed, type useReplayPlayer } from './useReplayPlayer';

type Player = ReturnType<typeof useReplayPlayer>;
const ROW_PX = 28;

/** Step, jump, play at 1×/4×/16×, and the list of recorded actions (the current one marked). */
export function Timeline({ entries, player }: { entries: LoggedAction[]; player: Player }) {
  const { t } = useTranslation();
  const { position, end, playing } = player;
  const start = entries[0]?.at ?? 0;
  const list = useRef<HTMLDivElement>(null);
  // The virtualizer is the same one the transcript uses; React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: entries.length,
    getScrollElement: () => list.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
  });

  useEffect(() => {
    if (position > 0) rows.scrollToIndex(position - 1, { align: 'auto' });
  }, [position, rows]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton aria-label={t('First')} onClick={() => player.go(0)} size="small">
          <FirstPageIcon />
        </IconButton>
        <IconButton
          aria-label={t('Step back')}
          onClick={() => player.go(position - 1)}
          size="small"
        >
          <NavigateBeforeIcon />
        </IconButton>
        {playing ? (
          <IconButton aria-label={t('Pause')} onClick={player.pause} size="small">
            <PauseIcon />
          </IconButton>
        ) : (
          <IconButton aria-label={t('Play')} onClick={player.play} size="small">
            <PlayArrowIcon />
          </IconButton>
        )}
        <IconButton
          aria-label={t('Step forward')}
          onClick={() => player.go(position + 1)}
          size="small"
        >
          <NavigateNextIcon />
        </IconButton>
        <IconButton aria-label={t('Last')} onClick={() => player.go(end)} size="small">
          <LastPageIcon />
        </IconButton>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={player.speed}
          onChange={(_e, v: ReplaySpeed | null) => v && player.setSpeed(v)}
          aria-label={t('Speed')}
          sx={{ ml: 'auto' }}
        >
          {REPLAY_SPEEDS.map((s) => (
            <ToggleButton key={s} value={s} aria-label={`${s}×`}>
              {s}×
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography variant="body2" data-testid="replay-position">
        {t('Action {{position}} of {{end}}', { position, end })}
      </Typography>
      <Slider
        size="small"
        min={0}
        max={end}
        value={position}
        onChange={(_e, v) => player.go(v as number)}
        aria-label={t('Position')}
      />
      <Box
        ref={list}
        role="list"
        aria-label={t('Recorded actions')}
        sx={{ height: 280, flexShrink: 0, overflow: 'auto', border: 1, borderColor: 'divider' }}
      >
        <Box sx={{ height: rows.getTotalSize(), position: 'relative' }}>
          {rows.getVirtualItems().map((row) => {
            const entry = entries[row.index]!;
            const current = row.index === position - 1;
            return (
              <Box
                key={row.index}
                role="listitem"
                aria-current={current ? 'step' : undefined}
                onClick={() => player.go(row.index + 1)}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_PX,
                  transform: `translateY(${row.start}px)`,
                  display: 'flex',
                  gap: 1,
                  alignItems: 'center',
                  px: 1,
                  fontSize: 12,
                  fontFamily: 'monospace',
                  cursor: 'pointer',
                  bgcolor: current ? 'primary.light' : 'transparent',
                  color: current ? 'primary.contrastText' : 'inherit',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                }}
              >
                <Box component="span" sx={{ opacity: 0.6, minWidth: 56, textAlign: 'right' }}>
                  +{((entry.at - start) / 1000).toFixed(1)}s
                </Box>
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {String(entry.action.type)}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
