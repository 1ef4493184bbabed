import { useState, type ClipboardEvent, type DragEvent } from 'react';

const carriesFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/**
 * Drop and paste of files on the message box: files go to `onFiles`, the
 * text a paste carries goes into the box as usual.
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!enabled || !carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      setOver(true);
    },
    onDragLeave: (e: DragEvent) => {
      // Leaving for a child of the box is not leaving the box.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      setOver(false);
      const files = [...e.dataTransfer.files];
      if (!enabled || files.length === 0) return;
      e.preventDefault();
      onFiles(files);
    },
  };
  const onPaste = (e: ClipboardEvent) => {
    const files = [...e.clipboardData.files];
    if (!enabled || files.length === 0) return;
    // A file with text beside it (copied from a page): the text still goes into the box.
    if (!e.clipboardData.types.includes('text/plain')) e.preventDefault();
    onFiles(files);
  };
  return { over, dropProps, onPaste };
}
