import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { TableCardPaper } from '@gallery/contracts';

export interface TableCardsPdf {
  fileName: string;
  pdfBase64: string;
  pageCount: number;
}

/** The couple's table cards as a PDF, made by the events service in the gallery's language. */
export const TABLE_CARDS_QUERY: TypedDocumentNode<
  { tableCards: TableCardsPdf },
  { code: string; paper: TableCardPaper; cardsPerPage: number; tables: number | null }
> = gql`
  query TableCards($code: String!, $paper: TableCardPaper!, $cardsPerPage: Int!, $tables: Int) {
    tableCards(eventCode: $code, paper: $paper, cardsPerPage: $cardsPerPage, tables: $tables) {
      fileName
      pdfBase64
      pageCount
    }
  }
`;
