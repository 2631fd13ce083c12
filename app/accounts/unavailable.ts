/** Seconds a client is told to wait (Retry-After) when the platform is not reachable. */
export const UNAVAILABLE_RETRY_SECONDS = 30;
