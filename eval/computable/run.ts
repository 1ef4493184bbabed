import { evalWorkspace, MeetingSocket, signIn, type EvalServer, type Frame } from '../server';
import { judge, type Verdict } from './judge';
import { CLOCK, QUESTIONS, type Question } from './questions';

/**
 * Asks every question of the set in a meeting with all five demo experts,
 * through the real server's socket, and judges what they answered.
 */

const EXPERTS = ['ada-quant', 'chrono', 'librarian', 'scout', 'devon'];
const ANSWER_TIMEOUT_MS = 20_000;

export interface Outcome {
  question: Question;
  verdict: Verdict;
  said?: string;
  ms: number;
  answers: { name: string; text: string }[];
}

async function ask(sock: MeetingSocket, question: Question): Promise<Outcome> {
  sock.clear();
  const started = performance.now();
  sock.send({ typ: 'user.message', content: { text: question.q } });
  const finals = (frames: Frame[]) =>
    frames.filter((f) => f.typ === 'assistant.message' && f.content?.final);
  let answers: { name: string; text: string }[] = [];
  try {
    const frames = await sock.until((fs) => finals(fs).length >= EXPERTS.length, ANSWER_TIMEOUT_MS);
    answers = finals(frames).map((f) => ({
      name: String(f.content!.name),
      text: String(f.content!.content),
    }));
  } catch {
    return {
      question,
      verdict: 'unanswered',
      said: 'no answer in time',
      ms: ANSWER_TIMEOUT_MS,
      answers,
    };
  }
  const ms = performance.now() - started;
  const expected = Array.isArray(question.expect) ? question.expect : [question.expect];
  return { question, ...judge(answers, expected), ms, answers };
}

export async function runComputable(
  server: EvalServer,
  only?: (q: Question) => boolean,
): Promise<Outcome[]> {
  const cookie = await signIn(server);
  const outcomes: Outcome[] = [];
  // One workspace per category keeps each conversation's history to its own questions.
  const categories = [...new Set(QUESTIONS.map((q) => q.category))];
  for (const category of categories) {
    const questions = QUESTIONS.filter((q) => q.category === category && (!only || only(q)));
    if (!questions.length) continue;
    const workspaceId = await evalWorkspace(server, `Eval: ${category}`);
    const sock = new MeetingSocket(server, cookie);
    await sock.opened();
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
    sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: EXPERTS } });
    for (const question of questions) outcomes.push(await ask(sock, question));
    sock.close();
  }
  return outcomes;
}

export { CLOCK };
