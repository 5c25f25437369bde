import type { SWRConfiguration } from "swr";
import { FetchError } from "./fetcher";

/**
 * Retry a failed load only when trying again may help: a server error or no connection, three
 * times at most. A 4xx (not found, not allowed) stays as it is, shown by the page.
 */
export const retryServerErrors: SWRConfiguration = {
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (error instanceof FetchError && error.status < 500) return;
    if (retryCount > 3) return;
    setTimeout(() => revalidate({ retryCount }), (config.errorRetryInterval ?? 5000) * 2 ** (retryCount - 1));
  },
};

/**
 * For a view that polls (a device's live readings, its power chart): SWR does not poll a key that
 * holds an error, so a server error or a lost connection is tried again after 5, 10, 20, then every
 * 30 s, and only while the page is seen. A 4xx (the session ended, the device gone) stays as it is.
 */
export const retryWhileSeen: SWRConfiguration = {
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof FetchError && error.status < 500) return;
    const wait = Math.min(30_000, 5_000 * 2 ** (retryCount - 1));
    const attempt = () => (document.visibilityState === "hidden" ? setTimeout(attempt, 5_000) : revalidate({ retryCount }));
    setTimeout(attempt, wait);
  },
};
