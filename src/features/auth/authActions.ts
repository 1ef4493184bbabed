import { createAction } from '@reduxjs/toolkit';

export const authenticationFailed = createAction('auth/authenticationFailed');
