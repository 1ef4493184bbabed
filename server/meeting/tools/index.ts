import type { DriveService } from '../../drives/types';
import type { Tool } from '../types';
import { businessTools } from './business';
import { calcTools } from './calc';
import { datetimeTools } from './datetime';
import { driveSearchTool } from './driveSearch';
import { driveSummaryTool } from './driveSummary';
import { webSearchTools } from './webSearch';

export interface BuiltinToolOptions {
  /** A SearXNG-compatible JSON endpoint (WEB_SEARCH_URL); search_web fails clearly without it. */
  webSearchUrl?: string;
  /** For tests and proxies; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** Every built-in tool: calculations, date_and_time and web_search providers. */
export function builtinTools(opts: BuiltinToolOptions = {}): Tool[] {
  return [...calcTools(), ...businessTools(), ...datetimeTools(), ...webSearchTools(opts)];
}

export { calcTools, datetimeTools, webSearchTools };
/**
 * The documents provider's drive_search and drive_summarize, over a
 * DriveService. Not part of builtinTools: the server adds `documentTools(drives)` beside them.
 */
export { driveSearchTool, driveSummaryTool };

export function documentTools(drives: DriveService): Tool[] {
  return [driveSearchTool(drives), driveSummaryTool(drives)];
}
export type { DrivePassage } from './driveSearch';
export type { SummarySentence, SummarisedDocument } from './driveSummary';
export { evaluateExpression, normaliseExpression, isUnitName } from './calc';
export { resolveTimeZone, findTimeZone, isZoneAbbreviation } from './timeZones';
export { readMoment, spellDates } from './dateText';
export { NOT_CONFIGURED as WEB_SEARCH_NOT_CONFIGURED } from './webSearch';
