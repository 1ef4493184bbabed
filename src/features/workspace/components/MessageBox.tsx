import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { cogSend } from '../../../ws/cogActions';
import { appendDictation } from '../../dictation/appendDictation';
import { DictationToggle } from '../../dictation/DictationToggle';
import { selectDictationInterim, selectDictationStatus } from '../../dictation/dictationSlice';
import { useDictatedText } from '../../dictation/useDictatedText';
import { StopButton } from './StopButton';
import { AttachButton } from '../../workspaceFiles/AttachButton';
import { PendingAttachments } from '../../workspaceFiles/PendingAttachments';
import { useAttachments } from '../../workspaceFiles/useAttachments';
import { useFileDrop } from '../../workspaceFiles/useFileDrop';
import { ToolArgsForm } from '../../toolMenu/ToolArgsForm';
import { TOOL_MENU_ID, ToolMenu, toolOptionId } from '../../toolMenu/ToolMenu';
import { useToolMenu } from '../../toolMenu/useToolMenu';
import { growingTextarea } from '../../../components/growingTextarea';

/** The box grows with its text up to 8 lines, then scrolls. */
const GROWING = growingTextarea(8);

/**
 * The chat input (SPEC §5): only a non-empty trimmed text is sent, and the
 * field is cleared afterwards. Enter sends, Shift+Enter starts a new line.
 * Dictated text (SPEC §7) is appended to what the box holds. Files picked
 * with the paperclip, dropped or pasted are attached to the workspace
 * (issue 20) without touching the text. Typing / opens the menu of the
 * workspace's tools (issue 22): the one picked gets an argument form and its
 * result is posted into the transcript.
 */
export function MessageBox() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { worldId = '' } = useParams();
  const workspaceId = useSearchParams()[0].get('id');
  const [text, setText] = useState('');
  const attachments = useAttachments(workspaceId, worldId);
  const drop = useFileDrop(attachments.attach, Boolean(workspaceId));
  const trimmed = text.trim();
  const tools = useToolMenu(workspaceId);
  useDictatedText(
    useCallback((words) => setText((current) => appendDictation(current, words)), []),
  );
  const changeText = (next: string) => {
    setText(next);
    tools.onTextChange(next);
  };

  const send = () => {
    if (!trimmed) return;
    dispatch(cogSend('user.message', { text: trimmed }));
    changeText('');
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const took = tools.onKeyDown(e);
    // A picked tool takes the slash command out of the box: its form has the arguments.
    if (took === 'picked') changeText('');
    if (took) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <Box
      {...drop.dropProps}
      data-testid="message-box"
      sx={{
        p: 2,
        pt: 1,
        outline: drop.over ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: 'primary.main',
        outlineOffset: -4,
      }}
    >
      <PendingAttachments pending={attachments.pending} onDismiss={attachments.dismiss} />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, position: 'relative' }}>
        {tools.open && (
          <ToolMenu
            tools={tools.tools}
            active={tools.active}
            loading={tools.loading}
            error={tools.error}
            onPick={(tool) => {
              tools.pick(tool);
              changeText('');
            }}
          />
        )}
        <AttachButton onFiles={attachments.attach} disabled={!workspaceId} />
        <TextField
          value={text}
          onChange={(e) => changeText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={drop.onPaste}
          placeholder={t('Ask the experts...')}
          {...GROWING.field}
          fullWidth
          size="small"
          slotProps={{
            input: GROWING.input,
            htmlInput: {
              ...GROWING.htmlInput,
              'aria-label': t('Message'),
              // Stays a textbox (it is one); the / menu is its list of suggestions.
              'aria-autocomplete': 'list',
              'aria-controls': tools.open ? TOOL_MENU_ID : undefined,
              'aria-activedescendant':
                tools.open && tools.tools.length ? toolOptionId(tools.active) : undefined,
            },
          }}
        />
        <DictationToggle worldId={worldId} />
        <StopButton />
        <Tooltip title={t('Send')}>
          <span>
            <IconButton aria-label={t('Send')} color="primary" onClick={send} disabled={!trimmed}>
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <DictationHint />
      {tools.picked && (
        <ToolArgsForm
          key={tools.picked.name}
          tool={tools.picked}
          running={tools.running}
          onRun={(args) => void tools.run(args)}
          onClose={tools.closeForm}
        />
      )}
    </Box>
  );
}

/** What the recogniser hears so far, under the box while dictating. */
function DictationHint() {
  const { t } = useTranslation();
  const status = useAppSelector(selectDictationStatus);
  const interim = useAppSelector(selectDictationInterim);
  const hint =
    status === 'starting'
      ? t('Starting the microphone...')
      : status === 'recording'
        ? interim || t('Listening...')
        : status === 'stopping'
          ? interim || t('Recognising...')
          : '';
  if (!hint) return null;
  return (
    <Typography
      data-testid="dictation-hint"
      variant="caption"
      aria-live="polite"
      sx={{ display: 'block', px: 1.5, pt: 0.5, color: 'text.secondary', fontStyle: 'italic' }}
    >
      {hint}
    </Typography>
  );
}
