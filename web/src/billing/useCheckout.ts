import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { readApiError, type ApiError } from '../api/apiErrors';
import { CHECKOUT_QUERY, type Checkout } from './graphql';

/** Longest checkout id read from a URL: a uuid is 36 characters. */
const MAX_CHECKOUT_ID_LENGTH = 64;

/** The checkout named by the page's ?checkout= parameter, read fresh from the server. */
export function useCheckout(): {
  id: string | null;
  checkout: Checkout | null;
  loading: boolean;
  error: ApiError | null;
  refetch: () => void;
} {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('checkout')?.trim() ?? '';
  const id = raw && raw.length <= MAX_CHECKOUT_ID_LENGTH ? raw : null;
  const { data, loading, error, refetch } = useQuery(CHECKOUT_QUERY, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const reread = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  return {
    id,
    checkout: data?.checkout ?? null,
    loading: Boolean(id) && loading && !data,
    error: !data && error ? readApiError(error) : null,
    refetch: reread,
  };
}
