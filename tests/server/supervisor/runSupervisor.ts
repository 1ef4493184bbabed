/** The supervisor as npm start runs it, with short back-offs, over SUPERVISED_ARGS (tests only). */
import { supervise } from '../../../server/supervisor';

const code = await supervise({
  args: JSON.parse(process.env.SUPERVISED_ARGS!) as string[],
  backoffMs: 100,
  maxCrashes: 2,
  windowMs: 60_000,
});
process.exit(code);
