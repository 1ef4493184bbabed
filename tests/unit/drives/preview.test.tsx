import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilePreview } from '../../../src/features/drives/preview/FilePreview';
import { driveFile } from './driveServer';

describe('FilePreview', () => {
  it('shows text as it is, decoded as UTF-8', () => {
    render(<FilePreview file={driveFile('a.txt', 'text/plain', 'Grüße <b>not bold</b>')} />);
    expect(screen.getByTestId('text-preview').textContent).toBe('Grüße <b>not bold</b>');
  });

  it('highlights code without running it', () => {
    render(<FilePreview file={driveFile('x.ts', 'text/plain', 'const a: number = 1;')} />);
    const code = screen.getByTestId('code-preview');
    expect(code.textContent).toBe('const a: number = 1;');
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('sets math in a markdown file with KaTeX (the same Markdown as messages)', async () => {
    const md = '# Notes\n\nEuler: $e^{i\\pi}+1=0$, for $5 and $10.';
    const { container } = render(<FilePreview file={driveFile('notes.md', 'text/markdown', md)} />);
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.katex').length).toBe(1));
    expect(container.textContent).toContain('for $5 and $10.');
  });

  it('shows an image from its bytes typed by the sniffed MimeType; an SVG only as <img>', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const { container } = render(
      <FilePreview file={driveFile('logo.svg', 'image/svg+xml', svg)} />,
    );
    const img = screen.getByRole('img', { name: 'logo.svg' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(container.querySelector('svg script')).toBeNull();
  });

  it('a .png that is really HTML is shown as text, not as an image', () => {
    render(<FilePreview file={driveFile('evil.png', 'text/html', '<script>x</script>')} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('text-preview').textContent).toBe('<script>x</script>');
  });

  it("a PDF offers 'Open in Viewer'", () => {
    const open = vi.fn();
    render(<FilePreview file={driveFile('paper.pdf', 'application/pdf')} onOpenViewer={open} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open in Viewer' }));
    expect(open).toHaveBeenCalled();
  });

  it("says 'No preview available for this file type' and 'No content available for this file'", () => {
    const { rerender } = render(<FilePreview file={driveFile('a.zip', 'application/zip', 'PK')} />);
    expect(screen.getByText('No preview available for this file type')).toBeTruthy();
    rerender(<FilePreview file={driveFile('a.txt', 'text/plain')} />);
    expect(screen.getByText('No content available for this file')).toBeTruthy();
    rerender(
      <FilePreview file={{ ...driveFile('a.txt', 'text/plain'), Content: '%%%not base64' }} />,
    );
    expect(screen.getByText('No content available for this file')).toBeTruthy();
  });
});
