import { useSearchParams } from 'react-router-dom';
import { safeNextPath } from './next-path';

/** Where this sign-in screen sends the person afterwards: `?next=`, if it is a path on this site. */
export function useNextPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}
