import { useWebConfig } from '../../frame/config-context';

/**
 * Stored photos come back as a path on the API (`/uploads/bio/...`) with local storage, or a full address with a
 * bucket: either way the browser must fetch them from the API's origin, not the web app's.
 */
export function useMediaUrl(): (url: string) => string {
  const { apiServer } = useWebConfig();
  return (url) => new URL(url, apiServer).href;
}
