import { queryOptions } from '@tanstack/react-query';
import { serverQueries } from '../../../lib/servers/servers-queries';
import type { NodeFiles } from './node-files';

/** Queries of a server's files on its node; every file change invalidates `fileQueries.all(serverId)`. */
export const fileQueries = {
  all: (serverId: string) => [...serverQueries.all(), 'files', serverId] as const,
  list: (files: NodeFiles, serverId: string, path: string) =>
    queryOptions({ queryKey: [...fileQueries.all(serverId), 'list', path] as const, queryFn: ({ signal }) => files.list(path, signal), staleTime: 0 }),
  text: (files: NodeFiles, serverId: string, path: string) =>
    queryOptions({ queryKey: [...fileQueries.all(serverId), 'text', path] as const, queryFn: ({ signal }) => files.readText(path, signal), staleTime: 0, gcTime: 0 }),
  image: (files: NodeFiles, serverId: string, path: string) =>
    queryOptions({ queryKey: [...fileQueries.all(serverId), 'image', path] as const, queryFn: ({ signal }) => files.readBlob(path, signal), staleTime: 0, gcTime: 0 }),
};
