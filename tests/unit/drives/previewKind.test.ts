import { describe, expect, it } from 'vitest';
import { previewKind, type PreviewKind } from '../../../src/features/drives/preview/previewKind';

describe('previewKind (SPEC §5)', () => {
  it.each<[string, string, PreviewKind]>([
    ['docs/readme.md', 'text/plain', 'markdown'],
    ['notes.MARKDOWN', 'application/octet-stream', 'markdown'],
    ['notes', 'text/markdown; charset=utf-8', 'markdown'],
    ['app.js', 'application/javascript', 'code'],
    ['lib/index.ts', 'video/mp2t', 'code'],
    ['x.py', 'text/x-python', 'code'],
    ['main.go', 'text/plain', 'code'],
    ['A.java', 'text/plain', 'code'],
    ['a.c', 'text/plain', 'code'],
    ['a.cpp', 'text/plain', 'code'],
    ['a.cs', 'text/plain', 'code'],
    // HTML is shown as highlighted source, never rendered.
    ['page.html', 'text/html', 'code'],
    ['a.css', 'text/css', 'code'],
    ['a.php', 'text/plain', 'code'],
    ['a.rb', 'text/plain', 'code'],
    ['a.rs', 'text/plain', 'code'],
    ['run.sh', 'text/plain', 'code'],
    ['notes.txt', 'text/plain', 'text'],
    ['data.csv', 'text/csv', 'text'],
    ['data.json', 'application/json', 'text'],
    ['feed.xml', 'application/xml', 'text'],
    ['thing.cog', 'application/x-cog-flow', 'text'],
    ['photo.png', 'image/png', 'image'],
    ['logo.svg', 'image/svg+xml', 'image'],
    ['paper.pdf', 'application/pdf', 'pdf'],
    ['paper.PDF', 'application/octet-stream', 'pdf'],
    ['scan', 'application/pdf', 'pdf'],
    ['archive.zip', 'application/zip', 'none'],
    ['blob', 'application/octet-stream', 'none'],
    ['x.toString', 'application/octet-stream', 'none'],
  ])('%s (%s) → %s', (Path, MimeType, kind) => {
    expect(previewKind({ Path, MimeType })).toBe(kind);
  });

  it('trusts the sniffed type, not the name, for images: a .png that is HTML is text', () => {
    expect(previewKind({ Path: 'evil.png', MimeType: 'text/html' })).toBe('text');
    expect(previewKind({ Path: 'evil.png', MimeType: 'application/octet-stream' })).toBe('none');
    // And an image without an image name is still an image.
    expect(previewKind({ Path: 'upload.bin', MimeType: 'image/jpeg' })).toBe('image');
  });
});
