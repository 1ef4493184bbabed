/**
 * A request refused for a reason its user is told word for word: the error of
 * a socket request's answer, a REST answer's message (with `statusCode`), the
 * line of the sign-in page, a CLI's message. It is the user's business, so
 * handlers answer with it and do not log it as a failure; anything else
 * thrown is a fault: logged (world console, server log) and answered in the
 * handler's own words.
 */
export class UserError extends Error {
  constructor(
    message: string,
    /** The HTTP status a REST route answers with: 400 unless said (404, 413, 401...). */
    readonly statusCode = 400,
  ) {
    super(message);
  }
}
