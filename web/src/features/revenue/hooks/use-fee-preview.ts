import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '../../../lib/use-debounced';
import { revenueQueries } from '../api/revenue-queries';

const PREVIEW_DELAY_MS = 400;

/** The fee of withdrawing `amount` cents by a method, asked once typing pauses; idle without a valid amount. */
export function useFeePreview(methodId: string | undefined, amount: number | undefined) {
  const wanted = methodId !== undefined && amount !== undefined ? JSON.stringify([methodId, amount]) : '';
  const settled = useDebounced(wanted, PREVIEW_DELAY_MS);
  const [settledMethod, settledAmount] = settled ? (JSON.parse(settled) as [string, number]) : ['', 0];
  const query = useQuery({ ...revenueQueries.fees(settledMethod, settledAmount), enabled: settled !== '' });
  const current = wanted !== '' && settled === wanted;
  return { fees: current ? query.data : undefined, pending: wanted !== '' && (!current || query.isFetching), error: current ? query.error : null };
}
