import { SERVER_NAME_MAX } from '@cairn/shared/schemas/servers';
import { useMemo } from 'react';
import { z } from 'zod';
import { useT } from '../i18n/i18n-provider';

/** A server's name as the forms check it: 1 to 48 characters once trimmed, with a readable error. */
export function useServerNameSchema() {
  const t = useT();
  return useMemo(
    () => z.object({ name: z.string().refine((v) => v.trim().length >= 1 && v.trim().length <= SERVER_NAME_MAX, t('servers.nameInvalid', { max: SERVER_NAME_MAX })) }),
    [t],
  );
}
