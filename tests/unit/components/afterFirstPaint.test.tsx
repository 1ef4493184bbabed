import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '../../../src/components/AfterFirstPaint';

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
