import admin from './admin.json';
import app from './app.json';
import drives from './drives.json';
import settings from './settings.json';
import workspace from './workspace.json';

/**
 * German, one file per area of the app, loaded as a chunk of its own only
 * when a page is shown in German. A new file here is imported here too:
 * tests/unit/i18n/catalogues.test.ts checks it.
 */
const german: Record<string, string> = { ...admin, ...app, ...drives, ...settings, ...workspace };
export default german;
