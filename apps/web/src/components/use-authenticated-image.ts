import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetchBlob } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * An image behind /api needs the bearer header, so an <img src> cannot load it: fetch it as a blob and
 * hand back an object URL (revoked when the blob changes or the component leaves).
 */
export const useAuthenticatedImage = (path: string | null | undefined): string | null => {
  const { data } = useQuery({
    queryKey: queryKeys.images.authenticated(path),
    queryFn: ({ signal }) => apiFetchBlob(path ?? '', signal),
    enabled: !!path,
    staleTime: 15 * 60 * 1000,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!data || !path) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data, path]);

  return url;
};
