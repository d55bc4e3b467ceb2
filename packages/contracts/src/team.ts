/** The team's address: shown on the site, and where contact messages are mailed unless CONTACT_EMAIL says otherwise. */
export const DEFAULT_CONTACT_EMAIL = 'hello@live-wedding-gallery.example';
