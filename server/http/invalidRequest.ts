import type { FastifyReply } from 'fastify';
import { sendError } from '../auth/requestAuth';

/** A failed zod parse's error: its issues, the first of which is told. */
export type ParseError = { issues: { path: PropertyKey[]; message: string }[] };

/** A failed zod parse of a request's params, query or body. */
export type ParseIssues = { error: ParseError };

/** 'Invalid request: path: …': the first problem, where it is and what is wrong. */
export function invalidRequestText(error: ParseError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return `Invalid request: ${where}${issue?.message ?? 'bad value'}`;
}

/** 400 with invalidRequestText. */
export function invalidRequest(reply: FastifyReply, parsed: ParseIssues): FastifyReply {
  return sendError(reply, 400, invalidRequestText(parsed.error));
}
