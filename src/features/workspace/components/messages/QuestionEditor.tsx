import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../../store/hooks';
import { cogSend } from '../../../../ws/cogActions';

/** The user's last question edited in place; Save asks the experts again (message.edit). */
export function QuestionEditor({
  messageId,
  initial,
  onDone,
}: {
  messageId: string;
  initial: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [text, setText] = useState(initial);
  const trimmed = text.trim();
  const save = () => {
    if (!trimmed) return;
    if (trimmed !== initial.trim())
      dispatch(cogSend('message.edit', { message_id: messageId, text: trimmed }));
    onDone();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onDone();
    else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };
  return (
    <Box>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        multiline
        maxRows={8}
        fullWidth
        size="small"
        autoFocus
        slotProps={{ htmlInput: { 'aria-label': t('Edit message') } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={!trimmed}>
          {t('Save and ask again')}
        </Button>
      </Box>
    </Box>
  );
}
