import type {
  PasswordChange,
  PasswordChangedResponse,
  PinCode,
  PinEnrolmentResponse,
  SettingsUpdate,
  UserSettings,
  UserSettingsResponse,
} from '../../../protocol';
import { baseApi } from '../../api/baseApi';
import { accountSettingsSaved } from '../auth/authActions';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Settings'] });

/** The settings page's calls (/api/settings…): every change answers the settings as they now are. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<UserSettings, void>({
      query: () => '/settings',
      transformResponse: (r: UserSettingsResponse) => r.settings,
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<UserSettings, SettingsUpdate>({
      query: (body) => ({ url: '/settings', method: 'PATCH', body }),
      transformResponse: (r: UserSettingsResponse) => r.settings,
      // The answer is the new state: put it in the cache rather than asking again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        let data: UserSettings;
        try {
          ({ data } = await queryFulfilled);
        } catch {
          return; // a refusal is shown where the change was asked for
        }
        dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
        const { name, avatar_color, theme, language } = data;
        dispatch(accountSettingsSaved({ name, avatar_color, theme, language }));
      },
    }),
    changePassword: build.mutation<PasswordChangedResponse, PasswordChange>({
      query: (body) => ({ url: '/settings/password', method: 'POST', body }),
    }),
    startPinEnrolment: build.mutation<PinEnrolmentResponse, void>({
      query: () => ({ url: '/settings/pin/start', method: 'POST', body: {} }),
    }),
    confirmPin: build.mutation<UserSettings, PinCode>({
      query: (body) => ({ url: '/settings/pin/confirm', method: 'POST', body }),
      transformResponse: (r: UserSettingsResponse) => r.settings,
      invalidatesTags: ['Settings'],
    }),
    disablePin: build.mutation<UserSettings, PinCode>({
      query: (body) => ({ url: '/settings/pin/disable', method: 'POST', body }),
      transformResponse: (r: UserSettingsResponse) => r.settings,
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useChangePasswordMutation,
  useStartPinEnrolmentMutation,
  useConfirmPinMutation,
  useDisablePinMutation,
} = settingsApi;
