/** A fresh owner token: the token goes to the couple once, only its hash is stored. */
export interface IssuedOwnerToken {
  token: string;
  hash: string;
}
