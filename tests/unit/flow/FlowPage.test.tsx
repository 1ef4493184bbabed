import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FlowPage } from '../../../src/features/flow/FlowPage';
import { FLOW_BACKGROUND_KEY } from '../../../src/features/flow/flowBackground';
import { cogInitRegistered } from '../../../src/ws/cogActions';
import { renderScreen } from '../pages/pageHarness';

const SCREEN = {
  component: 'Sections',
  sections: [{ component: 'Text', content: 'What will you work on?' }],
};

const renderFlow = (path = '/flow?id=onboarding') => renderScreen(<FlowPage />, path, '/flow');

afterEach(() => window.localStorage.clear());

describe('flow page', () => {
  it("starts (or resumes) the flow on every connect and says 'One moment please...' until the first screen", () => {
    const { actions, frame } = renderFlow();
    expect(actions.find(cogInitRegistered.match)?.payload).toEqual({
      key: 'flow',
      frames: [{ typ: 'flow.event', content: { event_handler: 'start', flowid: 'onboarding' } }],
    });
    expect(screen.getByText('One moment please...')).toBeTruthy();
    frame('flow.screen.display', {
      flowid: 'onboarding',
      status: 'ok',
      component: SCREEN,
      step: 1,
      steps: 4,
    });
    expect(screen.queryByText('One moment please...')).toBeNull();
    expect(screen.getByText('What will you work on?')).toBeTruthy();
    expect(screen.getByTestId('flow-step').textContent).toBe('Step 1 of 4');
  });

  it('sends only trimmed, non-empty messages as UserInput and clears the box', () => {
    const { frame, sent } = renderFlow();
    frame('flow.screen.display', { flowid: 'onboarding', status: 'ok', component: SCREEN });
    const box = screen.getByPlaceholderText('Send message...');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent()).toEqual([]);
    fireEvent.change(box, { target: { value: '  Q3 planning  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent()).toEqual([
      {
        typ: 'flow.event',
        content: {
          event_handler: 'user_input',
          flowid: 'onboarding',
          attrs: { component: 'UserInput', message: 'Q3 planning' },
        },
      },
    ]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('ignores screens of another flow', () => {
    const { frame } = renderFlow();
    frame('flow.screen.display', {
      flowid: 'consultant-dialogue',
      status: 'ok',
      component: SCREEN,
    });
    expect(screen.getByText('One moment please...')).toBeTruthy();
  });

  it('shows an error before any screen with a way back', () => {
    const { frame } = renderFlow('/flow?id=nope');
    frame('flow.screen.display', { flowid: 'nope', status: 'error', error: 'Unknown flow "nope"' });
    expect(screen.getByText('Unknown flow "nope"')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeTruthy();
  });

  it('without an id says so and sends nothing', () => {
    const { actions } = renderFlow('/flow');
    expect(screen.getByText(/No flow selected/)).toBeTruthy();
    expect(actions.some(cogInitRegistered.match)).toBe(false);
  });

  it('remembers the chosen background in this browser', () => {
    const first = renderFlow();
    expect(screen.getByTestId('flow-page').getAttribute('data-background')).toBe('purple');
    fireEvent.click(screen.getByRole('radio', { name: 'green background' }));
    expect(screen.getByTestId('flow-page').getAttribute('data-background')).toBe('green');
    expect(window.localStorage.getItem(FLOW_BACKGROUND_KEY)).toBe('green');
    first.unmount();
    renderFlow();
    expect(screen.getByTestId('flow-page').getAttribute('data-background')).toBe('green');
  });
});
