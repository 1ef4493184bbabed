import { positiveInt } from './values';

/** State instances share through Redis (REDIS_URL): how long what a lost instance held stays held. */
export const sharedStateVariables = {
  STT_SLOT_LEASE_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '15',
    doc: 'With REDIS_URL: a dictation slot (STT_MAX_CONCURRENT) is a lease the instance running the utterance renews every third of this; one whose instance died or lost Redis is free again after at most this long',
  },
} as const;
