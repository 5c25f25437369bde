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
