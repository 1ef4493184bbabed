import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { memo } from 'react';
import { useAppSelector } from '../../../store/hooks';
import { selectIsFocusedMessage, selectMessageById } from '../workspaceSelectors';
import type { TranscriptMessage } from '../workspaceSlice';
import { keywordText } from './keywords';
import { MarkdownOnDemand, SafeHtmlOnDemand } from '../../../components/RichTextOnDemand';

/**
 * One transcript row. It selects its own message by id, so appending a
 * message renders only the new row and a streamed update only its own.
 */
export const TranscriptRow = memo(function TranscriptRow({
  id,
  index,
  measureRef,
}: {
  id: string;
  index: number;
  measureRef: (el: HTMLElement | null) => void;
}) {
  const message = useAppSelector((s) => selectMessageById(s, id));
  // The message a search result jumped to stays marked until the reader goes to the newest.
  const focused = useAppSelector((s) => selectIsFocusedMessage(s, id));
  return (
    <Box
      ref={measureRef}
      data-index={index}
      data-message-id={id}
      role="listitem"
      aria-current={focused ? 'true' : undefined}
      sx={{ px: 2, py: 1 }}
    >
      {message && <MessageView message={message} focused={focused} />}
    </Box>
  );
});

function MessageView({ message, focused }: { message: TranscriptMessage; focused: boolean }) {
  const isUser = message.role === 'user';
  const keywords = isUser ? '' : keywordText(message.keywords);
  const text = message.html ?? message.content;
  return (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: isUser ? 'action.hover' : 'background.paper',
        border: focused ? 2 : 1,
        borderColor: focused ? 'primary.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography
          variant="subtitle2"
          component="span"
          color={isUser ? 'text.primary' : 'primary'}
        >
          {message.name}
        </Typography>
        {keywords && <Chip size="small" variant="outlined" label={keywords} />}
        {!message.final && <TypingIndicator />}
      </Box>
      {message.html ? (
        <SafeHtmlOnDemand html={message.html} />
      ) : text || message.final ? (
        <MarkdownOnDemand content={message.content} />
      ) : null}
    </Box>
  );
}

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.2; }
  40% { opacity: 1; }
`;

function TypingIndicator() {
  return (
    <Box
      component="span"
      role="status"
      aria-label="typing"
      sx={{ display: 'inline-flex', gap: 0.5, ml: 0.5 }}
    >
      {[0, 1, 2].map((i) => (
        <Box
          key={i}
          component="span"
          sx={{
            width: 5,
            height: 5,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${blink} 1.2s ${i * 0.2}s infinite ease-in-out`,
          }}
        />
      ))}
    </Box>
  );
}
