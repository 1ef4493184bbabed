import MicIcon from '@mui/icons-material/Mic';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState, type KeyboardEvent } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { cogSend } from '../../../ws/cogActions';

/**
 * The chat input (SPEC §5): only a non-empty trimmed text is sent, and the
 * field is cleared afterwards. Enter sends, Shift+Enter starts a new line.
 */
export function MessageBox() {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const trimmed = text.trim();

  const send = () => {
    if (!trimmed) return;
    dispatch(cogSend('user.message', { text: trimmed }));
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 2, pt: 1 }}>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Ask the experts..."
        multiline
        maxRows={8}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
      />
      {/* Dictation arrives with its own issue; until then the toggle is shown but off. */}
      <Tooltip title="Dictation is not available yet">
        <span>
          <IconButton aria-label="Start dictation" aria-pressed={false} disabled>
            <MicIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Send">
        <span>
          <IconButton aria-label="Send" color="primary" onClick={send} disabled={!trimmed}>
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
