import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspace, stubLayout } from '../workspace/workspaceHarness';
import { driveServer } from './driveServer';

stubLayout();
afterEach(() => vi.unstubAllGlobals());

describe('workspace page: File Finder', () => {
  it("opens from the sidebar's 'Open File Finder' button with the workspace id", async () => {
    window.history.replaceState(null, '', '/w/acme/workspace?id=ws-1');
    const server = driveServer();
    renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Open File Finder' }));
    expect(await screen.findByText('File Finder')).toBeTruthy();
    fireEvent.click(await screen.findByText('plan.md'));
    fireEvent.click(screen.getByRole('button', { name: 'Add File to Workspace' }));
    expect(await screen.findByText('File added to workspace successfully')).toBeTruthy();
    const [sent] = server.requests('/api/workspace/add-file');
    expect((await sent!.clone().json()).workspaceId).toBe('ws-1');
  });
});
