/**
 * A speech-to-text provider (SPEC §7 "Dictation"): the socket starts one
 * recognition per utterance, writes 16-bit LE mono PCM at the provider's
 * sample rate, then asks for the final text or aborts it.
 */
export interface SpeechProvider {
  /** For logs and the start-up line: 'pocketsphinx', 'openai-compatible'. */
  readonly name: string;
  /** The rate of the PCM that write() takes. */
  readonly sampleRate: number;
  start(events: RecognitionEvents): Recognition;
}

export interface RecognitionEvents {
  /** Text recognised so far while audio still comes (a hint, may change). */
  onInterim(text: string): void;
  /** The recogniser failed before the end; the message is for the user. */
  onError(error: Error): void;
}

export interface Recognition {
  /** Hands over audio: 16-bit LE mono PCM at the provider's sample rate. */
  write(pcm: Buffer): void;
  /** Bytes handed over and not yet taken by the recogniser (or held for upload). */
  readonly pendingBytes: number;
  /** No more audio: the final text ('' for silence); rejects with a message for the user. */
  finish(): Promise<string>;
  /** Stops at once: the process is killed, the request cancelled. Safe to call twice. */
  abort(): void;
}
