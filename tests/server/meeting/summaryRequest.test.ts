import { describe, expect, it } from 'vitest';
import { understand } from '../../../server/meeting/offline';
import { readSummaryRequest } from '../../../server/meeting/offline/summaryRequest';
import { demoExperts } from '../../../server/seed/demoExperts';

/** A summary request names a document (and maybe a topic); a specific question does not ask for one. */

const NOW = new Date('2026-11-20T10:00:00Z');
const panel = demoExperts.map((e) => ({
  id: e.id,
  name: e.name,
  keywords: e.keywords,
  description: e.description,
}));

describe('readSummaryRequest', () => {
  it.each([
    ['summarize our travel policy', 'travel policy', ''],
    ['Summarise the travel policy for me, please', 'travel policy', ''],
    ['Can you sum up the remote work policy?', 'remote work policy', ''],
    ['give me an overview of the onboarding checklist', 'onboarding checklist', ''],
    ['tl;dr of the security policy', 'security policy', ''],
    ['TLDR: security policy', 'security policy', ''],
    ['security policy tl;dr', 'security policy', ''],
    ['summary of the onboarding doc', 'onboarding doc', ''],
    ["What's the gist of our code of conduct?", 'code of conduct', ''],
    ['I need a quick rundown on the board meeting notes', 'board meeting notes', ''],
    ['key points of the churn analysis', 'churn analysis', ''],
    ['the remote work policy in a nutshell', 'remote work policy', ''],
    ['what does our handbook say about expenses', 'handbook', 'expenses'],
    ['What does the remote work policy cover?', 'remote work policy', ''],
    ['summarize the handbook about parental leave', 'handbook', 'parental leave'],
    ['What is the onboarding checklist about?', 'onboarding checklist', ''],
    ["what's in our security policy?", 'security policy', ''],
  ])('"%s" asks for a summary of "%s" (topic "%s")', (question, subject, topic) => {
    expect(readSummaryRequest(question)).toEqual({ subject, topic });
  });

  it('reads how many sentences are wanted, six at most', () => {
    expect(readSummaryRequest('summarize our expense policy in 3 sentences')).toEqual({
      subject: 'expense policy',
      topic: '',
      count: 3,
    });
    expect(readSummaryRequest('Summarize the roadmap in two bullet points please')?.count).toBe(2);
    expect(readSummaryRequest('summarize the roadmap in 40 lines')?.count).toBe(6);
  });

  it.each([
    "what's the hotel limit per night?",
    "What's our hotel limit per night?",
    'How much holiday do we get?',
    'Who approves client entertainment?',
    'What is our pricing for the Team plan?',
    'What is the capital of France?',
    'what is 12% of 80?',
  ])('"%s" is a specific question', (question) => {
    expect(readSummaryRequest(question)).toBeNull();
  });
});

describe('routing', () => {
  const kind = (q: string) => understand(q, [], panel, NOW).kind;

  it('sends a summary of a document to the documents, even without "our" or "policy"', () => {
    expect(kind('give me an overview of the onboarding checklist')).toBe('docs');
    expect(kind('summary of the board meeting notes')).toBe('docs');
    expect(kind("What's in the customer FAQ?")).toBe('docs');
    expect(kind('summarize our travel policy')).toBe('docs');
  });

  it('leaves summaries of things that are not documents to the web', () => {
    expect(kind('summarize the latest news about electric cars')).toBe('search');
    expect(kind('give me a brief summary of the French revolution')).toBe('search');
  });
});
