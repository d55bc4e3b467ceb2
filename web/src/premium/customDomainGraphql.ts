import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { CustomDomainFailure } from '@gallery/contracts';

export interface CustomDomain {
  host: string;
  state: 'PENDING' | 'VERIFIED' | 'FAILED';
  failure: CustomDomainFailure | null;
  found: string | null;
  cnameTarget: string;
  txtName: string;
  txtValue: string;
  checkedAt: string | null;
  url: string | null;
}

const DOMAIN_FIELDS = gql`
  fragment CustomDomainFields on CustomDomain {
    host
    state
    failure
    found
    cnameTarget
    txtName
    txtValue
    checkedAt
    url
  }
`;

export const CUSTOM_DOMAIN_QUERY: TypedDocumentNode<
  { customDomain: CustomDomain | null },
  { eventCode: string }
> = gql`
  query CustomDomain($eventCode: String!) {
    customDomain(eventCode: $eventCode) {
      ...CustomDomainFields
    }
  }
  ${DOMAIN_FIELDS}
`;

export const SET_CUSTOM_DOMAIN: TypedDocumentNode<
  { setCustomDomain: CustomDomain },
  { eventCode: string; host: string }
> = gql`
  mutation SetCustomDomain($eventCode: String!, $host: String!) {
    setCustomDomain(eventCode: $eventCode, host: $host) {
      ...CustomDomainFields
    }
  }
  ${DOMAIN_FIELDS}
`;

export const CHECK_CUSTOM_DOMAIN: TypedDocumentNode<
  { checkCustomDomain: CustomDomain },
  { eventCode: string }
> = gql`
  mutation CheckCustomDomain($eventCode: String!) {
    checkCustomDomain(eventCode: $eventCode) {
      ...CustomDomainFields
    }
  }
  ${DOMAIN_FIELDS}
`;

export const REMOVE_CUSTOM_DOMAIN: TypedDocumentNode<{ removeCustomDomain: boolean }, { eventCode: string }> =
  gql`
    mutation RemoveCustomDomain($eventCode: String!) {
      removeCustomDomain(eventCode: $eventCode)
    }
  `;
