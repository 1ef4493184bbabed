import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadRichTextAfterFirstScreen } from '../../../components/RichTextOnDemand';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { historyPageAsked } from '../history';
import { messageAt, positionOf } from '../messageList';
import { selectHistory, selectMessageList, selectQuestionsSent } from '../workspaceSelectors';
import { useHistoryPaging } from './useHistoryPaging';
import { AnswerAnnouncer } from './AnswerAnnouncer';
import { LiveAnswerWarmUp } from './LiveAnswerWarmUp';
import { TranscriptHeader } from './TranscriptHeader';
import { TranscriptRow } from './TranscriptRow';
import { NewMessagesPill } from './NewMessagesPill';
import { useFollowEnd } from './useFollowEnd';
import { useNewMessagesBelow } from './useNewMessagesBelow';

/** A first guess at a row's height; each row is measured once it renders. */
const ESTIMATED_ROW_PX = 96;
/** Within this distance of the bottom the transcript follows new messages. */
const FOLLOW_THRESHOLD_PX = 120;

export type { Rect };

/**
 * The meeting transcript, virtualized (DESIGN §8: 10,000 messages stay smooth).
 * Rows have their real heights (measureElement); the list sticks to the bottom
 * while the user is near it, so new and streaming answers stay in view.
 * `initialRect` is the room it mounts into, if known.
 */
export function Transcript({ initialRect }: { initialRect?: Rect | undefined } = {}) {
  const { t } = useTranslation();
  const list = useAppSelector(selectMessageList);
  const history = useAppSelector(selectHistory);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Which message sits at which position changes only with the list's index (a message added
  // or removed, a page placed): a streamed delta replaces its message in place. Made anew only
  // then, the key function leaves the virtualizer's measurements of all 10,000 rows as they
  // were through every delta, where it went over each of them again on every render.
  const getItemKey = useCallback(
    (index: number) => messageAt(list, index)?.message_id ?? index,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids by position, as above
    [list.index],
  );
  // No React Compiler in this build; the virtualizer's functions are used as TanStack documents.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: list.size,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    // The scroller's size before it is measured (the room it mounts into): without one the
    // first render holds no rows, and they come only after the scroller is observed.
    ...(initialRect ? { initialRect } : {}),
    // The first render already holds the rows the view opens at (the newest, or the message
    // jumped to; the layout effect below scrolls there): from offset 0 it rendered the oldest
    // rows, measured them and threw them away in the same commit.
    initialOffset: () => {
      const focus = history.focus === null ? undefined : positionOf(list, history.focus);
      return Math.max(0, focus ?? list.size - 1) * ESTIMATED_ROW_PX;
    },
    overscan: 6,
    anchorTo: 'end',
    // Live messages are followed; a newer page fetched while reading down is not.
    followOnAppend: !history.pagedForward,
    scrollEndThreshold: FOLLOW_THRESHOLD_PX,
    // React 19 warns when flushSync runs inside the commit that mounts the list.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const empty = list.size === 0;
  // Shown empty, it has no markdown yet: the renderer comes just after this screen, in the
  // background, so the first message is markdown at once (a screen with rows waited for it).
  useEffect(() => (empty ? preloadRichTextAfterFirstScreen() : undefined), [empty]);

  // A chat opens at its newest message, also when it mounts over a transcript already loaded;
  // the newest page after a jump goes back there, and a jump goes to the message it asked for.
  const shownView = useRef(-1);
  useLayoutEffect(() => {
    if (shownView.current === history.view || list.size === 0) return;
    shownView.current = history.view;
    const focus = history.focus === null ? undefined : positionOf(list, history.focus);
    if (focus === undefined) virtualizer.scrollToIndex(list.size - 1, { align: 'end' });
    else virtualizer.scrollToIndex(focus, { align: 'center' });
  }, [list, history.view, history.focus, virtualizer]);
  useHistoryPaging(scrollRef, list, history);

  const dispatch = useAppDispatch();
  // Newer messages not loaded (after a jump): the newest page replaces the list and is shown.
  const toNewest = useCallback(() => {
    if (history.newer) dispatch(historyPageAsked());
    else virtualizer.scrollToEnd();
  }, [dispatch, history.newer, virtualizer]);

  // Someone who asks wants to see their question and the answers to it, wherever they had
  // scrolled (and however far a long history's real row heights moved the end): once
  // their question is in the list, the list goes to its end, and follows from there.
  // Reading an older stretch, the question is not added to it: the newest page is fetched.
  const questionsSent = useAppSelector(selectQuestionsSent);
  const awaitingQuestion = useRef(questionsSent);
  useLayoutEffect(() => {
    if (awaitingQuestion.current === questionsSent) return;
    if (history.newer) {
      if (history.loading !== 'view') dispatch(historyPageAsked());
      return;
    }
    if (messageAt(list, list.size - 1)?.role !== 'user') return;
    awaitingQuestion.current = questionsSent;
    virtualizer.scrollToIndex(list.size - 1, { align: 'end' });
  }, [list, questionsSent, virtualizer, history.newer, history.loading, dispatch]);

  const newBelow = useNewMessagesBelow(scrollRef, list, FOLLOW_THRESHOLD_PX);
  const { followEnd } = useFollowEnd(scrollRef, {
    view: history.view,
    jumped: history.focus !== null,
    questionsSent,
    height: virtualizer.getTotalSize(),
    paused: history.newer || history.pagedForward,
  });
  const toTop = useCallback(() => {
    followEnd(false);
    virtualizer.scrollToIndex(0, { align: 'start' });
  }, [followEnd, virtualizer]);

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, position: 'relative' }}
    >
      <TranscriptHeader empty={empty} onTop={toTop} onBottom={toNewest} />
      <Box
        ref={scrollRef}
        data-testid="transcript-scroller"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', contain: 'strict' }}
      >
        {empty ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 4, textAlign: 'center' }}>
            {t('Start a conversation by typing a message')}
          </Typography>
        ) : (
          <Box
            sx={{ width: '100%', position: 'relative' }}
            style={{ height: virtualizer.getTotalSize() }}
          >
            <Box
              role="list"
              aria-label={t('Meeting transcript')}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
              style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
            >
              {items.map((item) => (
                <TranscriptRow
                  key={item.key}
                  id={String(item.key)}
                  index={item.index}
                  measureRef={virtualizer.measureElement}
                />
              ))}
            </Box>
          </Box>
        )}
      </Box>
      {newBelow && <NewMessagesPill onClick={toNewest} />}
      <AnswerAnnouncer />
      {!empty && <LiveAnswerWarmUp />}
    </Box>
  );
}
