import type { AnswerRequest, ExpertProfile, HistoryEntry } from '../types';
import type { ChatMessage } from './chat';

/** How the transcript is laid out for the model (said in every system prompt). */
function conventions(request: AnswerRequest): string {
  const { expert, panel, now } = request;
  const others = panel.filter((p) => p.id !== expert.id).map((p) => p.name);
  return [
    `You are ${expert.name}, one of the experts in a meeting answering the user's questions${
      others.length ? ` together with ${others.join(', ')}` : ''
    }.`,
    'In the conversation, the user\'s turns start with "[Name]:" and other experts\' turns start with "[Name (expert)]:". Your own earlier answers are your assistant messages. Do not start your reply with a name tag.',
    `The current date and time is ${now.toISOString()}.`,
    ...missingProviders(request),
  ].join('\n');
}

/**
 * The providers this expert brings that the workspace lacks: asked something
 * one of them would answer, the expert names it and links to where it is
 * added rather than guessing.
 */
function missingProviders(request: AnswerRequest): string[] {
  const missing = request.missingProviders ?? [];
  if (!missing.length) return [];
  const names = missing.map((p) => `"${p}"`).join(', ');
  const where = request.configureUrl
    ? ` and link to where it is added, written exactly as [Configure Workspace](${request.configureUrl})`
    : '';
  return [
    `Your tool providers ${names} are not selected in this workspace, so their tools are not available to you.`,
    `If a question needs one of them, do not guess the result: say which tool provider to add${where}.`,
  ];
}

/** The voice the expert speaks in when its definition has no system prompt. */
export function derivedPrompt(expert: ExpertProfile): string {
  const lines = [`You are ${expert.name}.`];
  if (expert.keywords.length) lines.push(`Your specialty: ${expert.keywords.join(', ')}.`);
  if (expert.description.trim()) lines.push(`About you: ${expert.description.trim()}`);
  lines.push(
    '',
    'How to answer:',
    '- Answer in your own voice and from your specialty; add what only you can add rather than repeating the other experts.',
    '- If your specialty has nothing useful to add, say so briefly in one sentence instead of inventing an answer.',
    '- Use the tools when they help (calculations, dates, searches). Say which tools or sources you used and cite them.',
    '- Never make up facts, numbers or sources.',
    '- Format with markdown. Put code in fenced code blocks with a language, e.g. ```python.',
  );
  return lines.join('\n');
}

export function systemPrompt(request: AnswerRequest): string {
  const own = request.expert.systemPrompt?.trim();
  return `${own || derivedPrompt(request.expert)}\n\n${conventions(request)}`;
}

function isOwn(entry: HistoryEntry, expert: ExpertProfile): boolean {
  return entry.expertId ? entry.expertId === expert.id : entry.name === expert.name;
}

/** One history turn as a chat message: only this expert's own turns are 'assistant'. */
function historyMessage(entry: HistoryEntry, expert: ExpertProfile): ChatMessage {
  if (entry.role === 'assistant' && isOwn(entry, expert)) {
    return { role: 'assistant', content: entry.content };
  }
  const tag = entry.role === 'assistant' ? `[${entry.name} (expert)]` : `[${entry.name}]`;
  return { role: 'user', content: `${tag}: ${entry.content}` };
}

/**
 * System prompt, the conversation so far, then the question (tagged with the
 * asker's name when there is a conversation). Consecutive non-assistant turns
 * are merged so strict chat templates still alternate.
 */
export function buildMessages(request: AnswerRequest): ChatMessage[] {
  const history = [...request.history];
  const last = history.at(-1);
  // The runner may already have stored the question as the latest user turn.
  if (last?.role === 'user' && last.content.trim() === request.question.trim()) history.pop();
  const asker = request.history.findLast((entry) => entry.role === 'user')?.name;

  const turns: ChatMessage[] = history.map((entry) => historyMessage(entry, request.expert));
  turns.push({
    role: 'user',
    content: history.length && asker ? `[${asker}]: ${request.question}` : request.question,
  });
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(request) }];
  for (const turn of turns) {
    const previous = messages.at(-1);
    if (turn.role === 'user' && previous?.role === 'user') {
      previous.content += `\n\n${turn.content}`;
    } else {
      messages.push(turn);
    }
  }
  return messages;
}
