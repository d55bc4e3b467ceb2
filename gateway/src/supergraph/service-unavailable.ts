import { englishMessage } from '@gallery/contracts';

/**
 * What a caller gets when the gateway cannot reach a subgraph: while the supergraph is not composed yet (a
 * subgraph is starting), or when a subgraph stops answering later.
 */
export const SERVICE_UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: englishMessage('errors.SERVICE_UNAVAILABLE'),
} as const;
