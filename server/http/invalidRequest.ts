import type { FastifyReply } from 'fastify';
import { sendError } from '../auth/requestAuth';

/** A failed zod parse of a request's params, query or body. */
export type ParseIssues = { error: { issues: { path: PropertyKey[]; message: string }[] } };

/** 400 with the first problem, where it is and what is wrong ('Invalid request: path: …'). */
export function invalidRequest(reply: FastifyReply, parsed: ParseIssues): FastifyReply {
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return sendError(reply, 400, `Invalid request: ${where}${issue?.message ?? 'bad value'}`);
}
