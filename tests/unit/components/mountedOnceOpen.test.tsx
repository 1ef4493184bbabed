import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { MountedOnceOpen } from '../../../src/components/MountedOnceOpen';

/** Stands in for a dialog: says whether it is open, and counts its mounts. */
function FakeDialog({ open, mounts }: { open: boolean; mounts: { n: number } }) {
  useEffect(() => {
    mounts.n += 1;
  }, [mounts]);
  return <p>{open ? 'dialog open' : 'dialog closed'}</p>;
}

describe('MountedOnceOpen', () => {
  it('makes nothing while never opened, the dialog open on first opening, and keeps it made once closed', () => {
    const mounts = { n: 0 };
    const at = (open: boolean) => (
      <MountedOnceOpen open={open}>
        <FakeDialog open={open} mounts={mounts} />
      </MountedOnceOpen>
    );
    const { rerender } = render(at(false));
    expect(screen.queryByText(/dialog/)).toBeNull();
    expect(mounts.n).toBe(0);

    rerender(at(true));
    expect(screen.getByText('dialog open')).toBeTruthy();

    // Kept, so that its closing transition can play; and not made again on the next opening.
    rerender(at(false));
    expect(screen.getByText('dialog closed')).toBeTruthy();
    rerender(at(true));
    expect(screen.getByText('dialog open')).toBeTruthy();
    expect(mounts.n).toBe(1);
  });

  it('makes the dialog at once when it starts open', () => {
    const mounts = { n: 0 };
    render(
      <MountedOnceOpen open>
        <FakeDialog open mounts={mounts} />
      </MountedOnceOpen>,
    );
    expect(screen.getByText('dialog open')).toBeTruthy();
    expect(mounts.n).toBe(1);
  });
});
