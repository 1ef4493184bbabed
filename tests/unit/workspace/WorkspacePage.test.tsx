import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cogConnected,
  cogContextSet,
  cogInitRegistered,
  cogInitUnregistered,
} from '../../../src/ws/cogActions';
import { workspaceOpened } from '../../../src/features/workspace/workspaceSlice';
import { renderWorkspace, stubLayout } from './workspaceHarness';

stubLayout();

describe('workspace page: session', () => {
  it('opens the workspace, sets its context and registers the init frames; unregisters on unmount', () => {
    const { actions, store, unmount } = renderWorkspace();
    expect(actions.find(workspaceOpened.match)?.payload).toEqual({ workspaceId: 'ws-1' });
    expect(actions.filter(cogContextSet.match).map((a) => a.payload)).toEqual([
      { key: 'workspace_id', value: 'ws-1' },
    ]);
    expect(actions.find(cogInitRegistered.match)?.payload).toEqual({
      key: 'workspace',
      frames: [
        { typ: 'display.experts', content: {} },
        { typ: 'display.messages', content: { limit: 50 } },
        { typ: 'workspace.expert.details', content: {} },
      ],
    });
    expect(store.getState().connection.init.workspace).toHaveLength(3);
    unmount();
    expect(actions.some(cogInitUnregistered.match)).toBe(true);
    expect(store.getState().connection.init.workspace).toBeUndefined();
  });

  it('shows the spinner until the server has answered the frames it asks on connect', () => {
    const { frame } = renderWorkspace(undefined, { answered: false });
    expect(screen.getByText('Loading...')).toBeTruthy();
    frame('display.expert', { expert_id: 'e1', name: 'Ada', keywords: ['math'] });
    // Neither the empty states nor a half-filled list show before the answer (they would shift).
    expect(screen.queryByText('No transcript yet')).toBeNull();
    expect(screen.queryByRole('button', { name: /Ada/ })).toBeNull();
    frame('workspace.expert.details.response', { experts: [], workspaceName: 'Weekly' });
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('button', { name: /Ada/ })).toBeTruthy();
    expect(screen.getByText('Weekly')).toBeTruthy();
    expect(screen.getByText('No transcript yet')).toBeTruthy();
  });

  it('shows the page when the server refuses the workspace, rather than wait forever', () => {
    const { frame } = renderWorkspace(undefined, { answered: false });
    frame('server.error', {
      error: 'Unknown workspace "ws-1" in this world',
      typ: 'workspace.expert.details',
    });
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('No experts yet')).toBeTruthy();
  });

  it.each([
    ['forbidden', 'This workspace is not open to you'],
    ['missing', 'This workspace does not exist'],
  ] as const)(
    'a workspace refused as %s says so with a way back, and no transcript or message box',
    (reason, text) => {
      const { frame } = renderWorkspace();
      frame('user.echo', { message_id: 'm1', role: 'user', name: 'Ann', content: 'secret plans' });
      expect(screen.getByText('secret plans')).toBeTruthy();
      frame('workspace.unavailable', { workspace_id: 'ws-1', reason, error: text });
      expect(screen.getByRole('heading', { name: text })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
        '/w/acme/dashboard',
      );
      // Nothing of the workspace stays on screen, and there is nowhere to type.
      expect(screen.queryByText('secret plans')).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    },
  );

  it('a workspace deleted elsewhere no longer exists here: no transcript, nowhere to type', () => {
    const { frame } = renderWorkspace();
    frame('user.echo', { message_id: 'm1', role: 'user', name: 'Ann', content: 'draft plans' });
    frame('workspace.changed', { workspace_id: 'ws-other', deleted: true });
    expect(screen.getByText('draft plans')).toBeTruthy();
    frame('workspace.changed', { workspace_id: 'ws-1', deleted: true });
    expect(screen.getByRole('heading', { name: 'This workspace does not exist' })).toBeTruthy();
    expect(screen.queryByText('draft plans')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it("ignores another workspace's refusal (a socket switched away from it)", () => {
    const { frame } = renderWorkspace();
    frame('workspace.unavailable', {
      workspace_id: 'ws-other',
      reason: 'forbidden',
      error: 'This workspace is not open to you',
    });
    expect(screen.queryByText('This workspace is not open to you')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it("without an id shows 'No workspace selected' and a way to the dashboard", () => {
    const { actions } = renderWorkspace('/w/acme/workspace');
    expect(screen.getByText('No workspace selected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/w/acme/dashboard',
    );
    expect(actions.some(cogInitRegistered.match)).toBe(false);
  });

  it('shows the empty states and the page controls', () => {
    renderWorkspace();
    expect(screen.getByText('No transcript yet')).toBeTruthy();
    expect(screen.getByText('Start a conversation by typing a message')).toBeTruthy();
    expect(screen.queryByText('Meeting Transcript')).toBeNull();
    expect(screen.getByText('No code blocks yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Configure Workspace/ }).getAttribute('href')).toBe(
      '/w/acme/workspace-management?id=ws-1&mode=edit',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/w/acme/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scroll to bottom' })).toBeTruthy();
    const mic = screen.getByRole('button', { name: 'Start dictation' }) as HTMLButtonElement;
    expect(mic.disabled).toBe(false);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('workspace page: experts', () => {
  it('lists experts selected on receipt; a click toggles aria-pressed and the selected_experts context', () => {
    const { frame, actions } = renderWorkspace();
    frame('display.expert', { expert_id: 'e1', name: 'Ada', keywords: ['math', 'logic'] });
    frame('display.expert', { expert_id: 'e2', name: 'Grace', keywords: 'compilers' });
    const ada = screen.getByRole('button', { name: /Ada/ });
    const grace = screen.getByRole('button', { name: /Grace/ });
    expect(within(ada).getByText('math, logic')).toBeTruthy();
    expect(within(grace).getByText('compilers')).toBeTruthy();
    expect(ada.getAttribute('aria-pressed')).toBe('true');
    expect(grace.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(ada);
    expect(ada.getAttribute('aria-pressed')).toBe('false');
    const selected = actions
      .filter(cogContextSet.match)
      .filter((a) => a.payload.key === 'selected_experts')
      .map((a) => a.payload.value);
    expect(selected.at(-1)).toEqual(['e2']);

    fireEvent.click(ada);
    expect(ada.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('workspace page: progress dots', () => {
  it("shows a dot per progress item, updates its status and removes it on 'done'", () => {
    const { frame } = renderWorkspace();
    frame('server.progress', { cid: 'c1', status: 'working-ok' });
    const dot = () => screen.getByRole('listitem', { name: /^c1:/ });
    expect(dot().getAttribute('data-status')).toBe('working-ok');

    frame('server.progress', { cid: 'c1', status: 'failed', error: 'model timed out' });
    expect(dot().getAttribute('data-status')).toBe('failed');
    expect(dot().getAttribute('aria-label')).toContain('model timed out');

    frame('server.progress', { cid: 'c1', status: 'done' });
    expect(screen.queryByRole('listitem', { name: /^c1:/ })).toBeNull();
  });

  it('drops the dots and traces on a reconnect: the history sent then shows how rounds ended', () => {
    const { frame, store } = renderWorkspace();
    frame('server.progress', { cid: 'c1', status: 'working-ok' });
    frame('server.trace', { key: 'Ada Quant · calc_evaluate', value: { output: '310' } });
    expect(screen.getByRole('listitem', { name: /^c1:/ })).toBeTruthy();
    act(() => void store.dispatch(cogConnected({ worldId: 'acme' })));
    expect(screen.queryByRole('listitem', { name: /^c1:/ })).toBeNull();
    expect(store.getState().workspace.traces).toEqual([]);
    // The history's copy of the trace is then the one shown, once.
    frame('server.trace', { key: 'Ada Quant · calc_evaluate', value: { output: '310' } });
    expect(store.getState().workspace.traces).toHaveLength(1);
  });
});

describe('workspace page: message box', () => {
  const box = () => screen.getByPlaceholderText('Ask the experts...') as HTMLTextAreaElement;

  it('does not send an empty or whitespace message', () => {
    const { sent } = renderWorkspace();
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.change(box(), { target: { value: '   \n  ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent()).toEqual([]);
  });

  it('sends the trimmed text on Enter as user.message, then clears the box', () => {
    const { sent } = renderWorkspace();
    fireEvent.change(box(), { target: { value: '  What is 2+2?  ' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(sent()).toEqual([]);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(sent()).toEqual([{ typ: 'user.message', content: { text: 'What is 2+2?' } }]);
    expect(box().value).toBe('');
  });

  it('sends with the Send button', () => {
    const { sent, store } = renderWorkspace();
    fireEvent.change(box(), { target: { value: 'hello' } });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(sent()).toEqual([{ typ: 'user.message', content: { text: 'hello' } }]);
    expect(box().value).toBe('');
    // Not connected in this test: the middleware keeps the frame queued, nothing is lost.
    expect(store.getState().connection.status).not.toBe('connected');
  });
});
