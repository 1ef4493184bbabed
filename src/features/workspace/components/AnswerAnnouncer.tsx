import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useAppSelector } from '../../../store/hooks';
import { messageAt, type MessageList } from '../messageList';
import { selectMessageList } from '../workspaceSelectors';
import type { TranscriptMessage } from '../workspaceSlice';

/** How many of the newest messages are looked at (experts answering one question at once). */
const RECENT = 8;
/** A screen reader hears the start of an answer; the transcript holds the rest. */
const SPOKEN_CHARS = 160;

function plainText(markdownOrHtml: string): string {
  return markdownOrHtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`#>|[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function spoken(t: TFunction, m: TranscriptMessage): string {
  const text = plainText(m.content ?? m.html ?? '');
  const start = text.length > SPOKEN_CHARS ? `${text.slice(0, SPOKEN_CHARS)}…` : text;
  return t('{{name}} answered: {{text}}', { name: m.name, text: start });
}

function recentAnswers(list: MessageList): TranscriptMessage[] {
  const out: TranscriptMessage[] = [];
  for (let i = Math.max(0, list.size - RECENT); i < list.size; i++) {
    const m = messageAt(list, i);
    if (m && m.role === 'assistant') out.push(m);
  }
  return out;
}

/**
 * A polite live region for answers given live: an answer seen while it
 * streamed is announced once, when it is whole (not every streamed word), by
 * who gave it and how it starts. History, which arrives whole, is not read out.
 * A live region without the status role: the page's flashes are its status.
 */
export function AnswerAnnouncer() {
  const { t } = useTranslation();
  const list = useAppSelector(selectMessageList);
  const streaming = useRef(new Set<string>());
  // The region's text is written directly: announcing must not render the transcript again.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const done: TranscriptMessage[] = [];
    for (const m of recentAnswers(list)) {
      if (!m.final) streaming.current.add(m.message_id);
      else if (streaming.current.delete(m.message_id)) done.push(m);
    }
    if (done.length && region.current)
      region.current.textContent = done.map((m) => spoken(t, m)).join(' ');
  }, [list, t]);
  return (
    <div
      ref={region}
      aria-live="polite"
      aria-atomic="true"
      data-testid="answer-announcer"
      style={visuallyHidden}
    />
  );
}
