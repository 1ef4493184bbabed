import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** What the one line of a request says (besides pino's time, level, reqId and msg 'request'). */
export function requestLine(req: FastifyRequest, reply: FastifyReply) {
  return {
    method: req.method,
    // The query is left out: it may carry a search text or a world's data.
    path: req.url.split('?')[0],
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * One log line per request, in the same JSON lines (pino) as everything else
 * the server logs, written when the answer has gone: method, path, status and
 * time taken; info level, or error with the error for a request that failed.
 * Fastify's own pair of lines (received, completed) becomes this one line,
 * and a refusal (4xx) thrown by a route is not logged again beside it; a
 * server error (5xx) keeps its own line with the stack.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) reply.log.error({ ...requestLine(req, reply), err: error }, 'request');
    else reply.log.info(requestLine(req, reply), 'request');
  }

  override defaultErrorLog(error: Error, _req: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, error.message);
  }
}
