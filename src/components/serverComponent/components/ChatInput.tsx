import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InvalidComponent } from '../InvalidComponent';
import { firstError, optionalString, stringProp } from '../nodeProps';
import { useServerScreen } from '../screenContext';
import type { ServerComponentProps } from '../types';

export const CHAT_EVENT = 'chat';

/** A message box: sends trimmed, non-empty text as attrs { message } and clears (SPEC §5). */
export function ChatInput({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  const { host } = useServerScreen();
  const [text, setText] = useState('');
  const error = firstError(
    optionalString(node, 'placeholder'),
    optionalString(node, 'event_handler'),
  );
  if (error) return <InvalidComponent message={error} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    host.sendEvent({
      event_handler: stringProp(node, 'event_handler') || CHAT_EVENT,
      attrs: { message },
    });
    setText('');
  };

  return (
    <Box component="form" onSubmit={submit} style={style} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={stringProp(node, 'placeholder') ?? t('Type a message...')}
        disabled={node.disabled === true}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { 'aria-label': t('Message') } }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label={t('Send')}
        disabled={node.disabled === true || !text.trim()}
      >
        <SendIcon />
      </IconButton>
    </Box>
  );
}
