import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../../src/components/preloadable';

const Page = ({ who }: { who: string }) => <p>Hello {who}</p>;

describe('preloadable', () => {
  it('renders at once, without the fallback, once preloaded', async () => {
    let loads = 0;
    const page = preloadable(async () => {
      loads += 1;
      return Page;
    });
    await page.preload();
    await page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <page.Component who="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends like React.lazy when rendered before its module is here, and loads it once', async () => {
    let release!: () => void;
    let loads = 0;
    const page = preloadable(
      () =>
        new Promise<typeof Page>((resolve) => {
          loads += 1;
          release = () => resolve(Page);
        }),
    );
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <page.Component who="Chrono" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    void page.preload();
    await act(async () => release());
    expect(await screen.findByText('Hello Chrono')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
