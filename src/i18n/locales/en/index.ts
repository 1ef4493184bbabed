import admin from './admin.json';
import app from './app.json';
import common from './common.json';
import drives from './drives.json';
import workspace from './workspace.json';

/**
 * English plural forms, one file per area of the app, all in the main
 * bundle (English is also every other language's fallback). A new file here
 * is imported here too: tests/unit/i18n/catalogues.test.ts checks it.
 */
const english: Record<string, string> = { ...admin, ...app, ...common, ...drives, ...workspace };
export default english;
