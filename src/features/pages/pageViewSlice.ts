import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ComponentNode } from '../../../protocol';
import { t } from '../../i18n/i18n';
import { cogIn } from '../../ws/cogActions';

/** Which page the viewer asked for: by app and page name, or by a legacy path. */
export interface PageRequest {
  appname?: string;
  pagename?: string;
  path?: string;
}

export type PageViewStatus = 'idle' | 'loading' | 'displayed' | 'error';

export interface PageViewState {
  request: PageRequest | null;
  status: PageViewStatus;
  component: ComponentNode | null;
  error: string | null;
  /** A page.event was sent and its answer has not arrived yet. */
  eventPending: boolean;
  /** Where the last answer asked the browser to go (consumed by the viewer). */
  redirectTo: string | null;
  /** The app and page the server answered with: a page asked for by path sends its events here. */
  resolved: { appname: string; pagename: string } | null;
}

const initialState: PageViewState = {
  request: null,
  status: 'idle',
  component: null,
  error: null,
  eventPending: false,
  redirectTo: null,
  resolved: null,
};

/** An answer belongs to the open page unless it names another app or page. */
function answersRequest(request: PageRequest, content: PageRequest): boolean {
  if (request.path && content.path) return content.path === request.path;
  if (content.appname && request.appname && content.appname !== request.appname) return false;
  if (content.pagename && request.pagename && content.pagename !== request.pagename) return false;
  return true;
}

/** The page viewer (SPEC §4): loading, displayed or error; page.display frames fill it. */
export const pageViewSlice = createSlice({
  name: 'pageView',
  initialState,
  reducers: {
    pageOpened: (_state, action: PayloadAction<PageRequest>) => ({
      ...initialState,
      request: action.payload,
      status: 'loading',
    }),
    pageConfigRejected: (_state, action: PayloadAction<{ error: string }>) => ({
      ...initialState,
      status: 'error',
      error: action.payload.error,
    }),
    pageClosed: () => initialState,
    pageEventSent: (state) => {
      state.eventPending = true;
    },
    pageRedirectFollowed: (state) => {
      state.redirectTo = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(cogIn('page.display'), (state, { payload }) => {
      const { content } = payload;
      if (!state.request || !answersRequest(state.request, content)) return;
      state.eventPending = false;
      if (content.status === 'error') {
        // An event's failure keeps the page on screen; only a failed display replaces it.
        if (state.status !== 'displayed') {
          state.status = 'error';
          state.component = null;
        }
        state.error = content.error || t('Unknown error');
        return;
      }
      state.error = null;
      if (content.appname && content.pagename)
        state.resolved = { appname: content.appname, pagename: content.pagename };
      if (content.component) {
        state.component = content.component;
        state.status = 'displayed';
      }
      if (content.redirect_url) state.redirectTo = content.redirect_url;
    });
  },
  selectors: {
    selectPageView: (state) => state,
  },
});

export const { pageOpened, pageConfigRejected, pageClosed, pageEventSent, pageRedirectFollowed } =
  pageViewSlice.actions;
export const { selectPageView } = pageViewSlice.selectors;
