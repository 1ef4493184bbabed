import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import { extractCodeBlocks, type CodeBlock } from './codeBlocks';
import { messageAt, messageById, positionOf } from './messageList';
import { expertsAdapter, researchAdapter, type TranscriptMessage } from './workspaceSlice';

const selectWorkspace = (state: RootState) => state.workspace;

const expertSelectors = expertsAdapter.getSelectors((s: RootState) => s.workspace.experts);
const researchSelectors = researchAdapter.getSelectors((s: RootState) => s.workspace.research);

export const selectWorkspaceId = (s: RootState) => selectWorkspace(s).workspaceId;
export const selectWorkspaceName = (s: RootState) => selectWorkspace(s).workspaceName;
export const selectWorkspaceLoaded = (s: RootState) => selectWorkspace(s).loaded;
export const selectLoadedWithMessages = (s: RootState) => selectWorkspace(s).loadedWithMessages;
export const selectWorkspaceUnavailable = (s: RootState) => selectWorkspace(s).unavailable;
export const selectMessageList = (s: RootState) => selectWorkspace(s).messages;
export const selectHistory = (s: RootState) => selectWorkspace(s).history;
export const selectIsFocusedMessage = (s: RootState, id: string) =>
  selectWorkspace(s).history.focus === id;
export const selectQuestionsSent = (s: RootState) => selectWorkspace(s).questionsSent;
export const selectMessageCount = (s: RootState) => selectWorkspace(s).messages.size;
export const selectHasMessages = (s: RootState) => selectWorkspace(s).messages.size > 0;
export const selectMessageById = (s: RootState, id: string) =>
  messageById(s.workspace.messages, id);
export const selectMessageIdAt = (s: RootState, index: number) =>
  messageAt(s.workspace.messages, index)?.message_id;
export const selectExperts = expertSelectors.selectAll;
export const selectResearchBoxes = researchSelectors.selectAll;
export const selectTraces = (s: RootState) => selectWorkspace(s).traces;

export const selectSelectedExpertIds = createSelector([selectExperts], (experts) =>
  experts.filter((e) => e.selected).map((e) => e.expert_id),
);

export const selectProgressItems = createSelector(
  [(s: RootState) => selectWorkspace(s).progress],
  (p) => Object.values(p),
);

// Code blocks of one message never change once it is final; parse each final message once.
const blocksByMessage = new WeakMap<TranscriptMessage, CodeBlock[]>();
function blocksOf(message: TranscriptMessage): CodeBlock[] {
  let blocks = blocksByMessage.get(message);
  if (!blocks) {
    blocks = extractCodeBlocks(message);
    blocksByMessage.set(message, blocks);
  }
  return blocks;
}

// A chunk of the list is replaced only when one of its messages changes: an append or a
// streamed update walks one chunk again, not all 10,000 messages.
const blocksByChunk = new WeakMap<readonly TranscriptMessage[], CodeBlock[]>();
function chunkBlocks(chunk: readonly TranscriptMessage[]): CodeBlock[] {
  let blocks = blocksByChunk.get(chunk);
  if (!blocks) {
    blocks = chunk.filter((m) => m.role === 'assistant').flatMap(blocksOf);
    blocksByChunk.set(chunk, blocks);
  }
  return blocks;
}

/** Every code block of the transcript, in order (the right column's 'Blocks'). */
export const selectCodeBlocks = createSelector([selectMessageList], (list) =>
  list.chunks.flatMap(chunkBlocks),
);

/** The newest user message of the loaded transcript (the only question that can be edited). */
export const selectLastQuestionId = createSelector([selectMessageList], (list) => {
  for (let i = list.size - 1; i >= 0; i--) {
    const m = messageAt(list, i);
    if (m?.role === 'user') return m.message_id;
  }
  return undefined;
});

/** Which earlier version of a message the reader switched to (undefined: the newest). */
export const selectVersionShown = (s: RootState, id: string): number | undefined =>
  selectWorkspace(s).versionShown[id];

/** Whether this message is the signed-in user's last question: they may edit it. */
export const selectIsEditable = (s: RootState, id: string) => {
  const w = selectWorkspace(s);
  if (selectLastQuestionId(s) !== id || !w.myUserId) return false;
  return messageById(w.messages, id)?.user_id === w.myUserId;
};

/**
 * An answer of the last question while the reader looks at an earlier
 * version of that question: the earlier answers show with it instead.
 */
export const selectIsHiddenByEarlierExchange = (s: RootState, id: string) => {
  const w = selectWorkspace(s);
  const question = selectLastQuestionId(s);
  if (question === undefined || w.versionShown[question] === undefined) return false;
  const at = positionOf(w.messages, id);
  const q = positionOf(w.messages, question);
  return at !== undefined && q !== undefined && at > q;
};

/** Experts are at work in this workspace: the message box offers Stop. */
export const selectRoundRunning = (s: RootState) =>
  Object.values(selectWorkspace(s).progress).some(
    (p) => p.status === 'working-ok' || p.status === 'working-with-errors',
  );
