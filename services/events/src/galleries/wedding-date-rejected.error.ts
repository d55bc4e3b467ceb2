/**
 * PostgreSQL refused the wedding date (a day that does not exist, such as 2027-02-30, which JavaScript's
 * Date.parse lets through): the form is at fault, not the service.
 */
export class WeddingDateRejectedError extends Error {
  constructor(readonly weddingDate: string) {
    super(`wedding date ${weddingDate} is not a calendar day`);
  }
}
