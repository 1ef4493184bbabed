import { describe, expect, it } from 'vitest';
import {
  dictationCancelled,
  dictationFailed,
  dictationFinalReceived,
  dictationInterimReceived,
  dictationLevelMeasured,
  dictationRecordingStarted,
  dictationSlice,
  dictationStartRequested,
  dictationStopRequested,
  dictationStopped,
  initialDictationState,
  type DictationState,
} from '../../../src/features/dictation/dictationSlice';

const reduce = (actions: { type: string }[], from: DictationState = initialDictationState) =>
  actions.reduce(dictationSlice.reducer, from);

const recording = reduce([
  dictationStartRequested({ worldId: 'acme' }),
  dictationRecordingStarted(),
]);

describe('dictation slice', () => {
  it('walks idle → starting → recording → stopping → idle', () => {
    expect(reduce([dictationStartRequested({ worldId: 'acme' })]).status).toBe('starting');
    expect(recording.status).toBe('recording');
    const stopping = reduce([dictationStopRequested()], recording);
    expect(stopping.status).toBe('stopping');
    expect(reduce([dictationFinalReceived({ text: 'hi' }), dictationStopped()], stopping)).toEqual(
      initialDictationState,
    );
  });

  it('keeps the meter bars and interim text while recording; stop resets the bars', () => {
    const s = reduce(
      [
        dictationLevelMeasured({ bars: [4, 8, 12, 16, 24] }),
        dictationInterimReceived({ text: 'go' }),
      ],
      recording,
    );
    expect(s.bars).toEqual([4, 8, 12, 16, 24]);
    expect(s.interim).toBe('go');
    const stopping = reduce([dictationStopRequested()], s);
    expect(stopping.bars).toEqual([4, 4, 4, 4, 4]);
    expect(stopping.interim).toBe('go');
    expect(reduce([dictationFinalReceived({ text: 'go forward' })], stopping).interim).toBe('');
  });

  it('ignores levels and interim text outside a session', () => {
    const s = reduce([
      dictationLevelMeasured({ bars: [24, 24, 24, 24, 24] }),
      dictationInterimReceived({ text: 'x' }),
    ]);
    expect(s).toEqual(initialDictationState);
  });

  it('a failure ends the session with its message; the next start clears it', () => {
    const failed = reduce([dictationFailed({ error: 'No microphone found' })], recording);
    expect(failed).toMatchObject({ status: 'error', error: 'No microphone found', interim: '' });
    const again = reduce([dictationStartRequested({ worldId: 'acme' })], failed);
    expect(again).toMatchObject({ status: 'starting', error: null });
  });

  it('a second start while active changes nothing; cancel goes straight to idle', () => {
    expect(reduce([dictationStartRequested({ worldId: 'other' })], recording)).toEqual(recording);
    expect(reduce([dictationCancelled()], recording)).toEqual(initialDictationState);
  });
});
