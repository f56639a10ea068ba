export { ApiError, NetworkError, toApiError } from './api-error.ts';
export { buildPath } from '@portal/domain';
export {
  API_BASE,
  apiFetch,
  type CallOptions,
  callApi,
  type FetchOptions,
  onApiFailure,
  type QueryParams,
  timezoneOffsetMinutes,
} from './client.ts';
export {
  type DownloadedFile,
  type DownloadOptions,
  downloadAndSave,
  downloadAndView,
  downloadFile,
  saveFile,
  type TransferProgress,
  type UploadOptions,
  uploadForm,
} from './files.ts';
export { errorMessage, setSupportEmailSource, supportEmail } from './error-message.ts';
export { routeKey, useApiMutation, useApiQuery } from './hooks.ts';
export { type NotifyErrorOptions, notifyError, notifySuccess } from './notify.ts';
export {
  connectSupportEmail,
  hostPlatform,
  PLATFORM_POLL_MS,
  type PlatformInfo,
  platformQueryKey,
  usePlatform,
} from './platform.ts';
