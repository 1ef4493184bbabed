import { createAction } from '@reduxjs/toolkit';

/** The tab came back into view; the session is re-checked (SPEC §4). */
export const pageBecameVisible = createAction('auth/pageBecameVisible');
