import { withParser, type $ZodType } from 'zod/v4/core';
import type { ServerFrameSchemas, SchemaTable } from '../codec';
import { frameSchema } from '../frame';
import { serverMessageSchemas } from '../serverMessages';
import { compiledFrameParser, compiledServerContentParsers } from './serverFrames.generated';

function compiled<S>(schema: S, parser: (input: unknown) => unknown): S {
  return withParser(schema as unknown as $ZodType, parser as never) as unknown as S;
}

/**
 * The server frame schemas with the parsers zod's compiler made from them at
 * build time (scripts/compileProtocol.ts): the browser may not compile them
 * itself, its CSP has no 'unsafe-eval'. zod's withParser asks a schema's own
 * parser whenever a compiled one refuses a value, so refusals and their reasons
 * are the same; what passes is decoded several times faster (DESIGN §8 ingest).
 * A lazy chunk with zod's withParser: sign-in needs neither.
 */
export function compiledServerFrameSchemas(): ServerFrameSchemas {
  const content: SchemaTable = { ...(serverMessageSchemas as unknown as SchemaTable) };
  for (const [typ, parser] of Object.entries(compiledServerContentParsers)) {
    if (Object.hasOwn(content, typ)) content[typ] = compiled(content[typ]!, parser);
  }
  return { frame: compiled(frameSchema, compiledFrameParser), content };
}
