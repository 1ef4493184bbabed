import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIO_ERRORS } from '../../../protocol/audio';
import { MessageBox } from '../../../src/features/workspace/components/MessageBox';
import { renderWithProviders } from '../renderWithProviders';
import { fakeMicrophone, makeDictationStore, settle, tone } from './fakeAudio';

function renderBox(mic = fakeMicrophone()) {
  const t = makeDictationStore(mic);
  const view = renderWithProviders(<MessageBox />, {
    store: t.store,
    path: '/w/acme/workspace?id=ws-1',
    routePath: '/w/:worldId/workspace',
  });
  const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
  const mic$ = () => screen.getByRole('button', { name: /dictation/ });
  const startRecording = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Start dictation' }));
    await act(settle);
    act(() => t.audio.last().serverOpen());
  };
  return { ...t, ...view, box, type, mic$, startRecording };
}

const barHeights = () =>
  screen.getAllByTestId('dictation-meter-bar').map((b) => parseFloat(b.style.height));

describe('message box: dictation toggle', () => {
  it('starts dictation in the page world and shows a five-bar meter following the input', async () => {
    const t = renderBox();
    expect(t.mic$().getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('dictation-meter')).toBeNull();
    await t.startRecording();
    expect(t.actions.find((a) => a.type === 'dictation/dictationStartRequested')?.payload).toEqual({
      worldId: 'acme',
    });
    const stop = screen.getByRole('button', { name: 'Stop dictation' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('dictation-meter')).toBeTruthy();
    expect(barHeights()).toEqual([4, 4, 4, 4, 4]);
    expect(screen.getByTestId('dictation-hint').textContent).toBe('Listening...');

    act(() => t.mic.speak(tone(2048 * 3, 0.4)));
    const heights = barHeights();
    expect(heights).toHaveLength(5);
    expect(Math.max(...heights)).toBeGreaterThan(4);
    for (const h of heights) {
      expect(h).toBeGreaterThanOrEqual(4);
      expect(h).toBeLessThanOrEqual(24);
    }
  });

  it('shows interim text as a hint and appends the final text after what was typed', async () => {
    const t = renderBox();
    t.type('Note:');
    await t.startRecording();
    act(() => t.audio.last().serverSend({ text: 'go forward', isFinal: false }));
    expect(screen.getByTestId('dictation-hint').textContent).toBe('go forward');
    expect(t.box().value).toBe('Note:');

    fireEvent.click(screen.getByRole('button', { name: 'Stop dictation' }));
    expect(t.audio.last().sent.at(-1)).toBe('{"type":"end"}');
    expect((t.mic$() as HTMLButtonElement).disabled).toBe(true); // waiting for the final text
    act(() => t.audio.last().serverSend({ text: 'go forward ten meters', isFinal: true }));
    expect(t.box().value).toBe('Note: go forward ten meters');
    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeTruthy();
    expect(screen.queryByTestId('dictation-meter')).toBeNull();
    expect(screen.queryByTestId('dictation-hint')).toBeNull();
  });

  it('a denied permission shows the message and leaves the box as it was', async () => {
    const t = renderBox(
      fakeMicrophone({ error: Object.assign(new Error('x'), { name: 'NotAllowedError' }) }),
    );
    t.type('Draft text');
    fireEvent.click(screen.getByRole('button', { name: 'Start dictation' }));
    await act(settle);
    expect(screen.getByText('Microphone permission was denied')).toBeTruthy();
    expect(t.box().value).toBe('Draft text');
    expect(t.mic$().getAttribute('aria-pressed')).toBe('false');
    expect(t.audio.instances).toHaveLength(0);
  });

  it("the server's 'not available' error is shown and the box is untouched", async () => {
    const t = renderBox();
    t.type('Keep me');
    await t.startRecording();
    act(() => t.audio.last().serverSend({ error: AUDIO_ERRORS.unavailable }));
    expect(screen.getByText(AUDIO_ERRORS.unavailable)).toBeTruthy();
    expect(t.box().value).toBe('Keep me');
    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeTruthy();
  });

  it('leaving the page while recording cancels dictation and releases the microphone', async () => {
    const t = renderBox();
    await t.startRecording();
    t.unmount();
    expect(t.types().at(-1)).toBe('dictation/cancelled');
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
    expect(t.audio.last().closeCalls).toHaveLength(1);
  });

  it('typing and sending still work while dictating', async () => {
    const t = renderBox();
    await t.startRecording();
    t.type('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(t.box().value).toBe('');
    expect(t.store.getState().dictation.status).toBe('recording');
  });
});
