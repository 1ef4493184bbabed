import { Suspense, lazy, useLayoutEffect, useState } from 'react';
import { useCommandEffect } from './useCommandEffect';

// WorldLayout is in the main chunk: the palette's dialog and the finder load when first opened.
const PaletteDialog = lazy(() =>
  import('./PaletteDialog').then((m) => ({ default: m.PaletteDialog })),
);
const FileFinderDialog = lazy(() =>
  import('../drives/finder/FileFinderDialog').then((m) => ({ default: m.FileFinderDialog })),
);

/** Ctrl or Cmd + Shift + P (SPEC §9). */
export function isPaletteShortcut(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'p';
}

/**
 * The command palette (SPEC §2 "Modals", §4, §5): mounted once per world,
 * opened with Ctrl/Cmd + Shift + P anywhere in it. Each opening mounts a
 * fresh dialog (new query, selection and list); what an executed command
 * asks for is done here, so it outlives the dialog.
 */
export function CommandPalette() {
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const effects = useCommandEffect();

  // In the commit that shows the page, not in an effect after it: a page shown by a transition
  // runs its effects in a later task, and a shortcut pressed in between was lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setOpening((n) => n + 1);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {opening > 0 && (
        <Suspense fallback={null}>
          <PaletteDialog
            key={opening}
            open={open}
            onClose={() => setOpen(false)}
            onExecuted={effects.apply}
          />
        </Suspense>
      )}
      {effects.finder.open && (
        <Suspense fallback={null}>
          <FileFinderDialog {...effects.finder} />
        </Suspense>
      )}
    </>
  );
}
