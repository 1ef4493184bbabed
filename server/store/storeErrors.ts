/**
 * The store could not do what was asked for a reason that is not the
 * request's: the database cannot be reached (stopped, restarting, the
 * network) or a statement ran past its time limit. Its message is meant for
 * people (a socket's error frame, a REST error, an expert that could not
 * answer); the driver's own error is its cause, for the log. REST answers it
 * with 503: the same request may succeed in a moment.
 */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
