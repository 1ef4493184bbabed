import { inspect } from 'node:util';

/** Exit code of a server that crashed; npm start's supervisor restarts it. */
export const CRASH_EXIT_CODE = 70;
/** The first words of the line a crash is reported with (the supervisor quotes that line). */
export const CRASH_PREFIX = 'EMgen crashed: ';

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  return inspect(reason, { depth: 3, breakLength: Infinity });
}

/**
 * After an uncaught exception or an unhandled rejection the server is in a
 * state nobody planned for: say why, with the stack, and exit non-zero rather
 * than keep serving from it. npm start restarts the process.
 */
export function exitOnCrash(): void {
  const crash = (what: string, reason: unknown) => {
    try {
      console.error(`${CRASH_PREFIX}${what}${describe(reason)}`);
    } finally {
      process.exit(CRASH_EXIT_CODE);
    }
  };
  process.on('uncaughtException', (err) => crash('', err));
  process.on('unhandledRejection', (reason) => crash('unhandled rejection: ', reason));
}
