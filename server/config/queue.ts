import { positiveInt } from './values';

/** The background job queue (text extraction and indexing; README: Running more than one instance). */
export const queueVariables = {
  JOB_LOCK_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '30',
    doc: 'With REDIS_URL: how long the instance running a job (a file being indexed) holds it without renewing; a job whose instance died is taken over by another after about this long',
  },
} as const;
