import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows its fallback, with the same props, until its module is here, and loads it once', async () => {
    let release!: () => void;
    let loads = 0;
    const page = preloadable(
      () =>
        new Promise<typeof Page>((resolve) => {
          loads += 1;
          release = () => resolve(Page);
        }),
      ({ who }) => <p>Loading {who}...</p>,
    );
    render(
      <Suspense fallback={<p>Suspended</p>}>
        <page.Component who="Chrono" />
      </Suspense>,
    );
    // Its own fallback, not a Suspense one: React throttles revealing those (300 ms).
    expect(screen.getByText('Loading Chrono...')).toBeTruthy();
    expect(screen.queryByText('Suspended')).toBeNull();
    void page.preload();
    await act(async () => release());
    expect(await screen.findByText('Hello Chrono')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('hands a failed download to the nearest error boundary', async () => {
    const page = preloadable<{ who: string }>(() => Promise.reject(new Error('chunk gone')));
    const errors: string[] = [];
    class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
      override state = { error: null as string | null };
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      override componentDidCatch(error: Error) {
        errors.push(error.message);
      }
      override render() {
        return this.state.error ? <p>Failed: {this.state.error}</p> : this.props.children;
      }
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <page.Component who="Scout" />
      </Boundary>,
    );
    expect(await screen.findByText('Failed: chunk gone')).toBeTruthy();
    expect(errors).toEqual(['chunk gone']);
    quiet.mockRestore();
  });
});
