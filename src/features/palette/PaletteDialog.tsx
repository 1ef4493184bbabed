import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command } from '../../../protocol';
import type { ExecuteResult } from './commandRequests';
import { usePalette, type PaletteState } from './usePalette';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * One opening of the palette: a search box over the commands, ArrowDown and
 * ArrowUp to move (wrapping), Enter to run, Escape to close.
 */
export function PaletteDialog({
  open,
  onClose,
  onExecuted,
}: {
  open: boolean;
  onClose: () => void;
  onExecuted: (result: ExecuteResult) => void;
}) {
  const palette = usePalette({ onClose, onExecuted });
  return (
    <Dialog
      open={open}
      onClose={palette.close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="command-palette-title"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: '12vh' } } }}
    >
      <PaletteBody palette={palette} />
    </Dialog>
  );
}

function PaletteBody({ palette }: { palette: PaletteState }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const { commands, selected, loading, executing, error, confirming } = palette;

  useEffect(() => {
    const item = listRef.current?.querySelector<HTMLElement>(`[data-index="${selected}"]`);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      palette.moved(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void palette.execute(commands[selected]);
    }
  };

  const activeId = commands[selected] ? `palette-command-${selected}` : undefined;
  if (confirming)
    return (
      <ConfirmCommand
        command={confirming}
        executing={executing}
        error={error}
        onConfirm={palette.confirm}
        onCancel={palette.cancelConfirm}
      />
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: '70vh' }}>
      <Typography id="command-palette-title" component="h2" sx={visuallyHidden}>
        {t('Command palette')}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        placeholder={t('Type a command...')}
        value={palette.query}
        onChange={(e) => palette.typed(e.target.value)}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: {
            'aria-label': t('Search commands'),
            role: 'combobox',
            'aria-expanded': true,
            'aria-controls': 'palette-commands',
            ...(activeId ? { 'aria-activedescendant': activeId } : {}),
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ '& fieldset': { border: 'none' }, borderBottom: 1, borderColor: 'divider' }}
      />
      <Box sx={{ height: 4 }}>
        {(loading || executing) && <LinearProgress aria-label={t('Loading commands')} />}
      </Box>
      {error && (
        <Alert severity="error" sx={{ m: 1 }}>
          {error}
        </Alert>
      )}
      {commands.length === 0 && !loading && !error ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t('No matching commands found')}
        </Typography>
      ) : (
        <List
          id="palette-commands"
          ref={listRef}
          role="listbox"
          aria-label={t('Commands')}
          dense
          sx={{ overflowY: 'auto' }}
        >
          {commands.map((command, i) => (
            <CommandRow
              key={command.id}
              command={command}
              index={i}
              selected={i === selected}
              onHover={() => palette.select(i)}
              onClick={() => void palette.execute(command)}
            />
          ))}
        </List>
      )}
    </Box>
  );
}

function CommandRow({
  command,
  index,
  selected,
  onHover,
  onClick,
}: {
  command: Command;
  index: number;
  selected: boolean;
  onHover: () => void;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ListItemButton
      component="li"
      id={`palette-command-${index}`}
      data-index={index}
      role="option"
      aria-selected={selected}
      selected={selected}
      onMouseMove={selected ? undefined : onHover}
      onClick={onClick}
      sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 0.5 }}
    >
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        {command.name}
      </Typography>
      {command.description && (
        <Typography variant="body2" color="text.secondary">
          {command.description}
        </Typography>
      )}
      {((command.tags && command.tags.length > 0) || command.destructive) && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {command.destructive && (
            <Chip label={t('Asks to confirm')} size="small" color="error" variant="outlined" />
          )}
          {command.tags?.map((tag) => (
            <Chip key={tag} label={tag} size="small" variant="outlined" />
          ))}
        </Box>
      )}
    </ListItemButton>
  );
}

/**
 * A destructive command asks before it runs: Cancel has the focus, so Enter
 * or Escape right away keeps everything; the command runs only on its own button.
 */
function ConfirmCommand({
  command,
  executing,
  error,
  onConfirm,
  onCancel,
}: {
  command: Command;
  executing: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // Back to the list, not out of the palette.
    e.stopPropagation();
    onCancel();
  };
  return (
    <Box
      role="alertdialog"
      aria-labelledby="palette-confirm-title"
      aria-describedby="palette-confirm-text"
      onKeyDown={onKeyDown}
      sx={{ p: 3 }}
    >
      <Typography id="command-palette-title" component="h2" sx={visuallyHidden}>
        {t('Command palette')}
      </Typography>
      <Typography id="palette-confirm-title" variant="h6" component="h3" gutterBottom>
        {t('{{name}}?', { name: command.name })}
      </Typography>
      <Typography id="palette-confirm-text" color="text.secondary">
        {command.description
          ? t('{{description}}. This cannot be undone.', { description: command.description })
          : t('This cannot be undone.')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button autoFocus onClick={onCancel} disabled={executing}>
          {t('Cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={executing}>
          {command.name}
        </Button>
      </Box>
    </Box>
  );
}
