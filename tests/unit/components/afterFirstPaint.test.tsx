import { act, render, screen } from '@testing-library/react';
import { useEffect, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterFirstCommit, AfterFirstPaint } from '../../../src/components/AfterFirstPaint';

/** A side column of a page: what was on screen when the page first committed. */
function Page({ seen }: { seen: string[] }) {
  return (
    <div>
      <main>Transcript</main>
      <AfterFirstPaint>
        <aside>Experts</aside>
      </AfterFirstPaint>
      <Probe seen={seen} />
    </div>
  );
}

function Probe({ seen }: { seen: string[] }) {
  useLayoutEffect(() => {
    seen.push(document.body.textContent ?? '');
  });
  return null;
}

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first commit and renders them right after', async () => {
    const seen: string[] = [];
    await act(async () => {
      render(<Page seen={seen} />);
    });
    expect(seen[0]).toBe('Transcript');
    expect(screen.getByText('Experts')).toBeTruthy();
  });
});

/** A page that asks for something in an effect of its first commit (the workspace's frames). */
function AskingPage({ log }: { log: string[] }) {
  useEffect(() => {
    log.push('asked');
  }, [log]);
  return (
    <AfterFirstCommit>
      <Child log={log} />
    </AfterFirstCommit>
  );
}

function Child({ log }: { log: string[] }) {
  log.push('rendered');
  return <aside>Page</aside>;
}

describe('AfterFirstCommit', () => {
  it('renders its children after the effects of the first commit, not in it', async () => {
    const log: string[] = [];
    await act(async () => {
      render(<AskingPage log={log} />);
    });
    expect(screen.getByText('Page')).toBeTruthy();
    expect(log[0]).toBe('asked');
    expect(log).toContain('rendered');
  });
});
