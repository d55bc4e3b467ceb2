/** The address shown in the footer and on the contact page: the one the contact messages are mailed to. */
export { DEFAULT_CONTACT_EMAIL as CONTACT_EMAIL } from '@gallery/contracts';
