import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The flow page's 'Send message...' box: sends trimmed, non-empty text and clears (SPEC §5). */
export function FlowMessageBox({
  onSend,
  disabled,
}: {
  onSend: (message: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || disabled) return;
    onSend(message);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <Paper
      component="form"
      onSubmit={submit}
      elevation={6}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1, borderRadius: 3 }}
    >
      <TextField
        multiline
        maxRows={6}
        fullWidth
        variant="standard"
        placeholder={t('Send message...')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        slotProps={{ input: { disableUnderline: true, sx: { px: 1, py: 0.5 } } }}
        aria-label={t('Send message')}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label={t('Send')}
        disabled={disabled || !text.trim()}
      >
        <SendIcon />
      </IconButton>
    </Paper>
  );
}
