import BuildIcon from '@mui/icons-material/Build';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { unstable_memoTheme as memoTheme } from '@mui/material/utils';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSnapshot, MessageVersion } from '../../../../protocol';
import { useAppSelector } from '../../../store/hooks';
import {
  selectIsEditable,
  selectIsFocusedMessage,
  selectIsHiddenByEarlierExchange,
  selectMessageById,
  selectVersionShown,
} from '../workspaceSelectors';
import type { TranscriptMessage } from '../workspaceSlice';
import { keywordText } from './keywords';
import { TypingIndicator } from './messages/TypingIndicator';
import { shortToolName } from '../../toolMenu/schemaForm';

/** A tool's provider prefix (everything_get-sum → everything). */
const toolProvider = (name: string) => name.slice(0, Math.max(0, name.indexOf('_'))) || name;
import { MessageActions } from './messages/MessageActions';
import { QuestionEditor } from './messages/QuestionEditor';
import { RelativeTime } from './messages/RelativeTime';
import { VersionSwitch } from './messages/VersionSwitch';
import { MarkdownOnDemand, SafeHtmlOnDemand } from '../../../components/RichTextOnDemand';

/*
 * A row's own boxes, styled once per theme. As `sx` on a Box, MUI ran its sx
 * processor (theme lookups, breakpoints) over these objects for every row on
 * every render: in CPU profiles of mounting the transcript and of appending to
 * it, most of emotion's time. The CSS is the same: theme.unstable_sx is what
 * the sx prop applies.
 */
const RowRoot = styled('div', { shouldForwardProp: (prop) => prop !== 'collapsed' })<{
  collapsed: boolean;
}>(
  memoTheme(({ theme }) => ({
    ...theme.unstable_sx({ px: 2, py: 1 }),
    variants: [{ props: { collapsed: true }, style: { paddingTop: 0, paddingBottom: 0 } }],
  })),
);

const Bubble = styled('div', {
  shouldForwardProp: (prop) => prop !== 'isUser' && prop !== 'focused' && prop !== 'tool',
})<{ isUser: boolean; focused: boolean; tool: boolean }>(
  memoTheme(({ theme }) => ({
    ...theme.unstable_sx({
      p: 1.5,
      borderRadius: 2,
      bgcolor: 'background.paper',
      border: 1,
      borderColor: 'divider',
    }),
    variants: [
      { props: { isUser: true }, style: theme.unstable_sx({ bgcolor: 'action.hover' }) },
      {
        props: { focused: true },
        style: theme.unstable_sx({ border: 2, borderColor: 'primary.main' }),
      },
      {
        props: { tool: true, focused: false },
        style: theme.unstable_sx({ borderLeft: 4, borderLeftColor: 'secondary.main' }),
      },
    ],
  })),
);

const BubbleHead = styled('div')(
  memoTheme(({ theme }) =>
    theme.unstable_sx({ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 0.5 }),
  ),
);

const BubbleTitle = styled('div')(
  memoTheme(({ theme }) =>
    theme.unstable_sx({
      display: 'flex',
      alignItems: 'center',
      gap: 1,
      flexWrap: 'wrap',
      flex: 1,
      minWidth: 0,
    }),
  ),
);

const BubbleWhen = styled('div')(
  memoTheme(({ theme }) =>
    theme.unstable_sx({
      display: 'flex',
      alignItems: 'center',
      gap: 0.5,
      flexShrink: 0,
      minHeight: 24,
    }),
  ),
);

const monospace = { fontFamily: 'monospace' } as const;

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
  const version = useAppSelector((s) => selectVersionShown(s, id));
  const editable = useAppSelector((s) => selectIsEditable(s, id));
  // An answer of the last question while the reader looks at an earlier version of it.
  const hidden = useAppSelector((s) => selectIsHiddenByEarlierExchange(s, id));
  // Actions mount only on hover / focus: a row stays cheap at 10,000 of them.
  const [active, setActive] = useState(false);
  return (
    <RowRoot
      ref={measureRef}
      collapsed={hidden}
      data-index={index}
      data-message-id={id}
      role="listitem"
      aria-current={focused ? 'true' : undefined}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(false);
      }}
    >
      {message && !hidden && (
        <MessageView
          message={message}
          focused={focused}
          version={version}
          editable={editable}
          active={active}
        />
      )}
    </RowRoot>
  );
});

/** What a row shows of a message: its newest version, or the earlier one switched to. */
type Shown = Pick<
  TranscriptMessage,
  'content' | 'html' | 'created_at' | 'model' | 'duration_ms' | 'stopped'
> & { answers?: AnswerSnapshot[] };

function shownVersion(message: TranscriptMessage, version: number | undefined): Shown {
  const earlier: MessageVersion | undefined =
    version === undefined ? undefined : message.versions?.[version];
  return earlier ?? message;
}

function MessageView({
  message,
  focused,
  version,
  editable,
  active,
}: {
  message: TranscriptMessage;
  focused: boolean;
  version: number | undefined;
  editable: boolean;
  active: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const isUser = message.role === 'user';
  const tool = message.tool_name;
  const keywords = isUser || tool ? '' : keywordText(message.keywords);
  const count = (message.versions?.length ?? 0) + 1;
  const shownIndex = version ?? count - 1;
  const shown = shownVersion(message, version);
  const newest = shownIndex === count - 1;
  const text = shown.html ?? shown.content;
  return (
    <Bubble
      isUser={isUser}
      focused={focused}
      tool={Boolean(tool)}
      {...(tool ? { 'data-tool': tool } : {})}
    >
      <BubbleHead>
        <BubbleTitle>
          {tool && <BuildIcon fontSize="small" color="secondary" aria-hidden />}
          <Typography
            variant="subtitle2"
            component="span"
            color={isUser ? 'text.primary' : tool ? 'secondary' : 'primary'}
            sx={tool ? monospace : undefined}
          >
            {tool ? `/${shortToolName(tool)}` : message.name}
          </Typography>
          {tool && (
            <Chip
              size="small"
              variant="outlined"
              label={t('Tool · {{provider}}', { provider: toolProvider(tool) })}
            />
          )}
          {shown.stopped && message.final && (
            <Chip size="small" color="warning" variant="outlined" label={t('Stopped')} />
          )}
          {keywords && <Chip size="small" variant="outlined" label={keywords} />}
          {!message.final && <TypingIndicator />}
        </BubbleTitle>
        {/* When and which version stay at the top right however the chips wrap. */}
        <BubbleWhen>
          {count > 1 && (
            <VersionSwitch messageId={message.message_id} shown={shownIndex} count={count} />
          )}
          {shown.created_at && <RelativeTime iso={shown.created_at} />}
        </BubbleWhen>
      </BubbleHead>
      {editing ? (
        <QuestionEditor
          messageId={message.message_id}
          initial={message.content ?? ''}
          onDone={() => setEditing(false)}
        />
      ) : shown.html ? (
        <SafeHtmlOnDemand html={shown.html} />
      ) : text || message.final ? (
        <MarkdownOnDemand content={shown.content} />
      ) : null}
      {shown.answers && <EarlierAnswers answers={shown.answers} />}
      {active && message.final && !editing && (
        <MessageActions
          messageId={message.message_id}
          markdown={shown.content ?? shown.html ?? ''}
          expertName={isUser || tool ? undefined : message.name}
          model={shown.model}
          durationMs={shown.duration_ms}
          canRegenerate={!isUser && Boolean(message.expert_id) && newest}
          canEdit={isUser && editable && newest}
          onEdit={() => setEditing(true)}
        />
      )}
    </Bubble>
  );
}

/** The answers an earlier version of a question had, shown under it while it is switched to. */
function EarlierAnswers({ answers }: { answers: AnswerSnapshot[] }) {
  const { t } = useTranslation();
  return (
    <Box
      role="list"
      aria-label={t('Answers to this version')}
      sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {answers.map((a) => (
        <Box
          key={a.message_id}
          role="listitem"
          sx={{
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle2" component="span" color="primary">
              {a.name}
            </Typography>
            {a.stopped && (
              <Chip size="small" color="warning" variant="outlined" label={t('Stopped')} />
            )}
          </Box>
          {a.html ? <SafeHtmlOnDemand html={a.html} /> : <MarkdownOnDemand content={a.content} />}
        </Box>
      ))}
    </Box>
  );
}
